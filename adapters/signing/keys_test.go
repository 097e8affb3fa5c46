package signing

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"software.sslmate.com/src/go-pkcs12"
)

var now = func() time.Time { return time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC) }

// issued is a key and its certificate, issued by a CA whose certificate is returned too.
func issued(t *testing.T, cn string) (*ecdsa.PrivateKey, *x509.Certificate, *x509.Certificate) {
	t.Helper()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	caName := pkix.Name{CommonName: "Test CA"}
	caTmpl := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: caName, NotBefore: now().AddDate(-1, 0, 0),
		NotAfter: now().AddDate(5, 0, 0), IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, caKey.Public(), caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: cn}, NotBefore: now().AddDate(-1, 0, 0),
		NotAfter: now().AddDate(2, 0, 0), KeyUsage: x509.KeyUsageDigitalSignature}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, key.Public(), caKey)
	if err != nil {
		t.Fatal(err)
	}
	cert, _ := x509.ParseCertificate(der)
	return key, cert, ca
}

func writePEM(t *testing.T, dir, name string, blocks ...*pem.Block) string {
	t.Helper()
	var b []byte
	for _, bl := range blocks {
		b = append(b, pem.EncodeToMemory(bl)...)
	}
	file := filepath.Join(dir, name)
	if err := os.WriteFile(file, b, 0o600); err != nil {
		t.Fatal(err)
	}
	return file
}

func certBlock(c *x509.Certificate) *pem.Block { return &pem.Block{Type: "CERTIFICATE", Bytes: c.Raw} }

func keyBlock(t *testing.T, k *ecdsa.PrivateKey) *pem.Block {
	der, err := x509.MarshalECPrivateKey(k)
	if err != nil {
		t.Fatal(err)
	}
	return &pem.Block{Type: "EC PRIVATE KEY", Bytes: der}
}

func TestLoadKeysFromPEMWithTheChain(t *testing.T) {
	dir := t.TempDir()
	key, cert, ca := issued(t, "Operator Ltd seal")
	k, err := LoadKeys(KeyConfig{KeyFile: writePEM(t, dir, "k.pem", keyBlock(t, key)),
		CertFile: writePEM(t, dir, "c.pem", certBlock(cert), certBlock(ca)), DataDir: dir, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if k.Test || k.Name() != "Operator Ltd seal" || len(k.Chain) != 1 || !k.Chain[0].Equal(ca) {
		t.Errorf("keys %+v: want the operator's certificate with the CA after it, not a test key", k)
	}
}

func TestLoadKeysFromPKCS12(t *testing.T) {
	dir := t.TempDir()
	key, cert, ca := issued(t, "Operator Ltd seal")
	p12, err := pkcs12.Modern.Encode(key, cert, []*x509.Certificate{ca}, "s3cret")
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(dir, "seal.p12")
	if err := os.WriteFile(file, p12, 0o600); err != nil {
		t.Fatal(err)
	}
	k, err := LoadKeys(KeyConfig{P12File: file, P12Password: "s3cret", DataDir: dir, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if k.Test || !k.Certificate.Equal(cert) || len(k.Chain) != 1 {
		t.Errorf("keys %+v: want the P12's certificate and chain", k)
	}
	_, err = LoadKeys(KeyConfig{P12File: file, P12Password: "wrong", DataDir: dir, Now: now})
	if err == nil || !strings.Contains(err.Error(), "SIGNING_P12_PASSWORD") {
		t.Errorf("a wrong password: %v, want an error naming SIGNING_P12_PASSWORD", err)
	}
}

// TestBadKeyFilesStopTheStart: each mistake is refused with a message naming the variable.
func TestBadKeyFilesStopTheStart(t *testing.T) {
	dir := t.TempDir()
	key, cert, _ := issued(t, "Operator")
	other, _, _ := issued(t, "Other")
	keyFile, certFile := writePEM(t, dir, "k.pem", keyBlock(t, key)), writePEM(t, dir, "c.pem", certBlock(cert))
	garbage := filepath.Join(dir, "garbage")
	_ = os.WriteFile(garbage, []byte("not a key"), 0o600)
	for name, tc := range map[string]struct {
		cfg  KeyConfig
		want string
	}{
		"key without certificate": {KeyConfig{KeyFile: keyFile}, "set both SIGNING_KEY_FILE and SIGNING_CERT_FILE"},
		"both kinds":              {KeyConfig{KeyFile: keyFile, CertFile: certFile, P12File: garbage}, "not both"},
		"missing key file":        {KeyConfig{KeyFile: filepath.Join(dir, "nope"), CertFile: certFile}, "read SIGNING_KEY_FILE"},
		"key not PEM":             {KeyConfig{KeyFile: garbage, CertFile: certFile}, "SIGNING_KEY_FILE " + garbage + " holds no PEM block"},
		"certificate not PEM":     {KeyConfig{KeyFile: keyFile, CertFile: garbage}, "SIGNING_CERT_FILE: " + garbage + " holds no PEM certificate"},
		"certificate of another key": {KeyConfig{KeyFile: writePEM(t, dir, "o.pem", keyBlock(t, other)), CertFile: certFile},
			"the certificate is not the key's"},
		"P12 not PKCS#12":  {KeyConfig{P12File: garbage}, "SIGNING_P12_FILE " + garbage},
		"previous not PEM": {KeyConfig{KeyFile: keyFile, CertFile: certFile, PreviousCertFiles: []string{garbage}}, "SIGNING_PREVIOUS_CERT_FILES"},
	} {
		tc.cfg.DataDir, tc.cfg.Now = dir, now
		if _, err := LoadKeys(tc.cfg); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", name, err, tc.want)
		}
	}
}

// TestTestKeyIsGeneratedOnce: without a configured key one is generated into DATA_DIR, named after
// the operator and marked a test key, and the next start reads the same one.
func TestTestKeyIsGeneratedOnce(t *testing.T) {
	dir := t.TempDir()
	first, err := LoadKeys(KeyConfig{DataDir: dir, Operator: "Acme Verify", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if !first.Test || first.Name() != "Acme Verify (test signature)" {
		t.Fatalf("generated %q (test %v)", first.Name(), first.Test)
	}
	if info, err := os.Stat(filepath.Join(dir, GeneratedKeyFile)); err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("generated key file: %v %v", info, err)
	}
	again, err := LoadKeys(KeyConfig{DataDir: dir, Operator: "Acme Verify", Now: now})
	if err != nil {
		t.Fatal(err)
	}
	if !again.Test || !again.Certificate.Equal(first.Certificate) {
		t.Error("the second start made another key")
	}
}
