package signing

import (
	"bytes"
	"context"
	"crypto"
	"crypto/sha256"
	"crypto/x509"
	"encoding/asn1"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"

	"github.com/digitorus/pdf"
	"github.com/digitorus/pdfsign/sign"
	"github.com/digitorus/pkcs7"
	"github.com/digitorus/timestamp"
	"golang.org/x/crypto/cryptobyte"
	cryptobyte_asn1 "golang.org/x/crypto/cryptobyte/asn1"

	"github.com/tttverify/tttverify/application"
)

// PDFSigner signs PDFs with the platform's key: a certification signature (no changes allowed)
// whose CMS is detached, SHA-256, with the ESS signing-certificate-v2 attribute and SubFilter
// ETSI.CAdES.detached (PAdES baseline B-B), and an RFC 3161 timestamp when a TSA is set (B-T).
type PDFSigner struct {
	keys *Keys
	tsa  *TSA // nil: no timestamp
}

var _ application.DocumentSigner = (*PDFSigner)(nil)

// NewPDFSigner signs with keys, timestamping through tsa unless it is nil.
func NewPDFSigner(keys *Keys, tsa *TSA) *PDFSigner { return &PDFSigner{keys: keys, tsa: tsa} }

// Signer says who signs.
func (s *PDFSigner) Signer() application.SignerInfo {
	return application.SignerInfo{Name: s.keys.Name(), Test: s.keys.Test}
}

// tsaReserve is room kept in the signature for a timestamp token (a token with the TSA's chain).
const tsaReserve = 9000

// SignPDF signs doc. pdfsign writes the incremental update with its signature dictionary; the
// SubFilter is then set to PAdES's (same length, so the byte range stands) and the CMS made again
// over the final bytes, here, so that the timestamp request has a timeout and retries.
func (s *PDFSigner) SignPDF(ctx context.Context, doc []byte, about application.PDFSignature) ([]byte, error) {
	rdr, err := pdf.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		return nil, fmt.Errorf("read pdf to sign: %w", err)
	}
	chain := append([]*x509.Certificate{s.keys.Certificate}, s.keys.Chain...)
	var out bytes.Buffer
	base := hex.EncodedLen(1024)
	if s.tsa != nil {
		base += hex.EncodedLen(tsaReserve)
	}
	sc := sign.SignContext{PDFReader: rdr, InputFile: bytes.NewReader(doc), OutputFile: &out,
		SignatureMaxLengthBase: uint32(base), //nolint:gosec // G115: a few kilobytes
		SignData: sign.SignData{Signer: s.keys.Signer, Certificate: s.keys.Certificate, DigestAlgorithm: crypto.SHA256,
			CertificateChains: [][]*x509.Certificate{chain},
			Signature: sign.SignDataSignature{CertType: sign.CertificationSignature, DocMDPPerm: sign.DoNotAllowAnyChangesPerms,
				Info: sign.SignDataSignatureInfo{Name: s.keys.Name(), Reason: about.Reason, Location: about.Location,
					Date: about.Date}}}}
	if err := sc.SignPDF(); err != nil {
		return nil, fmt.Errorf("sign pdf: %w", err)
	}
	signed := out.Bytes()
	if err := s.resign(ctx, signed); err != nil {
		return nil, err
	}
	return signed, nil
}

var (
	adbeSubFilter  = []byte("/SubFilter /adbe.pkcs7.detached")
	padesSubFilter = []byte("/SubFilter /ETSI.CAdES.detached")
)

// resign switches the last signature to PAdES's SubFilter and writes a CMS over the bytes its
// byte range covers into its /Contents, in place.
func (s *PDFSigner) resign(ctx context.Context, signed []byte) error {
	at := bytes.LastIndex(signed, adbeSubFilter)
	if at < 0 {
		return errors.New("sign pdf: no signature dictionary written")
	}
	copy(signed[at:], padesSubFilter)
	br, err := byteRange(signed[at:])
	if err != nil {
		return err
	}
	if br[0] != 0 || br[1] >= br[2] || br[2]+br[3] != len(signed) {
		return fmt.Errorf("sign pdf: unexpected byte range %v", br)
	}
	content := append(append([]byte{}, signed[:br[1]]...), signed[br[2]:]...)
	cms, err := s.cms(ctx, content)
	if err != nil {
		return err
	}
	room := br[2] - br[1] - 2 // between < and >
	encoded := hex.EncodeToString(cms)
	if len(encoded) > room {
		return fmt.Errorf("sign pdf: the signature (%d bytes) does not fit the %d reserved", len(cms), room/2)
	}
	copy(signed[br[1]+1:], encoded)
	copy(signed[br[1]+1+len(encoded):br[2]-1], bytes.Repeat([]byte("0"), room-len(encoded)))
	return nil
}

