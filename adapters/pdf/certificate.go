package pdf

import (
	"fmt"

	"github.com/go-pdf/fpdf"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// Certificate renders the one-page landscape certificate of verification.
func (r *Renderer) Certificate(c application.CertificateData) ([]byte, error) {
	d, err := newDoc("L", "Certificate of Verification - "+c.CompanyName, "TTT Verify certificate "+c.CertificateID, c)
	if err != nil {
		return nil, fmt.Errorf("certificate %s: %w", c.CertificateID, err)
	}
	d.SetAutoPageBreak(false, 0)
	d.SetMargins(0, 0, 0)
	if c.Credential != "" { // attached before signing, so that the signature covers it
		d.SetAttachments([]fpdf.Attachment{{Content: []byte(c.Credential), Filename: CredentialAttachment,
			Description: "W3C verifiable credential of certificate " + c.CertificateID + " (vc+jwt)"}})
	}
	d.AddPage()
	if err := d.qr(c.PublicURL); err != nil {
		return nil, fmt.Errorf("certificate %s: %w", c.CertificateID, err)
	}
	drawCertificate(d, c)
	b, err := d.bytes()
	if err != nil {
		return nil, fmt.Errorf("certificate %s: %w", c.CertificateID, err)
	}
	return b, nil
}

// CredentialAttachment is the name of the file attached to the certificate PDF that holds its
// verifiable credential.
const CredentialAttachment = "credential.jwt" //nolint:gosec // G101: a file name, not a secret

// signatureLine says who signed the document and, for a test signature, that it is one.
func signatureLine(c application.CertificateData) string {
	if c.SignedBy == "" {
		return ""
	}
	line := "Digitally signed by " + c.SignedBy + "."
	if c.SignatureNotice != "" {
		line += " " + c.SignatureNotice + "."
	}
	return line
}

// verifyLine tells the reader where to check the file itself: its signature and live status.
func verifyLine(c application.CertificateData) string {
	if c.VerifyURL == "" {
		return ""
	}
	return "Check that this file is genuine and current: upload it at " + c.VerifyURL
}

// Page geometry of the landscape certificate, in millimetres.
const (
	certW    = 297.0
	certH    = 210.0
	certLeft = 26.0  // left edge of the content
	certRite = 271.0 // right edge of the content
)

func drawCertificate(d *doc, c application.CertificateData) {
	certFrame(d)

	// Title block.
	d.font(sansBold, 11, gold)
	d.textAt(0, 19, certW, 5, "TTT VERIFY", "C")
	d.font(serifBold, 34, navy)
	d.textAt(0, 27, certW, 14, "Certificate of Verification", "C")
	d.draw(gold)
	d.SetLineWidth(0.6)
	d.Line(certW/2-45, 44, certW/2+45, 44)
	d.SetLineWidth(0.2)
	d.Line(certW/2-30, 45.6, certW/2+30, 45.6)

	d.font(serifItalic, 13, muted)
	d.textAt(0, 50, certW, 6, "This is to certify that", "C")

	y := certName(d, c.CompanyName, 58)
	d.font(serifItalic, 12, muted)
	d.textAt(0, y+2, certW, 6, "has been verified by TTT Verify as a Verified Trading Partner", "C")
	d.textAt(0, y+8, certW, 6, "at the "+orDash(c.TierLabel)+" level.", "C")

	top := y + 20
	bottom := certDetails(d, c, top)
	certChecks(d, checkTexts(c.Checks), top, bottom)
	certFooter(d, c)
}

func certFrame(d *doc) {
	d.draw(navy)
	d.SetLineWidth(1.6)
	d.Rect(8, 8, certW-16, certH-16, "D")
	d.draw(gold)
	d.SetLineWidth(0.7)
	d.Rect(11.5, 11.5, certW-23, certH-23, "D")
	d.SetLineWidth(0.2)
	d.Rect(13, 13, certW-26, certH-26, "D")
	// Corner ornaments.
	for _, p := range [][2]float64{{13, 13}, {certW - 13, 13}, {13, certH - 13}, {certW - 13, certH - 13}} {
		d.fill(gold)
		d.Circle(p[0], p[1], 1.4, "F")
	}
}

// certDetails writes the company's particulars as a label/value list in the left column.
// It returns where the list ends.
func certDetails(d *doc, c application.CertificateData, top float64) float64 {
	const labelW, valueW, lh = 40.0, 92.0, 5.2
	rows := [][2]string{
		{"Registration number", c.RegistrationNumber},
		{"Country", countryName(c.Country)},
		{"Registered address", c.RegisteredAddress},
		{"Verification tier", c.TierLabel},
		{"Certificate ID", c.CertificateID},
		{"Date of issue", longDate(c.IssuedAt) + utcNote},
		{"Valid until", longDate(c.ExpiresAt) + utcNote},
	}
	y := top
	for _, row := range rows {
		d.font(sans, 8.5, muted)
		d.textAt(certLeft, y, labelW, lh, row[0], "L")
		d.font(sansBold, 9.5, ink)
		ls := d.lines(oneLine(orDash(row[1])), valueW)
		ls = clip(ls, 2)
		for _, l := range ls {
			d.textAt(certLeft+labelW, y, valueW, lh, l, "L")
			y += lh
		}
		y += 1.2
	}
	return y
}

// checkTexts are the sentences of the checks a certificate states.
func checkTexts(checks []verification.CertificateCheck) []string {
	out := make([]string, len(checks))
	for i, c := range checks {
		out[i] = c.Text
	}
	return out
}

// certChecks lists the checks that ran in a panel on the right, as tall as the
// details beside it (detailsEnd) or its own content, whichever is taller, up to the footer.
// A long list goes into two narrower columns, split where they come out most even, and a
// smaller type rather than being cut.
func certChecks(d *doc, checks []string, top, detailsEnd float64) {
	const x, w, maxBottom = 172.0, certRite - 172.0, 146.0
	if len(checks) == 0 {
		checks = []string{"Company information reviewed"}
	}
	type layout struct{ cols, size, lh float64 }
	var (
		lay     layout
		wrapped [][]string
		split   int // the first item of the second column
		need    float64
	)
	for _, lay = range []layout{{1, 9, 4.8}, {2, 8.5, 4.4}, {2, 7.5, 3.8}, {2, 6.5, 3.2}} {
		colW := (w-6)/lay.cols - 10
		d.setFace(sans, lay.size)
		wrapped = make([][]string, len(checks))
		heights := make([]float64, len(checks))
		total := 0.0
		for i, check := range checks {
			wrapped[i] = d.lines(oneLine(check), colW)
			heights[i] = float64(len(wrapped[i]))*lay.lh + 0.8
			total += heights[i]
		}
		split, need = len(checks), total
		if lay.cols == 2 {
			first := 0.0
			for k := 1; k < len(checks); k++ {
				first += heights[k-1]
				if h := max(first, total-first); h < need {
					split, need = k, h
				}
			}
		}
		need += top + 8
		if need <= maxBottom {
			break
		}
	}
	bottom := min(max(detailsEnd, need+2), maxBottom)

	d.fill(panel)
	d.draw(rule)
	d.SetLineWidth(0.2)
	d.Rect(x, top-2, w, bottom-top+2, "FD")
	d.font(sansBold, 9.5, navy)
	d.textAt(x+5, top+1, w-10, 5, "Checks performed (dates in UTC)", "L")
	d.font(sans, lay.size, ink)
	colW := (w - 6) / lay.cols
	for i, ls := range wrapped {
		col := 0.0
		if i >= split {
			col = 1
		}
		if i == 0 || i == split {
			d.SetY(top + 8)
		}
		y, cx := d.GetY(), x+col*colW
		if y+float64(len(ls))*lay.lh > bottom-1 {
			continue // only when even the smallest layout overflows; the public page lists them all
		}
		d.fill(gold)
		d.Circle(cx+7, y+lay.lh/2, 0.9, "F")
		for _, l := range ls {
			d.textAt(cx+10, y, colW-12, lay.lh, l, "L")
			y += lay.lh
		}
		d.SetY(y + 0.8)
	}
}

// certName writes the company name centred at y, as large as it fits in at most
// maxH millimetres, and returns where it ends.
func certName(d *doc, name string, y float64) float64 {
	const w, maxH = certRite - certLeft, 18.0
	name = oneLine(orDash(name))
	var ls []string
	var size, lh float64
	for size = 28; size >= 11; size-- {
		lh = size * 0.42
		d.setFace(serifBold, size)
		ls = d.lines(name, w)
		if float64(len(ls))*lh <= maxH {
			break
		}
	}
	ls = clip(ls, int(maxH/lh))
	d.font(serifBold, size, ink)
	for _, l := range ls {
		d.textAt(certLeft, y, w, lh, l, "C")
		y += lh
	}
	return y
}

// certFooter draws the seal, the fingerprint and the QR code along the bottom edge.
func certFooter(d *doc, c application.CertificateData) {
	// Seal.
	cx, cy := certLeft+16.0, 165.0
	d.draw(gold)
	d.SetLineWidth(0.8)
	d.Circle(cx, cy, 14, "D")
	d.SetLineWidth(0.3)
	d.Circle(cx, cy, 12, "D")
	d.font(sansBold, 7, gold)
	d.textAt(cx-12, cy-6.5, 24, 4, "TTT VERIFY", "C")
	d.font(serifBold, 11, navy)
	d.textAt(cx-12, cy-2.5, 24, 5, "VERIFIED", "C")
	d.font(sans, 6.5, gold)
	d.textAt(cx-12, cy+3, 24, 4, c.IssuedAt.Format("2006"), "C")

	tx := cx + 20
	d.font(serifBold, 11, navy)
	d.textAt(tx, 156, 100, 5, "Issued by TTT Verify", "L")
	d.font(sans, 8, muted)
	d.textAt(tx, 162, 120, 4, "Issued "+longDate(c.IssuedAt)+"  -  valid until "+longDate(c.ExpiresAt)+utcNote, "L")
	d.textAt(tx, 166.5, 120, 4, "Confirm this certificate online: scan the QR code or open the address below it.", "L")

	// The fingerprint stays on one line in a monospaced face so that it can be copied or extracted whole.
	d.font(sans, 7, muted)
	label := "SHA-256 fingerprint:"
	lw := d.width(label) + 1.5
	d.textAt(certLeft, 184, lw, 4, label, "L")
	d.font(mono, 7, ink)
	d.textAt(certLeft+lw, 184, 110, 4, c.Fingerprint, "L")
	d.font(sans, 6.5, muted)
	d.textAt(certLeft, 188, 130, 3.5, signatureLine(c), "L")
	d.textAt(certLeft, 191.5, 130, 3.5, verifyLine(c), "L")

	// QR code with its address underneath, right-aligned to the content edge.
	const qrSize = 32.0
	qx, qy := certRite-qrSize+2, 149.0 // the PNG's quiet zone is white, so nudge it to the edge
	d.placeQR(qx, qy, qrSize, oneLine(c.PublicURL))
	size := d.fitFont(sans, c.PublicURL, 110, 7.5, 5.5)
	d.font(sans, size, navy)
	d.SetXY(certRite-110, qy+qrSize)
	d.text(110, 4, c.PublicURL, "R", oneLine(c.PublicURL))
	d.font(sans, 6.5, muted)
	d.textAt(qx, qy-0.5, qrSize, 3.5, "Scan to verify", "C")
}
