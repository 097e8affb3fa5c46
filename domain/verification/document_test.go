package verification

import (
	"errors"
	"strings"
	"testing"
)

func TestSniffContentType(t *testing.T) {
	cases := []struct {
		head []byte
		want string
	}{
		{[]byte("%PDF-1.7\n"), "application/pdf"},
		{[]byte{0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10}, "image/jpeg"},
		{[]byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}, "image/png"},
		{[]byte("MZ\x90\x00\x03"), ""},    // a Windows executable renamed .pdf
		{[]byte("<html><script>"), ""},    // HTML posing as a document
		{[]byte("GIF89a"), ""},            // an image type we do not accept
		{[]byte{0x89, 'P', 'N', 'G'}, ""}, // truncated signature
		{[]byte(" %PDF-1.4"), ""},         // signature not at the start
		{nil, ""},
	}
	for _, c := range cases {
		got, err := SniffContentType(c.head)
		if c.want == "" {
			if !errors.Is(err, ErrUnsupportedFile) {
				t.Errorf("sniff %q: %q, %v; want ErrUnsupportedFile", c.head, got, err)
			}
			continue
		}
		if err != nil || got != c.want {
			t.Errorf("sniff %q = %q, %v; want %q", c.head, got, err, c.want)
		}
	}
}

func TestSanitizeFilename(t *testing.T) {
	cases := map[string]string{
		"évidence.pdf":                    "vidence.pdf",
		"../../etc/passwd":                "passwd",
		`C:\Users\me\passport scan.png`:   "passport scan.png",
		"in\x00voice\r\n.pdf":             "invoice.pdf",
		"报告.pdf":                          "pdf",
		"":                                "file",
		"..":                              "file",
		"a<b>c:d\"e|f?g*h.jpg":            "abcdefgh.jpg",
		"   spaced    out   name  .pdf  ": "spaced out name .pdf",
	}
	for in, want := range cases {
		if got := SanitizeFilename(in); got != want {
			t.Errorf("SanitizeFilename(%q) = %q, want %q", in, got, want)
		}
	}
	long := SanitizeFilename(string(make([]byte, 0)) + repeat("a", 400) + ".pdf")
	if len(long) > 150 || long[len(long)-4:] != ".pdf" {
		t.Errorf("long name kept as %q (%d)", long, len(long))
	}
}

func repeat(s string, n int) string {
	out := ""
	for range n {
		out += s
	}
	return out
}

func TestNameForTypeFollowsTheContent(t *testing.T) {
	cases := []struct{ name, mime, want string }{
		{"invoice.html", "application/pdf", "invoice.pdf"},
		{"setup.exe", "image/png", "setup.png"},
		{"scan.JPEG", "image/jpeg", "scan.JPEG"},
		{"scan.jpg", "image/jpeg", "scan.jpg"},
		{"photo.png", "image/jpeg", "photo.jpg"},
		{"statement", "application/pdf", "statement.pdf"},
		{"report v1.2 final", "application/pdf", "report v1.2 final.pdf"},
		{"file", "image/png", "file.png"},
		{"a.pdf", "application/pdf", "a.pdf"},
	}
	for _, c := range cases {
		if got := NameForType(c.name, c.mime); got != c.want {
			t.Errorf("NameForType(%q, %s) = %q, want %q", c.name, c.mime, got, c.want)
		}
	}
	if got := NameForType(strings.Repeat("a", maxFilenameLength)+".exe", "application/pdf"); len(got) != maxFilenameLength || !strings.HasSuffix(got, ".pdf") {
		t.Errorf("long name: %d characters, %q…", len(got), got[len(got)-8:])
	}
}
