package pdf

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// Page geometry of the portrait CIS, in millimetres.
const (
	cisW      = 210.0
	cisMargin = 15.0
	cisTop    = 26.0  // content starts below the running header
	cisBottom = 276.0 // content ends above the running footer
	cisFull   = cisW - 2*cisMargin
	cisLabelW = 54.0
	cisValueW = cisFull - cisLabelW
	cisLine   = 4.7 // line height of a row
	cisPad    = 1.6 // space above and below a row's text
)

// CIS renders the multi-page Client Information Sheet.
func (r *Renderer) CIS(c application.CISData) ([]byte, error) {
	name := firstNonEmpty(c.Company.CompanyName, c.Certificate.CompanyName)
	d, err := newDoc("P", "Client Information Sheet - "+name, "TTT Verify CIS for certificate "+c.Certificate.CertificateID, c)
	if err != nil {
		return nil, fmt.Errorf("cis %s: %w", c.Certificate.CertificateID, err)
	}
	d.SetMargins(cisMargin, cisTop, cisMargin)
	d.SetAutoPageBreak(false, 0) // rows break pages themselves so that none is cut in half
	d.AliasNbPages("{nb}")
	w := cisWriter{doc: d}
	d.SetHeaderFuncMode(func() { w.header(c) }, true)
	d.SetFooterFunc(func() { w.footer(c) })
	if err := d.qr(c.Certificate.PublicURL); err != nil {
		return nil, fmt.Errorf("cis %s: %w", c.Certificate.CertificateID, err)
	}
	d.AddPage()

	w.title(c, name)
	w.company(c.Company)
	w.representatives(c.Representatives)
	if c.Ownership != nil {
		w.owners(*c.Ownership, c.Representatives)
	}
	w.banking(c.Banking)
	w.trade(c.Trade)
	w.documents(c.Documents)
	w.checks(c.Certificate.Checks)

	b, err := d.bytes()
	if err != nil {
		return nil, fmt.Errorf("cis %s: %w", c.Certificate.CertificateID, err)
	}
	return b, nil
}

type cisWriter struct{ *doc }

func (w cisWriter) header(c application.CISData) {
	cert := c.Certificate
	w.font(sansBold, 9, navy)
	w.textAt(cisMargin, 10, 40, 4.5, "TTT Verify", "L")
	w.font(sans, 9, muted)
	w.textAt(cisMargin+19, 10, 60, 4.5, "Client Information Sheet", "L")
	w.font(sans, 8, muted)
	w.textAt(cisW/2, 10, cisFull/2, 4.5, "Certificate ID: "+orDash(cert.CertificateID), "R")
	w.textAt(cisMargin, 14.5, cisFull/2, 4.5,
		"Issued "+longDate(cert.IssuedAt)+"  |  Valid until "+longDate(cert.ExpiresAt)+utcNote, "L")
	w.textAt(cisW/2, 14.5, cisFull/2, 4.5, "Generated "+generated(c), "R")
	w.draw(navy)
	w.SetLineWidth(0.4)
	w.Line(cisMargin, 20, cisW-cisMargin, 20)
}

func (w cisWriter) footer(c application.CISData) {
	url := c.Certificate.PublicURL
	w.draw(rule)
	w.SetLineWidth(0.2)
	w.Line(cisMargin, 280, cisW-cisMargin, 280)
	w.font(sans, 7.5, muted)
	label := "Verify at"
	lw := w.width(label) + w.space()
	w.textAt(cisMargin, 281.5, lw, 4, label, "L")
	w.font(sans, 7.5, navy)
	w.SetXY(cisMargin+lw, 281.5)
	w.text(130, 4, url, "L", oneLine(url))
	w.font(sans, 7.5, muted)
	w.textAt(cisW-cisMargin-40, 281.5, 40, 4, "Page "+strconv.Itoa(w.PageNo())+" of {nb}", "R")
	w.font(sansItalic, 6.5, muted)
	w.textAt(cisMargin, 285.5, cisFull, 3.5,
		"Confidential. Details as provided by the company and reviewed by TTT Verify; confirm them at the address above"+
			verifyClause(c.Certificate)+".", "L")
	w.textAt(cisMargin, 289, cisFull, 3.5, signatureLine(c.Certificate), "L")
}

