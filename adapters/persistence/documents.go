package persistence

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/filesignals"
	"github.com/tttverify/tttverify/domain/verification"
)

type documentRow struct {
	bun.BaseModel    `bun:"table:documents,alias:d"`
	ID               int64     `bun:"id,pk,autoincrement"`
	VerificationID   int64     `bun:"verification_id"`
	Type             string    `bun:"type"`
	Filename         string    `bun:"filename"`
	OriginalFilename string    `bun:"original_filename"`
	MimeType         string    `bun:"mime_type"`
	Size             int64     `bun:"size"`
	ObjectPath       string    `bun:"object_path"`
	CreatedAt        time.Time `bun:"created_at"`
	SHA256           *string   `bun:"sha256"`
	FileCreatedAt    time.Time `bun:"file_created_at,nullzero"`
	FileModifiedAt   time.Time `bun:"file_modified_at,nullzero"`
	FileUpdates      int       `bun:"file_updates"`
	FileSoftware     string    `bun:"file_software"`
}

// fileFacts are what the upload read from the file; a row from before it did has no hash.
func (r *documentRow) fileFacts() filesignals.Facts {
	f := filesignals.Facts{Updates: r.FileUpdates, Software: r.FileSoftware}
	if r.SHA256 != nil {
		f.SHA256 = *r.SHA256
	}
	if !r.FileCreatedAt.IsZero() {
		f.Created = r.FileCreatedAt.UTC()
	}
	if !r.FileModifiedAt.IsZero() {
		f.Modified = r.FileModifiedAt.UTC()
	}
	return f
}

func (r *documentRow) toApp() (application.Document, error) {
	t, err := verification.ParseDocumentType(r.Type)
	if err != nil {
		return application.Document{}, err
	}
	return application.Document{ID: r.ID, VerificationID: r.VerificationID, Type: t, Filename: r.Filename,
		OriginalFilename: r.OriginalFilename, MimeType: r.MimeType, Size: r.Size, ObjectPath: r.ObjectPath,
		CreatedAt: r.CreatedAt.UTC(), Facts: r.fileFacts()}, nil
}

// Documents is the document repository.
type Documents struct{ db *DB }

// NewDocuments returns the document repository on db.
func NewDocuments(db *DB) *Documents { return &Documents{db: db} }

// Create inserts a document and sets its id.
func (r *Documents) Create(ctx context.Context, d *application.Document) error {
	row := &documentRow{VerificationID: d.VerificationID, Type: d.Type.String(), Filename: d.Filename,
		OriginalFilename: d.OriginalFilename, MimeType: d.MimeType, Size: d.Size, ObjectPath: d.ObjectPath, CreatedAt: d.CreatedAt,
		FileCreatedAt: d.Facts.Created, FileModifiedAt: d.Facts.Modified, FileUpdates: d.Facts.Updates, FileSoftware: d.Facts.Software}
	if d.Facts.SHA256 != "" {
		row.SHA256 = &d.Facts.SHA256
	}
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert document: %w", err)
	}
	d.ID = row.ID
	return nil
}

// List returns a verification's documents, oldest first.
func (r *Documents) List(ctx context.Context, id int64) ([]application.Document, error) {
	var rows []documentRow
	if err := conn(ctx, r.db).NewSelect().Model(&rows).Where("verification_id = ?", id).Where("deleted_at IS NULL").OrderExpr("id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("list documents of %d: %w", id, err)
	}
	// A passport belongs to the representative whose passport_file_id names it, an identity
	// document to the beneficial owner whose document_file_id does.
	var owners []struct {
		FullName string `bun:"full_name"`
		FileID   int64  `bun:"file_id"`
		Owner    bool   `bun:"beneficial_owner"`
	}
	err := conn(ctx, r.db).NewSelect().TableExpr("representatives").
		ColumnExpr("full_name, passport_file_id AS file_id, FALSE AS beneficial_owner").
		Where("verification_id = ?", id).Where("passport_file_id IS NOT NULL").Where("deleted_at IS NULL").
		UnionAll(conn(ctx, r.db).NewSelect().TableExpr("beneficial_owners").
			ColumnExpr("full_name, document_file_id AS file_id, TRUE AS beneficial_owner").
			Where("verification_id = ?", id).Where("document_file_id IS NOT NULL").Where("deleted_at IS NULL")).
		Scan(ctx, &owners)
	if err != nil {
		return nil, fmt.Errorf("owners of the identity documents of %d: %w", id, err)
	}
	type holder struct {
		name  string
		owner bool
	}
	ownerOf := make(map[int64]holder, len(owners))
	for _, o := range owners {
		ownerOf[o.FileID] = holder{o.FullName, o.Owner}
	}
	out := make([]application.Document, 0, len(rows))
	for i := range rows {
		d, err := rows[i].toApp()
		if err != nil {
			return nil, err
		}
		d.Owner, d.OfBeneficialOwner = ownerOf[d.ID].name, ownerOf[d.ID].owner
		out = append(out, d)
	}
	return out, nil
}

