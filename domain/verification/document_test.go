package verification

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
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
		"évidence.pdf":                    "évidence.pdf",
		"Ünçdé .pdf":                      "Ünçdé .pdf",
		"договор №5.pdf":                  "договор №5.pdf",
		"報告.pdf":                          "報告.pdf",
		"e\u0301tat.pdf":                  "e\u0301tat.pdf", // a combining accent stays with its letter
		"report\u202efdp.exe":             "reportfdp.exe",  // no right-to-left override
		"zero\u200bwidth.pdf":             "zerowidth.pdf",
		"line\u2028break.pdf":             "line break.pdf",
		"bad\xffbyte.pdf":                 "badbyte.pdf",
		"../../etc/passwd":                "passwd",
		`C:\Users\me\passport scan.png`:   "passport scan.png",
		"..\\..\\ünï\\x.pdf":              "x.pdf",
		"in\x00voice\r\n.pdf":             "invoice.pdf",
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
	for _, name := range []string{"a" + repeat("é", 200) + ".pdf", "b" + repeat("報", 200) + ".pdf", "c" + repeat("é", 200)} {
		got := SanitizeFilename(name)
		if len(got) > maxFilenameLength || !utf8.ValidString(got) || !strings.HasPrefix(got, name[:1]) {
			t.Errorf("long name %.10q… kept as %q (%d bytes): want at most %d bytes of whole characters", name, got, len(got), maxFilenameLength)
		}
	}
}

func TestASCIIFilename(t *testing.T) {
	cases := map[string]string{
		"évidence.pdf":   "vidence.pdf",
		"Ünçdé .pdf":     "nd.pdf",
		"договор №5.pdf": "5.pdf",
		"報告.pdf":         "file.pdf",
		"報告":             "file",
		"100% sure.pdf":  "100% sure.pdf",
		"a.報告":           "a",
	}
	for in, want := range cases {
		if got := ASCIIFilename(in); got != want {
			t.Errorf("ASCIIFilename(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestContentDispositionNamesAnyScript(t *testing.T) {
	cases := []struct{ name, want string }{
		{"statement.pdf", `attachment; filename=statement.pdf`},
		{"100% sure.pdf", `attachment; filename="100% sure.pdf"`},
		{"évidence.pdf", `attachment; filename=vidence.pdf; filename*=UTF-8''%C3%A9vidence.pdf`},
		{"報告 (1).pdf", `attachment; filename="(1).pdf"; filename*=UTF-8''%E5%A0%B1%E5%91%8A%20%281%29.pdf`},
		{"報告.pdf", `attachment; filename=file.pdf; filename*=UTF-8''%E5%A0%B1%E5%91%8A.pdf`},
		{"d'Artagnan é.pdf", `attachment; filename=d'Artagnan.pdf; filename*=UTF-8''d%27Artagnan%20%C3%A9.pdf`},
	}
	for _, c := range cases {
		if got := ContentDisposition("attachment", c.name); got != c.want {
			t.Errorf("ContentDisposition(%q)\n got %s\nwant %s", c.name, got, c.want)
		}
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