// verifyClause points the reader of a CIS to the check of the file itself.
func verifyClause(c application.CertificateData) string {
	if c.VerifyURL == "" {
		return ""
	}
	return ", and check this file at " + c.VerifyURL
}

func generated(c application.CISData) string {
	if c.GeneratedAt.IsZero() {
		return "-"
	}
	return c.GeneratedAt.UTC().Format("January 2, 2006 15:04 MST")
}

// title writes the first page's heading block with the QR code on the right.
func (w cisWriter) title(c application.CISData, name string) {
	cert := c.Certificate
	const qrSize = 34.0
	textW := cisFull - qrSize - 4
	y := cisTop + 1

	w.font(sansBold, 20, navy)
	w.textAt(cisMargin, y, textW, 9, "Client Information Sheet", "L")
	y += 11
	size := w.fitFont(sansBold, name, textW, 14, 10)
	w.font(sansBold, size, ink)
	for _, l := range clip(w.lines(oneLine(orDash(name)), textW), 2) {
		w.textAt(cisMargin, y, textW, 6, l, "L")
		y += 6
	}
	w.font(sans, 9, muted)
	w.textAt(cisMargin, y, textW, 5, "Verified Trading Partner  |  Tier: "+orDash(cert.TierLabel), "L")
	y += 8

	// Certificate particulars in a panel.
	rows := [][2]string{
		{"Certificate ID", cert.CertificateID},
		{"Date of issue", longDate(cert.IssuedAt) + utcNote},
		{"Valid until", longDate(cert.ExpiresAt) + utcNote},
		{"Generated", generated(c)},
	}
	if c.SharedCopy {
		masked := "Shared link: passport and account numbers masked"
		if c.Ownership != nil {
			masked += ", beneficial owners by initials"
		}
		rows = append(rows, [2]string{"Copy", masked})
	}
	const lh, labelW = 5.0, 30.0
	panelH := float64(len(rows))*lh + 2*lh + 4
	w.fill(panel)
	w.draw(rule)
	w.SetLineWidth(0.2)
	w.Rect(cisMargin, y, textW, panelH, "FD")
	py := y + 2
	for _, r := range rows {
		w.font(sans, 8.5, muted)
		w.textAt(cisMargin+3, py, labelW, lh, r[0], "L")
		w.font(sansBold, 8.5, ink)
		w.textAt(cisMargin+3+labelW, py, textW-labelW-6, lh, orDash(r[1]), "L")
		py += lh
	}
	w.font(sans, 8.5, muted)
	w.textAt(cisMargin+3, py, textW-6, lh, "SHA-256 fingerprint of the certificate", "L")
	py += lh
	w.font(mono, 7, ink)
	w.textAt(cisMargin+3, py, textW-6, lh, cert.Fingerprint, "L")

	qx := cisW - cisMargin - qrSize + 2.5 // the PNG's white quiet zone overhangs the margin
	w.placeQR(qx, cisTop, qrSize, oneLine(cert.PublicURL))
	w.font(sans, 7, muted)
	w.textAt(qx, cisTop+qrSize-1.5, qrSize, 3.5, "Scan to verify online", "C")

	w.SetY(max(y+panelH, cisTop+qrSize+3) + 6)
}

// room starts a new page unless h millimetres fit on this one.
func (w cisWriter) room(h float64) {
	if w.GetY()+h > cisBottom {
		w.AddPage()
	}
}

