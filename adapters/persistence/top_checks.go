package persistence

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

type screeningRunRow struct {
	bun.BaseModel         `bun:"table:screening_runs,alias:sr"`
	ID                    int64      `bun:"id,pk,autoincrement"`
	VerificationID        int64      `bun:"verification_id"`
	Trigger               string     `bun:"trigger"`
	Status                string     `bun:"status"`
	CreatedAt             time.Time  `bun:"created_at"`
	StartedAt             *time.Time `bun:"started_at"`
	FinishedAt            *time.Time `bun:"finished_at"`
	EngineVersion         string     `bun:"engine_version"`
	ListVersions          string     `bun:"list_versions"`
	SanctionsVersions     string     `bun:"sanctions_versions"`
	PEPVersions           string     `bun:"pep_versions"`
	JurisdictionVersionID *int64     `bun:"jurisdiction_version_id"`
	OwnershipDeclared     bool       `bun:"ownership_declared"`
	Error                 string     `bun:"error"`
}

func toRunRow(r *application.ScreeningRun) (*screeningRunRow, error) {
	row := &screeningRunRow{ID: r.ID, VerificationID: r.VerificationID, Trigger: string(r.Trigger), Status: string(r.Status),
		CreatedAt: r.CreatedAt, StartedAt: r.StartedAt, FinishedAt: r.FinishedAt, EngineVersion: r.EngineVersion,
		JurisdictionVersionID: nonZero(r.JurisdictionID), OwnershipDeclared: r.OwnershipDeclared, Error: r.Error}
	for _, f := range []struct {
		dst *string
		ids []int64
	}{{&row.ListVersions, r.ListVersionIDs}, {&row.SanctionsVersions, r.SanctionsIDs}, {&row.PEPVersions, r.PEPIDs}} {
		b, err := json.Marshal(nonNil(f.ids))
		if err != nil {
			return nil, err
		}
		*f.dst = string(b)
	}
	return row, nil
}

func (row *screeningRunRow) toApp() (*application.ScreeningRun, error) {
	r := &application.ScreeningRun{ID: row.ID, VerificationID: row.VerificationID, Trigger: screening.Trigger(row.Trigger),
		Status: screening.RunStatus(row.Status), CreatedAt: row.CreatedAt.UTC(), StartedAt: utc(row.StartedAt),
		FinishedAt: utc(row.FinishedAt), EngineVersion: row.EngineVersion, OwnershipDeclared: row.OwnershipDeclared, Error: row.Error}
	if row.JurisdictionVersionID != nil {
		r.JurisdictionID = *row.JurisdictionVersionID
	}
	for _, f := range []struct {
		src string
		dst *[]int64
	}{{row.ListVersions, &r.ListVersionIDs}, {row.SanctionsVersions, &r.SanctionsIDs}, {row.PEPVersions, &r.PEPIDs}} {
		if err := json.Unmarshal([]byte(f.src), f.dst); err != nil {
			return nil, fmt.Errorf("screening run %d: %w", row.ID, err)
		}
	}
	return r, nil
}

type screeningSubjectRow struct {
	bun.BaseModel `bun:"table:screening_subjects,alias:ss"`
	ID            int64  `bun:"id,pk,autoincrement"`
	RunID         int64  `bun:"run_id"`
	SubjectKey    string `bun:"subject_key"`
	Kind          string `bun:"kind"`
	Name          string `bun:"name"`
	Details       string `bun:"details"`
	Digest        string `bun:"digest"`
	Checks        string `bun:"checks"`
}

// checkJSON is a check as stored; the domain's types carry no tags.
type checkJSON struct {
	Kind     string        `json:"kind"`
	Result   string        `json:"result"`
	Summary  string        `json:"summary"`
	Findings []findingJSON `json:"findings"`
}

type findingJSON struct {
	Code     string `json:"code"`
	Severity string `json:"severity"`
	Message  string `json:"message"`
}

type featureJSON struct {
	Name         string  `json:"name"`
	Value        float64 `json:"value"`
	Contribution float64 `json:"contribution"`
	Detail       string  `json:"detail"`
}

