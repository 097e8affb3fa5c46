package application

import (
	"log/slog"
)

// DocumentsService holds the upload, listing, deletion and download use cases.
type DocumentsService struct {
	tx       Transactor
	repo     VerificationRepository
	sections Sections
	docs     Documents
	blobs    BlobStore
	presign  Presigner // nil when the store cannot presign
	clock    Clock
	log      *slog.Logger
	limits   Limits
}

// NewDocuments wires the document use cases. When blobs is also a Presigner, DownloadLink
// hands out links to it.
func NewDocuments(tx Transactor, repo VerificationRepository, sections Sections, docs Documents, blobs BlobStore,
	clock Clock, log *slog.Logger) *DocumentsService {
	presign, _ := blobs.(Presigner)
	return &DocumentsService{tx: tx, repo: repo, sections: sections, docs: docs, blobs: blobs, presign: presign, clock: clock, log: log,
		limits: DefaultLimits}
}

func (s *DocumentsService) removeObject(key string) {
	s.Discard(&StoredFile{Key: key})
}
