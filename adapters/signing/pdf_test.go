package signing

import (
	"bytes"
	"context"
	"testing"
	"time"

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

// TestVerifyPDFKnowsOurSignatureAndAChange: what a later "verify a document" check relies on.
func TestVerifyPDFKnowsOurSignatureAndAChange(t *testing.T) {
	// The CMS signing time is the real time, which must fall within the certificate's validity.
	ours, err := LoadKeys(KeyConfig{DataDir: t.TempDir(), Operator: "TTT Verify", Now: time.Now})
	if err != nil {
		t.Fatal(err)
	}
	signer := NewPDFSigner(ours, nil)
	signed, err := signer.SignPDF(context.Background(), samplePDF(t), application.PDFSignature{Reason: "test", Date: now()})
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(signed, padesSubFilter) {
		t.Error("the signature dictionary does not name PAdES's SubFilter")
	}
	check, err := signer.VerifyPDF(signed)
	if err != nil || !check.Signed || !check.Intact || !check.Ours || check.SignerName != "TTT Verify (test signature)" {
		t.Fatalf("fresh: %+v %v", check, err)
	}
	changed := bytes.Clone(signed)
	changed[bytes.Index(changed, []byte("stream\n"))+12] ^= 1
	if check, _ := signer.VerifyPDF(changed); !check.Signed || check.Intact {
		t.Errorf("changed: %+v, want signed but not intact", check)
	}
	if check, _ := signer.VerifyPDF(append(bytes.Clone(signed), []byte("\n% appended\n")...)); check.Intact {
		t.Errorf("appended: %+v, want not intact", check)
	}
	theirs, _ := LoadKeys(KeyConfig{DataDir: t.TempDir(), Operator: "Someone", Now: time.Now})
	if check, _ := NewPDFSigner(theirs, nil).VerifyPDF(signed); check.Ours {
		t.Error("another key's signer calls our signature its own")
	}
	if check, _ := signer.VerifyPDF(samplePDF(t)); check.Signed {
		t.Error("an unsigned PDF reads as signed")
	}
}
