package application

import (
	"context"
	"fmt"
	"log/slog"
)

// DocumentsService holds the upload, listing, deletion and download use cases.
type DocumentsService struct {
	tx       Transactor
	repo     VerificationRepository
	sections Sections
	docs     Documents
	audit    AuditLog
	blobs    BlobStore
	pending  PendingObjects
	presign  Presigner // nil when the store cannot presign
	clock    Clock
	log      *slog.Logger
	limits   Limits
}

// NewDocuments wires the document use cases. When blobs is also a Presigner, DownloadLink
// hands out links to it.
func NewDocuments(tx Transactor, repo VerificationRepository, sections Sections, docs Documents, audit AuditLog, blobs BlobStore,
	pending PendingObjects, clock Clock, log *slog.Logger) *DocumentsService {
	presign, _ := blobs.(Presigner)
	return &DocumentsService{tx: tx, repo: repo, sections: sections, docs: docs, audit: audit, blobs: blobs, pending: pending,
		presign: presign, clock: clock, log: log, limits: DefaultLimits}
}

// remove marks a document deleted with an audit event; its object stays until FileRetention purges it.
func (s *DocumentsService) remove(ctx context.Context, actor *User, d *Document, why string) error {
	now := s.clock.Now()
	if err := s.docs.Delete(ctx, d.VerificationID, d.ID, now); err != nil {
		return err
	}
	return recordRemoval(ctx, s.audit, actor, d.VerificationID, "delete-document",
		fmt.Sprintf("document %d (%s, %s)%s", d.ID, d.Type, d.Filename, why), now)
}

// WithLimits replaces DefaultLimits for uploads.
func (s *DocumentsService) WithLimits(l Limits) *DocumentsService { s.limits = l.orDefault(); return s }
