package pdf

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/makiuchi-d/gozxing"
	"github.com/makiuchi-d/gozxing/qrcode"
	"golang.org/x/text/unicode/norm"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// requireTool returns the path of a poppler tool. Under CI=true a missing tool fails the test,
// as the project's test policy asks; elsewhere the test is skipped.
func requireTool(t *testing.T, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is required (apt-get install poppler-utils): %v", name, err)
		}
		t.Skipf("%s not installed (apt-get install poppler-utils)", name)
	}
	return p
}

func writePDF(t *testing.T, name string, b []byte) string {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-")) {
		t.Fatalf("%s does not start with %%PDF-", name)
	}
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o600); err != nil {
		t.Fatal(err)
	}
	// PDF_TEST_OUT keeps a copy of every rendered file for looking at the layout.
	if dir := os.Getenv("PDF_TEST_OUT"); dir != "" {
		if err := os.WriteFile(filepath.Join(dir, t.Name()+"-"+name), b, 0o600); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

// pdfText extracts the text of a PDF with pdftotext -layout.
func pdfText(t *testing.T, name string, b []byte) string {
	t.Helper()
	tool := requireTool(t, "pdftotext")
	p := writePDF(t, name, b)
	out, err := exec.Command(tool, "-layout", p, "-").CombinedOutput()
	if err != nil {
		t.Fatalf("pdftotext: %v\n%s", err, out)
	}
	return string(out)
}

// pageImage rasterises one page of a PDF at 150 dpi with pdftoppm.
func pageImage(t *testing.T, b []byte, page string) image.Image {
	t.Helper()
	tool := requireTool(t, "pdftoppm")
	p := writePDF(t, "raster.pdf", b)
	prefix := filepath.Join(filepath.Dir(p), "page")
	if out, err := exec.Command(tool, "-png", "-r", "150", "-f", page, "-l", page, "-singlefile", p, prefix).CombinedOutput(); err != nil {
		t.Fatalf("pdftoppm: %v\n%s", err, out)
	}
	f, err := os.Open(prefix + ".png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode page png: %v", err)
	}
	return img
}

func decodeQR(t *testing.T, img image.Image) string {
	t.Helper()
	bmp, err := gozxing.NewBinaryBitmapFromImage(img)
	if err != nil {
		t.Fatal(err)
	}
	res, err := qrcode.NewQRCodeReader().Decode(bmp, map[gozxing.DecodeHintType]any{gozxing.DecodeHintType_TRY_HARDER: true})
	if err != nil {
		t.Fatalf("no QR code found: %v", err)
	}
	return res.GetText()
}

func assertContains(t *testing.T, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("extracted text lacks %q", w)
		}
	}
}

func TestCertificateText(t *testing.T) {
	t.Parallel()
	c := fixtureCertificate()
	b, err := New().Certificate(c)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, "certificate.pdf", b)
	assertContains(t, text,
		"Certificate of Verification", "TTT Verify", "Checks performed (dates in UTC)",
		"Société Générale Trading", "CHE-123.456.789", "Switzerland", "Rue du Rhône 42, 1204 Genève",
		"Top Tier", fixtureID, "March 14, 2026 (UTC)", "valid until March 14, 2027 (UTC)",
		"Sanctions screening: no", "OFAC SDN, retrieved", "11 Mar 2026, UN of 10 Mar", "PEP screening: no match", "FATF", "KYC: 2 representatives",
		fixtureURL, "SHA-256 fingerprint:", fixtureFingerprint,
		"Check that this file is genuine and current: upload it at https://verify.tttverify.com/verify")
	if n := strings.Count(text, "\f"); n != 1 {
		t.Errorf("certificate has %d pages, want 1", n)
	}
}

// extracted reads a PDF's text as a user copying it would compare it: pdftotext gives Arabic as
// the presentation forms printed, which NFKC maps back to letters, and marks right-to-left
// stretches with embedding controls, which are dropped.
func extracted(t *testing.T, name string, b []byte) string {
	t.Helper()
	text := norm.NFKC.String(pdfText(t, name, b))
	return strings.Map(func(r rune) rune {
		if (r >= 0x202A && r <= 0x202E) || r == 0x200E || r == 0x200F {
			return -1
		}
		return r
	}, text)
}

func pdfFonts(t *testing.T, b []byte) string {
	t.Helper()
	out, err := exec.Command(requireTool(t, "pdffonts"), writePDF(t, "fonts.pdf", b)).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v\n%s", err, out)
	}
	return string(out)
}

