package app

import (
	"fmt"
	"log/slog"
	"path/filepath"

	"github.com/tttverify/tttverify/adapters/pdf"
	"github.com/tttverify/tttverify/adapters/signing"
	"github.com/tttverify/tttverify/application"
)

// signatures are the signing key's uses: the PDF signer, the credential issuer, and the check of a
// PDF a counterparty holds against the current and previous keys.
type signatures struct {
	pdfs        *signing.PDFSigner
	credentials *signing.Credentials
	inspector   *pdf.Inspector
}

// openSigning loads the signing key (generating the test key into DATA_DIR on the first start) and
// builds the PDF signer, the credential issuer and the PDF inspector on it. A key that cannot be
// used stops the start with a message naming the variable at fault.
func openSigning(cfg *Config, clock application.Clock, log *slog.Logger) (signatures, error) {
	kc := cfg.Signing
	kc.DataDir, kc.Now = cfg.DataDir, clock.Now
	keys, err := signing.LoadKeys(kc)
	if err != nil {
		return signatures{}, fmt.Errorf("signing key: %w", err)
	}
	credentials, err := signing.NewCredentials(keys, cfg.PublicBaseURL, kc.Operator)
	if err != nil {
		return signatures{}, fmt.Errorf("signing key: %w", err)
	}
	var tsa *signing.TSA
	if cfg.TSAURL != "" {
		tsa = signing.NewTSA(cfg.TSAURL, cfg.TSATimeout)
	}
	attrs := []any{"signer", keys.Name(), "issuer", credentials.Issuer(), "previous_keys", len(keys.Previous),
		"timestamps", cfg.TSAURL != "", "valid_until", keys.Certificate.NotAfter}
	if keys.Test {
		log.Warn("signing with a generated self-signed test certificate: documents say so; set SIGNING_KEY_FILE "+
			"and SIGNING_CERT_FILE or SIGNING_P12_FILE (see docs/operations.md)",
			append(attrs, "key", filepath.Join(cfg.DataDir, signing.GeneratedKeyFile))...)
	} else {
		log.Info("signing key ready", attrs...)
	}
	trusted := []pdf.TrustedKey{{Public: keys.Signer.Public(), Test: keys.Test}}
	for _, c := range keys.Previous {
		trusted = append(trusted, pdf.TrustedKey{Public: c.PublicKey})
	}
	return signatures{pdfs: signing.NewPDFSigner(keys, tsa), credentials: credentials, inspector: pdf.NewInspector(trusted)}, nil
}
