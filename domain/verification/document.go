package verification

import (
	"bytes"
	"fmt"
	"mime"
	"path"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxUploadBytes is the largest file a user may upload (spec: 30MB).
const MaxUploadBytes int64 = 30 << 20

// SniffLength is how many leading bytes SniffContentType needs.
const SniffLength = 8

// DocumentType is what a document proves.
type DocumentType struct{ s string }

// The document types of spec section 3.
var (
	IncorporationCertificate = DocumentType{"incorporation_certificate"}
	BusinessLicense          = DocumentType{"business_license"}
	ShareholderInfo          = DocumentType{"shareholder_info"}
	Passport                 = DocumentType{"passport"}
	CompanyProfile           = DocumentType{"company_profile"}
	BankReference            = DocumentType{"bank_reference"}
	Additional               = DocumentType{"additional"}
)

// DocumentTypes lists every type.
var DocumentTypes = []DocumentType{IncorporationCertificate, BusinessLicense, ShareholderInfo, Passport, CompanyProfile, BankReference, Additional}

// RequiredDocumentTypes must all be on file before a verification can be submitted.
var RequiredDocumentTypes = []DocumentType{IncorporationCertificate, BusinessLicense, ShareholderInfo}

// UploadableDocumentTypes are the types the documents step accepts directly; passports and bank
// references arrive through their own sections so they stay linked to a representative or bank.
var UploadableDocumentTypes = []DocumentType{IncorporationCertificate, BusinessLicense, ShareholderInfo, CompanyProfile, Additional}

// ParseDocumentType turns a stored or requested string into a DocumentType.
func ParseDocumentType(s string) (DocumentType, error) {
	for _, t := range DocumentTypes {
		if t.s == s {
			return t, nil
		}
	}
	return DocumentType{}, ErrUnknownValue.Detailf("document type %q", s)
}

func (t DocumentType) String() string { return t.s }

// SniffContentType decides a file's type from its first bytes, never from its name or declared type.
func SniffContentType(head []byte) (string, error) {
	switch {
	case bytes.HasPrefix(head, []byte("%PDF-")):
		return "application/pdf", nil
	case bytes.HasPrefix(head, []byte{0xFF, 0xD8, 0xFF}):
		return "image/jpeg", nil
	case bytes.HasPrefix(head, []byte{0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'}):
		return "image/png", nil
	}
	return "", ErrUnsupportedFile
}

// extensions are the name endings each accepted type may keep; the first is the one given to a
// name that has none of them.
var extensions = map[string][]string{"application/pdf": {".pdf"}, "image/jpeg": {".jpg", ".jpeg"}, "image/png": {".png"}}

// NameForType gives a sanitised name the extension of the type its content was found to be, so
// that no stored name claims another type: "invoice.html" holding a PDF becomes "invoice.pdf",
// "scan" holding a PNG "scan.png". Names that already end in one of the type's extensions stay.
func NameForType(name, mime string) string {
	exts, ok := extensions[mime]
	if !ok {
		return name
	}
	ext := path.Ext(name)
	for _, e := range exts {
		if strings.EqualFold(ext, e) {
			return name
		}
	}
	base := name
	if looksLikeExtension(ext) {
		base = strings.TrimSuffix(name, ext)
	}
	base = strings.TrimRight(base, ". ")
	if base == "" {
		base = "file"
	}
	base = cutUTF8(base, maxFilenameLength-len(exts[0]))
	return base + exts[0]
}

// looksLikeExtension is a dot and one to ten letters or digits (".exe", ".html"), not the tail of
// a name such as "report v1.2 final".
func looksLikeExtension(ext string) bool {
	if len(ext) < 2 || len(ext) > 11 {
		return false
	}
	for _, r := range ext[1:] {
		alnum := 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9'
		if !alnum {
			return false
		}
	}
	return true
}

// maxFilenameLength keeps names printable in headers and PDFs.
const maxFilenameLength = 150

// SanitizeFilename keeps the last path element of name and the characters a file name may show,
// in any script: letters, marks, digits, punctuation, symbols and spaces. It strips control and
// format characters (a right-to-left override shows "report<U+202E>fdp.exe" as "reportexe.pdf"), path separators
// and the characters Windows refuses in names (:*?"<>|), collapses spaces and cuts the name to
// maxFilenameLength bytes on a character boundary. Where a name must be ASCII (an object key, a
// header's fallback) ASCIIFilename strips the rest, as spec section 5 asks.
func SanitizeFilename(name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	name = path.Base("/" + name)
	out := strings.Trim(strings.Join(strings.Fields(strings.Map(filenameRune, name)), " "), ". ")
	if len(out) > maxFilenameLength {
		ext := path.Ext(out)
		if len(ext) > 10 {
			ext = ""
		}
		out = cutUTF8(out[:len(out)-len(ext)], maxFilenameLength-len(ext)) + ext
	}
	if out == "" {
		return "file"
	}
	return out
}

// filenameRune is r when a file name may hold it, and -1 (drop it) otherwise.
func filenameRune(r rune) rune {
	switch {
	case r == utf8.RuneError, unicode.IsControl(r), strings.ContainsRune(`/\:*?"<>|`, r):
		return -1
	case unicode.IsSpace(r), unicode.IsLetter(r), unicode.IsMark(r), unicode.IsNumber(r), unicode.IsPunct(r), unicode.IsSymbol(r):
		return r
	}
	return -1 // format characters, private use, unassigned code points
}

// ASCIIFilename is a sanitised name with everything outside printable ASCII stripped, for places
// that take ASCII only; a name left with no stem becomes "file" with its extension.
func ASCIIFilename(name string) string {
	ascii := func(s string) string {
		s = strings.Map(func(r rune) rune {
			if r < 0x20 || r > 0x7E {
				return -1
			}
			return r
		}, s)
		return strings.Join(strings.Fields(s), " ")
	}
	ext := path.Ext(name)
	stem := strings.Trim(ascii(strings.TrimSuffix(name, ext)), ". ")
	if stem == "" {
		stem = "file"
	}
	return strings.TrimRight(stem+ascii(ext), ". ") // an extension of letters beyond ASCII goes whole
}

// cutUTF8 is the longest prefix of s of at most n bytes that ends on a character boundary.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// ContentDisposition is the Content-Disposition header value (disposition "inline" or
// "attachment") that names a download name (sanitised): a quoted ASCII filename, and for a name
// beyond ASCII also filename* with its UTF-8 bytes percent-encoded (RFC 6266, RFC 5987), which
// browsers prefer.
func ContentDisposition(disposition, name string) string {
	fallback := ASCIIFilename(name)
	header := mime.FormatMediaType(disposition, map[string]string{"filename": fallback})
	if fallback == name {
		return header
	}
	var b strings.Builder
	for i := 0; i < len(name); i++ {
		c := name[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return header + "; filename*=UTF-8''" + b.String()
}
