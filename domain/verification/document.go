package verification

import (
	"bytes"
	"path"
	"strings"
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
	if limit := maxFilenameLength - len(exts[0]); len(base) > limit {
		base = base[:limit]
	}
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

// SanitizeFilename keeps the last path element of name and strips non-ASCII, control and
// path characters (spec: non-ASCII characters are stripped from the file name).
func SanitizeFilename(name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	name = path.Base("/" + name)
	var b strings.Builder
	for _, r := range name {
		if r < 0x20 || r > 0x7E || strings.ContainsRune(`/\:*?"<>|`, r) {
			continue
		}
		b.WriteRune(r)
	}
	out := strings.Trim(strings.Join(strings.Fields(b.String()), " "), ". ")
	if len(out) > maxFilenameLength {
		ext := path.Ext(out)
		if len(ext) > 10 {
			ext = ""
		}
		out = out[:maxFilenameLength-len(ext)] + ext
	}
	if out == "" {
		return "file"
	}
	return out
}