type screeningHitRow struct {
	bun.BaseModel    `bun:"table:screening_hits,alias:sh"`
	ID               int64   `bun:"id,pk,autoincrement"`
	VerificationID   int64   `bun:"verification_id"`
	SubjectKey       string  `bun:"subject_key"`
	CheckKind        string  `bun:"check_kind"`
	Source           string  `bun:"source"`
	SourceID         string  `bun:"source_id"`
	EntryVersionID   int64   `bun:"entry_version_id"`
	Score            float64 `bun:"score"`
	MatchedName      string  `bun:"matched_name"`
	Explanation      string  `bun:"explanation"`
	Status           string  `bun:"status"`
	Reopened         bool    `bun:"reopened"`
	DecidedVersionID *int64  `bun:"decided_version_id"`
	DecidedDigest    string  `bun:"decided_digest"`
	FirstRunID       int64   `bun:"first_run_id"`
	LastRunID        int64   `bun:"last_run_id"`
}

type hitDecisionRow struct {
	bun.BaseModel `bun:"table:screening_hit_decisions,alias:hd"`
	ID            int64     `bun:"id,pk,autoincrement"`
	HitID         int64     `bun:"hit_id"`
	Outcome       string    `bun:"outcome"`
	Note          string    `bun:"note"`
	ActorID       *int64    `bun:"actor_id"`
	ActorEmail    string    `bun:"actor_email"`
	CreatedAt     time.Time `bun:"created_at"`
}

type screeningStateRow struct {
	bun.BaseModel  `bun:"table:screening_states,alias:st"`
	VerificationID int64      `bun:"verification_id,pk"`
	LatestRunID    *int64     `bun:"latest_run_id"`
	LatestStatus   string     `bun:"latest_status"`
	DoneRunID      *int64     `bun:"done_run_id"`
	OpenItems      int        `bun:"open_items"`
	Flagged        bool       `bun:"flagged"`
	PublishedRunID *int64     `bun:"published_run_id"`
	PEPAckByID     *int64     `bun:"pep_ack_by_id"`
	PEPAckBy       *string    `bun:"pep_ack_by"`
	PEPAckNote     *string    `bun:"pep_ack_note"`
	PEPAckAt       *time.Time `bun:"pep_ack_at"`
}

func (row *screeningStateRow) toApp() application.ScreeningState {
	s := application.ScreeningState{VerificationID: row.VerificationID, LatestRunID: zeroIfNil(row.LatestRunID),
		LatestStatus: screening.RunStatus(row.LatestStatus), DoneRunID: zeroIfNil(row.DoneRunID), OpenItems: row.OpenItems,
		Flagged: row.Flagged, PublishedRunID: zeroIfNil(row.PublishedRunID)}
	if row.PEPAckAt != nil {
		s.PEPAck = &application.PEPAcknowledgement{ActorID: zeroIfNil(row.PEPAckByID), ActorEmail: deref(row.PEPAckBy),
			Note: deref(row.PEPAckNote), At: row.PEPAckAt.UTC()}
	}
	return s
}

// ScreeningRecords stores screening runs, subjects, hits, decisions and states.
type ScreeningRecords struct{ db *DB }

// NewScreeningRecords returns the screening records repository on db.
func NewScreeningRecords(db *DB) *ScreeningRecords { return &ScreeningRecords{db: db} }

var _ application.ScreeningRecords = (*ScreeningRecords)(nil)

// CreateRun inserts a run and sets its id.
func (r *ScreeningRecords) CreateRun(ctx context.Context, run *application.ScreeningRun) error {
	row, err := toRunRow(run)
	if err != nil {
		return err
	}
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert screening run: %w", err)
	}
	run.ID = row.ID
	return nil
}

// SaveRun updates a run.
func (r *ScreeningRecords) SaveRun(ctx context.Context, run *application.ScreeningRun) error {
	row, err := toRunRow(run)
	if err != nil {
		return err
	}
	if _, err := conn(ctx, r.db).NewUpdate().Model(row).WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("update screening run %d: %w", run.ID, err)
	}
	return nil
}

