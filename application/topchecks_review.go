package application

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// ScreeningView is the screening of one verification as a reviewer sees it.
type ScreeningView struct {
	Applicable bool                // false for Basic: never screened
	Status     screening.RunStatus // of the latest run; "" before the first
	Run        *ScreeningRun       // the run the subjects come from: the latest finished, else the latest
	Lists      []ListVersion       // the list versions the run used
	Subjects   []SubjectView
	Open       []string // what keeps the verification from approval
	Attention  bool     // screening.NeedsAttention
	PEPAck     *PEPAcknowledgement
	// Identifiers are the newest check of each identifier (LEI, VAT number, BIC country).
	Identifiers []RegistryCheckRecord
}

// SubjectView is one screened subject with all four checks and its hits.
type SubjectView struct {
	ScreenedSubject
	Hits []CaseView
}

// CaseView is a hit with the listed entry as it was found and the version it comes from.
type CaseView struct {
	HitCase
	Entry screening.Entry
	List  *ListVersion
}

// Screening returns the Top-tier checks of a verification for a reviewer: every subject with its
// checks, every hit of the latest finished run with its entry, score, explanation and decisions,
// and what is still open. Administrators only: hits are never shown to the applicant.
func (s *TopChecks) Screening(ctx context.Context, actor *User, id int64) (*ScreeningView, error) {
	if err := mustReview(actor); err != nil {
		return nil, err
	}
	v, err := s.repo.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	out := &ScreeningView{Subjects: []SubjectView{}, Open: []string{}, Lists: []ListVersion{}, Identifiers: []RegistryCheckRecord{}}
	if v.Tier() != verification.Top {
		return out, nil
	}
	out.Applicable = true
	state, err := s.records.State(ctx, id)
	if err != nil {
		return nil, err
	}
	out.Status, out.PEPAck = state.LatestStatus, state.PEPAck
	if out.Identifiers, err = s.registryChecks.Latest(ctx, id); err != nil {
		return nil, err
	}
	out.Attention = screening.NeedsAttention(v.Status(), v.Snapshot().RevokedAt != nil, state.OpenItems, state.Flagged)
	shown := state.DoneRunID
	if shown == 0 {
		shown = state.LatestRunID
	}
	if shown == 0 {
		out.Open = screening.Blocking("", screening.ReviewState{})
		return out, nil
	}
	review, done, cases, err := s.reviewNow(ctx, id, state)
	if err != nil {
		return nil, err
	}
	if out.Run = done; done == nil {
		if out.Run, err = s.records.Run(ctx, shown); err != nil {
			return nil, err
		}
	}
	if waitsForDecision(v) {
		out.Open = screening.Blocking(state.LatestStatus, review)
	} else {
		out.Open = review.Open()
	}
	if done == nil {
		return out, nil
	}
	versions, err := s.versionsByID(ctx)
	if err != nil {
		return nil, err
	}
	for _, vid := range out.Run.ListVersionIDs {
		if lv, ok := versions[vid]; ok {
			out.Lists = append(out.Lists, *lv)
		}
	}
	out.Subjects, err = s.subjectViews(ctx, out.Run, current(cases, state.DoneRunID), versions)
	return out, err
}

// subjectViews joins a run's subjects with their current hits and completes their checks.
func (s *TopChecks) subjectViews(ctx context.Context, run *ScreeningRun, cases []HitCase, versions map[int64]*ListVersion) ([]SubjectView, error) {
	subjects, err := s.records.Subjects(ctx, run.ID)
	if err != nil {
		return nil, err
	}
	refs := make([]EntryRef, len(cases))
	for i, c := range cases {
		refs[i] = EntryRef{c.EntryVersionID, c.SourceID}
	}
	entries, err := s.lists.EntriesOf(ctx, refs)
	if err != nil {
		return nil, err
	}
	out := make([]SubjectView, len(subjects))
	for i, sub := range subjects {
		sv := SubjectView{ScreenedSubject: sub, Hits: []CaseView{}}
		statuses := map[screening.CheckKind][]screening.HitStatus{}
		for _, c := range cases {
			if c.SubjectKey != sub.Key {
				continue
			}
			statuses[c.Check] = append(statuses[c.Check], c.Status)
			sv.Hits = append(sv.Hits, CaseView{HitCase: c, Entry: entries[EntryRef{c.EntryVersionID, c.SourceID}],
				List: versions[c.EntryVersionID]})
		}
		sv.Checks = append([]screening.Check{
			screening.HitsCheck(screening.CheckSanctions, len(run.SanctionsIDs) > 0, statuses[screening.CheckSanctions]),
			screening.HitsCheck(screening.CheckPEP, len(run.PEPIDs) > 0, statuses[screening.CheckPEP]),
		}, sub.Checks...)
		out[i] = sv
	}
	return out, nil
}

