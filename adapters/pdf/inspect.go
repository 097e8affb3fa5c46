package pdf

import (
	"bytes"
	"crypto"
	"crypto/x509"
	"encoding/asn1"
	"encoding/hex"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	pdfread "github.com/digitorus/pdf"
	"github.com/digitorus/pkcs7"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// TrustedKey is a key we sign documents with, or signed with before a rotation.
type TrustedKey struct {
	Public crypto.PublicKey
	// Test marks the key the server made for itself, which no PDF reader trusts.
	Test bool
}

// Inspector reads the signatures of PDFs we issued. It reads the bytes as signed (the ByteRange
// and the CMS signature between its parts), not the document's structure, so a file damaged
// anywhere outside the signature still gets an answer.
type Inspector struct {
	keys []TrustedKey
}

// NewInspector returns an inspector that trusts keys: the current one and those it replaced.
func NewInspector(keys []TrustedKey) *Inspector { return &Inspector{keys: keys} }

var (
	byteRange = regexp.MustCompile(`/ByteRange\s*\[\s*(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s+(\d{1,12})\s*\]`)
	// The subjects the renderer gives its documents (newDoc), and what each document is.
	subjects = []struct {
		prefix, document string
	}{{"TTT Verify CIS for certificate ", "Client Information Sheet"}, {"TTT Verify certificate ", "Certificate of Verification"}}
	oidSigningTime = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 5}
)

// signature is one signature found in a file.
type signature struct {
	signer  *x509.Certificate
	digests bool // the signed bytes hash to what the signature says
	toEnd   bool // the signed bytes run to the end of the file: nothing was appended
	signed  *time.Time
}

// InspectPDF says whether one of our keys signed data and whether it changed since, and which
// certificate it names.
func (in *Inspector) InspectPDF(data []byte) (application.DocumentProof, error) {
	if !bytes.HasPrefix(bytes.TrimLeft(data[:min(len(data), 1024)], "\x00\t\n\r "), []byte("%PDF-")) {
		return application.DocumentProof{}, application.ErrNotAPDF
	}
	sigs := signatures(data)
	out := application.DocumentProof{Seal: verification.SealForeign}
	for i, s := range sigs {
		key, ours := in.trusted(s.signer)
		if !ours {
			if out.Signer == "" {
				out.Signer = signerName(s.signer)
			}
			continue
		}
		out.Signer, out.TestSignature, out.SignedAt = signerName(s.signer), key.Test, s.signed
		// Ours is the only signature and covers the whole file: anything else was added after us.
		if s.digests && s.toEnd && i == len(sigs)-1 && len(sigs) == 1 {
			out.Seal = verification.SealIntact
			out.Document, out.PublicID = documentIdentity(data)
		} else {
			out.Seal = verification.SealBroken
		}
		return out, nil
	}
	return out, nil
}

func (in *Inspector) trusted(cert *x509.Certificate) (TrustedKey, bool) {
	if cert == nil {
		return TrustedKey{}, false
	}
	pub, ok := cert.PublicKey.(interface{ Equal(crypto.PublicKey) bool })
	if !ok {
		return TrustedKey{}, false
	}
	for _, k := range in.keys {
		if pub.Equal(k.Public) {
			return k, true
		}
	}
	return TrustedKey{}, false
}

// signatures finds every signature in data by its ByteRange: the CMS signature is the hex string
// in the gap between the two signed ranges.
func signatures(data []byte) []signature {
	var out []signature
	for _, m := range byteRange.FindAllSubmatch(data, 16) {
		var r [4]int64
		for i := range r {
			r[i], _ = strconv.ParseInt(string(m[i+1]), 10, 64)
		}
		start1, len1, start2, len2 := r[0], r[1], r[2], r[3]
		size := int64(len(data))
		if start1 != 0 || len1 <= 0 || start2 <= len1+1 || len2 < 0 || start2+len2 > size {
			continue
		}
		p7, err := parseCMS(data[len1:start2])
		if err != nil {
			continue
		}
		s := signature{signer: p7.GetOnlySigner(),
			toEnd: len(bytes.TrimRight(data[start2+len2:], "\r\n\x00 ")) == 0}
		p7.Content = append(append([]byte{}, data[:len1]...), data[start2:start2+len2]...)
		s.digests = p7.Verify() == nil
		var t time.Time
		if p7.UnmarshalSignedAttribute(oidSigningTime, &t) == nil {
			s.signed = &t
		}
		out = append(out, s)
	}
	return out
}

// parseCMS reads the hex string <...> of a signature's Contents; the parser of a hostile file
// must not bring the server down, so a panic is a parse error.
func parseCMS(gap []byte) (p7 *pkcs7.PKCS7, err error) {
	gap = bytes.TrimSpace(gap)
	if len(gap) < 2 || gap[0] != '<' || gap[len(gap)-1] != '>' {
		return nil, fmt.Errorf("no hex string between the signed ranges")
	}
	der, err := hex.DecodeString(string(gap[1 : len(gap)-1]))
	if err != nil {
		return nil, err
	}
	defer func() {
		if r := recover(); r != nil {
			p7, err = nil, fmt.Errorf("malformed signature: %v", r)
		}
	}()
	return pkcs7.Parse(withoutPadding(der))
}

// withoutPadding cuts the zeros a signer pads its signature with to the space reserved for it.
// The cut is where the outer ASN.1 length says the signature ends: a signature's own last byte
// can be zero (one in 256 signatures), so trimming zeros would cut into it.
func withoutPadding(der []byte) []byte {
	var outer asn1.RawValue
	if rest, err := asn1.Unmarshal(der, &outer); err == nil {
		return der[:len(der)-len(rest)]
	}
	return der // BER of indefinite length, or not ASN.1: the parser judges it whole
}

// documentIdentity reads what a document we signed is and which certificate it names, from the
// subject the renderer wrote into its information dictionary.
func documentIdentity(data []byte) (document, publicID string) {
	defer func() { _ = recover() }() // an unreadable dictionary names nothing
	r, err := pdfread.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return "", ""
	}
	subject := r.Trailer().Key("Info").Key("Subject").Text()
	for _, s := range subjects {
		if id, ok := strings.CutPrefix(subject, s.prefix); ok {
			return s.document, strings.TrimSpace(id)
		}
	}
	return "", ""
}

// signerName is how a signature's certificate names its holder: its common name and organisation.
func signerName(c *x509.Certificate) string {
	if c == nil {
		return ""
	}
	name := c.Subject.CommonName
	if len(c.Subject.Organization) > 0 && !strings.Contains(name, c.Subject.Organization[0]) {
		if name != "" {
			name += ", "
		}
		name += c.Subject.Organization[0]
	}
	return name
}

var _ application.PDFSeals = (*Inspector)(nil)