func (w cisWriter) section(title string) {
	w.room(7 + 3*(cisLine+2*cisPad) + 3) // never leave a heading alone at the foot of a page
	y := w.GetY() + 2
	w.fill(navy)
	w.Rect(cisMargin, y, cisFull, 7, "F")
	w.font(sansBold, 10, white)
	w.textAt(cisMargin+3, y+0.5, cisFull-6, 6, title, "L")
	w.SetY(y + 8)
}

func (w cisWriter) subsection(title string, rows int) {
	w.room(6.5 + float64(min(rows, 4))*(cisLine+2*cisPad) + 2)
	y := w.GetY() + 2
	w.fill(panel)
	w.Rect(cisMargin, y, cisFull, 6.5, "F")
	w.draw(navy)
	w.SetLineWidth(0.6)
	w.Line(cisMargin, y, cisMargin, y+6.5)
	w.font(sansBold, 9.5, navy)
	w.textAt(cisMargin+3, y+0.5, cisFull-6, 5.5, title, "L")
	w.SetY(y + 7)
}

// row writes a label and its value, wrapping both. A row that fits on a page is never split;
// a longer one (past transactions) continues on the next page line by line.
func (w cisWriter) row(label, value string) {
	w.setFace(sans, 8.5)
	labels := w.lines(oneLine(label), cisLabelW-3)
	w.setFace(sans, 9)
	values := w.lines(orDash(value), cisValueW)
	w.cells([]float64{cisLabelW, cisValueW}, [][]string{labels, values}, []cellStyle{labelStyle, valueStyle})
}

type cellStyle struct {
	face  face
	size  float64
	color rgb
}

var (
	labelStyle = cellStyle{sans, 8.5, muted}
	valueStyle = cellStyle{sans, 9, ink}
	headStyle  = cellStyle{sansBold, 8.5, navy}
)

// cells writes one table row of already wrapped columns, then a hairline under it.
func (w cisWriter) cells(widths []float64, cols [][]string, styles []cellStyle) {
	n := 0
	for _, c := range cols {
		n = max(n, len(c))
	}
	h := float64(n)*cisLine + 2*cisPad
	if h <= cisBottom-cisTop {
		w.room(h)
	}
	y := w.GetY() + cisPad
	for i := range n {
		if y+cisLine > cisBottom {
			w.AddPage()
			y = w.GetY() + cisPad
			if i >= len(cols[0]) && cols[0][0] != "" { // name the row that continues here
				s := styles[0]
				w.font(sansItalic, s.size, s.color)
				w.textAt(cisMargin, y, widths[0], cisLine, cols[0][0]+" (continued)", "L")
			}
		}
		x := cisMargin
		for j, c := range cols {
			if i < len(c) {
				s := styles[j]
				w.font(s.face, s.size, s.color)
				w.textAt(x, y, widths[j], cisLine, c[i], "L")
			}
			x += widths[j]
		}
		y += cisLine
	}
	y += cisPad
	w.draw(rule)
	w.SetLineWidth(0.15)
	w.Line(cisMargin, y, cisW-cisMargin, y)
	w.SetY(y)
}

// note writes a line of muted text, for sections with nothing to show.
func (w cisWriter) note(s string) {
	w.setFace(sansItalic, 9)
	w.cells([]float64{cisFull}, [][]string{w.lines(s, cisFull)}, []cellStyle{{sansItalic, 9, muted}})
}

func (w cisWriter) company(co application.CompanyRecord) {
	w.section("1. Company Information")
	w.row("Company name", co.CompanyName)
	w.row("Registration number", co.RegistrationNumber)
	w.row("Country of incorporation", countryName(co.CountryOfIncorporation))
	w.row("Date of incorporation", storedDate(co.DateOfIncorporation))
	w.row("Registered address", co.RegisteredAddress)
	w.row("Operating address", co.OperatingAddress)
	w.row("Phone", co.PhoneNumber)
	w.row("E-mail", co.Email)
	w.row("Website", co.Website)
	w.row("Tax ID", co.TaxID)
	w.row("LEI", co.LEI)
	w.row("VAT number", co.VATNumber)
}