func (s *TopChecks) versionsByID(ctx context.Context) (map[int64]*ListVersion, error) {
	all, err := s.lists.Versions(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]*ListVersion, len(all))
	for i := range all {
		out[all[i].ID] = &all[i]
	}
	return out, nil
}

// current keeps the cases the latest finished run found.
func current(cases []HitCase, doneRunID int64) []HitCase {
	var out []HitCase
	for _, c := range cases {
		if doneRunID != 0 && c.LastRunID >= doneRunID {
			out = append(out, c)
		}
	}
	return out
}

// reviewNow is what the reviewer still has to settle on the latest finished run, that run (nil
// before one finished) and every hit case of the verification.
func (s *TopChecks) reviewNow(ctx context.Context, id int64, state *ScreeningState) (screening.ReviewState, *ScreeningRun, []HitCase, error) {
	if state.DoneRunID == 0 {
		return screening.ReviewState{}, nil, nil, nil
	}
	cases, err := s.records.Hits(ctx, id)
	if err != nil {
		return screening.ReviewState{}, nil, nil, err
	}
	done, err := s.records.Run(ctx, state.DoneRunID)
	if err != nil {
		return screening.ReviewState{}, nil, nil, err
	}
	return reviewOf(cases, state, done), done, cases, nil
}

// reviewOf is what the reviewer still has to settle on the latest finished run (done; nil before
// one finished).
func reviewOf(cases []HitCase, state *ScreeningState, done *ScreeningRun) screening.ReviewState {
	var r screening.ReviewState
	if done == nil {
		return r
	}
	r.PEPUnavailable = len(done.PEPIDs) == 0
	for _, c := range current(cases, state.DoneRunID) {
		switch {
		case c.Status == screening.HitConfirmed:
			r.Confirmed++
		case c.Status.Undecided():
			r.Undecided++
			if c.Status == screening.HitInconclusive {
				r.Inconclusive++
			}
		}
	}
	r.PEPAcknowledged = state.PEPAck != nil
	return r
}

// waitsForDecision reports whether the verification waits for a reviewer's approval or rejection.
func waitsForDecision(v *verification.Verification) bool {
	return v.Status() == verification.Submitted || v.Status() == verification.InReview
}

// refresh brings the verification's state in line with its latest finished run and the review of
// that run's hits: what is open, and what the certificate may state. A run whose review leaves
// nothing open becomes the one the certificate states; a confirmed match withdraws the screening
// claims until a clean run is reviewed.
func (s *TopChecks) refresh(ctx context.Context, v *verification.Verification, state *ScreeningState) error {
	review, done, _, err := s.reviewNow(ctx, v.ID(), state)
	if err != nil {
		return err
	}
	state.OpenItems = len(review.Open())
	published := state.PublishedRunID
	switch {
	case review.Confirmed > 0:
		published = 0
	case review.Publishable() && done != nil:
		published = done.ID
	}
	if published != state.PublishedRunID {
		state.PublishedRunID = published
		s.public.forget(v.PublicID())
	}
	return s.records.SaveState(ctx, state)
}

