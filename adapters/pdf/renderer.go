// Package pdf renders the certificate and the Client Information Sheet (CIS) with go-pdf/fpdf.
//
// Only fpdf's core fonts are used, so no font files are needed at run time; every string goes
// through ascii before it reaches the page because those fonts cover a single-byte encoding.
package pdf

import (
	"bytes"
	"fmt"

	"github.com/go-pdf/fpdf"

	"github.com/tttverify/tttverify/application"
)

// Renderer renders the platform's PDFs. The zero value is ready to use and safe for
// concurrent use: every call builds its own document.
type Renderer struct{}

// New returns a Renderer.
func New() *Renderer { return &Renderer{} }

var _ application.DocumentRenderer = (*Renderer)(nil)

type rgb struct{ r, g, b int }

var (
	navy  = rgb{20, 43, 84}
	gold  = rgb{176, 138, 52}
	ink   = rgb{25, 25, 25}
	muted = rgb{100, 106, 115}
	rule  = rgb{214, 219, 226}
	panel = rgb{243, 245, 249}
	white = rgb{255, 255, 255}
)

// qrImgName is the name the QR code image is registered under in a document.
const qrImgName = "qr"

// doc wraps fpdf so that text reaches the page only through ascii.
type doc struct{ *fpdf.Fpdf }

func newDoc(orientation, title, subject string) doc {
	f := fpdf.New(orientation, "mm", "A4", "")
	f.SetTitle(oneLine(title), false)
	f.SetSubject(oneLine(subject), false)
	f.SetAuthor("TTT Verify", false)
	f.SetCreator("TTT Verify", false)
	f.SetProducer("TTT Verify", false)
	return doc{f}
}

func (d doc) font(family, style string, size float64, c rgb) {
	d.SetFont(family, style, size)
	d.SetTextColor(c.r, c.g, c.b)
}

func (d doc) fill(c rgb) { d.SetFillColor(c.r, c.g, c.b) }
func (d doc) draw(c rgb) { d.SetDrawColor(c.r, c.g, c.b) }

// text writes one line of s in a cell at the current position; align is fpdf's ("L", "C", "R").
func (d doc) text(w, h float64, s, align string, fill bool, link string) {
	d.CellFormat(w, h, oneLine(s), "", 0, align, fill, 0, link)
}

// textAt writes one line of s in a cell at (x, y).
func (d doc) textAt(x, y, w, h float64, s, align string) {
	d.SetXY(x, y)
	d.text(w, h, s, align, false, "")
}

// lines splits s into lines that fit width w in the current font, keeping its newlines.
func (d doc) lines(s string, w float64) []string {
	s = ascii(s)
	if s == "" {
		return []string{""}
	}
	return d.SplitText(s, w)
}

// fitFont returns the largest size between largest and smallest at which s fits w on one line.
func (d doc) fitFont(family, style, s string, w, largest, smallest float64) float64 {
	s = oneLine(s)
	for size := largest; size > smallest; size -= 0.5 {
		d.SetFont(family, style, size)
		if d.GetStringWidth(s) <= w {
			return size
		}
	}
	return smallest
}

func (d doc) qr(url string) error {
	png, err := qrPNG(url)
	if err != nil {
		return err
	}
	d.RegisterImageOptionsReader(qrImgName, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(png))
	return d.Error()
}

func (d doc) placeQR(x, y, size float64, url string) {
	d.ImageOptions(qrImgName, x, y, size, size, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, url)
}

func (d doc) bytes() ([]byte, error) {
	var buf bytes.Buffer
	if err := d.Output(&buf); err != nil {
		return nil, fmt.Errorf("write pdf: %w", err)
	}
	return buf.Bytes(), nil
}
