package persistence

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

type jurisdictionVersionRow struct {
	bun.BaseModel `bun:"table:jurisdiction_list_versions,alias:jl"`
	ID            int64     `bun:"id,pk,autoincrement"`
	Publisher     string    `bun:"publisher"`
	PublishedAt   time.Time `bun:"published_at"`
	Source        string    `bun:"source"`
	Jurisdictions string    `bun:"jurisdictions"`
	SHA256        string    `bun:"sha256"`
	ImportedAt    time.Time `bun:"imported_at"`
	ImportedBy    string    `bun:"imported_by"`
	InForce       bool      `bun:"in_force"`
}

type jurisdictionJSON struct {
	Country  string `json:"country"`
	Name     string `json:"name"`
	Category string `json:"category"`
}

func (row *jurisdictionVersionRow) toApp() (*application.JurisdictionVersion, error) {
	var js []jurisdictionJSON
	if err := json.Unmarshal([]byte(row.Jurisdictions), &js); err != nil {
		return nil, fmt.Errorf("jurisdiction list %d: %w", row.ID, err)
	}
	v := &application.JurisdictionVersion{ID: row.ID, SHA256: row.SHA256, ImportedAt: row.ImportedAt.UTC(),
		ImportedBy: row.ImportedBy, InForce: row.InForce, JurisdictionList: screening.JurisdictionList{
			Publisher: row.Publisher, Published: row.PublishedAt.UTC(), Source: row.Source}}
	for _, j := range js {
		v.Jurisdictions = append(v.Jurisdictions, screening.Jurisdiction{Country: j.Country, Name: j.Name,
			Category: screening.JurisdictionCategory(j.Category)})
	}
	return v, nil
}

// JurisdictionLists stores the versions of the jurisdiction lists.
type JurisdictionLists struct{ db *DB }

// NewJurisdictionLists returns the jurisdiction list repository on db.
func NewJurisdictionLists(db *DB) *JurisdictionLists { return &JurisdictionLists{db: db} }

var _ application.JurisdictionLists = (*JurisdictionLists)(nil)

// InForce returns the version in force.
func (r *JurisdictionLists) InForce(ctx context.Context) (*application.JurisdictionVersion, error) {
	return r.one(ctx, "in_force", nil)
}

// Version returns one version.
func (r *JurisdictionLists) Version(ctx context.Context, id int64) (*application.JurisdictionVersion, error) {
	return r.one(ctx, "id = ?", id)
}

func (r *JurisdictionLists) one(ctx context.Context, where string, arg any) (*application.JurisdictionVersion, error) {
	row := new(jurisdictionVersionRow)
	q := conn(ctx, r.db).NewSelect().Model(row)
	if arg == nil {
		q = q.Where(where)
	} else {
		q = q.Where(where, arg)
	}
	if err := q.Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return row.toApp()
}

// Versions returns every version, newest first.
func (r *JurisdictionLists) Versions(ctx context.Context) ([]application.JurisdictionVersion, error) {
	var rows []jurisdictionVersionRow
	if err := conn(ctx, r.db).NewSelect().Model(&rows).OrderExpr("id DESC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("jurisdiction lists: %w", err)
	}
	return convertRows(rows, (*jurisdictionVersionRow).toApp)
}

// Create stores a version in force in place of the previous one; it must run in the caller's
// transaction for the switch to be all or nothing. Two imports racing meet the unique index on the
// version in force, and the second fails.
func (r *JurisdictionLists) Create(ctx context.Context, v *application.JurisdictionVersion) error {
	js := make([]jurisdictionJSON, len(v.Jurisdictions))
	for i, j := range v.Jurisdictions {
		js[i] = jurisdictionJSON{Country: j.Country, Name: j.Name, Category: string(j.Category)}
	}
	b, err := json.Marshal(js)
	if err != nil {
		return err
	}
	db := conn(ctx, r.db)
	if _, err := db.NewUpdate().Table("jurisdiction_list_versions").Set("in_force = ?", false).Where("in_force").Exec(ctx); err != nil {
		return fmt.Errorf("retire the jurisdiction list in force: %w", err)
	}
	row := &jurisdictionVersionRow{Publisher: v.Publisher, PublishedAt: v.Published, Source: v.Source, Jurisdictions: string(b),
		SHA256: v.SHA256, ImportedAt: v.ImportedAt, ImportedBy: v.ImportedBy, InForce: true}
	if _, err := db.NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return fmt.Errorf("another import of the jurisdiction list finished first; run it again: %w", application.ErrConflict)
		}
		return fmt.Errorf("insert jurisdiction list: %w", err)
	}
	v.ID, v.InForce = row.ID, true
	return nil
}
