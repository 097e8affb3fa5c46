package application

import (
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// CertificateData is what a certificate shows; its fingerprint covers the canonical content.
type CertificateData struct {
	CertificateID      string // the public id
	PublicURL          string // PUBLIC_BASE_URL/v/{publicId}, encoded in the QR code
	VerifyURL          string // PUBLIC_BASE_URL/verify, where anyone checks the PDF itself
	CompanyName        string
	RegistrationNumber string
	Country            string
	RegisteredAddress  string
	Email              string
	TierLabel          string                          // "Basic" or "Top Tier"
	Checks             []verification.CertificateCheck // only the checks that ran
	IssuedAt           time.Time
	ExpiresAt          time.Time
	Fingerprint        string // hex SHA-256 of the canonical content
	// SignedBy names who signs the PDF; SignatureNotice is printed when the signature is a test one.
	SignedBy        string
	SignatureNotice string
	// Credential is the certificate's verifiable credential (a JWT), which the certificate PDF
	// carries as an attached file; empty on the CIS.
	Credential string
}

// CISData is what a Client Information Sheet shows.
type CISData struct {
	Certificate     CertificateData
	Company         CompanyRecord
	Representatives []RepresentativeRecord
	// Ownership is a Top verification's beneficial owners or declaration; nil for Basic.
	Ownership   *Ownership
	Banking     *BankingRecord
	Trade       *TradeRecord
	Documents   []Document
	GeneratedAt time.Time
	// SharedCopy marks the copy a share link serves, whose identity and account numbers are masked.
	SharedCopy bool
}

// ForCounterparty is the copy of the sheet a share link serves: passport numbers, dates of birth
// and account numbers masked, and beneficial owners' names shown as initials, in their section and
// on their identity documents.
func (d CISData) ForCounterparty() CISData {
	reps := make([]RepresentativeRecord, len(d.Representatives))
	for i, r := range d.Representatives {
		r.Representative = r.ForCounterparty()
		reps[i] = r
	}
	d.Representatives = reps
	if d.Ownership != nil {
		o := *d.Ownership
		o.Owners = make([]OwnerRecord, len(d.Ownership.Owners))
		for i, rec := range d.Ownership.Owners {
			rec.BeneficialOwner = rec.ForCounterparty()
			o.Owners[i] = rec
		}
		d.Ownership = &o
	}
	docs := make([]Document, len(d.Documents))
	for i, doc := range d.Documents {
		if doc.OfBeneficialOwner {
			doc.Owner = verification.Initials(doc.Owner)
		}
		docs[i] = doc
	}
	d.Documents = docs
	if d.Banking != nil {
		b := *d.Banking
		b.BankingInfo = b.ForCounterparty()
		d.Banking = &b
	}
	d.SharedCopy = true
	return d
}

// DocumentRenderer renders the PDFs the platform issues.
type DocumentRenderer interface {
	Certificate(d CertificateData) ([]byte, error)
	CIS(d CISData) ([]byte, error)
}
