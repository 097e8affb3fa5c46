package persistence

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

type ownerRow struct {
	bun.BaseModel      `bun:"table:beneficial_owners,alias:o"`
	ID                 int64      `bun:"id,pk,autoincrement"`
	VerificationID     int64      `bun:"verification_id"`
	FullName           string     `bun:"full_name"`
	DateOfBirth        string     `bun:"date_of_birth"`
	Nationality        string     `bun:"nationality"`
	CountryOfResidence string     `bun:"country_of_residence"`
	Ownership          int        `bun:"ownership"`
	Controls           string     `bun:"controls"` // comma list
	ControlText        string     `bun:"control_text"`
	DocumentFileID     *int64     `bun:"document_file_id"`
	DocumentPath       string     `bun:"document_path,scanonly"`
	CreatedAt          time.Time  `bun:"created_at"`
	UpdatedAt          time.Time  `bun:"updated_at"`
	DeletedAt          *time.Time `bun:"deleted_at,scanonly"` // set by DeleteOwner only
}

type declarationRow struct {
	bun.BaseModel      `bun:"table:ownership_declarations,alias:od"`
	VerificationID     int64      `bun:"verification_id,pk"`
	SeniorOfficialID   int64      `bun:"senior_official_id"`
	Threshold          int        `bun:"threshold"`
	SeniorOfficialName string     `bun:"senior_official_name,scanonly"`
	CreatedAt          time.Time  `bun:"created_at"`
	UpdatedAt          time.Time  `bun:"updated_at"`
	WithdrawnAt        *time.Time `bun:"withdrawn_at"`
}

// Owners lists a verification's beneficial owners, oldest first, with their documents' paths.
func (r *Sections) Owners(ctx context.Context, id int64) ([]application.OwnerRecord, error) {
	var rows []ownerRow
	if err := r.owners(ctx).Where("o.verification_id = ?", id).OrderExpr("o.id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("list beneficial owners of %d: %w", id, err)
	}
	out := make([]application.OwnerRecord, len(rows))
	for i := range rows {
		out[i] = rows[i].toApp()
	}
	return out, nil
}

// Owner returns one beneficial owner of a verification.
func (r *Sections) Owner(ctx context.Context, id, ownerID int64) (*application.OwnerRecord, error) {
	row := new(ownerRow)
	if err := r.owners(ctx).Where("o.verification_id = ?", id).Where("o.id = ?", ownerID).Scan(ctx, row); err != nil {
		return nil, notFound(err)
	}
	rec := row.toApp()
	return &rec, nil
}

// owners selects the owners that are not deleted, with their identity documents' paths.
func (r *Sections) owners(ctx context.Context) *bun.SelectQuery {
	return conn(ctx, r.db).NewSelect().Model((*ownerRow)(nil)).ColumnExpr("o.*").
		ColumnExpr("COALESCE(d.object_path, '') AS document_path").
		Join("LEFT JOIN documents AS d ON d.id = o.document_file_id").Where("o.deleted_at IS NULL")
}

func (row *ownerRow) toApp() application.OwnerRecord {
	var controls []verification.Control
	for c := range strings.SplitSeq(row.Controls, ",") {
		if c != "" {
			controls = append(controls, verification.Control(c))
		}
	}
	return application.OwnerRecord{ID: row.ID, VerificationID: row.VerificationID, DocumentFileID: row.DocumentFileID,
		DocumentPath: row.DocumentPath, Stamps: stamps(row.CreatedAt, row.UpdatedAt),
		BeneficialOwner: verification.BeneficialOwner{FullName: row.FullName, DateOfBirth: row.DateOfBirth,
			Nationality: row.Nationality, CountryOfResidence: row.CountryOfResidence, Ownership: row.Ownership,
			Controls: controls, ControlText: row.ControlText}}
}