func (w cisWriter) representatives(reps []application.RepresentativeRecord) {
	w.section("2. Representatives")
	if len(reps) == 0 {
		w.note("No representatives provided.")
		return
	}
	for i, r := range reps {
		title := fmt.Sprintf("Representative %d of %d", i+1, len(reps))
		if n := oneLine(r.FullName); n != "" {
			title += ": " + n
		}
		w.subsection(title, 9)
		w.row("Full name", r.FullName)
		w.row("Position", r.Position)
		w.row("Nationality", countryName(r.Nationality))
		w.row("Date of birth", storedDate(r.DateOfBirth))
		w.row("Passport / ID number", r.PassportNumber)
		w.row("Issuing country", countryName(r.IssuingCountry))
		w.row("Passport expiry", storedDate(r.ExpiryDate))
		w.row("E-mail", r.Email)
		w.row("Phone", r.PhoneNumber)
	}
}

// owners is a Top verification's beneficial owners, or its declaration that there are none with the
// senior managing official it names. Numbered 2a so that both tiers' sheets number the sections
// they share alike.
func (w cisWriter) owners(o application.Ownership, reps []application.RepresentativeRecord) {
	w.section("2a. Beneficial Owners")
	if d := o.Declaration; d != nil && len(o.Owners) == 0 {
		official := d.SeniorOfficialName
		for _, r := range reps { // the sheet's own (possibly masked) copy of the representative
			if r.ID == d.SeniorOfficialID {
				official = r.FullName + ", " + r.Position
			}
		}
		w.row("Declaration", d.Text()+".")
		w.row("Senior managing official", official)
		w.row("Declared", longDate(d.UpdatedAt))
		return
	}
	if len(o.Owners) == 0 {
		w.note("No beneficial owners provided.")
		return
	}
	for i, b := range o.Owners {
		title := fmt.Sprintf("Beneficial owner %d of %d", i+1, len(o.Owners))
		if n := oneLine(b.FullName); n != "" {
			title += ": " + n
		}
		w.subsection(title, 7)
		w.row("Full name", b.FullName)
		w.row("Date of birth", storedDate(b.DateOfBirth))
		w.row("Nationality", countryName(b.Nationality))
		w.row("Country of residence", countryName(b.CountryOfResidence))
		w.row("Ownership", b.Percent())
		w.row("Nature of control", strings.Join(b.ControlLabels(), "; "))
		w.row("Identity document", map[bool]string{true: "On file", false: "Not provided"}[b.DocumentFileID != nil])
	}
}

func (w cisWriter) banking(b *application.BankingRecord) {
	w.section("3. Banking Information")
	if b == nil {
		w.note("Not provided.")
		return
	}
	w.row("Bank name", b.BankName)
	w.row("Bank address", b.BankAddress)
	w.row("Account name", b.AccountName)
	w.row("Account number", b.AccountNumber)
	w.row("SWIFT / BIC", b.SwiftCode)
	w.row("Currency", b.Currency)
	w.row("Bank contact", b.BankContact)
}

func (w cisWriter) trade(t *application.TradeRecord) {
	w.section("4. Trade Details")
	if t == nil {
		w.note("Not provided.")
		return
	}
	w.row("Products traded", products(t.ProductsTraded))
	w.row("Other products", t.OtherProducts)
	w.row("Preferred incoterms", products(t.Incoterms))
	w.row("Target quantity", t.TargetQuantity)
	w.row("Preferred origin", t.PreferredOrigin)
	w.row("Target price / range", t.TargetPrice)
	w.row("Past transactions", t.PastTransactions)
}

func (w cisWriter) documents(docs []application.Document) {
	rows := make([][]string, len(docs))
	for i, doc := range docs {
		rows[i] = []string{oneLine(ownedLabel(doc)), oneLine(orDash(firstNonEmpty(doc.OriginalFilename, doc.Filename))),
			longDate(doc.CreatedAt)}
	}
	w.listing("5. Documents on File", "No documents on file.", []float64{58, cisFull - 58 - 38, 38},
		[]string{"Document type", "File name", "Uploaded"}, rows)
}

