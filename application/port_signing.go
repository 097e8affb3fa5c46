package application

import (
	"context"
	"errors"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
)

// DocumentSigner signs the PDFs the platform issues (PAdES, SHA-256); PDFSeals checks them.
type DocumentSigner interface {
	SignPDF(ctx context.Context, pdf []byte, about PDFSignature) ([]byte, error)
	Signer() SignerInfo
}

// PDFSignature is what a PDF's signature says besides who signed it.
type PDFSignature struct {
	Reason   string
	Location string // the public page of the certificate
	Date     time.Time
}

// SignerInfo is who signs the platform's documents and credentials.
type SignerInfo struct {
	Name string // the certificate's subject
	// Test is set when the signing certificate is the generated self-signed one.
	Test bool
}

// TestSignatureNotice is what a document and the API say when the signature is a test one.
const TestSignatureNotice = "Signed with a test certificate: readers show the signature as valid but not trusted"

// Notice is the line a document signed by this signer carries: TestSignatureNotice for a test
// signature, else nothing.
func (s SignerInfo) Notice() string {
	if s.Test {
		return TestSignatureNotice
	}
	return ""
}

// CredentialIssuer issues the platform's W3C verifiable credentials as JWTs (VC-JOSE-COSE) under
// its did:web identity, publishes that identity's document, and checks a credential against the
// current and previous keys.
type CredentialIssuer interface {
	IssueCertificate(c CertificateCredential) (string, error)
	IssueStatusList(l StatusList) (string, error)
	IssuerDocument() ([]byte, error) // /.well-known/did.json
	VerifyCredential(token string) (VerifiedCredential, error)
	Issuer() string // the issuer's DID
}

// ErrCredentialNotOurs refuses a credential that no key of the platform signed, or one that is
// not a credential at all.
var ErrCredentialNotOurs = errs.Invalid("credential", "This credential was not issued by TTT Verify")

// CertificateCredential is what the credential of an approved certificate states: the public
// certificate's facts and where its revocation status is published.
type CertificateCredential struct {
	Certificate CertificateData
	Status      StatusEntry
}

// StatusEntry is a credential's place in a status list.
type StatusEntry struct {
	Index   int
	ListURL string
}

// StatusList is the revocation list every certificate credential points into: Set are the
// indexes whose certificate no longer vouches.
type StatusList struct {
	URL      string
	Size     int // bits; at least StatusListSize
	Set      []int
	IssuedAt time.Time
}

// StatusListSize is the number of entries of the revocation list: eight times the Bitstring
// Status List's minimum (131,072), so that one list has a place for each certificate of a
// platform of a million verifications with room to draw places at random; a set bit says little
// about which certificate it is. Credentials issued when the list was smaller keep their places.
const StatusListSize = 1 << 20

// ErrStatusListFull is a place in the revocation list refused because random draws keep meeting
// taken places.
var ErrStatusListFull = errors.New("the revocation status list is nearly full")

// VerifiedCredential is a credential whose signature checked out.
type VerifiedCredential struct {
	Payload []byte // the credential's JSON
	KeyID   string
	Current bool // signed with the current key (else a previous one)
}

// CredentialStatuses stores each certificate's place in the revocation list.
type CredentialStatuses interface {
	// Index returns the verification's index, assigning a free one below size on the first call;
	// ErrStatusListFull when no free one is found.
	Index(ctx context.Context, verificationID int64, size int) (int, error)
	// Revoked lists the indexes of certificates that are revoked or deleted.
	Revoked(ctx context.Context) ([]int, error)
}
