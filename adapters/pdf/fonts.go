package pdf

import (
	"embed"
	"encoding/json"
	"fmt"
	"sync"
)

// The Noto fonts the PDFs print with, cut by scripts/pdf-fonts.sh (licences in fonts/OFL-*.txt).
//
//go:embed fonts/*.ttf
var fontFiles embed.FS

// fontFile is one embedded font, parsed on first use and then shared by every document.
type fontFile struct {
	name   string // file name; also its family name inside a document
	once   sync.Once
	parsed *sfnt
	err    error
}

func (ff *fontFile) load() (*sfnt, error) {
	ff.once.Do(func() {
		b, err := fontFiles.ReadFile("fonts/" + ff.name)
		if err == nil {
			ff.parsed, err = parseSFNT(b)
		}
		if err != nil {
			ff.err = fmt.Errorf("font %s: %w", ff.name, err)
		}
	})
	return ff.parsed, ff.err
}

var (
	notoSans        = &fontFile{name: "NotoSans-Regular.ttf"}
	notoSansBold    = &fontFile{name: "NotoSans-Bold.ttf"}
	notoSansItalic  = &fontFile{name: "NotoSans-Italic.ttf"}
	notoSerifBold   = &fontFile{name: "NotoSerif-Bold.ttf"}
	notoSerifItalic = &fontFile{name: "NotoSerif-Italic.ttf"}
	notoMono        = &fontFile{name: "NotoSansMono-Regular.ttf"}
	notoArabic      = &fontFile{name: "NotoSansArabic-Regular.ttf"}
	notoArabicBold  = &fontFile{name: "NotoSansArabic-Bold.ttf"}
	notoCJK         = &fontFile{name: "NotoSansSC-Regular.ttf"}
)

// fallback is one font of a face; embolden draws it with a stroke as thick as a bold weight's
// extra width, for the CJK face, which has no bold file of its own (it would double the size).
type fallback struct {
	file     *fontFile
	embolden bool
}

// face is a typeface as the layout asks for it: a Latin, Greek and Cyrillic font first, then
// fonts for the scripts it lacks. The first font that has a character prints it; a character no
// font has is printed with the first (as a missing-glyph box) and still extracts as text.
type face []fallback

var (
	sans        = face{{file: notoSans}, {file: notoArabic}, {file: notoCJK}}
	sansBold    = face{{file: notoSansBold}, {file: notoArabicBold}, {file: notoCJK, embolden: true}}
	sansItalic  = face{{file: notoSansItalic}, {file: notoArabic}, {file: notoCJK}}
	serifBold   = face{{file: notoSerifBold}, {file: notoArabicBold}, {file: notoCJK, embolden: true}}
	serifItalic = face{{file: notoSerifItalic}, {file: notoArabic}, {file: notoCJK}}
	mono        = face{{file: notoMono}, {file: notoSans}, {file: notoArabic}, {file: notoCJK}}
)

// fontSet holds the fonts of one document. Each font is added to the document the first time
// it prints something, cut to the characters the document can contain, so that a certificate
// in Latin script carries no CJK glyphs and a Chinese one only the ideographs of its own text.
type fontSet struct {
	runes []rune
	known map[rune]bool
	added map[*fontFile]bool
}

// newFontSet collects every character content can put on the page: its strings (through their
// JSON form), printable ASCII for the layout's own labels, and the presentation forms that
// Arabic shaping may turn its letters into.
func newFontSet(content any) (*fontSet, error) {
	b, err := json.Marshal(content)
	if err != nil {
		return nil, fmt.Errorf("collect characters: %w", err)
	}
	fs := &fontSet{known: map[rune]bool{}, added: map[*fontFile]bool{}}
	add := func(r rune) {
		if !fs.known[r] {
			fs.known[r] = true
			fs.runes = append(fs.runes, r)
		}
	}
	for r := rune(0x20); r < 0x7f; r++ {
		add(r)
	}
	for _, r := range clean(string(b)) {
		add(r)
		for _, f := range arabicForms[r] {
			add(f)
		}
		if l, ok := lamAlef[r]; ok {
			add(l[0])
			add(l[1])
		}
		if m := mirror(r); m != r {
			add(m)
		}
	}
	return fs, nil
}

// pick returns the font of the face that prints r.
func (f face) pick(r rune) fallback {
	for _, fb := range f {
		if font, err := fb.file.load(); err == nil && font.has(r) {
			return fb
		}
	}
	return f[0]
}

// advance is r's advance width in thousandths of the font size, as fpdf places it.
func advance(ff *fontFile, r rune) float64 {
	font, err := ff.load()
	if err != nil {
		return 0
	}
	return font.advance(r)
}
