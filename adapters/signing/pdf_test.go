package signing

import (
	"bytes"
	"context"
	"testing"
	"time"

	"github.com/digitorus/pdfsign/verify"
	"github.com/go-pdf/fpdf"

	"github.com/tttverify/tttverify/application"
)

func samplePDF(t *testing.T) []byte {
	t.Helper()
	f := fpdf.New("P", "mm", "A4", "")
	f.AddPage()
	f.SetFont("Helvetica", "", 12)
	f.Cell(40, 10, "Certificate of Verification")
	var buf bytes.Buffer
	if err := f.Output(&buf); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestSignPDFMakesAPAdESSignatureOfOurKey: the signature names PAdES's SubFilter, verifies with an
// independent reader over the whole file, and carries our certificate (adapters/pdf's Inspector and
// tests/signing_test.go check what a counterparty sees).
func TestSignPDFMakesAPAdESSignatureOfOurKey(t *testing.T) {
	// The CMS signing time is the real time, which must fall within the certificate's validity.
	ours, err := LoadKeys(KeyConfig{DataDir: t.TempDir(), Operator: "TTT Verify", Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	signed, err := NewPDFSigner(ours, nil).SignPDF(context.Background(), samplePDF(t), application.PDFSignature{Reason: "test", Date: now()})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(signed, padesSubFilter) {
		t.Error("the signature dictionary does not name PAdES's SubFilter")
	}
	opts := verify.DefaultVerifyOptions()
	opts.AllowUntrustedRoots = true
	resp, err := verify.VerifyWithOptions(bytes.NewReader(signed), int64(len(signed)), opts)
	if err != nil || len(resp.Signers) != 1 || !resp.Signers[0].ValidSignature || len(resp.Signers[0].Certificates) == 0 ||
		!resp.Signers[0].Certificates[0].Certificate.Equal(ours.Certificate) {
		t.Fatalf("verify: %+v, %v", resp, err)
	}
}
