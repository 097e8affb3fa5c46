// Package pdf renders the certificate and the Client Information Sheet (CIS) with go-pdf/fpdf.
//
// Text is printed in embedded Noto fonts (fonts.go), subset per document, so names and addresses
// appear as registered in any of the scripts the fonts cover; fpdf does no shaping, so Arabic is
// shaped and right-to-left text reordered here first (bidi.go).
package pdf

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

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

// doc wraps fpdf so that text reaches the page only through its face-aware methods: each line
// is cleaned, shaped and put in visual order, then printed in runs, each in the font of the face
// that has its characters.
type doc struct {
	*fpdf.Fpdf
	fonts *fontSet
	face  face
	size  float64
	color rgb
}

// newDoc starts a document whose text comes from content (every string it may print).
func newDoc(orientation, title, subject string, content any) (*doc, error) {
	fonts, err := newFontSet(content)
	if err != nil {
		return nil, err
	}
	f := fpdf.New(orientation, "mm", "A4", "")
	f.SetTitle(oneLine(title), true)
	f.SetSubject(oneLine(subject), true)
	f.SetAuthor("TTT Verify", false)
	f.SetCreator("TTT Verify", false)
	f.SetProducer("TTT Verify", false)
	return &doc{Fpdf: f, fonts: fonts, face: sans, size: 10, color: ink}, nil
}

// font selects the face, size and colour of the text that follows.
func (d *doc) font(f face, size float64, c rgb) {
	d.face, d.size, d.color = f, size, c
	d.SetTextColor(c.r, c.g, c.b)
}

// setFace selects the face and size, keeping the colour; for measuring.
func (d *doc) setFace(f face, size float64) { d.face, d.size = f, size }

func (d *doc) fill(c rgb) { d.SetFillColor(c.r, c.g, c.b) }
func (d *doc) draw(c rgb) { d.SetDrawColor(c.r, c.g, c.b) }

// run is a stretch of a visual line printed with one font.
type run struct {
	fb   fallback
	text string
}

// runs puts one cleaned line in visual order and splits it by font. Spaces, digits and
// punctuation the current font also has stay in its run, so that a line switches fonts only
// where its script does.
func (d *doc) runs(line string) []run {
	var out []run
	var cur fallback
	var b strings.Builder
	for _, r := range visual(line) {
		if r == zwj || r == zwnj { // read by shaping, not printed
			continue
		}
		fb := d.face.pick(r)
		if b.Len() > 0 && fb != cur && !unicode.IsLetter(r) {
			if font, err := cur.file.load(); err == nil && font.has(r) {
				fb = cur
			}
		}
		if b.Len() > 0 && fb != cur {
			out = append(out, run{cur, b.String()})
			b.Reset()
		}
		cur = fb
		b.WriteRune(r)
	}
	if b.Len() > 0 {
		out = append(out, run{cur, b.String()})
	}
	return out
}

// runWidth is the width of a run in millimetres at the current size.
func (d *doc) runWidth(r run) float64 {
	w := 0.0
	for _, c := range r.text {
		w += advance(r.fb.file, c)
	}
	return w * d.size / 1000 / d.GetConversionRatio()
}

// width is the printed width of one line of s in the current face and size.
func (d *doc) width(s string) float64 {
	w := 0.0
	for _, r := range d.runs(oneLine(s)) {
		w += d.runWidth(r)
	}
	return w
}

// space is the width of a space in the current face and size.
func (d *doc) space() float64 { return d.runWidth(run{d.face.pick(' '), " "}) }

// use makes fb the current fpdf font, adding it to the document the first time.
func (d *doc) use(fb fallback) {
	family := strings.TrimSuffix(fb.file.name, ".ttf")
	if !d.fonts.added[fb.file] {
		font, err := fb.file.load()
		if err != nil {
			d.SetError(err)
			return
		}
		d.AddUTF8FontFromBytes(family, "", font.subset(d.fonts.runes))
		d.fonts.added[fb.file] = true
	}
	d.SetFont(family, "", d.size)
}

// text writes one line of s in a cell of width w at the current position and moves to the
// cell's right edge; align is fpdf's ("L", "C", "R"), link an address the text points to.
func (d *doc) text(w, h float64, s, align, link string) {
	left, y := d.GetXY()
	runs := d.runs(oneLine(s))
	total := 0.0
	for _, r := range runs {
		total += d.runWidth(r)
	}
	margin := d.GetCellMargin()
	x := left + margin
	switch align {
	case "C":
		x = left + (w-total)/2
	case "R":
		x = left + w - margin - total
	}
	d.SetCellMargin(0)
	for _, r := range runs {
		for _, c := range r.text {
			if !d.fonts.known[c] {
				d.SetErrorf("pdf: %q is printed but was not collected for the font subsets", c)
			}
		}
		d.use(r.fb)
		rw := d.runWidth(r)
		d.SetXY(x, y)
		if r.fb.embolden {
			d.emboldened(func() { d.CellFormat(rw, h, r.text, "", 0, "L", false, 0, link) })
		} else {
			d.CellFormat(rw, h, r.text, "", 0, "L", false, 0, link)
		}
		x += rw
	}
	d.SetCellMargin(margin)
	d.SetXY(left+w, y)
}