// DecideHit records a reviewer's decision on a hit of the latest finished run: a confirmed match,
// a false positive or inconclusive (still undecided), with a note that is required. The decision is
// kept with the hit and in the audit trail.
func (s *TopChecks) DecideHit(ctx context.Context, actor *User, id, hitID int64, outcome, note string) (*ScreeningView, error) {
	if err := mustReview(actor); err != nil {
		return nil, err
	}
	o, n, err := screening.DecisionInput(outcome, note)
	if err != nil {
		return nil, err
	}
	err = s.review(ctx, actor, id, func(ctx context.Context, v *verification.Verification, state *ScreeningState) error {
		cases, err := s.records.Hits(ctx, id)
		if err != nil {
			return err
		}
		var c *HitCase
		for i := range cases {
			if cases[i].ID == hitID {
				c = &cases[i]
			}
		}
		switch {
		case c == nil:
			return ErrNotFound
		case c.LastRunID < state.DoneRunID:
			return screening.ErrHitNotCurrent
		}
		subjects, err := s.records.Subjects(ctx, state.DoneRunID)
		if err != nil {
			return err
		}
		for _, sub := range subjects {
			if sub.Key == c.SubjectKey {
				c.DecidedDigest = sub.Digest
			}
		}
		now := s.clock.Now()
		c.Status, c.Reopened, c.DecidedVersionID = o, false, c.EntryVersionID
		if err := s.records.SaveHit(ctx, c); err != nil {
			return err
		}
		if err := s.records.AddDecision(ctx, c.ID, HitDecision{Outcome: o, Note: n, ActorID: actor.ID, ActorEmail: actor.Email,
			At: now}); err != nil {
			return err
		}
		return s.auditBy(ctx, actor, v, "screening.hit_decided", fmt.Sprintf("%s: %q on %s %s (hit %d): %s",
			o, c.MatchedName, c.Source.Label(), c.SourceID, c.ID, n))
	})
	if err != nil {
		return nil, err
	}
	return s.Screening(ctx, actor, id)
}

// AcknowledgePEP records that a reviewer accepts that PEP screening could not run (no PEP list was
// loaded), with a note that is required; it is kept and audited. Without it such a verification
// cannot be approved.
func (s *TopChecks) AcknowledgePEP(ctx context.Context, actor *User, id int64, note string) (*ScreeningView, error) {
	if err := mustReview(actor); err != nil {
		return nil, err
	}
	n, err := screening.Note(note)
	if err != nil {
		return nil, err
	}
	err = s.review(ctx, actor, id, func(ctx context.Context, v *verification.Verification, state *ScreeningState) error {
		done, err := s.records.Run(ctx, state.DoneRunID)
		if err != nil {
			return err
		}
		if len(done.PEPIDs) > 0 {
			return screening.ErrPEPNotNeeded
		}
		state.PEPAck = &PEPAcknowledgement{ActorID: actor.ID, ActorEmail: actor.Email, Note: n, At: s.clock.Now()}
		return s.auditBy(ctx, actor, v, "screening.pep_acknowledged", "PEP screening unavailable (no PEP list loaded): "+n)
	})
	if err != nil {
		return nil, err
	}
	return s.Screening(ctx, actor, id)
}

// review runs a reviewer's (actor's, under the claim rule) change of the screening of a Top verification that is submitted, in
// review or approved and has a finished run, under the verification's lock, and refreshes its state.
func (s *TopChecks) review(ctx context.Context, actor *User, id int64,
	change func(ctx context.Context, v *verification.Verification, state *ScreeningState) error) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.GetForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if v.Tier() != verification.Top || (!waitsForDecision(v) && v.Status() != verification.Approved) {
			return screening.ErrNotDecidable
		}
		if err := s.claims.MayDecide(ctx, actor, v, false); err != nil {
			return err
		}
		state, err := s.records.State(ctx, id)
		if err != nil {
			return err
		}
		if state.DoneRunID == 0 {
			return screening.ErrScreeningPending
		}
		if err := change(ctx, v, state); err != nil {
			return err
		}
		return s.refresh(ctx, v, state)
	})
}

// auditBy writes an audit event of a reviewer's screening decision; the status does not change.
func (s *TopChecks) auditBy(ctx context.Context, actor *User, v *verification.Verification, action, reason string) error {
	return s.audit.Record(ctx, AuditEvent{VerificationID: v.ID(), ActorID: actor.ID, ActorEmail: actor.Email, Action: action,
		From: v.Status().String(), To: v.Status().String(), Reason: reason, CreatedAt: s.clock.Now()})
}

// ApprovalBlock refuses the approval of a Top verification while its screening has not finished,
// a hit is undecided or confirmed, or an unavailable PEP check is not acknowledged; Basic
// verifications pass. It runs in the approval's transaction, under the verification's lock; Admin
// calls it through ApprovalGate.
func (s *TopChecks) ApprovalBlock(ctx context.Context, v *verification.Verification) error {
	if v.Tier() != verification.Top {
		return nil
	}
	state, err := s.records.State(ctx, v.ID())
	if err != nil {
		return err
	}
	review, _, _, err := s.reviewNow(ctx, v.ID(), state)
	if err != nil {
		return err
	}
	return screening.ApprovalError(screening.Blocking(state.LatestStatus, review), review)
}