// byteRange reads the /ByteRange array that follows in dict.
func byteRange(dict []byte) ([4]int, error) {
	var br [4]int
	i := bytes.Index(dict, []byte("/ByteRange"))
	if i < 0 {
		return br, errors.New("sign pdf: no byte range")
	}
	rest := dict[i+len("/ByteRange"):]
	open, end := bytes.IndexByte(rest, '['), bytes.IndexByte(rest, ']')
	if open < 0 || end < open {
		return br, errors.New("sign pdf: malformed byte range")
	}
	fields := bytes.Fields(rest[open+1 : end])
	if len(fields) != 4 {
		return br, errors.New("sign pdf: malformed byte range")
	}
	for k, f := range fields {
		n, err := strconv.Atoi(string(f))
		if err != nil {
			return br, fmt.Errorf("sign pdf: malformed byte range: %w", err)
		}
		br[k] = n
	}
	return br, nil
}

var (
	oidSHA256             = asn1.ObjectIdentifier{2, 16, 840, 1, 101, 3, 4, 2, 1}
	oidSigningCertV2      = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 2, 47}
	oidTimeStampTokenAttr = asn1.ObjectIdentifier{1, 2, 840, 113549, 1, 9, 16, 2, 14}
)

// cms is the detached CMS SignedData over content, with the signing certificate named by its
// hash (ESS signing-certificate-v2) and, with a TSA, a timestamp of the signature value.
func (s *PDFSigner) cms(ctx context.Context, content []byte) ([]byte, error) {
	sd, err := pkcs7.NewSignedData(content)
	if err != nil {
		return nil, fmt.Errorf("sign pdf: %w", err)
	}
	sd.SetDigestAlgorithm(oidSHA256)
	certHash := sha256.Sum256(s.keys.Certificate.Raw)
	var b cryptobyte.Builder
	b.AddASN1(cryptobyte_asn1.SEQUENCE, func(b *cryptobyte.Builder) { // SigningCertificateV2
		b.AddASN1(cryptobyte_asn1.SEQUENCE, func(b *cryptobyte.Builder) { // certs
			b.AddASN1(cryptobyte_asn1.SEQUENCE, func(b *cryptobyte.Builder) { // ESSCertIDv2, SHA-256 by default
				b.AddASN1OctetString(certHash[:])
			})
		})
	})
	ess, err := b.Bytes()
	if err != nil {
		return nil, err
	}
	cfg := pkcs7.SignerInfoConfig{ExtraSignedAttributes: []pkcs7.Attribute{
		{Type: oidSigningCertV2, Value: asn1.RawValue{FullBytes: ess}}}}
	if err := sd.AddSignerChain(s.keys.Certificate, s.keys.Signer, s.keys.Chain, cfg); err != nil {
		return nil, fmt.Errorf("sign pdf: %w", err)
	}
	sd.Detach()
	if s.tsa != nil {
		info := &sd.GetSignedData().SignerInfos[0]
		token, err := s.tsa.Stamp(ctx, info.EncryptedDigest)
		if err != nil {
			return nil, err
		}
		if err := info.SetUnauthenticatedAttributes([]pkcs7.Attribute{
			{Type: oidTimeStampTokenAttr, Value: asn1.RawValue{FullBytes: token}}}); err != nil {
			return nil, err
		}
	}
	return sd.Finish()
}

// checkToken makes sure a TSA's answer is a timestamp token.
func checkToken(raw []byte) ([]byte, error) {
	ts, err := timestamp.ParseResponse(raw)
	if err != nil {
		return nil, fmt.Errorf("timestamp authority: %w", err)
	}
	return ts.RawToken, nil
}
