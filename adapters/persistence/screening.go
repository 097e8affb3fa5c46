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

type listVersionRow struct {
	bun.BaseModel `bun:"table:screening_list_versions,alias:lv"`
	ID            int64      `bun:"id,pk,autoincrement"`
	Source        string     `bun:"source"`
	PublishedAt   *time.Time `bun:"published_at"`
	SHA256        string     `bun:"sha256"`
	EntryCount    int        `bun:"entry_count"`
	ImportedAt    time.Time  `bun:"imported_at"`
	ImportedBy    string     `bun:"imported_by"`
	ParserVersion string     `bun:"parser_version"`
	Files         string     `bun:"files"`
	Added         int        `bun:"added"`
	Removed       int        `bun:"removed"`
	Changed       int        `bun:"changed"`
	PreviousID    *int64     `bun:"previous_id"`
	InForce       bool       `bun:"in_force"`
}

func (r *listVersionRow) toApp() (*application.ListVersion, error) {
	v := &application.ListVersion{ID: r.ID, Source: screening.Source(r.Source), SHA256: r.SHA256, EntryCount: r.EntryCount,
		ImportedAt: r.ImportedAt.UTC(), ImportedBy: r.ImportedBy, ParserVersion: r.ParserVersion, Added: r.Added,
		Removed: r.Removed, Changed: r.Changed, InForce: r.InForce}
	if r.PublishedAt != nil {
		v.Published = r.PublishedAt.UTC()
	}
	if r.PreviousID != nil {
		v.PreviousID = *r.PreviousID
	}
	if err := json.Unmarshal([]byte(r.Files), &v.Files); err != nil {
		return nil, fmt.Errorf("list version %d: files: %w", r.ID, err)
	}
	return v, nil
}

type listEntryRow struct {
	bun.BaseModel `bun:"table:screening_entries,alias:se"`
	ID            int64  `bun:"id,pk,autoincrement"`
	VersionID     int64  `bun:"version_id"`
	SourceID      string `bun:"source_id"`
	Kind          string `bun:"kind"`
	Name          string `bun:"name"`
	Aliases       string `bun:"aliases"`
	DatesOfBirth  string `bun:"dates_of_birth"`
	Countries     string `bun:"countries"`
	Identifiers   string `bun:"identifiers"`
	Programs      string `bun:"programs"`
	Topics        string `bun:"topics"`
	Remarks       string `bun:"remarks"`
}

// identifierJSON is an identifier as stored: short keys keep the column small.
type identifierJSON struct {
	Type    string `json:"t"`
	Value   string `json:"v"`
	Country string `json:"c,omitempty"`
	Label   string `json:"l,omitempty"`
}

type listChangeRow struct {
	bun.BaseModel `bun:"table:screening_list_changes"`
	VersionID     int64  `bun:"version_id,pk"`
	SourceID      string `bun:"source_id,pk"`
	Change        string `bun:"change"`
	Name          string `bun:"name"`
}

// ScreeningLists stores list versions, entries and changes.
type ScreeningLists struct{ db *DB }

// NewScreeningLists returns the list repository on db.
func NewScreeningLists(db *DB) *ScreeningLists { return &ScreeningLists{db: db} }

var _ application.ScreeningLists = (*ScreeningLists)(nil)

// InForce returns the version of src in force.
func (r *ScreeningLists) InForce(ctx context.Context, src screening.Source, forUpdate bool) (*application.ListVersion, error) {
	db := conn(ctx, r.db)
	if forUpdate && r.db.postgres {
		// A lock on the list, not on its row in force: a second import waiting on that row would
		// find it no longer in force once the first commits, and see no version at all. SQLite
		// needs nothing: its write transactions run one at a time.
		if _, err := db.ExecContext(ctx, "SELECT pg_advisory_xact_lock(hashtext(?))", "screening_list:"+string(src)); err != nil {
			return nil, fmt.Errorf("lock the %s list: %w", src, err)
		}
	}
	row := new(listVersionRow)
	if err := db.NewSelect().Model(row).Where("source = ?", string(src)).Where("in_force").Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return row.toApp()
}

// AllInForce returns the version in force of every list, by source.
func (r *ScreeningLists) AllInForce(ctx context.Context) ([]application.ListVersion, error) {
	return r.versions(ctx, func(q *bun.SelectQuery) *bun.SelectQuery { return q.Where("in_force") })
}

// Versions returns every version, newest first per list.
func (r *ScreeningLists) Versions(ctx context.Context) ([]application.ListVersion, error) {
	return r.versions(ctx, func(q *bun.SelectQuery) *bun.SelectQuery { return q })
}

func (r *ScreeningLists) versions(ctx context.Context, filter func(*bun.SelectQuery) *bun.SelectQuery) ([]application.ListVersion, error) {
	var rows []listVersionRow
	if err := filter(conn(ctx, r.db).NewSelect().Model(&rows)).OrderExpr("source, id DESC").Scan(ctx); err != nil {
		return nil, fmt.Errorf("list versions: %w", err)
	}
	return convertRows(rows, (*listVersionRow).toApp)
}

