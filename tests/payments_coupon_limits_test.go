package tests

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/payment/simulated"
	"github.com/tttverify/tttverify/adapters/payment/stripe/stripetest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// Issue 28: a limited coupon is never redeemed more often than its limit, and an intent that can no
// longer be honoured is cancelled at the provider before a card is charged, or refunded after.

// simIntent reads an intent of the simulated provider, as the provider itself holds it.
func simIntent(t *testing.T, e *env, id string) *application.PaymentIntent {
	t.Helper()
	in, err := simulated.New(e.DB.DB, e.clock.Now).RetrieveIntent(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

// checkout opens a checkout through the use case and fails the test if it cannot.
func (u *useCases) checkout(owner *application.User, id int64, coupon string) *application.IntentResult {
	u.t.Helper()
	in, err := u.e.Svc.Payments.CreatePaymentIntent(u.ctx, owner, id, coupon, application.PurposeVerification)
	if err != nil {
		u.t.Fatalf("checkout of %d with %q: %v", id, coupon, err)
	}
	return in
}

// The reported case: a --max 3 coupon, five verifications of one applicant. Each opens a checkout
// with the coupon (a use is held), then one without it (the hold is given back), then pays the
// first intent. Before issue 28 every one of the five was charged the discounted price.
func TestCouponLimitNotExceededByAbandonedCheckouts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		e.coupon(t, "MAX3", 30, 3, nil)
		alice := u.applicant("alice@example.com")
		for i := range 5 {
			id := u.submitted(alice, "basic")
			held := u.checkout(alice, id, "max3")
			plain := u.checkout(alice, id, "")
			if plain.IntentID == held.IntentID {
				t.Fatalf("round %d: the checkout without the coupon reused the coupon's intent", i)
			}
			// The replaced intent was cancelled at the provider: the card is refused, never charged.
			if in := simIntent(t, e, held.IntentID); in.Status != application.IntentCanceled {
				t.Errorf("round %d: the replaced intent is %s at the provider, want canceled", i, in.Status)
			}
			_, err := e.Svc.Payments.ConfirmCard(u.ctx, alice, held.IntentID, ucGoodCard)
			if err == nil {
				t.Errorf("round %d: the replaced coupon intent was paid", i)
			}
			if in := simIntent(t, e, held.IntentID); in.Status == application.IntentSucceeded {
				t.Errorf("round %d: the card was charged on the replaced intent", i)
			}
			u.expect(alice, id, verification.Submitted, verification.PaymentPending)
			if a := u.actions(id); a["payment.canceled"] != 1 || a["coupon.redeemed"] != 0 {
				t.Errorf("round %d: audit %v, want one payment.canceled and no redemption", i, a)
			}
			// The intent of the checkout that stands is still paid, at the full price.
			if _, err := e.Svc.Payments.ConfirmCard(u.ctx, alice, plain.IntentID, ucGoodCard); err != nil {
				t.Fatalf("round %d: pay the checkout without the coupon: %v", i, err)
			}
			if s := u.expect(alice, id, verification.InReview, verification.PaymentPaid); s.Payment.Amount != 4900 {
				t.Errorf("round %d: paid %d, want 4900", i, s.Payment.Amount)
			}
		}
		if n := e.couponState(t, "MAX3").Redemptions; n != 0 {
			t.Errorf("MAX3 redeemed %d times, want 0: no coupon intent was paid", n)
		}
		// The three uses are all still there for checkouts that keep the coupon.
		for i := range 4 {
			id := u.submitted(alice, "basic")
			in, err := e.Svc.Payments.CreatePaymentIntent(u.ctx, alice, id, "MAX3", application.PurposeVerification)
			if i == 3 {
				if err == nil {
					t.Errorf("a fourth checkout got the --max 3 coupon")
				}
				continue
			}
			if err != nil {
				t.Fatalf("checkout %d with MAX3: %v", i, err)
			}
			if _, err := e.Svc.Payments.ConfirmCard(u.ctx, alice, in.IntentID, ucGoodCard); err != nil {
				t.Fatalf("pay checkout %d: %v", i, err)
			}
		}
		if n := e.couponState(t, "MAX3").Redemptions; n != 3 {
			t.Errorf("MAX3 redeemed %d times, want 3", n)
		}
	})
}

