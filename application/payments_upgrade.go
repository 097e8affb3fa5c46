package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/pricing"
	"github.com/tttverify/tttverify/domain/verification"
)

// UpgradeResult is what an upgrade request did: the tier changed at once, or a payment is due.
type UpgradeResult struct {
	Verification    *verification.Verification
	PaymentRequired bool
	Amount          pricing.Money // what the payment will be, when required
}

// Upgrade moves the actor's Basic verification to Top. Before payment the tier simply changes (and
// with it the price); after payment the difference must be paid through CreatePaymentIntent with
// PurposeUpgrade, and the tier changes once that payment is confirmed. Open intents priced for
// Basic are cancelled at the provider first, so that none can be charged after the change.
func (s *Payments) Upgrade(ctx context.Context, actor *User, id int64) (*UpgradeResult, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, id)
	if err != nil {
		return nil, err
	}
	needs, err := v.UpgradeNeedsPayment()
	if err != nil {
		return nil, err
	}
	if needs {
		return &UpgradeResult{Verification: v, PaymentRequired: true, Amount: pricing.UpgradePrice()}, nil
	}
	const why = "the verification was upgraded to Top"
	if err := s.closeOpen(ctx, actor, id, keepNone, why); err != nil {
		return nil, err
	}
	// Checked again under the lock by v.Upgrade: a payment that lands meanwhile refuses the change.
	v, err = inTx(ctx, s.tx, func(ctx context.Context) (*verification.Verification, error) {
		v, err := ownedBy(ctx, s.repo.GetForUpdate, actor, id)
		if err != nil {
			return nil, err
		}
		from := v.Status()
		if err := v.Upgrade(s.clock.Now()); err != nil {
			return nil, err
		}
		if err := saveChange(ctx, s.repo, s.audit, actor, v, "tier.upgraded", from, "basic to top before payment"); err != nil {
			return nil, err
		}
		return v, s.checks.ScreenSubmitted(ctx, v) // a draft is screened when it is submitted
	})
	if err != nil {
		return nil, err
	}
	// A checkout opened meanwhile finds the new tier when it records its intent and closes itself;
	// this only catches one that recorded just before the change. A charge that slips through is refunded.
	if err := s.closeOpen(ctx, actor, id, keepNone, why); err != nil {
		s.log.Error("cancel intents opened before the upgrade", "verification", id, "error", err)
	}
	return &UpgradeResult{Verification: v}, nil
}
