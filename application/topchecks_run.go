package application

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// Run works one queued screening run (the ScreenVerification job): it screens every subject of
// the verification against the lists in force, checks jurisdictions and KYC, and records the
// results, the hits and where their review stands, in one transaction. A finished run is not
// run again; a failed attempt is recorded and returned so that the queue retries.
func (s *TopChecks) Run(ctx context.Context, runID int64) error {
	run, err := s.records.Run(ctx, runID)
	if isNotFound(err) {
		return nil
	}
	if err != nil {
		return err
	}
	if run.Status == screening.RunDone {
		return nil
	}
	started := s.clock.Now()
	run.Status, run.StartedAt, run.Error = screening.RunRunning, &started, ""
	if err := s.setRunStatus(ctx, run); err != nil {
		return err
	}
	if err := s.screen(ctx, run); err != nil {
		run.Status, run.Error = screening.RunFailed, err.Error()
		if serr := s.setRunStatus(context.WithoutCancel(ctx), run); serr != nil {
			s.log.Error("record a failed screening run", "run", run.ID, "error", serr)
		}
		return fmt.Errorf("screening run %d of verification %d: %w", run.ID, run.VerificationID, err)
	}
	return nil
}

// setRunStatus saves the run, and the verification's state when the run is its latest.
func (s *TopChecks) setRunStatus(ctx context.Context, run *ScreeningRun) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.records.SaveRun(ctx, run); err != nil {
			return err
		}
		state, err := s.records.State(ctx, run.VerificationID)
		if err != nil || state.LatestRunID != run.ID {
			return err
		}
		state.LatestStatus = run.Status
		return s.records.SaveState(ctx, state)
	})
}

// found is one hit of one subject.
type found struct {
	subject *screening.Subject
	hit     screening.Hit
	version int64 // the list version of the entry
}

func (s *TopChecks) screen(ctx context.Context, run *ScreeningRun) error {
	v, err := s.repo.Get(ctx, run.VerificationID)
	if isNotFound(err) || (err == nil && v.Tier() != verification.Top) {
		return s.finishEmpty(ctx, run) // deleted or downgraded since: nothing to screen
	}
	if err != nil {
		return err
	}
	subjects, kyc, err := s.subjects(ctx, v, run)
	if err != nil {
		return err
	}
	identifiers, err := s.identifierChecksOfRun(ctx, v.ID(), run.Trigger)
	if err != nil {
		return err
	}
	snap, err := s.index.upToDate(ctx)
	if err != nil {
		return err
	}
	jur, err := s.jurisdictionInForce(ctx)
	if err != nil {
		return err
	}

	versionOf := map[screening.Source]int64{}
	run.ListVersionIDs, run.SanctionsIDs, run.PEPIDs = []int64{}, []int64{}, []int64{}
	for _, lv := range snap.versions {
		versionOf[lv.Source] = lv.ID
		run.ListVersionIDs = append(run.ListVersionIDs, lv.ID)
		if snap.checks[lv.Source][screening.CheckSanctions] {
			run.SanctionsIDs = append(run.SanctionsIDs, lv.ID)
		}
		if snap.checks[lv.Source][screening.CheckPEP] {
			run.PEPIDs = append(run.PEPIDs, lv.ID)
		}
	}
	var jurList *screening.JurisdictionList
	if jur != nil {
		run.JurisdictionID, jurList = jur.ID, &jur.JurisdictionList
	}
	run.EngineVersion = screening.EngineVersion

	screened := make([]ScreenedSubject, len(subjects))
	var hits []found
	for i := range subjects {
		sub := &subjects[i]
		checks := []screening.Check{screening.JurisdictionCheck(jurList, sub.Countries)}
		if c, ok := kyc[sub.Key]; ok {
			checks = append(checks, c)
		}
		screened[i] = ScreenedSubject{Key: sub.Key, Kind: sub.Kind, Name: sub.Name, Details: sub.Details, Digest: sub.Digest,
			Checks: checks}
		for _, h := range snap.index.Search(sub.Query, screening.DefaultThreshold) {
			hits = append(hits, found{subject: sub, hit: h, version: versionOf[h.Entry.Source]})
		}
	}
	return s.record(ctx, run, screened, hits, identifiers)
}

// finishEmpty ends a run that had nothing to screen.
func (s *TopChecks) finishEmpty(ctx context.Context, run *ScreeningRun) error {
	now := s.clock.Now()
	run.Status, run.FinishedAt = screening.RunDone, &now
	return s.setRunStatus(ctx, run)
}

