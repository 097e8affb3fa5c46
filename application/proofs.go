package application

import (
	"context"
)

// Proofs checks a document a counterparty holds (a certificate or CIS PDF, a credential, or a
// certificate ID) against our keys and the certificate's live status: the "Verify a document" page.
type Proofs struct {
	pdfs        PDFSeals
	credentials CredentialSeals
	public      PublicCertificates
}

// PublicCertificates finds a certificate's public facts and live status (Certificates.Public).
type PublicCertificates interface {
	Public(ctx context.Context, publicID string) (*PublicCertificate, error)
}

// ProofsDeps are what the document check needs; every field is required.
type ProofsDeps struct {
	PDFs        PDFSeals
	Credentials CredentialSeals
	Public      PublicCertificates
}

// NewProofs wires the document check.
func NewProofs(d ProofsDeps) *Proofs {
	return &Proofs{pdfs: d.PDFs, credentials: d.Credentials, public: d.Public}
}