// A checkout's hold lapses after CouponHold, but the use is given to someone else only after the
// holder's intent is cancelled: the holder's card is then refused, and the coupon is redeemed once.
// A lapsed hold nobody claims still pays.
func TestCouponHoldLapseCancelsTheHoldersIntent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		e.coupon(t, "SOLO", 50, 1, nil)
		alice, bob := u.applicant("alice@example.com"), u.applicant("bob@example.com")
		a, b := u.submitted(alice, "basic"), u.submitted(bob, "basic")
		held := u.checkout(alice, a, "SOLO")
		if _, err := e.Svc.Payments.CreatePaymentIntent(u.ctx, bob, b, "SOLO", application.PurposeVerification); err == nil {
			t.Fatal("Bob got the single use while Alice's checkout holds it")
		}
		e.clock.Advance(application.CouponHold + time.Minute)
		bobs := u.checkout(bob, b, "SOLO")
		if in := simIntent(t, e, held.IntentID); in.Status != application.IntentCanceled {
			t.Errorf("Alice's intent is %s after her hold was taken back, want canceled", in.Status)
		}
		if _, err := e.Svc.Payments.ConfirmCard(u.ctx, alice, held.IntentID, ucGoodCard); err == nil {
			t.Error("Alice paid with a coupon use given to Bob")
		}
		if _, err := e.Svc.Payments.ConfirmCard(u.ctx, bob, bobs.IntentID, ucGoodCard); err != nil {
			t.Fatalf("Bob pays: %v", err)
		}
		u.expect(alice, a, verification.Submitted, verification.PaymentPending)
		u.expect(bob, b, verification.InReview, verification.PaymentPaid)
		if n := e.couponState(t, "SOLO").Redemptions; n != 1 {
			t.Errorf("SOLO redeemed %d times, want 1", n)
		}
		if _, err := e.Svc.Payments.CreatePaymentIntent(u.ctx, alice, a, "SOLO", application.PurposeVerification); err == nil {
			t.Error("Alice got a used-up coupon again")
		}

		// Unclaimed, a lapsed hold keeps its intent payable.
		e.coupon(t, "LATE", 20, 1, nil)
		c := u.submitted(alice, "basic")
		late := u.checkout(alice, c, "LATE")
		e.clock.Advance(2 * application.CouponHold)
		if _, err := e.Svc.Payments.ConfirmCard(u.ctx, alice, late.IntentID, ucGoodCard); err != nil {
			t.Fatalf("pay after the hold lapsed, nobody else claiming it: %v", err)
		}
		if n := e.couponState(t, "LATE").Redemptions; n != 1 {
			t.Errorf("LATE redeemed %d times, want 1", n)
		}
	})
}

