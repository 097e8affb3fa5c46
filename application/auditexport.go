package application

import "context"

// AuditExport turns the audit log into what a regulator reads: one verification's trail and
// screening decisions as data (AuditTrail) or a signed PDF (AuditReport), and every event of a
// date range (AuditRange). Administrators only; each export is itself recorded.
type AuditExport struct {
	tx        Transactor
	trails    AuditTrailReads
	screening AuditScreeningReads
	archive   AuditArchive
	renderer  AuditReportRenderer
	signer    DocumentSigner
	clock     Clock
}

// AuditTrailReads are the reads of one verification an audit export starts from; Admin has them.
type AuditTrailReads interface {
	Get(ctx context.Context, actor *User, id int64) (*VerificationListItem, error)
	Events(ctx context.Context, actor *User, id int64) ([]AuditEvent, error)
}

// AuditScreeningReads is the screening of one verification as a reviewer sees it; TopChecks has it.
type AuditScreeningReads interface {
	Screening(ctx context.Context, actor *User, id int64) (*ScreeningView, error)
}

// AuditExportDeps are AuditExport's collaborators.
type AuditExportDeps struct {
	Tx        Transactor
	Trails    AuditTrailReads
	Screening AuditScreeningReads
	Archive   AuditArchive
	Renderer  AuditReportRenderer
	Signer    DocumentSigner
	Clock     Clock
}

// NewAuditExport wires the audit exports.
func NewAuditExport(d AuditExportDeps) *AuditExport {
	return &AuditExport{tx: d.Tx, trails: d.Trails, screening: d.Screening, archive: d.Archive, renderer: d.Renderer,
		signer: d.Signer, clock: d.Clock}
}

// exported records that actor exported what; it is an administrator's event, so that a
// verification's own trail stays what happened to the verification.
func (s *AuditExport) exported(ctx context.Context, actor *User, what string) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		return s.archive.RecordAdmin(ctx, AuditEvent{ActorID: actor.ID, ActorEmail: actor.Email, Action: "audit.exported",
			Reason: what, CreatedAt: s.clock.Now()})
	})
}
