// Package filesignalstest builds small, well-formed PDF, JPEG and PNG files with the metadata the
// file signals read, for tests here and through the HTTP API.
package filesignalstest

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"image"
	"image/jpeg"
	"image/png"
)

// PDF describes a PDF to build.
type PDF struct {
	Title             string // makes files with equal metadata differ
	Created, Modified string // Info dictionary dates (D:…); empty leaves them out
	XMPCreated        string // XMP dates (ISO 8601), in an uncompressed metadata stream
	XMPModified       string
	Updates           int  // incremental updates appended, each with a trailer /Prev
	Linearized        bool // a linearization dictionary first and a first-page trailer
}

// Bytes writes the PDF with a correct cross-reference table for each section.
func (p PDF) Bytes() []byte {
	var b bytes.Buffer
	var offsets []int
	obj := func(body string) int {
		offsets = append(offsets, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offsets), body)
		return len(offsets)
	}
	b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	if p.Linearized {
		obj("<< /Linearized 1 /L 1000 /O 3 /E 500 /N 1 /T 900 /H [ 0 0 ] >>")
		b.WriteString("xref\n0 1\n0000000000 65535 f \ntrailer\n<< /Size 1 /Prev 900 >>\nstartxref\n0\n%%EOF\n")
	}
	catalog := obj("<< /Type /Catalog /Pages " + fmt.Sprint(len(offsets)+2) + " 0 R >>")
	obj("<< /Type /Page /Parent " + fmt.Sprint(len(offsets)+2) + " 0 R /MediaBox [0 0 200 200] >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%d 0 R] /Count 1 >>", len(offsets)))
	info := fmt.Sprintf("<< /Title (%s) /Producer (filesignalstest)", p.Title)
	if p.Created != "" {
		info += " /CreationDate (" + p.Created + ")"
	}
	if p.Modified != "" {
		info += " /ModDate (" + p.Modified + ")"
	}
	infoID := obj(info + " >>")
	if p.XMPCreated != "" || p.XMPModified != "" {
		x := `<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF>` +
			`<rdf:Description xmlns:xmp="http://ns.adobe.com/xap/1.0/">` +
			"<xmp:CreateDate>" + p.XMPCreated + "</xmp:CreateDate><xmp:ModifyDate>" + p.XMPModified + "</xmp:ModifyDate>" +
			`</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`
		obj(fmt.Sprintf("<< /Type /Metadata /Subtype /XML /Length %d >>\nstream\n%s\nendstream", len(x), x))
	}
	xref := func(from int, prev int) int {
		at := b.Len()
		fmt.Fprintf(&b, "xref\n0 1\n0000000000 65535 f \n%d %d\n", from+1, len(offsets)-from)
		for _, o := range offsets[from:] {
			fmt.Fprintf(&b, "%010d 00000 n \n", o)
		}
		fmt.Fprintf(&b, "trailer\n<< /Size %d /Root %d 0 R /Info %d 0 R", len(offsets)+1, catalog, infoID)
		if prev >= 0 {
			fmt.Fprintf(&b, " /Prev %d", prev)
		}
		fmt.Fprintf(&b, " >>\nstartxref\n%d\n%%%%EOF\n", at)
		return at
	}
	last := xref(0, -1)
	for i := range p.Updates {
		from := len(offsets)
		obj(fmt.Sprintf("<< /Title (%s, revision %d) >>", p.Title, i+2))
		last = xref(from, last)
	}
	return b.Bytes()
}

// JPEG is a 2x2 JPEG whose EXIF names software (none when it is empty) and, when xmpTool is
// given, an XMP packet whose CreatorTool names it.
func JPEG(software, xmpTool string) []byte {
	var img bytes.Buffer
	_ = jpeg.Encode(&img, image.NewGray(image.Rect(0, 0, 2, 2)), nil)
	raw := img.Bytes()
	var out bytes.Buffer
	out.Write(raw[:2]) // SOI
	if software != "" {
		out.Write(segment(0xE1, append([]byte("Exif\x00\x00"), tiffSoftware(software)...)))
	}
	if xmpTool != "" {
		out.Write(segment(0xE1, []byte("http://ns.adobe.com/xap/1.0/\x00<x:xmpmeta><rdf:Description xmp:CreatorTool=\""+xmpTool+"\"/></x:xmpmeta>")))
	}
	out.Write(raw[2:])
	return out.Bytes()
}

func segment(marker byte, body []byte) []byte {
	s := []byte{0xFF, marker, 0, 0}
	binary.BigEndian.PutUint16(s[2:], uint16(len(body)+2)) //nolint:gosec // G115: test segments are a few bytes
	return append(s, body...)
}

// tiffSoftware is a little-endian TIFF header with one IFD holding an orientation and the
// Software tag.
func tiffSoftware(software string) []byte {
	value := append([]byte(software), 0)
	t := []byte("II*\x00\x08\x00\x00\x00")
	le := binary.LittleEndian
	t = le.AppendUint16(t, 2)
	t = le.AppendUint16(t, 0x0112) // Orientation, SHORT, 1
	t = le.AppendUint16(t, 3)
	t = le.AppendUint32(t, 1)
	t = le.AppendUint32(t, 1)
	t = le.AppendUint16(t, 0x0131) // Software, ASCII
	t = le.AppendUint16(t, 2)
	t = le.AppendUint32(t, uint32(len(value))) //nolint:gosec // G115: a test tag value is a few bytes
	t = le.AppendUint32(t, uint32(8+2+2*12+4))
	t = le.AppendUint32(t, 0) // no next IFD
	return append(t, value...)
}

// PNG is a 2x2 PNG with a tEXt chunk Software naming software (none when it is empty), placed
// after the image data as PNG allows.
func PNG(software string) []byte {
	var img bytes.Buffer
	_ = png.Encode(&img, image.NewGray(image.Rect(0, 0, 2, 2)))
	raw := img.Bytes()
	if software == "" {
		return raw
	}
	iend := len(raw) - 12
	return append(append(bytes.Clone(raw[:iend]), Chunk("tEXt", []byte("Software\x00"+software))...), raw[iend:]...)
}

// Chunk is a PNG chunk with its length and CRC.
func Chunk(kind string, data []byte) []byte {
	c := binary.BigEndian.AppendUint32(nil, uint32(len(data))) //nolint:gosec // G115: a test chunk is a few bytes
	c = append(append(c, kind...), data...)
	return binary.BigEndian.AppendUint32(c, crc32.ChecksumIEEE(c[4:]))
}