// Many applicants race for a coupon with two uses: each opens a checkout with it and one without,
// then, all at once again, one with it and pays both its first coupon intent (a browser tab left
// open) and its last intent. Never more than two verifications pay the discounted price, and the
// coupon counts exactly those.
func TestCouponLimitUnderRacingCheckoutsAndPayments(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		e.coupon(t, "DUO", 40, 2, nil)
		const n = 6
		owners, ids := make([]*application.User, n), make([]int64, n)
		for i := range n {
			owners[i] = u.applicant(fmt.Sprintf("racer%d@example.com", i))
			ids[i] = u.submitted(owners[i], "basic")
		}
		var mu sync.Mutex
		var unexpected []error
		opened := make([][]string, n)
		open := func(i int, code string) {
			in, err := e.Svc.Payments.CreatePaymentIntent(u.ctx, owners[i], ids[i], code, application.PurposeVerification)
			if err == nil && !in.Paid {
				mu.Lock()
				opened[i] = append(opened[i], in.IntentID)
				mu.Unlock()
			}
		}
		pay := func(i int, intentID string) {
			_, err := e.Svc.Payments.ConfirmCard(u.ctx, owners[i], intentID, ucGoodCard)
			if err != nil && !errors.Is(err, application.ErrCheckoutClosed) && !errors.Is(err, verification.ErrAlreadyPaid) {
				mu.Lock()
				unexpected = append(unexpected, fmt.Errorf("racer %d pays %s: %w", i, intentID, err))
				mu.Unlock()
			}
		}
		each := func(step func(i int)) {
			calls := make([]func() error, n)
			for i := range n {
				calls[i] = func() error { step(i); return nil }
			}
			race(calls...)
		}
		each(func(i int) { open(i, "DUO"); open(i, "") })
		each(func(i int) {
			open(i, "DUO")
			if len(opened[i]) > 0 {
				pay(i, opened[i][0])
				pay(i, opened[i][len(opened[i])-1])
			}
		})
		for _, err := range unexpected {
			t.Error(err)
		}
		discounted := 0
		for i := range n {
			s := u.state(owners[i], ids[i])
			switch {
			case !s.Payment.Paid():
			case s.Payment.Amount == 2940:
				discounted++
			case s.Payment.Amount != 4900:
				t.Errorf("racer %d paid %d, want 2940 with DUO or 4900", i, s.Payment.Amount)
			}
		}
		redeemed := e.couponState(t, "DUO").Redemptions
		if discounted > 2 || redeemed != discounted {
			t.Errorf("%d verifications paid with DUO, redeemed %d times; want at most 2, counted exactly", discounted, redeemed)
		}
	})
}

// A charge that reaches Stripe for an intent the server had cancelled (the browser confirmed it
// just before the cancellation) cannot pay the verification: it is refunded through Stripe and
// audited, and the coupon it carried is not redeemed past its limit.
func TestChargeOfCancelledIntentIsRefunded(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		e.coupon(t, "ONCE", 50, 1, nil)
		alice, bob := u.applicant("alice@example.com"), u.applicant("bob@example.com")
		a, b := u.submitted(alice, "basic"), u.submitted(bob, "basic")
		first := u.checkout(alice, a, "ONCE")
		u.checkout(alice, a, "") // replaces the first checkout and gives its coupon use back
		if in, _ := e.stripe.Intent(first.IntentID); in.Status != "canceled" {
			t.Fatalf("the replaced intent is %s at Stripe, want canceled", in.Status)
		}
		bobs := u.checkout(bob, b, "ONCE")
		e.stripe.Succeed(bobs.IntentID)
		if _, err := e.Svc.Payments.ConfirmPayment(u.ctx, bob, b, bobs.IntentID); err != nil {
			t.Fatalf("Bob's payment: %v", err)
		}

		e.stripe.Succeed(first.IntentID) // the charge went through all the same
		in, _ := e.stripe.Intent(first.IntentID)
		payload := e.stripe.Event("", application.EventIntentSucceeded, in)
		for range 2 { // the provider's retry refunds nothing twice
			if _, err := e.Svc.Payments.HandleWebhook(u.ctx, payload, stripetest.Sign(payload, webhookSecret)); err != nil {
				t.Fatalf("webhook: %v", err)
			}
		}
		_, err := e.Svc.Payments.ConfirmPayment(u.ctx, alice, a, first.IntentID)
		expectIs(t, "the browser's report of the refunded charge", err, application.ErrPaymentRefunded)
		refunds := e.stripe.Refunds()
		if len(refunds) != 1 || refunds[0].PaymentIntent != first.IntentID || refunds[0].Amount != 2450 {
			t.Errorf("refunds %+v, want one of 2450 for %s", refunds, first.IntentID)
		}
		u.expect(alice, a, verification.Submitted, verification.PaymentPending)
		if act := u.actions(a); act["payment.refunded"] != 1 || act["payment.succeeded"] != 0 || act["coupon.redeemed"] != 0 {
			t.Errorf("audit %v, want one payment.refunded and no payment", act)
		}
		if n := e.couponState(t, "ONCE").Redemptions; n != 1 {
			t.Errorf("ONCE redeemed %d times, want 1", n)
		}
	}, withStripe)
}