// Get returns one document of a verification, unless it was deleted.
func (r *Documents) Get(ctx context.Context, id, docID int64) (*application.Document, error) {
	return r.one(ctx, "verification_id = ? AND id = ?", id, docID)
}

// ByObjectPath returns the document stored at path, unless it was deleted.
func (r *Documents) ByObjectPath(ctx context.Context, path string) (*application.Document, error) {
	return r.one(ctx, "object_path = ?", path)
}

func (r *Documents) one(ctx context.Context, where string, args ...any) (*application.Document, error) {
	row := new(documentRow)
	if err := conn(ctx, r.db).NewSelect().Model(row).Where(where, args...).Where("deleted_at IS NULL").Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	d, err := row.toApp()
	return &d, err
}

// Delete marks a document deleted at at and clears the representative, owner or banking link to it; the
// row and its object stay until Purge. Call it inside a transaction.
func (r *Documents) Delete(ctx context.Context, id, docID int64, at time.Time) error {
	db := conn(ctx, r.db)
	res, err := db.NewUpdate().Model((*documentRow)(nil)).Set("deleted_at = ?", at.UTC()).
		Where("verification_id = ?", id).Where("id = ?", docID).Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete document %d: %w", docID, err)
	}
	if err := oneRow(res); err != nil {
		return err
	}
	for _, link := range []struct{ table, column string }{{"representatives", "passport_file_id"},
		{"beneficial_owners", "document_file_id"}, {"banking_infos", "reference_file_id"}} {
		if _, err := db.NewUpdate().Table(link.table).Set(link.column+" = NULL").Where("verification_id = ?", id).
			Where(link.column+" = ?", docID).Exec(ctx); err != nil {
			return fmt.Errorf("unlink document %d from %s: %w", docID, link.table, err)
		}
	}
	return nil
}

// DeletedBefore lists up to limit documents deleted before t whose objects are still stored.
func (r *Documents) DeletedBefore(ctx context.Context, t time.Time, limit int) ([]application.Document, error) {
	var rows []documentRow
	if err := conn(ctx, r.db).NewSelect().Model(&rows).Where("deleted_at IS NOT NULL").Where("purged_at IS NULL").
		Where("deleted_at < ?", t.UTC()).OrderExpr("deleted_at, id").Limit(int64(limit)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("list deleted documents: %w", err)
	}
	out := make([]application.Document, 0, len(rows))
	for i := range rows {
		d, err := rows[i].toApp()
		if err != nil {
			return nil, err
		}
		out = append(out, d)
	}
	return out, nil
}

// MarkPurged records that a deleted document's object was removed.
func (r *Documents) MarkPurged(ctx context.Context, docID int64, at time.Time) error {
	_, err := conn(ctx, r.db).NewUpdate().Model((*documentRow)(nil)).Set("purged_at = ?", at.UTC()).
		Where("id = ?", docID).Where("deleted_at IS NOT NULL").Exec(ctx)
	if err != nil {
		return fmt.Errorf("mark document %d purged: %w", docID, err)
	}
	return nil
}

type auditRow struct {
	bun.BaseModel  `bun:"table:audit_events,alias:a"`
	ID             int64     `bun:"id,pk,autoincrement"`
	VerificationID int64     `bun:"verification_id"`
	ActorID        *int64    `bun:"actor_id"`
	ActorEmail     string    `bun:"actor_email,scanonly"`
	Action         string    `bun:"action"`
	FromStatus     string    `bun:"from_status"`
	ToStatus       string    `bun:"to_status"`
	Reason         string    `bun:"reason"`
	CreatedAt      time.Time `bun:"created_at"`
}

