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
	usage    StorageUsage
	presign  Presigner // nil when the store cannot presign
	clock    Clock
	log      *slog.Logger
	limits   Limits
}

// DocumentsDeps are what the document use cases need; every field but Limits is required.
type DocumentsDeps struct {
	Tx       Transactor
	Repo     VerificationRepository
	Sections Sections
	Docs     Documents
	Audit    AuditLog
	Blobs    BlobStore
	Pending  PendingObjects
	Usage    StorageUsage
	Clock    Clock
	Log      *slog.Logger
	Limits   Limits // a zero field takes DefaultLimits
}

// NewDocuments wires the document use cases. When Blobs is also a Presigner, DownloadLink
// hands out links to it.
func NewDocuments(d DocumentsDeps) *DocumentsService {
	presign, _ := d.Blobs.(Presigner)
	return &DocumentsService{tx: d.Tx, repo: d.Repo, sections: d.Sections, docs: d.Docs, audit: d.Audit, blobs: d.Blobs,
		pending: d.Pending, usage: d.Usage, presign: presign, clock: d.Clock, log: d.Log, limits: d.Limits.orDefault()}
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
