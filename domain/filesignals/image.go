package filesignals

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"io"
	"strings"
)

// maxBlock is the largest metadata block (a JPEG APP1 segment is at most 64 KB; a PNG text chunk
// may be larger) an image scanner collects; bigger ones are skipped.
const maxBlock = 1 << 20

// imageScanner collects the software an image's metadata names: the first of EXIF Software,
// XMP CreatorTool and a PNG Software text, in the order the file holds them.
type imageScanner struct {
	framed
	software string
}

func (s *imageScanner) write(p []byte) { s.framed.write(p) }

func (s *imageScanner) finish(f *Facts) { f.Software = s.software }

func (s *imageScanner) found(name string) {
	if name = cleanText(name); s.software == "" && name != "" {
		s.software = name
	}
}

// newJPEGScanner reads the segments before the image data (SOS): EXIF and XMP live in APP1.
func newJPEGScanner() *imageScanner {
	s := &imageScanner{}
	var marker, app1 func(b []byte) (int64, int)
	marker = func(b []byte) (int64, int) {
		if b[0] != 0xFF {
			return 0, 0
		}
		m, n := b[1], int(binary.BigEndian.Uint16(b[2:]))
		switch {
		case m == 0xDA || m == 0xD9 || n < 2: // image data or the end: no metadata follows
			return 0, 0
		case m == 0xE1 && n > 2:
			s.step = app1
			return 0, n - 2
		}
		return int64(n - 2), 4
	}
	app1 = func(b []byte) (int64, int) {
		switch {
		case bytes.HasPrefix(b, []byte("Exif\x00\x00")):
			s.found(exifSoftware(b[6:]))
		case bytes.HasPrefix(b, []byte("http://ns.adobe.com/xap/1.0/\x00")):
			s.found(xmpValue(b, "xmp:CreatorTool"))
		}
		s.step = marker
		return 0, 4
	}
	s.step = func(b []byte) (int64, int) { // the start of image marker
		if b[0] != 0xFF || b[1] != 0xD8 {
			return 0, 0
		}
		s.step = marker
		return 0, 4
	}
	s.need = 2
	return s
}

// exifSoftware reads the Software tag (0x0131) of the first IFD of a TIFF structure.
func exifSoftware(t []byte) string {
	if len(t) < 8 {
		return ""
	}
	var order binary.ByteOrder
	switch string(t[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return ""
	}
	ifd := int64(order.Uint32(t[4:]))
	if ifd < 8 || ifd+2 > int64(len(t)) {
		return ""
	}
	count := int64(order.Uint16(t[ifd:]))
	for i := range count {
		e := ifd + 2 + 12*i
		if e+12 > int64(len(t)) {
			return ""
		}
		if order.Uint16(t[e:]) != 0x0131 || order.Uint16(t[e+2:]) != 2 { // Software, ASCII
			continue
		}
		n := int64(order.Uint32(t[e+4:]))
		at := e + 8
		if n > 4 {
			at = int64(order.Uint32(t[e+8:]))
		}
		if n < 0 || at+n > int64(len(t)) {
			return ""
		}
		v, _, _ := bytes.Cut(t[at:at+n], []byte{0})
		return string(v)
	}
	return ""
}

// xmpValue is the value of property name in an XMP packet, written as an element
// (<xmp:CreatorTool>GIMP 2.10</xmp:CreatorTool>) or an attribute (xmp:CreatorTool="GIMP 2.10").
func xmpValue(b []byte, name string) string {
	for rest := b; ; {
		i := bytes.Index(rest, []byte(name))
		if i < 0 {
			return ""
		}
		rest = rest[i+len(name):]
		if v := xmpAfter(rest); v != "" {
			return v
		}
	}
}

// xmlText undoes the XML escapes a name or date may carry.
func xmlText(b []byte) string { return xmlUnescape.Replace(string(b)) }

var xmlUnescape = strings.NewReplacer("&lt;", "<", "&gt;", ">", "&quot;", `"`, "&apos;", "'", "&amp;", "&")

// newPNGScanner reads the text chunks (tEXt, zTXt, iTXt) and EXIF chunk (eXIf) anywhere in a PNG.
func newPNGScanner() *imageScanner {
	s := &imageScanner{}
	var header func(b []byte) (int64, int)
	var kind string
	body := func(b []byte) (int64, int) {
		s.pngChunk(kind, b)
		s.step = header
		return 4, 8 // the CRC, then the next chunk's header
	}
	header = func(b []byte) (int64, int) {
		n, t := int64(binary.BigEndian.Uint32(b)), string(b[4:8])
		switch {
		case t == "IEND" || n > 1<<31-1:
			return 0, 0
		case (t == "tEXt" || t == "zTXt" || t == "iTXt" || t == "eXIf") && n > 0 && n <= maxBlock:
			kind, s.step = t, body
			return 0, int(n)
		}
		return n + 4, 8
	}
	s.step = func(b []byte) (int64, int) {
		if !bytes.Equal(b, []byte("\x89PNG\r\n\x1a\n")) {
			return 0, 0
		}
		s.step = header
		return 0, 8
	}
	s.need = 8
	return s
}

// pngChunk reads the software named in one PNG metadata chunk.
func (s *imageScanner) pngChunk(kind string, b []byte) {
	if kind == "eXIf" {
		s.found(exifSoftware(b))
		return
	}
	keyword, rest, ok := bytes.Cut(b, []byte{0})
	if !ok {
		return
	}
	var text []byte
	switch kind {
	case "tEXt":
		text = rest
	case "zTXt":
		if len(rest) < 1 {
			return
		}
		text = inflate(rest[1:])
	case "iTXt": // compression flag, method, language\0, translated keyword\0, text
		if len(rest) < 2 {
			return
		}
		compressed, fields := rest[0] == 1, rest[2:]
		_, fields, _ = bytes.Cut(fields, []byte{0})
		_, text, ok = bytes.Cut(fields, []byte{0})
		if !ok {
			return
		}
		if compressed {
			text = inflate(text)
		}
	}
	switch string(keyword) {
	case "Software":
		s.found(string(text))
	case "XML:com.adobe.xmp":
		s.found(xmpValue(text, "xmp:CreatorTool"))
	}
}

// inflate is the zlib-compressed b, at most maxBlock bytes of it; nothing when it is broken.
func inflate(b []byte) []byte {
	z, err := zlib.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil
	}
	defer z.Close()
	out, err := io.ReadAll(io.LimitReader(z, maxBlock))
	if err != nil {
		return nil
	}
	return out
}
