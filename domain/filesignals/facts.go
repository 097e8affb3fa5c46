// Package filesignals reads, while an upload streams past, what a reviewer should know about a
// file: its SHA-256, whether a PDF was changed after it was made, and which software an image's
// metadata names. It reads bounded amounts, keeps no more than a few kilobytes of state beyond
// one metadata block, and never fails: a file it cannot make sense of has no facts.
package filesignals

import (
	"crypto/sha256"
	"encoding/hex"
	"hash"
	"strings"
	"time"
)

// Facts are what Inspector found in one file.
type Facts struct {
	SHA256 string // hex, lower case
	// Created and Modified are the creation and modification times a PDF's Info dictionary (or,
	// without one, its XMP packet) states; zero when it states none.
	Created, Modified time.Time
	// Updates is how many incremental updates a PDF carries beyond its first version (and the
	// first-page section of a linearized file).
	Updates int
	// Software is the program an image's metadata names (EXIF Software, XMP CreatorTool, PNG
	// Software text), cut to maxSoftware bytes; "" when none.
	Software string
}

// modifiedSlack is how much later than its creation a PDF may say it was modified and still
// count as unchanged: writers often stamp the two a few seconds apart while saving once.
const modifiedSlack = time.Minute

// ModifiedAfterCreation says whether the file says it was modified later than it was created.
func (f Facts) ModifiedAfterCreation() bool {
	return !f.Created.IsZero() && !f.Modified.IsZero() && f.Modified.Sub(f.Created) > modifiedSlack
}

// EditingSoftware is the software named in the file's metadata when it is a known image or
// document editor, and "" otherwise.
func (f Facts) EditingSoftware() string {
	low := strings.ToLower(f.Software)
	for _, e := range editors {
		if strings.Contains(low, e) {
			return f.Software
		}
	}
	return ""
}

// editors are lower-case names of programs that retouch images or lay out documents; a camera's
// or a scanner's firmware names none of them.
var editors = []string{
	"photoshop", "gimp", "paint.net", "affinity", "pixelmator", "canva", "lightroom", "snapseed",
	"photopea", "corel", "paintshop", "krita", "inkscape", "illustrator", "photodirector",
	"picsart", "fotor", "luminar", "capture one", "acdsee", "photoscape", "facetune", "befunky",
	"pixlr", "adobe express", "paint 3d", "photos legacy",
}

// Inspector is an io.Writer that learns the Facts of the file written to it.
type Inspector struct {
	sum  hash.Hash
	meta metaScanner
}

// metaScanner reads one file format's metadata from a stream.
type metaScanner interface {
	write(p []byte)
	finish(f *Facts)
}

// NewInspector starts inspecting a file of the given content type (application/pdf, image/jpeg,
// image/png); other types get only their SHA-256.
func NewInspector(contentType string) *Inspector {
	in := &Inspector{sum: sha256.New()}
	switch contentType {
	case "application/pdf":
		in.meta = newPDFScanner()
	case "image/jpeg":
		in.meta = newJPEGScanner()
	case "image/png":
		in.meta = newPNGScanner()
	}
	return in
}

// Write takes the next bytes of the file; it never fails.
func (in *Inspector) Write(p []byte) (int, error) {
	in.sum.Write(p)
	if in.meta != nil {
		// A store may read in large parts; scanning in small pieces keeps the scanners' buffers small.
		for rest := p; len(rest) > 0; {
			n := min(len(rest), chunk)
			in.meta.write(rest[:n])
			rest = rest[n:]
		}
	}
	return len(p), nil
}

// chunk is the most a scanner is given at once.
const chunk = 64 << 10

// Facts are what the bytes written so far show; call it once, after the last Write.
func (in *Inspector) Facts() Facts {
	f := Facts{SHA256: hex.EncodeToString(in.sum.Sum(nil))}
	if in.meta != nil {
		in.meta.finish(&f)
	}
	return f
}

// maxSoftware bounds the software name kept from a file.
const maxSoftware = 120

// cleanText keeps printable characters of s, collapses spaces and cuts it to maxSoftware bytes.
func cleanText(s string) string {
	s = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7F || r == 0xFFFD {
			return ' '
		}
		return r
	}, s)
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > maxSoftware {
		s = strings.ToValidUTF8(s[:maxSoftware], "")
	}
	return s
}
