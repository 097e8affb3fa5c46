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
// PurposeUpgrade, and the tier changes once that payment is confirmed.
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
	// Checked again under the lock by v.Upgrade: a payment that lands meanwhile refuses the change.
	v, err = applyChange(ctx, s.tx, s.repo, s.audit, actor, id, stateChange{action: "tier.upgraded",
		reason: "basic to top before payment", may: owner(actor),
		apply: func(_ context.Context, v *verification.Verification) error { return v.Upgrade(s.clock.Now()) },
		after: func(ctx context.Context, v *verification.Verification, _ verification.Status) error {
			return s.checks.submitted(ctx, v) // a draft is screened when it is submitted
		}})
	if err != nil {
		return nil, err
	}
	return &UpgradeResult{Verification: v}, nil
}