// Issue 28, item 13: upgrading an unpaid Basic verification cancels its open $49 intent at the
// provider; a charge that still arrives is refunded automatically and audited.
func TestUpgradeCancelsOpenBasicIntent(t *testing.T) {
	t.Run("simulated", func(t *testing.T) {
		forEachBackend(t, func(t *testing.T, e *env) {
			u := newUseCases(t, e)
			alice := u.applicant("alice@example.com")
			id := u.submitted(alice, "basic")
			basic := u.checkout(alice, id, "")
			if _, err := e.Svc.Payments.Upgrade(u.ctx, alice, id); err != nil {
				t.Fatal(err)
			}
			if in := simIntent(t, e, basic.IntentID); in.Status != application.IntentCanceled {
				t.Errorf("the Basic intent is %s after the upgrade, want canceled", in.Status)
			}
			if _, err := e.Svc.Payments.ConfirmCard(u.ctx, alice, basic.IntentID, ucGoodCard); err == nil {
				t.Fatal("the $49 intent paid a Top verification")
			}
			if in := simIntent(t, e, basic.IntentID); in.Status == application.IntentSucceeded {
				t.Error("the card was charged $49 after the upgrade")
			}
			if a := u.actions(id); a["payment.canceled"] != 1 {
				t.Errorf("audit %v, want one payment.canceled", a)
			}
			top := u.checkout(alice, id, "")
			if top.Quote.Final.Amount != 29900 {
				t.Errorf("Top checkout %d, want 29900", top.Quote.Final.Amount)
			}
			if _, err := e.Svc.Payments.ConfirmCard(u.ctx, alice, top.IntentID, ucGoodCard); err != nil {
				t.Fatal(err)
			}
		})
	})
	t.Run("stripe", func(t *testing.T) {
		forEachBackend(t, func(t *testing.T, e *env) {
			u := newUseCases(t, e)
			alice := u.applicant("alice@example.com")
			id := u.submitted(alice, "basic")
			basic := u.checkout(alice, id, "")
			if _, err := e.Svc.Payments.Upgrade(u.ctx, alice, id); err != nil {
				t.Fatal(err)
			}
			if in, _ := e.stripe.Intent(basic.IntentID); in.Status != "canceled" {
				t.Errorf("the Basic intent is %s at Stripe after the upgrade, want canceled", in.Status)
			}
			e.stripe.Succeed(basic.IntentID) // charged anyway
			in, _ := e.stripe.Intent(basic.IntentID)
			payload := e.stripe.Event("", application.EventIntentSucceeded, in)
			res, err := e.Svc.Payments.HandleWebhook(u.ctx, payload, stripetest.Sign(payload, webhookSecret))
			if err != nil || res != application.WebhookProcessed {
				t.Fatalf("webhook: %v, %v", res, err)
			}
			refunds := e.stripe.Refunds()
			if len(refunds) != 1 || refunds[0].PaymentIntent != basic.IntentID || refunds[0].Amount != 4900 {
				t.Errorf("refunds %+v, want the $49 charge of %s", refunds, basic.IntentID)
			}
			s := u.expect(alice, id, verification.Submitted, verification.PaymentPending)
			if s.Tier != verification.Top {
				t.Errorf("tier %v, want top", s.Tier)
			}
			if a := u.actions(id); a["payment.refunded"] != 1 || a["payment.succeeded"] != 0 {
				t.Errorf("audit %v, want one payment.refunded and no payment", a)
			}
		}, withStripe)
	})
}
