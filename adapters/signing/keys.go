// Package signing holds the platform's signing key: it signs the PDFs it issues (PAdES, with
// digitorus/pdfsign) and its verifiable credentials (JWTs, with go-jose), and checks both against
// the current and the previous keys.
package signing

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"math/big"
	"os"
	"path/filepath"
	"time"

	"software.sslmate.com/src/go-pkcs12"
)

// KeyConfig says where the key and certificate come from: a PEM pair, a PKCS#12 file, or neither
// (a test key generated once into DataDir).
type KeyConfig struct {
	KeyFile, CertFile    string // PEM; the chain may follow the certificate
	P12File, P12Password string
	PreviousCertFiles    []string // certificates of earlier keys, still accepted when checking
	DataDir              string
	Operator             string // names the generated certificate
	Now                  func() time.Time
}

// Keys is the platform's signing key, its certificate and chain, and the certificates of the keys
// it replaced.
type Keys struct {
	Signer      crypto.Signer
	Certificate *x509.Certificate
	Chain       []*x509.Certificate // issuers above Certificate, nearest first
	Previous    []*x509.Certificate
	// Test is set for the generated self-signed certificate, which no reader trusts.
	Test bool
}

// Generated key files in DATA_DIR.
const (
	GeneratedKeyFile  = "signing.key"
	GeneratedCertFile = "signing.crt"
)

// LoadKeys reads the configured key and certificate, or generates the test key into DataDir on the
// first start and reads it back afterwards. Errors name the file and what is wrong with it.
func LoadKeys(c KeyConfig) (*Keys, error) {
	var (
		k   *Keys
		err error
	)
	switch {
	case c.P12File != "" && (c.KeyFile != "" || c.CertFile != ""):
		return nil, errors.New("set SIGNING_P12_FILE or SIGNING_KEY_FILE and SIGNING_CERT_FILE, not both")
	case c.P12File != "":
		k, err = loadP12(c.P12File, c.P12Password)
	case c.KeyFile != "" || c.CertFile != "":
		if c.KeyFile == "" || c.CertFile == "" {
			return nil, errors.New("set both SIGNING_KEY_FILE and SIGNING_CERT_FILE, or neither")
		}
		k, err = loadPEM(c.KeyFile, c.CertFile)
	default:
		k, err = generated(c)
	}
	if err != nil {
		return nil, err
	}
	for _, f := range c.PreviousCertFiles {
		certs, err := readCertificates(f)
		if err != nil {
			return nil, fmt.Errorf("SIGNING_PREVIOUS_CERT_FILES: %w", err)
		}
		k.Previous = append(k.Previous, certs[0])
	}
	return k, nil
}

func loadPEM(keyFile, certFile string) (*Keys, error) {
	raw, err := os.ReadFile(keyFile) //nolint:gosec // G304: the operator's own setting
	if err != nil {
		return nil, fmt.Errorf("read SIGNING_KEY_FILE: %w", err)
	}
	block, _ := pem.Decode(raw)
	if block == nil {
		return nil, fmt.Errorf("SIGNING_KEY_FILE %s holds no PEM block", keyFile)
	}
	key, err := parsePrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("SIGNING_KEY_FILE %s: %w", keyFile, err)
	}
	certs, err := readCertificates(certFile)
	if err != nil {
		return nil, fmt.Errorf("SIGNING_CERT_FILE: %w", err)
	}
	return keysOf(key, certs[0], certs[1:], "SIGNING_KEY_FILE and SIGNING_CERT_FILE")
}

func loadP12(file, password string) (*Keys, error) {
	raw, err := os.ReadFile(file) //nolint:gosec // G304: the operator's own setting
	if err != nil {
		return nil, fmt.Errorf("read SIGNING_P12_FILE: %w", err)
	}
	key, cert, chain, err := pkcs12.DecodeChain(raw, password)
	if err != nil {
		return nil, fmt.Errorf("SIGNING_P12_FILE %s (is SIGNING_P12_PASSWORD right?): %w", file, err)
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, fmt.Errorf("SIGNING_P12_FILE %s: the key cannot sign", file)
	}
	return keysOf(signer, cert, chain, "SIGNING_P12_FILE")
}