// subjects are the verification's company, representatives, beneficial owners and bank as
// screened now, with the KYC check of each person as of the run's creation; the run notes whether
// the ownership declaration stood.
func (s *TopChecks) subjects(ctx context.Context, v *verification.Verification, run *ScreeningRun) ([]screening.Subject, map[string]screening.Check, error) {
	id := v.ID()
	company, err := orNil(s.sections.Company(ctx, id))
	if err != nil {
		return nil, nil, err
	}
	reps, err := s.sections.Representatives(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	owners, err := s.sections.Owners(ctx, id)
	if err != nil {
		return nil, nil, err
	}
	decl, err := orNil(s.sections.Declaration(ctx, id))
	if err != nil {
		return nil, nil, err
	}
	bank, err := orNil(s.sections.Banking(ctx, id))
	if err != nil {
		return nil, nil, err
	}
	var out []screening.Subject
	if company != nil {
		out = append(out, screening.CompanySubject(company.CompanyInfo))
	}
	kyc := map[string]screening.Check{}
	for _, r := range reps {
		sub := screening.RepresentativeSubject(r.ID, r.Representative)
		out = append(out, sub)
		others, err := s.otherCompanies(ctx, r.PassportNumber, v.ID(), company)
		if err != nil {
			return nil, nil, err
		}
		kyc[sub.Key] = screening.KYC(screening.KYCFacts{Representative: r.Representative, PassportOnFile: r.PassportFileID != nil,
			ElsewhereUsedBy: others}, run.CreatedAt)
	}
	for _, o := range owners {
		sub := screening.OwnerSubject(o.ID, o.BeneficialOwner)
		out = append(out, sub)
		kyc[sub.Key] = screening.OwnerKYC(screening.OwnerKYCFacts{Owner: o.BeneficialOwner, DocumentOnFile: o.DocumentFileID != nil},
			run.CreatedAt)
	}
	run.OwnershipDeclared = decl != nil && len(owners) == 0
	if bank != nil {
		out = append(out, screening.BankSubject(bank.BankingInfo))
	}
	return out, kyc, nil
}

// otherCompanies names the verifications of other companies (another registration number or
// country) whose representatives carry the same passport number. The same company's other
// verification (a Basic beside a Top) is not another company.
func (s *TopChecks) otherCompanies(ctx context.Context, passport string, self int64, company *CompanyRecord) ([]string, error) {
	key := screening.PassportKey(passport)
	if key == "" {
		return nil, nil
	}
	holders, err := s.records.PassportHolders(ctx, key, self)
	if err != nil {
		return nil, fmt.Errorf("passport holders: %w", err)
	}
	var out []string
	for _, h := range holders {
		if company != nil && strings.EqualFold(strings.TrimSpace(h.RegistrationNumber), strings.TrimSpace(company.RegistrationNumber)) &&
			strings.EqualFold(h.Country, company.CountryOfIncorporation) {
			continue
		}
		out = append(out, fmt.Sprintf("%s (verification #%d)", named(h.CompanyName, h.VerificationID), h.VerificationID))
	}
	return out, nil
}

// jurisdictionInForce is the jurisdiction list in force, or nil before the first import.
func (s *TopChecks) jurisdictionInForce(ctx context.Context) (*JurisdictionVersion, error) {
	j, err := s.jurisdictions.InForce(ctx)
	if isNotFound(err) {
		return nil, nil
	}
	return j, err
}

// record stores a finished run with its subjects, hits and identifier checks, and brings the
// review up to date: a hit found before keeps its decision while the entry and the subject's facts
// are unchanged, and a new open hit on an approved certificate alerts the administrators.
func (s *TopChecks) record(ctx context.Context, run *ScreeningRun, subjects []ScreenedSubject, hits []found,
	identifiers []screening.RegistryCheck) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.GetForUpdate(ctx, run.VerificationID) // one writer of the review at a time
		if isNotFound(err) {
			return s.finishEmpty(ctx, run)
		}
		if err != nil {
			return err
		}
		cases, err := s.records.Hits(ctx, v.ID())
		if err != nil {
			return err
		}
		byKey := make(map[string]*HitCase, len(cases))
		for i := range cases {
			c := &cases[i]
			byKey[caseKey(c.SubjectKey, c.Source, c.SourceID)] = c
		}
		decidedEntries, err := s.decidedEntries(ctx, cases)
		if err != nil {
			return err
		}
		var fresh []*HitCase // new, or reopened
		for _, f := range hits {
			e := f.hit.Entry
			c, seen := byKey[caseKey(f.subject.Key, e.Source, e.SourceID)]
			if !seen {
				c = &HitCase{VerificationID: v.ID(), SubjectKey: f.subject.Key, Source: e.Source, SourceID: e.SourceID,
					Status: screening.HitOpen, FirstRunID: run.ID}
				fresh = append(fresh, c)
			} else if !c.Status.Undecided() {
				decided, ok := decidedEntries[EntryRef{c.DecidedVersionID, c.SourceID}]
				sameEntry := c.DecidedVersionID == f.version || (ok && screening.SameEntry(decided, *e))
				var reopened bool
				if c.Status, reopened = screening.Reobserve(c.Status, sameEntry, c.DecidedDigest == f.subject.Digest); reopened {
					c.Reopened = true
					fresh = append(fresh, c)
				}
			}
			c.Check, c.EntryVersionID, c.Score, c.MatchedName = screening.CheckOf(e), f.version, f.hit.Score, f.hit.MatchedName
			c.Explanation, c.LastRunID = f.hit.Explanation, max(c.LastRunID, run.ID)
			if err := s.records.SaveHit(ctx, c); err != nil {
				return err
			}
		}
		if err := s.records.AddSubjects(ctx, run.ID, subjects); err != nil {
			return err
		}
		identifiersFlagged, err := s.addIdentifierChecks(ctx, v.ID(), run.ID, identifiers)
		if err != nil {
			return err
		}
		now := s.clock.Now()
		run.Status, run.FinishedAt = screening.RunDone, &now
		if err := s.records.SaveRun(ctx, run); err != nil {
			return err
		}
		if err := s.auditSystem(ctx, v, "screening.completed", runSummary(run, subjects, len(hits), len(fresh))); err != nil {
			return err
		}
		state, err := s.records.State(ctx, v.ID())
		if err != nil {
			return err
		}
		if state.LatestRunID == run.ID {
			state.LatestStatus = screening.RunDone
		}
		if run.ID >= state.DoneRunID { // a run that finishes after a newer one does not replace it
			state.DoneRunID, state.Flagged = run.ID, anyFlagged(subjects) || identifiersFlagged
		}
		if err := s.refresh(ctx, v, state); err != nil {
			return err
		}
		return s.alert(ctx, v, run, fresh)
	})
}