// Run returns one run.
func (r *ScreeningRecords) Run(ctx context.Context, id int64) (*application.ScreeningRun, error) {
	row := new(screeningRunRow)
	if err := conn(ctx, r.db).NewSelect().Model(row).Where("id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return row.toApp()
}

// Runs returns the runs among ids that exist, by id.
func (r *ScreeningRecords) Runs(ctx context.Context, ids []int64) (map[int64]*application.ScreeningRun, error) {
	out := make(map[int64]*application.ScreeningRun, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	var rows []screeningRunRow
	if err := conn(ctx, r.db).NewSelect().Model(&rows).Where("id IN (?)", bun.List(ids)).Scan(ctx); err != nil {
		return nil, fmt.Errorf("screening runs: %w", err)
	}
	for i := range rows {
		run, err := rows[i].toApp()
		if err != nil {
			return nil, err
		}
		out[run.ID] = run
	}
	return out, nil
}

// SubjectKinds counts each run's subjects by kind, for the runs among runIDs that have any.
func (r *ScreeningRecords) SubjectKinds(ctx context.Context, runIDs []int64) (map[int64]map[screening.SubjectKind]int, error) {
	out := map[int64]map[screening.SubjectKind]int{}
	if len(runIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		RunID int64  `bun:"run_id"`
		Kind  string `bun:"kind"`
		N     int    `bun:"n"`
	}
	err := conn(ctx, r.db).NewSelect().TableExpr("screening_subjects").ColumnExpr("run_id, kind, COUNT(*) AS n").
		Where("run_id IN (?)", bun.List(runIDs)).GroupExpr("run_id, kind").Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("subjects of screening runs: %w", err)
	}
	for _, row := range rows {
		if out[row.RunID] == nil {
			out[row.RunID] = map[screening.SubjectKind]int{}
		}
		out[row.RunID][screening.SubjectKind(row.Kind)] = row.N
	}
	return out, nil
}

// AddSubjects inserts the subjects of a run.
func (r *ScreeningRecords) AddSubjects(ctx context.Context, runID int64, subjects []application.ScreenedSubject) error {
	if len(subjects) == 0 {
		return nil
	}
	rows := make([]screeningSubjectRow, len(subjects))
	for i, s := range subjects {
		checks := make([]checkJSON, len(s.Checks))
		for j, c := range s.Checks {
			checks[j] = checkJSON{Kind: string(c.Kind), Result: string(c.Result), Summary: c.Summary, Findings: []findingJSON{}}
			for _, f := range c.Findings {
				checks[j].Findings = append(checks[j].Findings, findingJSON{Code: f.Code, Severity: string(f.Severity), Message: f.Message})
			}
		}
		b, err := json.Marshal(checks)
		if err != nil {
			return err
		}
		rows[i] = screeningSubjectRow{RunID: runID, SubjectKey: s.Key, Kind: string(s.Kind), Name: s.Name, Details: s.Details,
			Digest: s.Digest, Checks: string(b)}
	}
	if _, err := conn(ctx, r.db).NewInsert().Model(&rows).Exec(ctx); err != nil {
		return fmt.Errorf("insert the subjects of run %d: %w", runID, err)
	}
	return nil
}

// Subjects returns the subjects of a run in the order they were screened.
func (r *ScreeningRecords) Subjects(ctx context.Context, runID int64) ([]application.ScreenedSubject, error) {
	var rows []screeningSubjectRow
	if err := conn(ctx, r.db).NewSelect().Model(&rows).Where("run_id = ?", runID).OrderExpr("id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("subjects of run %d: %w", runID, err)
	}
	out := make([]application.ScreenedSubject, len(rows))
	for i, row := range rows {
		var checks []checkJSON
		if err := json.Unmarshal([]byte(row.Checks), &checks); err != nil {
			return nil, fmt.Errorf("subject %d: %w", row.ID, err)
		}
		s := application.ScreenedSubject{ID: row.ID, RunID: row.RunID, Key: row.SubjectKey, Kind: screening.SubjectKind(row.Kind),
			Name: row.Name, Details: row.Details, Digest: row.Digest}
		for _, c := range checks {
			check := screening.Check{Kind: screening.CheckKind(c.Kind), Result: screening.Result(c.Result), Summary: c.Summary,
				Findings: []screening.Finding{}}
			for _, f := range c.Findings {
				check.Findings = append(check.Findings, screening.Finding{Code: f.Code, Severity: screening.Severity(f.Severity),
					Message: f.Message})
			}
			s.Checks = append(s.Checks, check)
		}
		out[i] = s
	}
	return out, nil
}

// Hits returns every hit case of a verification, oldest first, with its decisions.
func (r *ScreeningRecords) Hits(ctx context.Context, verificationID int64) ([]application.HitCase, error) {
	var rows []screeningHitRow
	if err := conn(ctx, r.db).NewSelect().Model(&rows).Where("verification_id = ?", verificationID).OrderExpr("id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("hits of %d: %w", verificationID, err)
	}
	if len(rows) == 0 {
		return nil, nil
	}
	ids := make([]int64, len(rows))
	for i, row := range rows {
		ids[i] = row.ID
	}
	var decisions []hitDecisionRow
	if err := conn(ctx, r.db).NewSelect().Model(&decisions).Where("hit_id IN (?)", bun.List(ids)).OrderExpr("id").Scan(ctx); err != nil {
		return nil, fmt.Errorf("decisions on the hits of %d: %w", verificationID, err)
	}
	byHit := map[int64][]application.HitDecision{}
	for _, d := range decisions {
		byHit[d.HitID] = append(byHit[d.HitID], application.HitDecision{Outcome: screening.HitStatus(d.Outcome), Note: d.Note,
			ActorID: zeroIfNil(d.ActorID), ActorEmail: d.ActorEmail, At: d.CreatedAt.UTC()})
	}
	out := make([]application.HitCase, len(rows))
	for i, row := range rows {
		var features []featureJSON
		if err := json.Unmarshal([]byte(row.Explanation), &features); err != nil {
			return nil, fmt.Errorf("hit %d: %w", row.ID, err)
		}
		c := application.HitCase{ID: row.ID, VerificationID: row.VerificationID, SubjectKey: row.SubjectKey,
			Check: screening.CheckKind(row.CheckKind), Source: screening.Source(row.Source), SourceID: row.SourceID,
			EntryVersionID: row.EntryVersionID, Score: row.Score, MatchedName: row.MatchedName, Status: screening.HitStatus(row.Status),
			Reopened: row.Reopened, DecidedVersionID: zeroIfNil(row.DecidedVersionID), DecidedDigest: row.DecidedDigest,
			FirstRunID: row.FirstRunID, LastRunID: row.LastRunID, Decisions: byHit[row.ID]}
		for _, f := range features {
			c.Explanation = append(c.Explanation, screening.Feature{Name: f.Name, Value: f.Value, Contribution: f.Contribution, Detail: f.Detail})
		}
		out[i] = c
	}
	return out, nil
}

// SaveHit inserts a new case or updates one.
func (r *ScreeningRecords) SaveHit(ctx context.Context, h *application.HitCase) error {
	features := make([]featureJSON, len(h.Explanation))
	for i, f := range h.Explanation {
		features[i] = featureJSON{Name: f.Name, Value: f.Value, Contribution: f.Contribution, Detail: f.Detail}
	}
	b, err := json.Marshal(features)
	if err != nil {
		return err
	}
	row := &screeningHitRow{ID: h.ID, VerificationID: h.VerificationID, SubjectKey: h.SubjectKey, CheckKind: string(h.Check),
		Source: string(h.Source), SourceID: h.SourceID, EntryVersionID: h.EntryVersionID, Score: h.Score, MatchedName: h.MatchedName,
		Explanation: string(b), Status: string(h.Status), Reopened: h.Reopened, DecidedVersionID: nonZero(h.DecidedVersionID),
		DecidedDigest: h.DecidedDigest, FirstRunID: h.FirstRunID, LastRunID: h.LastRunID}
	db := conn(ctx, r.db)
	if h.ID == 0 {
		if _, err := db.NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
			return fmt.Errorf("insert hit of %d: %w", h.VerificationID, err)
		}
		h.ID = row.ID
		return nil
	}
	if _, err := db.NewUpdate().Model(row).WherePK().Exec(ctx); err != nil {
		return fmt.Errorf("update hit %d: %w", h.ID, err)
	}
	return nil
}

