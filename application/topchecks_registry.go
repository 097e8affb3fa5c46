package application

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/tttverify/tttverify/domain/identifier"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

// identifierChecks looks the company's LEI up in GLEIF and its VAT number in VIES, and compares the
// BIC's country with the IBAN and the bank's address; identifiers the applicant left out are not
// checked. A register that does not answer gives an unavailable check, never an error: the run
// goes on and a reviewer can check again. Called outside any transaction (the lookups take time).
func (s *TopChecks) identifierChecks(ctx context.Context, id int64) ([]screening.RegistryCheck, error) {
	company, err := orNil(s.sections.Company(ctx, id))
	if err != nil {
		return nil, err
	}
	bank, err := orNil(s.sections.Banking(ctx, id))
	if err != nil {
		return nil, err
	}
	var out []screening.RegistryCheck
	if company != nil {
		c := company.CompanyInfo
		if lei := identifier.Compact(c.LEI); lei != "" {
			rec, err := s.registries.LEI(ctx, lei)
			out = append(out, s.looked(screening.RegistryGLEIF, lei, err, func() screening.RegistryCheck {
				return screening.CompareLEI(c, rec, s.clock.Now())
			}))
		}
		if vat := identifier.Compact(c.VATNumber); vat != "" {
			out = append(out, s.vatCheck(ctx, c, vat))
		}
	}
	if bank != nil && identifier.BICCountry(identifier.Compact(bank.SwiftCode)) != "" {
		out = append(out, screening.CheckBIC(bank.BankingInfo, s.countryOf, s.clock.Now()))
	}
	return out, nil
}

func (s *TopChecks) vatCheck(ctx context.Context, c verification.CompanyInfo, vat string) screening.RegistryCheck {
	country, number, ok := identifier.VIESNumber(vat, strings.ToUpper(c.CountryOfIncorporation))
	if !ok {
		return screening.RegistryCheck{Registry: screening.RegistryVIES, Identifier: vat, Outcome: screening.RegistryNotChecked,
			CheckedAt: s.clock.Now(), Summary: "not checked: VIES covers the EU member states and Northern Ireland only"}
	}
	rec, err := s.registries.VAT(ctx, country, number)
	return s.looked(screening.RegistryVIES, country+number, err, func() screening.RegistryCheck {
		return screening.CompareVAT(c, country, number, rec, s.clock.Now())
	})
}

// identifierChecksOfRun are the identifier checks a run makes: all of them when the verification
// was submitted (the identifiers cannot change after that), and in a later run (a list update, the
// daily one) only when a register had not answered, so that the run retries it without asking
// the registers every day.
func (s *TopChecks) identifierChecksOfRun(ctx context.Context, id int64, trigger screening.Trigger) ([]screening.RegistryCheck, error) {
	if trigger != screening.TriggerSubmission && trigger != screening.TriggerResubmission {
		latest, err := s.registryChecks.Latest(ctx, id)
		if err != nil {
			return nil, err
		}
		if !slices.ContainsFunc(latest, func(c RegistryCheckRecord) bool { return c.Outcome == screening.RegistryUnavailable }) {
			return nil, nil
		}
	}
	return s.identifierChecks(ctx, id)
}

// looked is the check of a lookup: unavailable when it failed (logged), else what compare makes of
// the answer.
func (s *TopChecks) looked(reg screening.Registry, id string, err error, compare func() screening.RegistryCheck) screening.RegistryCheck {
	if err != nil {
		s.log.Warn("registry lookup unavailable", "registry", reg, "identifier", id, "error", err)
		return screening.Unavailable(reg, id, s.clock.Now())
	}
	return compare()
}

// addIdentifierChecks stores the checks of a run (runID) or of a reviewer's "check again" (0), and
// reports whether the newest check of any register needs the reviewer.
func (s *TopChecks) addIdentifierChecks(ctx context.Context, verificationID, runID int64, checks []screening.RegistryCheck) (bool, error) {
	for _, c := range checks {
		if err := s.registryChecks.Add(ctx, &RegistryCheckRecord{VerificationID: verificationID, RunID: runID,
			RegistryCheck: c}); err != nil {
			return false, err
		}
	}
	latest, err := s.registryChecks.Latest(ctx, verificationID)
	return slices.ContainsFunc(latest, func(c RegistryCheckRecord) bool { return c.Flagged() }), err
}

// CheckIdentifiersAgain looks the verification's identifiers up again, for a reviewer whose
// screening shows a register that did not answer (or who wants a fresh answer). The new checks
// replace the shown ones and are audited. Top verifications with a finished run that are submitted,
// in review or approved only.
func (s *TopChecks) CheckIdentifiersAgain(ctx context.Context, actor *User, id int64) (*ScreeningView, error) {
	if err := mustReview(actor); err != nil {
		return nil, err
	}
	v, err := s.repo.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if v.Tier() != verification.Top {
		return nil, screening.ErrNotDecidable
	}
	checks, err := s.identifierChecks(ctx, id)
	if err != nil {
		return nil, err
	}
	err = s.review(ctx, actor, id, func(ctx context.Context, v *verification.Verification, state *ScreeningState) error {
		identifiersFlagged, err := s.addIdentifierChecks(ctx, id, 0, checks)
		if err != nil {
			return err
		}
		subjects, err := s.records.Subjects(ctx, state.DoneRunID)
		if err != nil {
			return err
		}
		state.Flagged = anyFlagged(subjects) || identifiersFlagged
		lines := make([]string, len(checks))
		for i, c := range checks {
			lines[i] = fmt.Sprintf("%s %s: %s", c.Registry.Label(), c.Identifier, c.Summary)
		}
		s.public.forget(v.PublicID()) // what the certificate states may have changed
		return s.auditBy(ctx, actor, v, "screening.identifiers_checked", strings.Join(lines, "; "))
	})
	if err != nil {
		return nil, err
	}
	return s.Screening(ctx, actor, id)
}