// listing writes a section holding one table, or the note empty when there are no rows.
func (w cisWriter) listing(title, empty string, widths []float64, heads []string, rows [][]string) {
	w.section(title)
	if len(rows) == 0 {
		w.note(empty)
		return
	}
	w.table(widths, heads, rows)
}

// table writes a table with a shaded heading row; each cell of rows is wrapped to its column.
func (w cisWriter) table(widths []float64, heads []string, rows [][]string) {
	styles := make([]cellStyle, len(widths))
	headStyles := make([]cellStyle, len(widths))
	headCols := make([][]string, len(widths))
	for i := range widths {
		styles[i], headStyles[i], headCols[i] = valueStyle, headStyle, []string{heads[i]}
	}
	w.room(2 * (cisLine + 2*cisPad))
	w.fill(panel)
	w.Rect(cisMargin, w.GetY(), cisFull, cisLine+2*cisPad, "F")
	w.cells(widths, headCols, headStyles)
	for _, row := range rows {
		w.setFace(valueStyle.face, valueStyle.size)
		cols := make([][]string, len(widths))
		for i, cell := range row {
			cols[i] = w.lines(cell, widths[i]-3)
		}
		w.cells(widths, cols, styles)
	}
}

// checks lists what the certificate states, check by check: only checks that ran, with their lists
// and dates, never a hit's details.
func (w cisWriter) checks(checks []verification.CertificateCheck) {
	w.section("6. Checks Performed (dates in UTC)")
	if len(checks) == 0 {
		w.note("No checks recorded.")
		return
	}
	for _, c := range checks {
		w.row(c.Label, c.Text)
	}
}

var documentLabels = map[string]string{
	"incorporation_certificate": "Certificate of Incorporation",
	"business_license":          "Business License",
	"shareholder_info":          "Shareholder Information",
	"passport":                  "Passport",
	"company_profile":           "Company Profile",
	"bank_reference":            "Bank Reference Letter",
	"additional":                "Additional Document",
}

// ownedLabel names a passport after its representative, so several passports are told apart.
func ownedLabel(doc application.Document) string {
	if doc.Owner != "" {
		return documentLabel(doc.Type.String()) + " - " + doc.Owner
	}
	return documentLabel(doc.Type.String())
}

func documentLabel(t string) string {
	if l, ok := documentLabels[t]; ok {
		return l
	}
	if t == "" {
		return "-"
	}
	s := strings.ReplaceAll(t, "_", " ")
	return strings.ToUpper(s[:1]) + s[1:]
}

var countryNames = map[string]string{
	"US": "United States", "GB": "United Kingdom", "SG": "Singapore", "CH": "Switzerland",
	"AE": "United Arab Emirates", "CA": "Canada", "AU": "Australia", "DE": "Germany", "FR": "France",
	"JP": "Japan", "CN": "China", "IN": "India", "BR": "Brazil", "ZA": "South Africa", "RU": "Russia",
}

// countryName shows a stored ISO code with its name, "Switzerland (CH)"; anything else as stored.
func countryName(code string) string {
	if n, ok := countryNames[strings.ToUpper(strings.TrimSpace(code))]; ok {
		return n + " (" + strings.ToUpper(strings.TrimSpace(code)) + ")"
	}
	return code
}

func firstNonEmpty(ss ...string) string {
	for _, s := range ss {
		if strings.TrimSpace(s) != "" {
			return s
		}
	}
	return ""
}

// clip keeps the first n lines, marking a cut with an ellipsis.
func clip(lines []string, n int) []string {
	if len(lines) <= n {
		return lines
	}
	return append(lines[:n-1:n-1], strings.TrimRight(lines[n-1], " ")+"...")
}
