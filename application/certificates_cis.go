package application

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// GenerateCIS renders and signs the Client Information Sheet of an approved verification, stores it and
// records where; administrators only. A previous sheet is removed once the new one is recorded.
// A revoked or expired certificate gets none (verification.MayIssue), since the sheet reads
// "Valid until …".
func (s *Certificates) GenerateCIS(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	if err := mustReview(actor); err != nil {
		return nil, err
	}
	return s.generateCIS(ctx, actor, id)
}

// GenerateCISOnApproval is the job queued by an approval: it generates the CIS as the system
// (no actor) unless one was made since the approval (an administrator was quicker, or an earlier
// attempt got that far) or the certificate was revoked or expired before the job ran, and tells the
// applicant once per approval. A sheet from before a
// re-approval (after a paid upgrade) is replaced, since it shows the old tier. A failure returns an
// error so the queue retries.
func (s *Certificates) GenerateCISOnApproval(ctx context.Context, id int64) error {
	v, err := s.repo.Get(ctx, id)
	if isNotFound(err) {
		return nil // deleted since: nothing to make
	}
	if err != nil {
		return err
	}
	if v.MayIssue(verification.CIS, s.clock.Now()) != nil || cisSinceApproval(v.Snapshot()) {
		return nil
	}
	_, err = s.generateCIS(ctx, nil, id)
	if errors.Is(err, verification.ErrNoLongerVouches) {
		return nil // revoked while the sheet was being made: there is nothing to make now
	}
	return err
}

// cisSinceApproval reports whether the current CIS was generated at or after the last approval.
func cisSinceApproval(snap verification.Snapshot) bool {
	return snap.CISFormPath != "" && snap.CISFormGenerated != nil && snap.ApprovedAt != nil &&
		!snap.CISFormGenerated.Before(*snap.ApprovedAt)
}

func (s *Certificates) generateCIS(ctx context.Context, actor *User, id int64) (*verification.Verification, error) {
	v, err := s.repo.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if v.Status() != verification.Approved {
		return nil, verification.TransitionError{From: v.Status(), Action: "generate the CIS form of"}
	}
	if err := v.MayIssue(verification.CIS, s.clock.Now()); err != nil {
		return nil, err
	}
	data, err := s.cisData(ctx, v)
	if err != nil {
		return nil, err
	}
	pdf, err := s.renderer.CIS(data)
	if err != nil {
		return nil, fmt.Errorf("render CIS of %d: %w", id, err)
	}
	if pdf, err = s.sign(ctx, pdf, "Client Information Sheet", data.Certificate); err != nil {
		return nil, err
	}
	key := fmt.Sprintf("verifications/%d/cis-%s.pdf", id, randomToken(12))
	if err := s.pending.Begin(ctx, key, s.clock.Now()); err != nil {
		return nil, err
	}
	if _, err := s.blobs.Put(ctx, key, bytes.NewReader(pdf), int64(len(pdf)), "application/pdf"); err != nil {
		s.removeObject(key)
		return nil, fmt.Errorf("store CIS of %d: %w", id, err)
	}
	var previous string
	out, err := inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := s.repo.GetForUpdate(ctx, id)
		if err != nil {
			return nil, err
		}
		if err := v.MayIssue(verification.CIS, s.clock.Now()); err != nil { // revoked while rendering
			return nil, err
		}
		from := v.Status()
		previous = v.CISFormPath()
		if err := v.AttachCIS(key, s.clock.Now()); err != nil {
			return nil, err
		}
		if err := saveChange(ctx, s.repo, s.audit, actor, v, "generate-cis", from, ""); err != nil {
			return nil, err
		}
		if err := s.pending.Done(ctx, key); err != nil { // the object now has its row
			return nil, err
		}
		// Once per approval: regenerating the sheet tells nobody again.
		once := fmt.Sprintf("cis_ready:%d:%d", v.ID(), deref(v.Snapshot().ApprovedAt).UnixMicro())
		_, err = s.notify.TellOwner(ctx, v, once, func(company string) EmailData {
			return CISReady{VerificationID: v.ID(), CompanyName: company}
		})
		return v, err
	})
	if err != nil {
		s.removeObject(key)
		return nil, err
	}
	if previous != "" {
		s.removeObject(previous)
	}
	return out, nil
}

// CISForm is where a verification's current CIS is stored and when it was made.
type CISForm struct {
	Path        string
	GeneratedAt time.Time
}

// CISForm returns the current CIS of an approved verification whose certificate still vouches;
// a revoked or expired one's is refused with the reason (verification.MayIssue).
func (s *Certificates) CISForm(ctx context.Context, actor *User, id int64) (*CISForm, error) {
	v, err := readable(ctx, s.repo, actor, id)
	if err != nil {
		return nil, err
	}
	if err := v.MayIssue(verification.CIS, s.clock.Now()); err != nil && !errors.Is(err, verification.ErrNotApproved) {
		return nil, err
	}
	snap := v.Snapshot()
	if v.Status() != verification.Approved || snap.CISFormPath == "" || snap.CISFormGenerated == nil {
		return nil, ErrNoCISForm
	}
	return &CISForm{Path: snap.CISFormPath, GeneratedAt: *snap.CISFormGenerated}, nil
}

func (s *Certificates) cisData(ctx context.Context, v *verification.Verification) (CISData, error) {
	id := v.ID()
	company, err := s.sections.Company(ctx, id)
	if err != nil {
		return CISData{}, fmt.Errorf("company of %d: %w", id, err)
	}
	reps, err := s.sections.Representatives(ctx, id)
	if err != nil {
		return CISData{}, err
	}
	banking, err := orNil(s.sections.Banking(ctx, id))
	if err != nil {
		return CISData{}, err
	}
	trade, err := orNil(s.sections.Trade(ctx, id))
	if err != nil {
		return CISData{}, err
	}
	docs, err := s.docs.List(ctx, id)
	if err != nil {
		return CISData{}, err
	}
	cert, err := s.certificateData(ctx, v, company)
	if err != nil {
		return CISData{}, err
	}
	var ownership *Ownership
	if v.Tier() == verification.Top {
		if ownership, err = ownershipOf(ctx, s.sections, id, 0); err != nil {
			return CISData{}, err
		}
	}
	return CISData{Certificate: cert, Company: *company, Representatives: reps, Ownership: ownership,
		Banking: banking, Trade: trade, Documents: docs, GeneratedAt: s.clock.Now()}, nil
}