// TestNonLatinTextPrintsAsRegistered renders a Chinese company with Japanese, Russian, Arabic
// and accented Latin particulars and finds every one in the text extracted from the PDFs.
func TestNonLatinTextPrintsAsRegistered(t *testing.T) {
	t.Parallel()
	d := fixtureMultilingualCIS()
	cert, err := New().Certificate(d.Certificate)
	if err != nil {
		t.Fatal(err)
	}
	text := extracted(t, "certificate.pdf", cert)
	assertContains(t, text, fixtureChineseName, fixtureChineseAddress, "China (CN)")

	cis, err := New().CIS(d)
	if err != nil {
		t.Fatal(err)
	}
	text = extracted(t, "cis.pdf", cis)
	assertContains(t, text, fixtureChineseName, fixtureChineseAddress, fixtureJapaneseAddr,
		fixtureRussianName, fixtureRussianRole, fixtureArabicName, fixtureArabicRole, fixtureArabicBank,
		fixtureLatinAddress, "Representative 2 of 2: "+fixtureArabicName)
	// pdftotext orders the comma-separated parts of a right-to-left line by their position on
	// the page, so the address is checked part by part; TestVisualShapesAndReorders checks the order.
	for _, part := range strings.Split(fixtureArabicAddress, "، ") {
		assertContains(t, text, part)
	}

	// Every character has a glyph in the fonts (none prints as a missing-glyph box) ...
	for _, s := range []string{fixtureChineseName, fixtureChineseAddress, fixtureJapaneseAddr, fixtureRussianName,
		fixtureArabicName, fixtureArabicBank, fixtureArabicAddress, fixtureLatinAddress} {
		for _, r := range visual(s) {
			if font, err := sans.pick(r).file.load(); err != nil || !font.has(r) {
				t.Errorf("%U %q of %q has no glyph", r, r, s)
			}
		}
	}
	// ... the fonts are embedded, and only what the document prints of them: the CJK face alone
	// is 9.8 MB.
	fonts := pdfFonts(t, cis)
	assertContains(t, fonts, "notosanssc-regular", "notosansarabic-regular", "notosansarabic-bold", "notosans-regular")
	if len(cis) > 150_000 || len(cert) > 100_000 {
		t.Errorf("CIS is %d bytes, certificate %d: fonts are not subset", len(cis), len(cert))
	}
	// A Latin-script document carries no CJK or Arabic font at all.
	latin, err := New().Certificate(fixtureCertificate())
	if err != nil {
		t.Fatal(err)
	}
	if fonts := pdfFonts(t, latin); strings.Contains(fonts, "notosanssc") || strings.Contains(fonts, "arabic") {
		t.Errorf("a Latin certificate embeds fonts it does not use:\n%s", fonts)
	}
}

// TestUncoveredScriptStillExtracts: a script no embedded font covers (Korean) prints as
// missing-glyph boxes, but the text of the PDF still holds the name as registered.
func TestUncoveredScriptStillExtracts(t *testing.T) {
	t.Parallel()
	c := fixtureCertificate()
	c.CompanyName = "한국무역 Korea Trading"
	b, err := New().Certificate(c)
	if err != nil {
		t.Fatal(err)
	}
	assertContains(t, extracted(t, "certificate.pdf", b), "한국무역 Korea Trading")
}

func TestCertificateQRCodeDecodesFromPage(t *testing.T) {
	t.Parallel()
	c := fixtureCertificate()
	b, err := New().Certificate(c)
	if err != nil {
		t.Fatal(err)
	}
	if got := decodeQR(t, pageImage(t, b, "1")); got != c.PublicURL {
		t.Errorf("certificate QR code = %q, want %q", got, c.PublicURL)
	}
}

func TestQRPNGDecodes(t *testing.T) {
	t.Parallel()
	b, err := qrPNG(fixtureURL)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if got := decodeQR(t, img); got != fixtureURL {
		t.Errorf("QR code = %q, want %q", got, fixtureURL)
	}
}

