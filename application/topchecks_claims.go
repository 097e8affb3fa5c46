package application

import (
	"context"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// Claims are the checks each approved verification's certificate states, by verification id: the
// review every verification had, and for Top the checks of the run the certificate rests on, with
// their lists and dates, and the identifiers a register confirmed. A Top verification without such
// a run claims no screening. The states and registry checks of all of vs are read together, so that
// certificates read for the first time at once cost a few queries between them. Certificates call
// it through CertificateClaims.
func (s *TopChecks) Claims(ctx context.Context, vs []*verification.Verification, now time.Time) (map[int64][]verification.CertificateCheck, error) {
	out := make(map[int64][]verification.CertificateCheck, len(vs))
	var tops []int64
	for _, v := range vs {
		out[v.ID()] = []verification.CertificateCheck{verification.ReviewCheck(deref(v.Snapshot().ApprovedAt))}
		if v.Tier() == verification.Top {
			tops = append(tops, v.ID())
		}
	}
	if len(tops) == 0 {
		return out, nil
	}
	states, err := s.records.States(ctx, tops)
	if err != nil {
		return nil, err
	}
	answered, err := s.registryChecks.Answered(ctx, tops)
	if err != nil {
		return nil, err
	}
	var published []int64
	for _, id := range tops {
		if run := states[id].PublishedRunID; run != 0 {
			published = append(published, run)
		}
	}
	runs, err := s.runFacts(ctx, published)
	if err != nil {
		return nil, err
	}
	for _, v := range vs {
		if v.Tier() != verification.Top {
			continue
		}
		screened, err := runs.claims(v, states[v.ID()].PublishedRunID, now)
		if err != nil {
			return nil, err
		}
		checks := make([]screening.RegistryCheck, len(answered[v.ID()]))
		for i, c := range answered[v.ID()] {
			checks[i] = c.RegistryCheck
		}
		out[v.ID()] = append(append(out[v.ID()], screened...), screening.RegistryClaims(checks)...)
	}
	return out, nil
}

// runFacts is what certificates may say about the runs they rest on: the runs, the lists' versions,
// the jurisdiction lists and how many subjects of each kind each run screened, read once for all
// the certificates of one call.
type runFacts struct {
	runs          map[int64]*ScreeningRun
	versions      map[int64]*ListVersion
	jurisdictions map[int64]*screening.JurisdictionList
	subjects      map[int64]map[screening.SubjectKind]int
}

// runFacts reads the facts of the runs of runIDs.
func (s *TopChecks) runFacts(ctx context.Context, runIDs []int64) (*runFacts, error) {
	f := &runFacts{jurisdictions: map[int64]*screening.JurisdictionList{}}
	if len(runIDs) == 0 {
		return f, nil
	}
	var err error
	if f.runs, err = s.records.Runs(ctx, runIDs); err != nil {
		return nil, err
	}
	if f.versions, err = s.versionsByID(ctx); err != nil {
		return nil, err
	}
	for _, run := range f.runs {
		if id := run.JurisdictionID; id != 0 && f.jurisdictions[id] == nil {
			j, err := s.jurisdictions.Version(ctx, id)
			if err != nil {
				return nil, fmt.Errorf("jurisdiction list %d: %w", id, err)
			}
			f.jurisdictions[id] = &j.JurisdictionList
		}
	}
	if f.subjects, err = s.records.SubjectKinds(ctx, runIDs); err != nil {
		return nil, err
	}
	return f, nil
}

// claims are the list, jurisdiction and KYC checks of the run the certificate rests on (none when
// runID is 0).
func (f *runFacts) claims(v *verification.Verification, runID int64, now time.Time) ([]verification.CertificateCheck, error) {
	if runID == 0 {
		return nil, nil
	}
	run := f.runs[runID]
	if run == nil {
		return nil, fmt.Errorf("screening run %d: %w", runID, ErrNotFound)
	}
	status, _ := v.CertificateStatus(now)
	return screening.Claims(f.screenedRun(run), status == verification.CertificateValid), nil
}

// screenedRun is what a certificate may say about a run: its date, lists and their dates.
func (f *runFacts) screenedRun(run *ScreeningRun) *screening.ScreenedRun {
	refs := func(ids []int64) []screening.ListRef {
		var out []screening.ListRef
		for _, id := range ids {
			if lv, ok := f.versions[id]; ok {
				ref := screening.ListRef{Label: lv.Source.Label(), Date: lv.Published}
				if ref.Date.IsZero() {
					ref.Date, ref.Retrieved = lv.ImportedAt, true
				}
				out = append(out, ref)
			}
		}
		return out
	}
	subjects := f.subjects[run.ID]
	return &screening.ScreenedRun{Finished: deref(run.FinishedAt), Sanctions: refs(run.SanctionsIDs), PEP: refs(run.PEPIDs),
		Jurisdictions: f.jurisdictions[run.JurisdictionID], Representatives: subjects[screening.SubjectRepresentative],
		OwnershipScreened: subjects[screening.SubjectOwner] > 0 || run.OwnershipDeclared}
}

// ScreeningSummary is a verification's screening in one line, for lists.
type ScreeningSummary struct {
	Status    screening.RunStatus // of the latest run; "" before the first
	Attention bool
}

// Summaries returns the screening summary of each Top verification among vs that actor may see
// (their own, or any for staff). Basic verifications have none.
func (s *TopChecks) Summaries(ctx context.Context, actor *User, vs []*verification.Verification) (map[int64]ScreeningSummary, error) {
	var (
		ids  []int64
		tops []*verification.Verification
	)
	for _, v := range vs {
		if v.Tier() == verification.Top && actor != nil && (actor.Role.Reviews() || v.OwnedBy(actor.ID)) {
			ids, tops = append(ids, v.ID()), append(tops, v)
		}
	}
	out := make(map[int64]ScreeningSummary, len(ids))
	if len(ids) == 0 {
		return out, nil
	}
	states, err := s.records.States(ctx, ids)
	if err != nil {
		return nil, err
	}
	for _, v := range tops {
		st := states[v.ID()] // a zero state before the first run
		out[v.ID()] = ScreeningSummary{Status: st.LatestStatus,
			Attention: screening.NeedsAttention(v.Status(), v.Snapshot().RevokedAt != nil, st.OpenItems, st.Flagged)}
	}
	return out, nil
}