// convertRows turns stored rows into the application's values.
func convertRows[R, T any](rows []R, convert func(*R) (*T, error)) ([]T, error) {
	out := make([]T, 0, len(rows))
	for i := range rows {
		v, err := convert(&rows[i])
		if err != nil {
			return nil, err
		}
		out = append(out, *v)
	}
	return out, nil
}

// Version returns one version.
func (r *ScreeningLists) Version(ctx context.Context, id int64) (*application.ListVersion, error) {
	row := new(listVersionRow)
	if err := conn(ctx, r.db).NewSelect().Model(row).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return row.toApp()
}

// Entries returns the entries of the given versions, in the order they were imported.
func (r *ScreeningLists) Entries(ctx context.Context, versionIDs ...int64) ([]screening.Entry, error) {
	if len(versionIDs) == 0 {
		return nil, nil
	}
	var srcs []struct {
		ID     int64  `bun:"id"`
		Source string `bun:"source"`
	}
	if err := conn(ctx, r.db).NewSelect().Table("screening_list_versions").Column("id", "source").
		Where("id IN (?)", bun.List(versionIDs)).Scan(ctx, &srcs); err != nil {
		return nil, fmt.Errorf("list versions: %w", err)
	}
	source := make(map[int64]screening.Source, len(srcs))
	for _, s := range srcs {
		source[s.ID] = screening.Source(s.Source)
	}
	rows, err := conn(ctx, r.db).NewSelect().Model((*listEntryRow)(nil)).
		Where("version_id IN (?)", bun.List(versionIDs)).OrderExpr("version_id, id").Rows(ctx)
	if err != nil {
		return nil, fmt.Errorf("list entries: %w", err)
	}
	defer rows.Close()
	var out []screening.Entry
	var row listEntryRow
	for rows.Next() {
		row = listEntryRow{}
		if err := r.db.ScanRow(ctx, rows, &row); err != nil {
			return nil, fmt.Errorf("list entries: %w", err)
		}
		e, err := row.toDomain(source[row.VersionID])
		if err != nil {
			return nil, err
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

func (row *listEntryRow) toDomain(src screening.Source) (screening.Entry, error) {
	e := screening.Entry{Source: src, SourceID: row.SourceID, Kind: screening.Kind(row.Kind), Name: row.Name, Remarks: row.Remarks}
	var dobs [][6]int
	var ids []identifierJSON
	for _, err := range []error{decodeList(row.Aliases, &e.Aliases), decodeList(row.DatesOfBirth, &dobs),
		decodeList(row.Countries, &e.Countries), decodeList(row.Identifiers, &ids), decodeList(row.Programs, &e.Programs),
		decodeList(row.Topics, &e.Topics)} {
		if err != nil {
			return e, fmt.Errorf("list entry %d: %w", row.ID, err)
		}
	}
	for _, d := range dobs {
		e.DatesOfBirth = append(e.DatesOfBirth, screening.DateOfBirth{From: screening.Date{Year: d[0], Month: d[1], Day: d[2]},
			To: screening.Date{Year: d[3], Month: d[4], Day: d[5]}})
	}
	for _, id := range ids {
		e.Identifiers = append(e.Identifiers, screening.Identifier{Type: screening.IdentifierType(id.Type), Value: id.Value,
			Country: id.Country, Label: id.Label})
	}
	return e, nil
}

// decodeList reads a JSON list column. Most columns of most entries are an empty list, and the
// index build reads every entry in force: those skip the JSON decoder, giving what it would give.
func decodeList[T any](col string, dst *[]T) error {
	if col == "[]" {
		*dst = []T{}
		return nil
	}
	return json.Unmarshal([]byte(col), dst)
}

func entryRow(versionID int64, e *screening.Entry) (listEntryRow, error) {
	dobs := make([][6]int, len(e.DatesOfBirth))
	for i, d := range e.DatesOfBirth {
		dobs[i] = [6]int{d.From.Year, d.From.Month, d.From.Day, d.To.Year, d.To.Month, d.To.Day}
	}
	ids := make([]identifierJSON, len(e.Identifiers))
	for i, id := range e.Identifiers {
		ids[i] = identifierJSON{Type: string(id.Type), Value: id.Value, Country: id.Country, Label: id.Label}
	}
	row := listEntryRow{VersionID: versionID, SourceID: e.SourceID, Kind: string(e.Kind), Name: e.Name, Remarks: e.Remarks}
	for _, f := range []struct {
		dst *string
		src any
	}{{&row.Aliases, nonNil(e.Aliases)}, {&row.DatesOfBirth, dobs}, {&row.Countries, nonNil(e.Countries)},
		{&row.Identifiers, ids}, {&row.Programs, nonNil(e.Programs)}, {&row.Topics, nonNil(e.Topics)}} {
		b, err := json.Marshal(f.src)
		if err != nil {
			return row, err
		}
		*f.dst = string(b)
	}
	return row, nil
}

// nonNil makes a missing list an empty JSON array rather than null.
func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// insertBatch is how many rows one INSERT carries: well under both engines' parameter limits.
const insertBatch = 500

// Create writes a version, its entries and its changes, and puts it in force. It must run in
// the caller's transaction for the switch to be all or nothing.
func (r *ScreeningLists) Create(ctx context.Context, nv application.NewListVersion) error {
	db := conn(ctx, r.db)
	v := nv.Version
	files, err := json.Marshal(nonNil(v.Files))
	if err != nil {
		return err
	}
	row := &listVersionRow{Source: string(v.Source), SHA256: v.SHA256, EntryCount: v.EntryCount, ImportedAt: v.ImportedAt,
		ImportedBy: v.ImportedBy, ParserVersion: v.ParserVersion, Files: string(files), Added: v.Added, Removed: v.Removed,
		Changed: v.Changed, InForce: true}
	if !v.Published.IsZero() {
		p := v.Published
		row.PublishedAt = &p
	}
	if v.PreviousID != 0 {
		row.PreviousID = &v.PreviousID
	}
	if _, err := db.NewUpdate().Table("screening_list_versions").Set("in_force = ?", false).
		Where("source = ?", string(v.Source)).Where("in_force").Exec(ctx); err != nil {
		return fmt.Errorf("retire the %s version in force: %w", v.Source, err)
	}
	if _, err := db.NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return fmt.Errorf("another import of %s finished first; run it again: %w", v.Source, application.ErrConflict)
		}
		return fmt.Errorf("insert %s version: %w", v.Source, err)
	}
	rows := make([]listEntryRow, 0, insertBatch)
	for i := range nv.Entries {
		er, err := entryRow(row.ID, &nv.Entries[i])
		if err != nil {
			return err
		}
		rows = append(rows, er)
		if len(rows) == insertBatch || i == len(nv.Entries)-1 {
			if _, err := db.NewInsert().Model(&rows).Exec(ctx); err != nil {
				return fmt.Errorf("insert %s entries: %w", v.Source, err)
			}
			rows = rows[:0]
		}
	}
	changes := make([]listChangeRow, 0, insertBatch)
	for i, c := range nv.Changes {
		changes = append(changes, listChangeRow{VersionID: row.ID, SourceID: c.SourceID, Change: string(c.Kind), Name: c.Name})
		if len(changes) == insertBatch || i == len(nv.Changes)-1 {
			if _, err := db.NewInsert().Model(&changes).Exec(ctx); err != nil {
				return fmt.Errorf("insert %s changes: %w", v.Source, err)
			}
			changes = changes[:0]
		}
	}
	v.ID, v.InForce = row.ID, true
	return nil
}

// EntriesOf returns the named entries of any versions.
func (r *ScreeningLists) EntriesOf(ctx context.Context, refs []application.EntryRef) (map[application.EntryRef]screening.Entry, error) {
	out := make(map[application.EntryRef]screening.Entry, len(refs))
	if len(refs) == 0 {
		return out, nil
	}
	want := map[int64][]string{}
	for _, ref := range refs {
		want[ref.VersionID] = append(want[ref.VersionID], ref.SourceID)
	}
	for versionID, ids := range want {
		var src string
		if err := conn(ctx, r.db).NewSelect().Table("screening_list_versions").Column("source").Where("id = ?", versionID).
			Scan(ctx, &src); err != nil {
			return nil, fmt.Errorf("list version %d: %w", versionID, notFound(err))
		}
		var rows []listEntryRow
		if err := conn(ctx, r.db).NewSelect().Model(&rows).Where("version_id = ?", versionID).
			Where("source_id IN (?)", bun.List(ids)).Scan(ctx); err != nil {
			return nil, fmt.Errorf("entries of version %d: %w", versionID, err)
		}
		for _, row := range rows {
			e, err := row.toDomain(screening.Source(src))
			if err != nil {
				return nil, err
			}
			out[application.EntryRef{VersionID: versionID, SourceID: row.SourceID}] = e
		}
	}
	return out, nil
}

// Changes returns what a version changed against the one before it, by source id.
func (r *ScreeningLists) Changes(ctx context.Context, versionID int64) ([]screening.Change, error) {
	var rows []listChangeRow
	if err := conn(ctx, r.db).NewSelect().Model(&rows).Where("version_id = ?", versionID).Order("source_id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("list changes: %w", err)
	}
	out := make([]screening.Change, len(rows))
	for i, c := range rows {
		out[i] = screening.Change{SourceID: c.SourceID, Kind: screening.ChangeKind(c.Change), Name: c.Name}
	}
	return out, nil
}
