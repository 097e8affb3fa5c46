package persistence

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

type registryCheckRow struct {
	bun.BaseModel  `bun:"table:registry_checks,alias:rc"`
	ID             int64     `bun:"id,pk,autoincrement"`
	VerificationID int64     `bun:"verification_id"`
	RunID          *int64    `bun:"run_id"`
	Registry       string    `bun:"registry"`
	Identifier     string    `bun:"identifier"`
	Outcome        string    `bun:"outcome"`
	Summary        string    `bun:"summary"`
	Differences    string    `bun:"differences"`
	CheckedAt      time.Time `bun:"checked_at"`
}

// differenceJSON is a compared fact as stored; the domain's types carry no tags.
type differenceJSON struct {
	Field      string `json:"field"`
	Entered    string `json:"entered"`
	Registered string `json:"registered"`
	Match      bool   `json:"match"`
}

// RegistryChecks stores the identifier checks of Top verifications.
type RegistryChecks struct{ db *DB }

// NewRegistryChecks returns the identifier checks repository on db.
func NewRegistryChecks(db *DB) *RegistryChecks { return &RegistryChecks{db: db} }

var _ application.RegistryChecks = (*RegistryChecks)(nil)

// Add inserts a check and sets its id.
func (r *RegistryChecks) Add(ctx context.Context, rec *application.RegistryCheckRecord) error {
	diffs := make([]differenceJSON, len(rec.Differences))
	for i, d := range rec.Differences {
		diffs[i] = differenceJSON(d)
	}
	b, err := json.Marshal(diffs)
	if err != nil {
		return err
	}
	row := &registryCheckRow{VerificationID: rec.VerificationID, RunID: nonZero(rec.RunID), Registry: string(rec.Registry),
		Identifier: rec.Identifier, Outcome: string(rec.Outcome), Summary: rec.Summary, Differences: string(b),
		CheckedAt: rec.CheckedAt.UTC()}
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert registry check of %d: %w", rec.VerificationID, err)
	}
	rec.ID = row.ID
	return nil
}

// registryOrder is the order reviewers read the checks in.
var registryOrder = []screening.Registry{screening.RegistryGLEIF, screening.RegistryVIES, screening.RegistryBIC}

// Latest returns the newest check of each register for a verification.
func (r *RegistryChecks) Latest(ctx context.Context, verificationID int64) ([]application.RegistryCheckRecord, error) {
	checks, err := r.newest(ctx, []int64{verificationID}, "")
	return checks[verificationID], err
}

// Answered returns, for each of some verifications, the newest check of each register that the
// register answered.
func (r *RegistryChecks) Answered(ctx context.Context, verificationIDs []int64) (map[int64][]application.RegistryCheckRecord, error) {
	return r.newest(ctx, verificationIDs, string(screening.RegistryUnavailable))
}

// newestRegistryChecks reads some verifications' newest check of each register whose outcome is not
// the one given: Top certificates' first reads, and every page that shows a verification's checks.
var newestRegistryChecks = "SELECT " + columnsOf[registryCheckRow]("rc") + ` FROM registry_checks AS rc
	WHERE rc.id IN (SELECT MAX(id) FROM registry_checks WHERE verification_id %s AND outcome <> ? GROUP BY verification_id, registry)`

// newest returns the newest check of each register of each verification, leaving out the outcome
// except ("" for none), in register order.
func (r *RegistryChecks) newest(ctx context.Context, verificationIDs []int64, except string) (map[int64][]application.RegistryCheckRecord, error) {
	out := map[int64][]application.RegistryCheckRecord{}
	if len(verificationIDs) == 0 {
		return out, nil
	}
	var rows []registryCheckRow
	if err := scanAllIn(ctx, r.db, newestRegistryChecks, &rows, verificationIDs, except); err != nil {
		return nil, fmt.Errorf("registry checks: %w", err)
	}
	for _, row := range rows {
		var diffs []differenceJSON
		if err := json.Unmarshal([]byte(row.Differences), &diffs); err != nil {
			return nil, fmt.Errorf("registry check %d: %w", row.ID, err)
		}
		rec := application.RegistryCheckRecord{ID: row.ID, VerificationID: row.VerificationID, RunID: zeroIfNil(row.RunID),
			RegistryCheck: screening.RegistryCheck{Registry: screening.Registry(row.Registry), Identifier: row.Identifier,
				Outcome: screening.RegistryOutcome(row.Outcome), Summary: row.Summary, CheckedAt: row.CheckedAt.UTC()}}
		for _, d := range diffs {
			rec.Differences = append(rec.Differences, screening.Difference(d))
		}
		out[row.VerificationID] = append(out[row.VerificationID], rec)
	}
	for _, checks := range out {
		slices.SortFunc(checks, func(a, b application.RegistryCheckRecord) int {
			return slices.Index(registryOrder, a.Registry) - slices.Index(registryOrder, b.Registry)
		})
	}
	return out, nil
}
