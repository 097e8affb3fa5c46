package application

import (
	"context"
	"time"
)

// AuditArchive reads the audit log by time and keeps the administrators' own events, those about
// no single verification (an export of the log).
type AuditArchive interface {
	// Between calls each, as the rows are read, for every event created in [from, to): the
	// verifications' events and the administrators' events (VerificationID 0), oldest first. An
	// error from each stops the reading and is returned.
	Between(ctx context.Context, from, to time.Time, each func(AuditEvent) error) error
	// RecordAdmin appends an administrator's event; e.Reason is what it was about.
	RecordAdmin(ctx context.Context, e AuditEvent) error
}

// AuditReportRenderer renders a verification's audit report as a PDF.
type AuditReportRenderer interface {
	AuditReport(t AuditTrail) ([]byte, error)
}

// AuditTrail is what a verification's audit export shows: its events, oldest first, and the
// decisions of its screening.
type AuditTrail struct {
	VerificationID int64
	PublicID       string
	CompanyName    string
	OwnerEmail     string
	TierLabel      string
	Status         string
	Events         []AuditEvent
	Decisions      []ScreeningDecision // oldest first
	// Identifiers are the newest check of each identifier (LEI, VAT number, BIC country).
	Identifiers []RegistryCheckRecord
	GeneratedAt time.Time
	GeneratedBy string
	// SignedBy names who signs the PDF report; SignatureNotice is printed for a test signature.
	SignedBy        string
	SignatureNotice string
}

// ScreeningDecision is one reviewer's decision in a verification's screening: on a hit (Outcome
// is the hit status) or the acknowledgement that PEP screening could not run.
type ScreeningDecision struct {
	At         time.Time
	ActorEmail string
	Outcome    string // confirmed_match, false_positive, inconclusive or pep_acknowledged
	Subject    string // the screened person or company; empty for the PEP acknowledgement
	List       string // the list's label
	Entry      string // the listed entry's id and matched name
	Note       string
}