// AddDecision records a decision on a hit.
func (r *ScreeningRecords) AddDecision(ctx context.Context, hitID int64, d application.HitDecision) error {
	row := &hitDecisionRow{HitID: hitID, Outcome: string(d.Outcome), Note: d.Note, ActorID: nonZero(d.ActorID),
		ActorEmail: d.ActorEmail, CreatedAt: d.At}
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Exec(ctx); err != nil {
		return fmt.Errorf("insert decision on hit %d: %w", hitID, err)
	}
	return nil
}

// screeningState reads a verification's screening state: a Top certificate's first read, and every
// page that shows a verification's checks.
var screeningState = "SELECT " + columnsOf[screeningStateRow]("st") + " FROM screening_states AS st WHERE st.verification_id = ?"

// screeningStates reads the screening states of a list of verifications: every page of a list
// that shows Top verifications.
var screeningStates = "SELECT " + columnsOf[screeningStateRow]("st") + " FROM screening_states AS st WHERE st.verification_id %s"

// State returns a verification's screening state; a zero one when it never ran.
func (r *ScreeningRecords) State(ctx context.Context, verificationID int64) (*application.ScreeningState, error) {
	row := new(screeningStateRow)
	err := r.db.scanOne(ctx, screeningState, row, verificationID)
	if err = notFound(err); errors.Is(err, application.ErrNotFound) {
		return &application.ScreeningState{VerificationID: verificationID}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("screening state of %d: %w", verificationID, err)
	}
	s := row.toApp()
	return &s, nil
}

