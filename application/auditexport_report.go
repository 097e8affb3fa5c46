package application

import (
	"bytes"
	"context"
	"fmt"
	"io"
)

// AuditReport renders a verification's audit trail and screening decisions as a PDF signed by the
// platform, like its certificates, so that a reader can tell it was not changed. The export is
// recorded as an administrator's event.
func (s *AuditExport) AuditReport(ctx context.Context, actor *User, id int64) (*File, error) {
	t, err := s.trail(ctx, actor, id)
	if err != nil {
		return nil, err
	}
	signer := s.signer.Signer()
	t.SignedBy, t.SignatureNotice = signer.Name, signer.Notice()
	pdf, err := s.renderer.AuditReport(*t)
	if err != nil {
		return nil, fmt.Errorf("render audit report of %d: %w", id, err)
	}
	signed, err := s.signer.SignPDF(ctx, pdf, PDFSignature{Reason: fmt.Sprintf("Audit report of verification %d issued by TTT Verify", id),
		Location: "TTT Verify", Date: t.GeneratedAt})
	if err != nil {
		return nil, fmt.Errorf("sign audit report of %d: %w", id, err)
	}
	if err := s.exported(ctx, actor, fmt.Sprintf("audit report of verification %d (PDF)", id)); err != nil {
		return nil, err
	}
	return &File{Content: io.NopCloser(bytes.NewReader(signed)), Name: fmt.Sprintf("audit-report-%d.pdf", id),
		ContentType: "application/pdf", Size: int64(len(signed))}, nil
}
