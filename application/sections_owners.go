package application

import (
	"context"
	"fmt"

	"github.com/tttverify/tttverify/domain/verification"
)

// Ownership is the beneficial ownership part of a Top verification: the owners, or the declaration
// that nobody reaches the threshold, and the threshold in force.
type Ownership struct {
	Threshold   int // percent (UBO_THRESHOLD)
	Owners      []OwnerRecord
	Declaration *DeclarationRecord
}

// Ownership returns the beneficial owners and the declaration of a verification the actor may read.
func (s *SectionsService) Ownership(ctx context.Context, actor *User, id int64) (*Ownership, error) {
	if _, err := readable(ctx, s.repo, actor, id); err != nil {
		return nil, err
	}
	return ownershipOf(ctx, s.sections, id, s.ownerThreshold)
}

func ownershipOf(ctx context.Context, sections Sections, id int64, threshold int) (*Ownership, error) {
	owners, err := sections.Owners(ctx, id)
	if err != nil {
		return nil, err
	}
	decl, err := orNil(sections.Declaration(ctx, id))
	if err != nil {
		return nil, err
	}
	return &Ownership{Threshold: threshold, Owners: owners, Declaration: decl}, nil
}

// AddOwner adds a beneficial owner to a Top draft that has no declaration; the owners' holdings
// may not add up to more than 100%.
func (s *SectionsService) AddOwner(ctx context.Context, actor *User, id int64, in verification.BeneficialOwner) (*OwnerRecord, error) {
	if err := in.Validate(s.clock.Now(), s.ownerThreshold); err != nil {
		return nil, err
	}
	rec := &OwnerRecord{VerificationID: id, BeneficialOwner: in}
	return rec, s.editOwners(ctx, actor, id, 0, in, func(ctx context.Context) error {
		return s.sections.AddOwner(ctx, rec)
	})
}

// UpdateOwner replaces a beneficial owner's details; the identity document stays linked.
func (s *SectionsService) UpdateOwner(ctx context.Context, actor *User, id, ownerID int64, in verification.BeneficialOwner) (*OwnerRecord, error) {
	if err := in.Validate(s.clock.Now(), s.ownerThreshold); err != nil {
		return nil, err
	}
	var rec *OwnerRecord
	err := s.editOwners(ctx, actor, id, ownerID, in, func(ctx context.Context) error {
		existing, err := s.sections.Owner(ctx, id, ownerID)
		if err != nil {
			return err
		}
		existing.BeneficialOwner = in
		rec = existing
		return s.sections.UpdateOwner(ctx, existing)
	})
	return rec, err
}

// editOwners runs an addition or change of owner replacing (0: none) on the actor's Top draft,
// after checking that no declaration stands and that the holdings stay within 100%.
func (s *SectionsService) editOwners(ctx context.Context, actor *User, id, replacing int64, in verification.BeneficialOwner,
	change func(ctx context.Context) error) error {
	return editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		if err := s.mustBeTop(ctx, id); err != nil {
			return err
		}
		if decl, err := orNil(s.sections.Declaration(ctx, id)); err != nil || decl != nil {
			return orErr(err, verification.ErrOwnersWhileDeclared)
		}
		owners, err := s.sections.Owners(ctx, id)
		if err != nil {
			return err
		}
		all := []verification.BeneficialOwner{in}
		for _, o := range owners {
			if o.ID != replacing {
				all = append(all, o.BeneficialOwner)
			}
		}
		if err := verification.CheckTotal(all); err != nil {
			return err
		}
		return change(ctx)
	})
}

// DeleteOwner removes a beneficial owner from a draft: the row is kept, marked deleted, with an
// audit event; the identity document stays on file until the applicant deletes it.
func (s *SectionsService) DeleteOwner(ctx context.Context, actor *User, id, ownerID int64) error {
	return editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		o, err := s.sections.Owner(ctx, id, ownerID)
		if err != nil {
			return err
		}
		if err := s.sections.DeleteOwner(ctx, id, ownerID); err != nil {
			return err
		}
		return recordRemoval(ctx, s.audit, actor, id, "delete-beneficial-owner",
			fmt.Sprintf("beneficial owner %d (%s)", o.ID, o.FullName), s.clock.Now())
	})
}

// DeclareNoOwners records, on a Top draft without owners, the declaration that no natural person
// owns or controls the threshold or more, naming the senior managing official: one of the
// representatives. Made again, it replaces the earlier one.
func (s *SectionsService) DeclareNoOwners(ctx context.Context, actor *User, id, seniorOfficialID int64) (*DeclarationRecord, error) {
	rec := &DeclarationRecord{VerificationID: id, OwnershipDeclaration: verification.OwnershipDeclaration{
		SeniorOfficialID: seniorOfficialID, Threshold: s.ownerThreshold}}
	return rec, editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		if err := s.mustBeTop(ctx, id); err != nil {
			return err
		}
		reps, err := s.sections.Representatives(ctx, id)
		if err != nil {
			return err
		}
		ids := make([]int64, len(reps))
		for i, r := range reps {
			ids[i] = r.ID
			if r.ID == seniorOfficialID {
				rec.SeniorOfficialName = r.FullName
			}
		}
		if err := rec.Validate(ids); err != nil {
			return err
		}
		if owners, err := s.sections.Owners(ctx, id); err != nil || len(owners) > 0 {
			return orErr(err, verification.ErrDeclaredWithOwners)
		}
		return s.sections.SaveDeclaration(ctx, rec)
	})
}

// WithdrawDeclaration withdraws the declaration of a draft, with an audit event, so that owners can
// be named instead.
func (s *SectionsService) WithdrawDeclaration(ctx context.Context, actor *User, id int64) error {
	return editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		decl, err := s.sections.Declaration(ctx, id)
		if err != nil {
			return err
		}
		if err := s.sections.WithdrawDeclaration(ctx, id); err != nil {
			return err
		}
		return recordRemoval(ctx, s.audit, actor, id, "withdraw-ownership-declaration",
			fmt.Sprintf("%s; senior managing official: %s", decl.Text(), decl.SeniorOfficialName), s.clock.Now())
	})
}

// mustBeTop refuses the owners part on a Basic verification, which never asks for it.
func (s *SectionsService) mustBeTop(ctx context.Context, id int64) error {
	v, err := s.repo.Get(ctx, id)
	if err != nil {
		return err
	}
	if v.Tier() != verification.Top {
		return verification.ErrOwnersTopOnly
	}
	return nil
}

// orErr is err when there is one, else alt.
func orErr(err, alt error) error {
	if err != nil {
		return err
	}
	return alt
}