// SaveState inserts or updates a verification's screening state.
func (r *ScreeningRecords) SaveState(ctx context.Context, s *application.ScreeningState) error {
	row := &screeningStateRow{VerificationID: s.VerificationID, LatestRunID: nonZero(s.LatestRunID), LatestStatus: string(s.LatestStatus),
		DoneRunID: nonZero(s.DoneRunID), OpenItems: s.OpenItems, Flagged: s.Flagged, PublishedRunID: nonZero(s.PublishedRunID)}
	if a := s.PEPAck; a != nil {
		at := a.At
		row.PEPAckByID, row.PEPAckBy, row.PEPAckNote, row.PEPAckAt = nonZero(a.ActorID), &a.ActorEmail, &a.Note, &at
	}
	_, err := conn(ctx, r.db).NewInsert().Model(row).On("CONFLICT (verification_id) DO UPDATE").
		Set("latest_run_id = EXCLUDED.latest_run_id, latest_status = EXCLUDED.latest_status, done_run_id = EXCLUDED.done_run_id").
		Set("open_items = EXCLUDED.open_items, flagged = EXCLUDED.flagged, published_run_id = EXCLUDED.published_run_id").
		Set("pep_ack_by_id = EXCLUDED.pep_ack_by_id, pep_ack_by = EXCLUDED.pep_ack_by, pep_ack_note = EXCLUDED.pep_ack_note").
		Set("pep_ack_at = EXCLUDED.pep_ack_at").Exec(ctx)
	if err != nil {
		return fmt.Errorf("save screening state of %d: %w", s.VerificationID, err)
	}
	return nil
}

// States returns the screening states of the listed verifications that have one.
func (r *ScreeningRecords) States(ctx context.Context, ids []int64) (map[int64]application.ScreeningState, error) {
	out := map[int64]application.ScreeningState{}
	if len(ids) == 0 {
		return out, nil
	}
	var rows []screeningStateRow
	if err := scanAllIn(ctx, r.db, screeningStates, &rows, ids); err != nil {
		return nil, fmt.Errorf("screening states: %w", err)
	}
	for i := range rows {
		out[rows[i].VerificationID] = rows[i].toApp()
	}
	return out, nil
}