// AuditLog is the audit trail repository.
type AuditLog struct{ db *DB }

// NewAuditLog returns the audit trail repository on db.
func NewAuditLog(db *DB) *AuditLog { return &AuditLog{db: db} }

// Record appends an event.
func (r *AuditLog) Record(ctx context.Context, e application.AuditEvent) error {
	row := &auditRow{VerificationID: e.VerificationID, Action: e.Action, FromStatus: e.From, ToStatus: e.To,
		Reason: e.Reason, CreatedAt: e.CreatedAt}
	if e.ActorID != 0 {
		row.ActorID = &e.ActorID
	}
	_, err := conn(ctx, r.db).NewInsert().Model(row).Exec(ctx)
	return err
}

// List returns a verification's events, oldest first, with the actors' e-mails.
func (r *AuditLog) List(ctx context.Context, id int64) ([]application.AuditEvent, error) {
	var rows []auditRow
	err := conn(ctx, r.db).NewSelect().Model(&rows).ColumnExpr("a.*").ColumnExpr("COALESCE(u.email, '') AS actor_email").
		Join("LEFT JOIN users AS u ON u.id = a.actor_id").Where("a.verification_id = ?", id).OrderExpr("a.id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("list audit events of %d: %w", id, err)
	}
	out := make([]application.AuditEvent, len(rows))
	for i, row := range rows {
		out[i] = application.AuditEvent{ID: row.ID, VerificationID: row.VerificationID, ActorEmail: row.ActorEmail,
			Action: row.Action, From: row.FromStatus, To: row.ToStatus, Reason: row.Reason, CreatedAt: row.CreatedAt.UTC()}
		if row.ActorID != nil {
			out[i].ActorID = *row.ActorID
		}
	}
	return out, nil
}

// SameFiles lists, for each of hashes, up to limit documents with that hash in verifications of
// accounts other than the owner of verificationID, oldest first; deleted documents and
// verifications are left out. One query per hash: a file uploaded everywhere cannot use up another
// file's share (a review has a handful of documents).
func (r *Documents) SameFiles(ctx context.Context, verificationID int64, hashes []string, limit int) ([]application.FileElsewhere, error) {
	var out []application.FileElsewhere
	for _, h := range slices.Compact(slices.Sorted(slices.Values(hashes))) {
		same, err := r.sameFile(ctx, verificationID, h, limit)
		if err != nil {
			return nil, err
		}
		out = append(out, same...)
	}
	return out, nil
}

func (r *Documents) sameFile(ctx context.Context, verificationID int64, hash string, limit int) ([]application.FileElsewhere, error) {
	var rows []struct {
		SHA256         string    `bun:"sha256"`
		VerificationID int64     `bun:"verification_id"`
		CompanyName    *string   `bun:"company_name"`
		CreatedAt      time.Time `bun:"created_at"`
	}
	err := conn(ctx, r.db).NewSelect().TableExpr("documents AS d").
		ColumnExpr("d.sha256, d.verification_id, d.created_at, ci.company_name").
		Join("JOIN verifications AS v ON v.id = d.verification_id").
		Join("LEFT JOIN company_infos AS ci ON ci.verification_id = d.verification_id").
		Where("d.sha256 = ?", hash).Where("d.deleted_at IS NULL").Where("v.deleted = ?", false).
		Where("v.user_id <> (SELECT o.user_id FROM verifications AS o WHERE o.id = ?)", verificationID).
		OrderExpr("d.id").Limit(int64(limit)).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("same files as the documents of %d: %w", verificationID, err)
	}
	out := make([]application.FileElsewhere, len(rows))
	for i, row := range rows {
		out[i] = application.FileElsewhere{SHA256: row.SHA256, VerificationID: row.VerificationID, UploadedAt: row.CreatedAt.UTC()}
		if row.CompanyName != nil {
			out[i].CompanyName = *row.CompanyName
		}
	}
	return out, nil
}
