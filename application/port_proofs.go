package application

import (
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// PDFSeals reads what a PDF proves about itself without our database: whether one of our keys
// signed it and it is unchanged since, and which certificate it names. The verdict adds the
// certificate's live status.
type PDFSeals interface {
	// InspectPDF reads a PDF's signature; ErrNotAPDF when the bytes are no PDF at all.
	InspectPDF(data []byte) (DocumentProof, error)
}

// CredentialSeals does the same for a verifiable credential in its JWT form; anything that is not
// one of ours, a malformed token included, is SealForeign.
type CredentialSeals interface {
	InspectCredential(token string) (DocumentProof, error)
}

// ErrNotAPDF refuses an upload to the document check that is not a PDF.
var ErrNotAPDF = errs.Invalid("file", "This file is not a PDF. Upload the certificate or CIS as you received it, or paste a credential or certificate ID.")

// DocumentProof is what a document says about its origin.
type DocumentProof struct {
	Seal verification.Seal
	// Document is what the document is ("Certificate of Verification", "Client Information
	// Sheet", "Verifiable credential"); empty when it does not say.
	Document string
	PublicID string // the certificate the document names; empty when none could be read
	Signer   string // who signed it: the signing certificate's subject, or a credential's key
	SignedAt *time.Time
	// TestSignature: signed with the key the server made for itself, which no PDF reader trusts.
	TestSignature bool
}