// Rescreenable lists the Top verifications in the statuses that are neither deleted nor revoked.
func (r *ScreeningRecords) Rescreenable(ctx context.Context, statuses []verification.Status) ([]int64, error) {
	names := make([]string, len(statuses))
	for i, s := range statuses {
		names[i] = s.String()
	}
	var ids []int64
	err := conn(ctx, r.db).NewSelect().Table("verifications").Column("id").Where("deleted = ?", false).
		Where("tier = ?", verification.Top.String()).Where("status IN (?)", bun.List(names)).Where("revoked_at IS NULL").
		OrderExpr("id").Scan(ctx, &ids)
	if err != nil {
		return nil, fmt.Errorf("verifications to screen again: %w", err)
	}
	return ids, nil
}

// passportKeyExpr is screening.PassportKey in SQL; an index on it serves the lookup.
const passportKeyExpr = "UPPER(REPLACE(REPLACE(r.passport_number, ' ', ''), '-', ''))" //nolint:gosec // SQL, not a credential

// PassportHolders lists the other verifications whose representatives carry the passport number.
func (r *ScreeningRecords) PassportHolders(ctx context.Context, passportKey string, except int64) ([]application.PassportHolder, error) {
	var rows []struct {
		VerificationID     int64   `bun:"verification_id"`
		CompanyName        *string `bun:"company_name"`
		RegistrationNumber *string `bun:"registration_number"`
		Country            *string `bun:"country_of_incorporation"`
	}
	err := conn(ctx, r.db).NewSelect().TableExpr("representatives AS r").
		ColumnExpr("DISTINCT r.verification_id, c.company_name, c.registration_number, c.country_of_incorporation").
		Join("JOIN verifications AS v ON v.id = r.verification_id").
		Join("LEFT JOIN company_infos AS c ON c.verification_id = r.verification_id").
		Where(passportKeyExpr+" = ?", passportKey).Where("r.verification_id <> ?", except).Where("v.deleted = ?", false).
		OrderExpr("r.verification_id").Limit(20).Scan(ctx, &rows)
	if err != nil {
		return nil, fmt.Errorf("holders of a passport: %w", err)
	}
	out := make([]application.PassportHolder, len(rows))
	for i, row := range rows {
		out[i] = application.PassportHolder{VerificationID: row.VerificationID, CompanyName: deref(row.CompanyName),
			RegistrationNumber: deref(row.RegistrationNumber), Country: deref(row.Country)}
	}
	return out, nil
}

// attentionCond is screening.NeedsAttention in SQL, on verifications aliased v: open items or a flag
// while the verification is submitted or in review, open items alone on a live certificate. The
// conditions on v stay out of the subqueries: mixed into one, they cost PostgreSQL 5 ms of planning
// on every count (it weighed every index of verifications against each branch), more than the count.
const attentionCond = `(EXISTS (SELECT 1 FROM screening_states AS st WHERE st.verification_id = v.id AND (st.open_items > 0 OR st.flagged))
	AND (v.status IN ('submitted', 'in_review') OR (v.status = 'approved' AND v.revoked_at IS NULL
		AND EXISTS (SELECT 1 FROM screening_states AS st WHERE st.verification_id = v.id AND st.open_items > 0))))`

// attentionJoined is attentionCond on a verification v joined to its screening state st (LEFT JOIN).
const attentionJoined = `(st.open_items > 0 OR st.flagged) AND (v.status IN ('submitted', 'in_review')
	OR (v.status = 'approved' AND v.revoked_at IS NULL AND st.open_items > 0))`

func nonZero(id int64) *int64 {
	if id == 0 {
		return nil
	}
	return &id
}

func zeroIfNil(id *int64) int64 {
	if id == nil {
		return 0
	}
	return *id
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
