package pdf

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/hex"
	"errors"
	"math/big"
	"strconv"
	"testing"
	"time"

	pdfread "github.com/digitorus/pdf"
	"github.com/digitorus/pdfsign/sign"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// signer is a key and a self-signed certificate naming its holder.
type signer struct {
	key  *ecdsa.PrivateKey
	cert *x509.Certificate
}

func newSigner(t *testing.T, name string) signer {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: name, Organization: []string{name}},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().AddDate(1, 0, 0),
		KeyUsage: x509.KeyUsageDigitalSignature, UnknownExtKeyUsage: []asn1.ObjectIdentifier{{1, 3, 6, 1, 5, 5, 7, 3, 36}}}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return signer{key, cert}
}

// sign signs a PDF as pdfsign does for PAdES B-B: CMS detached, SHA-256.
func (s signer) sign(t *testing.T, doc []byte) []byte {
	t.Helper()
	rdr, err := pdfread.NewReader(bytes.NewReader(doc), int64(len(doc)))
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err = sign.Sign(bytes.NewReader(doc), &out, rdr, int64(len(doc)), sign.SignData{
		Signature: sign.SignDataSignature{Info: sign.SignDataSignatureInfo{Name: s.cert.Subject.CommonName, Date: time.Now()},
			CertType: sign.CertificationSignature, DocMDPPerm: sign.DoNotAllowAnyChangesPerms},
		Signer: s.key, DigestAlgorithm: crypto.SHA256, Certificate: s.cert,
	})
	if err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func TestInspectorTellsOurIntactDocumentsFromChangedAndForeignOnes(t *testing.T) {
	ours, previous, stranger := newSigner(t, "TTT Verify"), newSigner(t, "TTT Verify 2025"), newSigner(t, "Forgers Ltd")
	in := NewInspector([]TrustedKey{{Public: ours.cert.PublicKey, Test: true}, {Public: previous.cert.PublicKey}})
	certificate, err := New().Certificate(fixtureCertificate())
	if err != nil {
		t.Fatal(err)
	}
	cis, err := New().CIS(fixtureCIS())
	if err != nil {
		t.Fatal(err)
	}
	signedCert, signedCIS := ours.sign(t, certificate), previous.sign(t, cis)

	inspect := func(data []byte) application.DocumentProof {
		t.Helper()
		p, err := in.InspectPDF(data)
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	got := inspect(signedCert)
	if got.Seal != verification.SealIntact || got.Document != "Certificate of Verification" || got.PublicID != fixtureID ||
		got.Signer != "TTT Verify" || !got.TestSignature || got.SignedAt == nil {
		t.Errorf("our certificate: %+v", got)
	}
	if got := inspect(signedCIS); got.Seal != verification.SealIntact || got.Document != "Client Information Sheet" ||
		got.PublicID != fixtureID || got.TestSignature {
		t.Errorf("a CIS signed with the previous key: %+v", got)
	}

	// One byte of the page content changed: the company name on the page.
	i := bytes.Index(signedCert, []byte("stream\n"))
	changed := bytes.Clone(signedCert)
	changed[i+len("stream\n")+10] ^= 0x01
	if got := inspect(changed); got.Seal != verification.SealBroken || got.PublicID != "" {
		t.Errorf("one byte changed: %+v", got)
	}
	// An incremental update appended after the signature.
	appended := append(bytes.Clone(signedCert), []byte("\n1 0 obj\n<< /Subject (TTT Verify certificate SOMEONE-ELSE) >>\nendobj\n%%EOF\n")...)
	if got := inspect(appended); got.Seal != verification.SealBroken {
		t.Errorf("an update appended: %+v", got)
	}
	// Signed again on top by someone else.
	if got := inspect(stranger.sign(t, signedCert)); got.Seal != verification.SealBroken {
		t.Errorf("countersigned by a stranger: %+v", got)
	}
	if got := inspect(stranger.sign(t, certificate)); got.Seal != verification.SealForeign || got.Signer != "Forgers Ltd" ||
		got.PublicID != "" {
		t.Errorf("signed by a stranger: %+v", got)
	}
	if got := inspect(certificate); got.Seal != verification.SealForeign || got.Signer != "" {
		t.Errorf("unsigned: %+v", got)
	}
	if _, err := in.InspectPDF([]byte("GIF89a not a pdf")); !errors.Is(err, application.ErrNotAPDF) {
		t.Errorf("not a PDF: %v", err)
	}
	// Hostile or cut-off files get an answer, never a panic.
	for n := 0; n < len(signedCert); n += len(signedCert) / 97 {
		if _, err := in.InspectPDF(signedCert[:n]); err != nil && !errors.Is(err, application.ErrNotAPDF) {
			t.Fatalf("cut at %d: %v", n, err)
		}
	}
	broken := bytes.ReplaceAll(bytes.Clone(signedCert), []byte("/Contents<30"), []byte("/Contents<ZZ"))
	if got := inspect(broken); got.Seal != verification.SealForeign {
		t.Errorf("a signature that is no CMS: %+v", got)
	}
}

// TestInspectorReadsASignatureEndingInAZeroByte: the signature is padded with zeros to its
// reserved space, and one signature in 256 ends in a zero byte of its own; such a document is as
// intact as any other.
func TestInspectorReadsASignatureEndingInAZeroByte(t *testing.T) {
	ours := newSigner(t, "TTT Verify")
	in := NewInspector([]TrustedKey{{Public: ours.cert.PublicKey}})
	certificate, err := New().Certificate(fixtureCertificate())
	if err != nil {
		t.Fatal(err)
	}
	// ECDSA signatures are random, so signing again gives a zero last byte within a few hundred
	// tries; 4,000 misses all of them once in 10^6 runs.
	for try := 0; try < 4000; try++ {
		signed := ours.sign(t, certificate)
		if !endsInZero(t, signed) {
			continue
		}
		if got, err := in.InspectPDF(signed); err != nil || got.Seal != verification.SealIntact || got.PublicID != fixtureID {
			t.Fatalf("a signature ending in a zero byte (try %d): %+v %v", try, got, err)
		}
		return
	}
	t.Fatal("no signature ended in a zero byte in 4,000 tries")
}

// endsInZero says whether the CMS signature in a signed PDF ends in a zero byte before its padding.
func endsInZero(t *testing.T, signed []byte) bool {
	t.Helper()
	m := byteRange.FindSubmatch(signed)
	if m == nil {
		t.Fatal("no ByteRange")
	}
	len1, _ := strconv.Atoi(string(m[2]))
	start2, _ := strconv.Atoi(string(m[3]))
	gap := bytes.TrimSpace(signed[len1:start2])
	der, err := hex.DecodeString(string(gap[1 : len(gap)-1]))
	if err != nil {
		t.Fatal(err)
	}
	var outer asn1.RawValue
	rest, err := asn1.Unmarshal(der, &outer)
	if err != nil {
		t.Fatal(err)
	}
	return der[len(der)-len(rest)-1] == 0
}