func TestCISText(t *testing.T) {
	t.Parallel()
	d := fixtureCIS()
	b, err := New().CIS(d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, "cis.pdf", b)
	assertContains(t, text,
		"Client Information Sheet", "Société Générale Trading", fixtureID, fixtureFingerprint, fixtureURL,
		"and check this file at https://verify.tttverify.com/verify.",
		"Issued March 14, 2026", "Valid until March 14, 2027 (UTC)", "Generated March 14, 2026 11:30 UTC",
		// Company information.
		"Company Information", "CHE-123.456.789", "Switzerland (CH)", "June 1, 2011",
		"Rue du Rhône 42, 1204 Genève, Switzerland", "Quai du Mont-Blanc 5", "+41 22 555 01 23",
		"compliance@sg-trading.example", "https://sg-trading.example", "CHE-123.456.789 MWST",
		// Representatives.
		"Representatives", "José Müller", "Managing Director", "Germany (DE)", "February 17, 1975",
		fixturePassport, "August 30, 2031", "j.mueller@sg-trading.example", "+41 79 555 44 33",
		"Søren Ødegård-Łukasiewicz", "524198377",
		// Banking.
		"Banking Information", "UBS Switzerland AG", "Bahnhofstrasse 45, 8001 Zürich", "Société Générale Trading SA",
		fixtureAccount, "UBSWCHZH80A", "USD", "Anna Keller, Relationship Manager",
		// Checks performed: only those that ran, with their lists and dates.
		"Checks Performed (dates in UTC)", "Sanctions screening: no match. OFAC SDN, retrieved 11 Mar 2026", "KYC: 2 representatives checked",
		// Trade.
		"Trade Details", "Copper Cathodes, Gold Doré Bars, Aluminium Ingots", "Zinc concentrate, ferrochrome",
		"CIF, FOB", "5,000 MT per month", "Chile, Peru, Zambia", "LME minus 2.5%",
		"2024: 12,000 MT copper cathodes CIF Shanghai",
		// Documents.
		"Documents on File", "Certificate of Incorporation", "certificate_of_incorporation.pdf",
		// Each passport named after its representative.
		"Passport - José Müller", "Passport - Søren",
		"Bank Reference Letter", "UBS_bank_reference_letter_2026.pdf", "March 2, 2026",
	)
	if strings.Contains(text, "{nb}") {
		t.Error("page count alias was not replaced")
	}
	pages := strings.Count(text, "\f")
	if pages < 2 {
		t.Errorf("CIS has %d pages, want several", pages)
	}
	footers := regexp.MustCompile(`Page (\d+) of (\d+)`).FindAllStringSubmatch(text, -1)
	if len(footers) != pages {
		t.Fatalf("found %d page footers on %d pages", len(footers), pages)
	}
	for i, f := range footers {
		if f[1] != strconv.Itoa(i+1) || f[2] != strconv.Itoa(pages) {
			t.Errorf("footer %d reads %q", i+1, f[0])
		}
	}
	if n := strings.Count(text, "Verify at "+fixtureURL); n != pages {
		t.Errorf("verification URL in %d footers, want %d", n, pages)
	}
	if n := strings.Count(text, "Certificate ID: "+fixtureID); n != pages {
		t.Errorf("certificate id in %d headers, want %d", n, pages)
	}
}

func TestCISQRCodeDecodesFromFirstPage(t *testing.T) {
	t.Parallel()
	d := fixtureCIS()
	b, err := New().CIS(d)
	if err != nil {
		t.Fatal(err)
	}
	if got := decodeQR(t, pageImage(t, b, "1")); got != d.Certificate.PublicURL {
		t.Errorf("CIS QR code = %q, want %q", got, d.Certificate.PublicURL)
	}
}

func TestCISWithoutOptionalSections(t *testing.T) {
	t.Parallel()
	d := fixtureCIS()
	d.Banking, d.Trade, d.Representatives, d.Documents = nil, nil, nil, nil
	d.Company.OperatingAddress, d.Company.Website = "", ""
	b, err := New().CIS(d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, "cis.pdf", b)
	assertContains(t, text, "Banking Information", "Trade Details", "No representatives provided.", "No documents on file.")
	if n := strings.Count(text, "Not provided."); n != 2 {
		t.Errorf(`"Not provided." appears %d times, want 2 (banking and trade)`, n)
	}
	if strings.Contains(text, fixtureAccount) {
		t.Error("account number printed without banking section")
	}
}