// decidedEntries loads the entries the cases' decisions were made on.
func (s *TopChecks) decidedEntries(ctx context.Context, cases []HitCase) (map[EntryRef]screening.Entry, error) {
	var refs []EntryRef
	for _, c := range cases {
		if c.DecidedVersionID != 0 {
			refs = append(refs, EntryRef{c.DecidedVersionID, c.SourceID})
		}
	}
	if len(refs) == 0 {
		return nil, nil
	}
	return s.lists.EntriesOf(ctx, refs)
}

// anyFlagged reports whether a jurisdiction or KYC check of any subject has a finding.
func anyFlagged(subjects []ScreenedSubject) bool {
	for _, sub := range subjects {
		for _, c := range sub.Checks {
			if c.Flagged() {
				return true
			}
		}
	}
	return false
}

func caseKey(subject string, src screening.Source, sourceID string) string {
	return subject + "\x00" + string(src) + "\x00" + sourceID
}

// runSummary is the audit trail's line for a finished run.
func runSummary(run *ScreeningRun, subjects []ScreenedSubject, hits, fresh int) string {
	return fmt.Sprintf("run %d (%s): %d subjects, %d list versions, possible matches: %d, new or reopened: %d; %s",
		run.ID, run.Trigger, len(subjects), len(run.ListVersionIDs), hits, fresh, run.EngineVersion)
}

// alert tells the administrators about new or reopened hits on an approved, unrevoked certificate.
// The certificate keeps stating its last clean run until a reviewer decides.
func (s *TopChecks) alert(ctx context.Context, v *verification.Verification, run *ScreeningRun, fresh []*HitCase) error {
	if len(fresh) == 0 || v.Status() != verification.Approved || v.Snapshot().RevokedAt != nil {
		return nil
	}
	lists := map[string]bool{}
	var names []string
	for _, c := range fresh {
		if l := c.Source.Label(); !lists[l] {
			lists[l] = true
			names = append(names, l)
		}
	}
	return s.notify.TellReviewers(ctx, fmt.Sprintf("screening_alert:%d:%d", v.ID(), run.ID), ScreeningAlert{
		VerificationID: v.ID(), CompanyName: companyName(ctx, s.sections, v.ID()), Hits: len(fresh), Lists: names, Certified: true})
}

// auditSystem writes an audit event of the system (no actor) that changes no status.
func (s *TopChecks) auditSystem(ctx context.Context, v *verification.Verification, action, reason string) error {
	return s.audit.Record(ctx, AuditEvent{VerificationID: v.ID(), Action: action, From: v.Status().String(),
		To: v.Status().String(), Reason: reason, CreatedAt: s.clock.Now()})
}

// Rescreen queues a screening run for every Top verification the lists concern (RescreenTop after
// an import: submitted, in review and approved; DailyRescreen: approved), skipping one that already
// waits for a run, which will use the new lists anyway. It returns how many runs it queued.
func (s *TopChecks) Rescreen(ctx context.Context, trigger screening.Trigger) (int, error) {
	statuses := []verification.Status{verification.Approved}
	if trigger == screening.TriggerListUpdate {
		statuses = append(statuses, verification.Submitted, verification.InReview)
	}
	ids, err := s.records.Rescreenable(ctx, statuses)
	if err != nil {
		return 0, err
	}
	queued := 0
	for _, id := range ids {
		err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
			state, err := s.records.State(ctx, id)
			if err != nil || state.LatestStatus == screening.RunPending {
				return err
			}
			queued++
			return s.queue(ctx, state, trigger)
		})
		if err != nil && !errors.Is(err, ErrNotFound) {
			return queued, fmt.Errorf("queue the screening of %d: %w", id, err)
		}
	}
	s.log.Info("screening runs queued", "trigger", trigger, "verifications", len(ids), "queued", queued)
	return queued, nil
}
