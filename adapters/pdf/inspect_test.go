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
	"errors"
	"math/big"
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