// TestLongContent renders values far longer than the fixtures': they must wrap and break pages
// without losing text.
func TestLongContent(t *testing.T) {
	t.Parallel()
	d := fixtureCIS()
	long := strings.Repeat("Société Générale Trading International Holdings ", 5) + "END"
	d.Certificate.CompanyName = long
	d.Company.CompanyName = long
	d.Company.RegisteredAddress = strings.Repeat("Building 7, Floor 12, Jumeirah Lakes Towers, ", 4) + "Dubai"
	var hist strings.Builder
	for i := range 120 {
		hist.WriteString("Shipment ")
		hist.WriteString(strconv.Itoa(i % 10))
		hist.WriteString(": 25,000 MT of thermal coal, CFR Qingdao, paid by irrevocable documentary letter of credit.\n")
	}
	hist.WriteString("LAST-LINE-MARKER")
	d.Trade.PastTransactions = hist.String()
	for range 6 {
		d.Representatives = append(d.Representatives, d.Representatives...)
		if len(d.Representatives) > 20 {
			break
		}
	}
	for _, extra := range []string{"Ultimate beneficial owner identification against the registers of six countries",
		"Adverse media screening", "Site visit at the registered address and the main warehouse"} {
		d.Certificate.Checks = append(d.Certificate.Checks, verification.CertificateCheck{Kind: "other", Label: extra, Text: extra})
	}
	d.Certificate.PublicURL = "https://verification.tttverify-platform.example.com/v/" + fixtureID

	cis, err := New().CIS(d)
	if err != nil {
		t.Fatal(err)
	}
	text := pdfText(t, "cis.pdf", cis)
	assertContains(t, text, "LAST-LINE-MARKER", "Shipment 9: 25,000 MT", d.Certificate.PublicURL, fixturePassport)
	if got := strings.Count(text, "25,000 MT of thermal coal"); got != 120 {
		t.Errorf("%d of 120 transaction lines extracted", got)
	}

	cert, err := New().Certificate(d.Certificate)
	if err != nil {
		t.Fatal(err)
	}
	text = pdfText(t, "certificate.pdf", cert)
	assertContains(t, text, d.Certificate.PublicURL, fixtureFingerprint)
	if n := strings.Count(text, "\f"); n != 1 {
		t.Errorf("certificate has %d pages, want 1", n)
	}
}

func BenchmarkCertificate(b *testing.B) {
	r, d := New(), fixtureCertificate()
	for b.Loop() {
		if _, err := r.Certificate(d); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkCIS(b *testing.B) {
	r, d := New(), fixtureCIS()
	for b.Loop() {
		if _, err := r.CIS(d); err != nil {
			b.Fatal(err)
		}
	}
}

var _ application.DocumentRenderer = New()

// TestConcurrentRenders shares one Renderer between goroutines, as the server does.
func TestConcurrentRenders(t *testing.T) {
	t.Parallel()
	r := New()
	errs := make(chan error, 8)
	for range 4 {
		go func() { _, err := r.CIS(fixtureCIS()); errs <- err }()
		go func() { _, err := r.Certificate(fixtureCertificate()); errs <- err }()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}

// A Top sheet lists the beneficial owners; the shared copy shows them by initials and birth year.
func TestCISBeneficialOwners(t *testing.T) {
	t.Parallel()
	d := fixtureCIS()
	doc := int64(99)
	d.Ownership = &application.Ownership{Threshold: 25, Owners: []application.OwnerRecord{{ID: 1, DocumentFileID: &doc,
		BeneficialOwner: verification.BeneficialOwner{FullName: "Ingrid Fjellstrøm", DateOfBirth: "1968-05-09", Nationality: "CH",
			CountryOfResidence: "DE", Ownership: 6250, Controls: []verification.Control{verification.ControlShares, verification.ControlOther},
			ControlText: "Veto on dividends"}}}}
	text := pdfText(t, "owner.pdf", mustCIS(t, d))
	assertContains(t, text, "2a. Beneficial Owners", "Beneficial owner 1 of 1: Ingrid Fjellstrøm", "May 9, 1968",
		"Switzerland (CH)", "Germany (DE)", "62.5%", "Shares; Other control: Veto on dividends", "On file")
	shared := pdfText(t, "shared.pdf", mustCIS(t, d.ForCounterparty()))
	assertContains(t, shared, "Beneficial owner 1 of 1: I. F.", "62.5%", "beneficial owners by initials")
	if strings.Contains(shared, "Fjellstrøm") || strings.Contains(shared, "May 9, 1968") {
		t.Error("the shared copy names the owner or gives the full date of birth")
	}

	d.Ownership = &application.Ownership{Threshold: 25, Declaration: &application.DeclarationRecord{
		OwnershipDeclaration: verification.OwnershipDeclaration{SeniorOfficialID: d.Representatives[0].ID, Threshold: 25},
		Stamps:               application.Stamps{UpdatedAt: d.GeneratedAt}}}
	assertContains(t, pdfText(t, "declared.pdf", mustCIS(t, d)), "No natural person owns or controls 25% or more.",
		"Senior managing official", "José Müller, Managing Director")
}

func mustCIS(t *testing.T, d application.CISData) []byte {
	t.Helper()
	b, err := New().CIS(d)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