// emboldened runs draw with text filled and outlined in its own colour: a synthetic bold.
func (d *doc) emboldened(draw func()) {
	lw := d.GetLineWidth()
	r, g, b := d.GetDrawColor()
	d.SetTextRenderingMode(2)
	d.SetLineWidth(d.size * 0.035 / d.GetConversionRatio())
	d.draw(d.color)
	draw()
	d.SetTextRenderingMode(0)
	d.SetLineWidth(lw)
	d.SetDrawColor(r, g, b)
}

// textAt writes one line of s in a cell at (x, y).
func (d *doc) textAt(x, y, w, h float64, s, align string) {
	d.SetXY(x, y)
	d.text(w, h, s, align, "")
}

// lines splits s into lines that fit width w in the current face, keeping its newlines. Lines
// break at spaces and between CJK characters; a word wider than w is cut where it must be.
func (d *doc) lines(s string, w float64) []string {
	var out []string
	for _, para := range strings.Split(clean(s), "\n") {
		var line strings.Builder
		lineW, space := 0.0, d.space()
		flush := func() {
			out = append(out, line.String())
			line.Reset()
			lineW = 0
		}
		for _, word := range strings.Fields(para) {
			for i, piece := range breakable(word) {
				pw := d.width(piece)
				gap := 0.0
				if i == 0 && line.Len() > 0 {
					gap = space
				}
				if line.Len() > 0 && lineW+gap+pw > w {
					flush()
					gap = 0
				}
				for line.Len() == 0 && pw > w { // too wide for a line of its own: cut it
					head := d.cut(piece, w)
					out = append(out, head)
					piece = piece[len(head):]
					pw = d.width(piece)
				}
				if piece == "" {
					continue
				}
				if gap > 0 {
					line.WriteByte(' ')
				}
				line.WriteString(piece)
				lineW += gap + pw
			}
		}
		flush()
	}
	return out
}

// cut returns the longest leading part of s no wider than w, and at least its first character.
func (d *doc) cut(s string, w float64) string {
	_, end := utf8.DecodeRuneInString(s)
	for i, r := range s {
		next := i + utf8.RuneLen(r)
		if i > 0 && d.width(s[:next]) > w {
			break
		}
		end = next
	}
	return s[:end]
}

// breakable splits a word where a line may break inside it: before and after each CJK
// character, except before closing punctuation, which stays with the character it follows.
func breakable(word string) []string {
	var out []string
	start := 0
	prevCJK := false
	for i, r := range word {
		cjk := isCJK(r)
		if i > start && (cjk || prevCJK) && !strings.ContainsRune(cjkClosing, r) {
			out = append(out, word[start:i])
			start = i
		}
		prevCJK = cjk
	}
	return append(out, word[start:])
}

const cjkClosing = "、。，．：；！？）」』】〕〉》〗〙〛ー々ゝゞヽヾぁぃぅぇぉっゃゅょァィゥェォッャュョ"

func isCJK(r rune) bool {
	return unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana) ||
		(r >= 0x3000 && r <= 0x303F) || (r >= 0xFF00 && r <= 0xFFEF)
}

// fitFont returns the largest size between largest and smallest at which s fits w on one line.
func (d *doc) fitFont(f face, s string, w, largest, smallest float64) float64 {
	for size := largest; size > smallest; size -= 0.5 {
		d.setFace(f, size)
		if d.width(s) <= w {
			return size
		}
	}
	return smallest
}

func (d *doc) qr(url string) error {
	png, err := qrPNG(url)
	if err != nil {
		return err
	}
	d.RegisterImageOptionsReader(qrImgName, fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(png))
	return d.Error()
}

func (d *doc) placeQR(x, y, size float64, url string) {
	d.ImageOptions(qrImgName, x, y, size, size, false, fpdf.ImageOptions{ImageType: "PNG"}, 0, url)
}

func (d *doc) bytes() ([]byte, error) {
	var buf bytes.Buffer
	if err := d.Output(&buf); err != nil {
		return nil, fmt.Errorf("write pdf: %w", err)
	}
	return buf.Bytes(), nil
}
