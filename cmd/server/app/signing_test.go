package app

import (
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/application"
)

// TestStartRefusesAnUnusableSigningKey: a key file that cannot be read as a key stops the start
// with a message naming the variable, before anything else is opened.
func TestStartRefusesAnUnusableSigningKey(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "seal.key")
	if err := os.WriteFile(bad, []byte("-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	cfg := configFrom(t, "DATA_DIR="+dir, "SIGNING_KEY_FILE="+bad, "SIGNING_CERT_FILE="+bad)
	_, err := Wire(t.Context(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err == nil || !strings.HasPrefix(err.Error(), "signing key: SIGNING_KEY_FILE "+bad+": not a PKCS#8") {
		t.Fatalf("start: %v, want a refusal naming SIGNING_KEY_FILE", err)
	}
	if _, err := os.Stat(filepath.Join(dir, "ttt-verify.db")); !os.IsNotExist(err) {
		t.Error("the database was opened before the key was checked")
	}
}

// TestGeneratedTestKeyIsLogged: with no key configured the start says it signs with a test
// certificate named after the operator.
func TestGeneratedTestKeyIsLogged(t *testing.T) {
	var logs strings.Builder
	cfg := configFrom(t, "DATA_DIR="+t.TempDir(), "OPERATOR_NAME=Acme Trust")
	signed, err := openSigning(cfg, application.SystemClock{}, slog.New(slog.NewTextHandler(&logs, nil)))
	if err != nil {
		t.Fatal(err)
	}
	if info := signed.pdfs.Signer(); !info.Test || info.Name != "Acme Trust (test signature)" {
		t.Errorf("signer %+v", info)
	}
	if !strings.Contains(logs.String(), "signing with a generated self-signed test certificate") {
		t.Errorf("start logs %q", logs.String())
	}
}
