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

func assertASCII(t *testing.T, text string) {
	t.Helper()
	for i, r := range text {
		if r != '\n' && r != '\f' && (r < 0x20 || r > 0x7e) {
			t.Errorf("extracted text has %q at byte %d: %q", r, i, text[max(0, i-30):min(len(text), i+30)])
			return
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
		"Certificate of Verification", "TTT Verify",
		"Societe Generale Trading", "CHE-123.456.789", "Switzerland", "Rue du Rhone 42, 1204 Geneve",
		"Top Tier", fixtureID, "March 14, 2026", "March 14, 2027",
		"Sanctions screening: no", "OFAC SDN of 11 Mar", "PEP screening: no match", "FATF", "KYC: 2 representatives",
		fixtureURL, "SHA-256 fingerprint:", fixtureFingerprint)
	assertASCII(t, text)
	if n := strings.Count(text, "\f"); n != 1 {
		t.Errorf("certificate has %d pages, want 1", n)
	}
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
		"Client Information Sheet", "Societe Generale Trading", fixtureID, fixtureFingerprint, fixtureURL,
		"Issued March 14, 2026", "Valid until March 14, 2027", "Generated March 14, 2026 11:30 UTC",
		// Company information.
		"Company Information", "CHE-123.456.789", "Switzerland (CH)", "June 1, 2011",
		"Rue du Rhone 42, 1204 Geneve, Switzerland", "Quai du Mont-Blanc 5", "+41 22 555 01 23",
		"compliance@sg-trading.example", "https://sg-trading.example", "CHE-123.456.789 MWST",
		// Representatives.
		"Representatives", "Jose Muller", "Managing Director", "Germany (DE)", "February 17, 1975",
		fixturePassport, "August 30, 2031", "j.mueller@sg-trading.example", "+41 79 555 44 33",
		"Soren Odegard-Lukasiewicz", "524198377",
		// Banking.
		"Banking Information", "UBS Switzerland AG", "Bahnhofstrasse 45, 8001 Zurich", "Societe Generale Trading SA",
		fixtureAccount, "UBSWCHZH80A", "USD", "Anna Keller, Relationship Manager",
		// Checks performed: only those that ran, with their lists and dates.
		"Checks Performed", "Sanctions screening: no match. OFAC SDN of 11 Mar 2026", "KYC: 2 representatives checked",
		// Trade.
		"Trade Details", "Copper Cathodes, Gold Dore Bars, Aluminium Ingots", "Zinc concentrate, ferrochrome",
		"CIF, FOB", "5,000 MT per month", "Chile, Peru, Zambia", "LME minus 2.5%",
		"2024: 12,000 MT copper cathodes CIF Shanghai",
		// Documents.
		"Documents on File", "Certificate of Incorporation", "certificate_of_incorporation.pdf",
		"Bank Reference Letter", "UBS_bank_reference_letter_2026.pdf", "March 2, 2026",
	)
	assertASCII(t, text)
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
