package application

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// TopChecks holds the Top tier's checks: screening runs of the company, its representatives and
// its bank against the sanctions and PEP lists, the jurisdiction list and the KYC rules; the
// company's identifiers looked up in GLEIF and VIES; the
// reviewers' decisions on hits; monitoring when lists change and daily; and what a certificate may
// claim. Basic verifications are never screened.
type TopChecks struct {
	tx             Transactor
	repo           VerificationRepository
	sections       Sections
	records        ScreeningRecords
	lists          ScreeningLists
	jurisdictions  JurisdictionLists
	index          *ScreeningIndexHolder
	registries     Registries
	registryChecks RegistryChecks
	countryOf      func(string) (string, bool)
	jobs           JobQueue
	audit          AuditLog
	notify         ReviewerNotifier
	public         *PublicCache
	clock          Clock
	log            *slog.Logger
	claims         ClaimRule
}

// TopChecksDeps are the ports the Top-tier checks need.
type TopChecksDeps struct {
	Tx             Transactor
	Repo           VerificationRepository
	Sections       Sections
	Records        ScreeningRecords
	Lists          ScreeningLists
	Jurisdictions  JurisdictionLists
	Index          *ScreeningIndexHolder
	Registries     Registries     // GLEIF and VIES
	RegistryChecks RegistryChecks // the identifier checks' results
	// CountryOf reads a country name or code ("Germany", "DE") as an ISO 3166-1 code; the BIC check
	// reads the bank address's country with it.
	CountryOf func(string) (string, bool)
	Jobs      JobQueue
	Audit     AuditLog
	Notify    ReviewerNotifier // alerts the reviewers to new hits on an approved certificate
	Public    *PublicCache     // forgotten when what a certificate states changes
	Clock     Clock
	Log       *slog.Logger
	Claims    ClaimRule // a claimed verification's hits are decided by its holder alone
}

// NewTopChecks wires the Top-tier checks.
func NewTopChecks(d TopChecksDeps) *TopChecks {
	return &TopChecks{tx: d.Tx, repo: d.Repo, sections: d.Sections, records: d.Records, lists: d.Lists,
		jurisdictions: d.Jurisdictions, index: d.Index, registries: d.Registries, registryChecks: d.RegistryChecks,
		countryOf: d.CountryOf, jobs: d.Jobs, audit: d.Audit, notify: d.Notify, public: d.Public, claims: d.Claims,
		clock: d.Clock, log: d.Log}
}

// ScreenSubmitted queues the screening of a Top verification that was just submitted (from draft)
// or upgraded while waiting for review, in the transaction of that change; other verifications
// are not screened. Verifications and Payments call it through SubmissionScreening.
func (s *TopChecks) ScreenSubmitted(ctx context.Context, v *verification.Verification) error {
	if v.Tier() != verification.Top {
		return nil
	}
	if st := v.Status(); st != verification.Submitted && st != verification.InReview {
		return nil
	}
	state, err := s.records.State(ctx, v.ID())
	if err != nil {
		return err
	}
	trigger := screening.TriggerSubmission
	if state.LatestRunID != 0 { // screened before: rejected, corrected and submitted again
		trigger = screening.TriggerResubmission
	}
	return s.queue(ctx, state, trigger)
}

// queue records a pending run and queues its job, in the transaction ctx carries.
func (s *TopChecks) queue(ctx context.Context, state *ScreeningState, trigger screening.Trigger) error {
	run := &ScreeningRun{VerificationID: state.VerificationID, Trigger: trigger, Status: screening.RunPending,
		CreatedAt: s.clock.Now()}
	if err := s.records.CreateRun(ctx, run); err != nil {
		return fmt.Errorf("record screening run of %d: %w", state.VerificationID, err)
	}
	state.LatestRunID, state.LatestStatus = run.ID, screening.RunPending
	if err := s.records.SaveState(ctx, state); err != nil {
		return err
	}
	return s.jobs.Enqueue(ctx, ScreenVerification{RunID: run.ID})
}