func toOwnerRow(rec *application.OwnerRecord) *ownerRow {
	o := rec.BeneficialOwner
	controls := make([]string, len(o.Controls))
	for i, c := range o.Controls {
		controls[i] = string(c)
	}
	return &ownerRow{ID: rec.ID, VerificationID: rec.VerificationID, FullName: o.FullName, DateOfBirth: o.DateOfBirth,
		Nationality: o.Nationality, CountryOfResidence: o.CountryOfResidence, Ownership: o.Ownership,
		Controls: strings.Join(controls, ","), ControlText: o.ControlText, DocumentFileID: rec.DocumentFileID,
		CreatedAt: rec.CreatedAt, UpdatedAt: rec.UpdatedAt}
}

// AddOwner inserts a beneficial owner and sets its id and time stamps.
func (r *Sections) AddOwner(ctx context.Context, rec *application.OwnerRecord) error {
	now := r.now()
	rec.Stamps = stamps(now, now)
	row := toOwnerRow(rec)
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert beneficial owner: %w", err)
	}
	rec.ID = row.ID
	return nil
}

// UpdateOwner replaces a beneficial owner's details and document link.
func (r *Sections) UpdateOwner(ctx context.Context, rec *application.OwnerRecord) error {
	rec.UpdatedAt = r.now()
	row := toOwnerRow(rec)
	res, err := conn(ctx, r.db).NewUpdate().Model(row).ExcludeColumn("id", "verification_id", "created_at").
		Where("id = ?", rec.ID).Where("verification_id = ?", rec.VerificationID).Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return fmt.Errorf("update beneficial owner %d: %w", rec.ID, err)
	}
	if err := oneRow(res); err != nil {
		return err
	}
	if rec.DocumentFileID != nil {
		rec.DocumentPath, err = r.objectPath(ctx, *rec.DocumentFileID)
	}
	return err
}

// DeleteOwner marks a beneficial owner deleted; the row stays for the audit trail.
func (r *Sections) DeleteOwner(ctx context.Context, id, ownerID int64) error {
	res, err := conn(ctx, r.db).NewUpdate().Model((*ownerRow)(nil)).Set("deleted_at = ?", r.now().UTC()).
		Where("id = ?", ownerID).Where("verification_id = ?", id).Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete beneficial owner %d: %w", ownerID, err)
	}
	return oneRow(res)
}

// Declaration returns the ownership declaration in force with its senior official's name.
func (r *Sections) Declaration(ctx context.Context, id int64) (*application.DeclarationRecord, error) {
	row := new(declarationRow)
	err := conn(ctx, r.db).NewSelect().Model(row).ColumnExpr("od.*").ColumnExpr("COALESCE(r.full_name, '') AS senior_official_name").
		Join("LEFT JOIN representatives AS r ON r.id = od.senior_official_id").
		Where("od.verification_id = ?", id).Where("od.withdrawn_at IS NULL").Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return &application.DeclarationRecord{VerificationID: id, SeniorOfficialName: row.SeniorOfficialName,
		Stamps:               stamps(row.CreatedAt, row.UpdatedAt),
		OwnershipDeclaration: verification.OwnershipDeclaration{SeniorOfficialID: row.SeniorOfficialID, Threshold: row.Threshold}}, nil
}

// SaveDeclaration inserts or replaces the declaration, which is then in force.
func (r *Sections) SaveDeclaration(ctx context.Context, rec *application.DeclarationRecord) error {
	row := &declarationRow{VerificationID: rec.VerificationID, SeniorOfficialID: rec.SeniorOfficialID, Threshold: rec.Threshold}
	created, err := r.upsert(ctx, row, "ownership_declarations", rec.VerificationID, &row.CreatedAt, &row.UpdatedAt)
	rec.Stamps = stamps(created, row.UpdatedAt)
	return err
}

// WithdrawDeclaration marks the declaration in force withdrawn; the row stays.
func (r *Sections) WithdrawDeclaration(ctx context.Context, id int64) error {
	res, err := conn(ctx, r.db).NewUpdate().Model((*declarationRow)(nil)).Set("withdrawn_at = ?", r.now().UTC()).
		Where("verification_id = ?", id).Where("withdrawn_at IS NULL").Exec(ctx)
	if err != nil {
		return fmt.Errorf("withdraw the ownership declaration of %d: %w", id, err)
	}
	return oneRow(res)
}