// keysOf checks that the certificate is the key's and that the key is of a kind both signatures
// can use.
func keysOf(key crypto.Signer, cert *x509.Certificate, chain []*x509.Certificate, source string) (*Keys, error) {
	if !publicKeysEqual(key.Public(), cert.PublicKey) {
		return nil, fmt.Errorf("%s: the certificate is not the key's", source)
	}
	switch k := key.Public().(type) {
	case *ecdsa.PublicKey:
		if k.Curve != elliptic.P256() && k.Curve != elliptic.P384() {
			return nil, fmt.Errorf("%s: an ECDSA key must be on P-256 or P-384", source)
		}
	case *rsa.PublicKey:
		if k.N.BitLen() < 2048 {
			return nil, fmt.Errorf("%s: an RSA key must have at least 2048 bits", source)
		}
	default:
		return nil, fmt.Errorf("%s: the key must be ECDSA (P-256, P-384) or RSA", source)
	}
	return &Keys{Signer: key, Certificate: cert, Chain: chain}, nil
}

func parsePrivateKey(der []byte) (crypto.Signer, error) {
	var key any
	var err error
	if key, err = x509.ParsePKCS8PrivateKey(der); err != nil {
		if key, err = x509.ParseECPrivateKey(der); err != nil {
			if key, err = x509.ParsePKCS1PrivateKey(der); err != nil {
				return nil, errors.New("not a PKCS#8, SEC 1 (EC) or PKCS#1 (RSA) private key")
			}
		}
	}
	signer, ok := key.(crypto.Signer)
	if !ok {
		return nil, errors.New("the key cannot sign")
	}
	return signer, nil
}

// readCertificates returns the PEM certificates of file, the first one first.
func readCertificates(file string) ([]*x509.Certificate, error) {
	raw, err := os.ReadFile(file) //nolint:gosec // G304: the operator's own setting
	if err != nil {
		return nil, err
	}
	var certs []*x509.Certificate
	for {
		var block *pem.Block
		block, raw = pem.Decode(raw)
		if block == nil {
			break
		}
		if block.Type != "CERTIFICATE" {
			continue
		}
		cert, err := x509.ParseCertificate(block.Bytes)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", file, err)
		}
		certs = append(certs, cert)
	}
	if len(certs) == 0 {
		return nil, fmt.Errorf("%s holds no PEM certificate", file)
	}
	return certs, nil
}

func publicKeysEqual(a, b crypto.PublicKey) bool {
	k, ok := a.(interface{ Equal(crypto.PublicKey) bool })
	return ok && k.Equal(b)
}

// generated reads the test key from DataDir, making it on the first start: an ECDSA P-256 key and
// a self-signed certificate valid for ten years, named after the operator.
func generated(c KeyConfig) (*Keys, error) {
	keyFile, certFile := filepath.Join(c.DataDir, GeneratedKeyFile), filepath.Join(c.DataDir, GeneratedCertFile)
	if _, err := os.Stat(keyFile); err == nil {
		k, err := loadPEM(keyFile, certFile)
		if err != nil {
			return nil, fmt.Errorf("generated signing key in DATA_DIR: %w", err)
		}
		k.Test = true
		return k, nil
	}
	if err := os.MkdirAll(c.DataDir, 0o700); err != nil {
		return nil, fmt.Errorf("create data directory: %w", err)
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	serial, err := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 120))
	if err != nil {
		return nil, err
	}
	now := c.Now()
	name := pkix.Name{CommonName: c.Operator + " (test signature)", Organization: []string{c.Operator}}
	tmpl := &x509.Certificate{SerialNumber: serial, Subject: name, Issuer: name, NotBefore: now.Add(-time.Hour),
		NotAfter: now.AddDate(10, 0, 0), KeyUsage: x509.KeyUsageDigitalSignature | x509.KeyUsageContentCommitment,
		ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageEmailProtection}, BasicConstraintsValid: true}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		return nil, err
	}
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, err
	}
	// The certificate first: a key without its certificate would stop the next start.
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}), 0o600); err != nil {
		return nil, fmt.Errorf("write generated signing certificate: %w", err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		return nil, fmt.Errorf("write generated signing key: %w", err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		return nil, err
	}
	return &Keys{Signer: key, Certificate: cert, Test: true}, nil
}

// Name is the signer's name as its certificate gives it.
func (k *Keys) Name() string {
	if k.Certificate.Subject.CommonName != "" {
		return k.Certificate.Subject.CommonName
	}
	return k.Certificate.Subject.String()
}
