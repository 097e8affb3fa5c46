package tests

import (
	"errors"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/payment/stripe/stripetest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/pricing"
	"github.com/tttverify/tttverify/domain/verification"
)

// The browser's return and the provider's webhook reach the server at the same moment: the
// verification is paid exactly once, with one audit event, and goes to review.
func TestUseCaseSettlementRaceBrowserAndWebhook(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice := u.applicant("alice@example.com")
		for round := range 3 {
			id := u.submitted(alice, "basic")
			in, err := e.Svc.Payments.CreatePaymentIntent(u.ctx, alice, id, "", application.PurposeVerification)
			if err != nil {
				t.Fatal(err)
			}
			e.stripe.Succeed(in.IntentID) // the card went through in the browser
			intent, _ := e.stripe.Intent(in.IntentID)
			payload := e.stripe.Event("", application.EventIntentSucceeded, intent)
			signature := stripetest.Sign(payload, webhookSecret)

			var webhook application.WebhookResult
			errs := race(
				func() error { _, err := e.Svc.Payments.ConfirmPayment(u.ctx, alice, id, in.IntentID); return err },
				func() error { _, err := e.Svc.Payments.ConfirmPayment(u.ctx, alice, id, in.IntentID); return err },
				func() (err error) { webhook, err = e.Svc.Payments.HandleWebhook(u.ctx, payload, signature); return err },
			)
			for i, err := range errs {
				if err != nil {
					t.Errorf("round %d: call %d of the race failed: %v; every report of a genuine payment succeeds", round, i, err)
				}
			}
			if webhook != application.WebhookProcessed {
				t.Errorf("round %d: webhook result %q, want processed (its event was new)", round, webhook)
			}
			s := u.expect(alice, id, verification.InReview, verification.PaymentPaid)
			if s.Payment.Amount != 4900 || s.Payment.ID != in.IntentID {
				t.Errorf("round %d: payment %+v, want 4900 cents by %s", round, s.Payment, in.IntentID)
			}
			if a := u.actions(id); a["payment.succeeded"] != 1 {
				t.Errorf("round %d: audit %v, want exactly one payment.succeeded", round, a)
			}
		}
		u.expectStats("after three raced payments", map[string]int{"in_review": 3})
	}, withStripe)
}

// With the simulated provider the server settles when the card is confirmed; a double click on
// "Pay" and the browser's own report at the same time still pay once, and neither click is told
// anything but that the payment went through.
func TestUseCaseSettlementRaceSimulatedCard(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice := u.applicant("alice@example.com")
		for round := range 5 {
			id := u.submitted(alice, "top")
			in, err := e.Svc.Payments.CreatePaymentIntent(u.ctx, alice, id, "", application.PurposeVerification)
			if err != nil {
				t.Fatal(err)
			}
			confirm := func() error { _, err := e.Svc.Payments.ConfirmCard(u.ctx, alice, in.IntentID, ucGoodCard); return err }
			report := func() error { _, err := e.Svc.Payments.ConfirmPayment(u.ctx, alice, id, in.IntentID); return err }
			errs := race(confirm, confirm, report, report)
			for i, err := range errs[:2] {
				if err != nil {
					t.Errorf("round %d: card confirmation %d: %v", round, i, err)
				}
			}
			for i, err := range errs[2:] {
				// The browser may report before the card is confirmed: then the payment has not succeeded yet.
				if err != nil && !errors.Is(err, application.ErrPaymentNotSucceeded) {
					t.Errorf("round %d: browser report %d: %v, want success or ErrPaymentNotSucceeded", round, i, err)
				}
			}
			s := u.expect(alice, id, verification.InReview, verification.PaymentPaid)
			if s.Payment.Amount != 29900 {
				t.Errorf("round %d: paid %d cents, want the top tier's 29900", round, s.Payment.Amount)
			}
			if a := u.actions(id); a["payment.succeeded"] != 1 || a["payment.failed"] != 0 {
				t.Errorf("round %d: audit %v, want exactly one payment.succeeded and no failure", round, a)
			}
		}
	})
}

// A 100% coupon limited to one use, claimed by two applicants at once: one verification is paid by
// it, the other is told the coupon is used up and still owes the fee.
func TestUseCaseFreeCouponLastUseRace(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		e.coupon(t, "FREEONCE", 100, 1, nil)
		owners := []*application.User{u.applicant("alice@example.com"), u.applicant("bob@example.com")}
		ids := []int64{u.submitted(owners[0], "basic"), u.submitted(owners[1], "basic")}
		results := make([]*application.IntentResult, 2)
		claim := func(i int) func() error {
			return func() (err error) {
				results[i], err = e.Svc.Payments.CreatePaymentIntent(u.ctx, owners[i], ids[i], "freeonce", application.PurposeVerification)
				return err
			}
		}
		errs := race(claim(0), claim(1))
		winners := 0
		for i, err := range errs {
			switch {
			case err == nil:
				winners++
				if !results[i].Paid || results[i].Quote.Final.Amount != 0 {
					t.Errorf("winner %d: %+v, want paid in full by the coupon", i, results[i])
				}
				s := u.expect(owners[i], ids[i], verification.InReview, verification.PaymentPaid)
				if s.Payment.Amount != 0 {
					t.Errorf("winner %d paid %d cents, want 0", i, s.Payment.Amount)
				}
				if a := u.actions(ids[i]); a["payment.succeeded"] != 1 || a["coupon.redeemed"] != 1 {
					t.Errorf("winner %d audit %v, want one payment and one redemption", i, a)
				}
			case errors.Is(err, pricing.ErrCouponExhausted):
				u.expect(owners[i], ids[i], verification.Submitted, verification.PaymentPending)
				if a := u.actions(ids[i]); a["coupon.redeemed"] != 0 || a["payment.succeeded"] != 0 {
					t.Errorf("loser %d audit %v, want no payment and no redemption", i, a)
				}
			default:
				t.Errorf("claim %d: %v, want success or ErrCouponExhausted", i, err)
			}
		}
		if winners != 1 {
			t.Fatalf("%d applicants got the single-use coupon, want exactly one", winners)
		}
		if c := e.couponState(t, "FREEONCE"); c.Redemptions != 1 {
			t.Errorf("coupon redeemed %d times, want 1", c.Redemptions)
		}
	})
}

// The payment flow of one applicant, through the use cases: nothing is due before submission, a
// coupon is quoted on the server, a declined card leaves the verification waiting for payment,
// the good card puts it in review, and every later report changes nothing.
func TestUseCasePaymentFlow(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice, mallory := u.applicant("alice@example.com"), u.applicant("mallory@example.com")
		e.coupon(t, "QUARTER", 25, 0, nil)

		draft := u.draft(alice, "basic")
		_, err := e.Svc.Payments.CreatePaymentIntent(u.ctx, alice, draft, "", application.PurposeVerification)
		expectIs(t, "intent for a draft", err, verification.ErrPaymentNotDue)
		_, err = e.Svc.Payments.ValidateCoupon(u.ctx, alice, draft, "QUARTER")
		expectIs(t, "coupon for a draft", err, verification.ErrPaymentNotDue)

		id := u.submitted(alice, "basic")
		_, err = e.Svc.Payments.CreatePaymentIntent(u.ctx, mallory, id, "", application.PurposeVerification)
		expectIs(t, "intent for another applicant's verification", err, application.ErrNotFound)
		_, err = e.Svc.Payments.ValidateCoupon(u.ctx, alice, id, "NOSUCHCODE")
		expectIs(t, "unknown coupon", err, pricing.ErrCouponInvalid)
		q, err := e.Svc.Payments.ValidateCoupon(u.ctx, alice, id, " quarter ")
		if err != nil || q.Final.Amount != 3675 || q.Percent != 25 {
			t.Fatalf("quote with 25%% off 4900: %+v, %v; want 3675", q, err)
		}

		in, err := e.Svc.Payments.CreatePaymentIntent(u.ctx, alice, id, "QUARTER", application.PurposeVerification)
		if err != nil {
			t.Fatal(err)
		}
		if in.Paid || in.Quote.Final.Amount != 3675 || in.CouponCode != "QUARTER" || in.IntentID == "" {
			t.Fatalf("intent %+v, want 3675 cents with QUARTER, to be paid by card", in)
		}
		again, err := e.Svc.Payments.CreatePaymentIntent(u.ctx, alice, id, "QUARTER", application.PurposeVerification)
		if err != nil || again.IntentID != in.IntentID {
			t.Errorf("second intent with the same price: %v, %v; want the same intent %s", again, err, in.IntentID)
		}
		_, err = e.Svc.Payments.ConfirmCard(u.ctx, mallory, in.IntentID, ucGoodCard)
		expectIs(t, "another applicant confirming the card", err, application.ErrNotFound)
		_, err = e.Svc.Payments.ConfirmPayment(u.ctx, alice, id, "pi_made_up")
		expectIs(t, "report of an intent the server never opened", err, application.ErrPaymentMismatch)

		_, err = e.Svc.Payments.ConfirmCard(u.ctx, alice, in.IntentID, ucDeclinedCard)
		var declined *application.CardError
		if !errors.As(err, &declined) || declined.Code != "card_declined" {
			t.Fatalf("declined card: %v, want a *CardError card_declined", err)
		}
		u.expect(alice, id, verification.Submitted, verification.PaymentFailed)
		_, err = e.Svc.Payments.ConfirmPayment(u.ctx, alice, id, in.IntentID)
		expectIs(t, "report of the declined intent", err, application.ErrPaymentNotSucceeded)
		if c := e.couponState(t, "QUARTER"); c.Redemptions != 0 {
			t.Errorf("coupon redeemed %d times by a declined payment, want 0", c.Redemptions)
		}

		if _, err := e.Svc.Payments.ConfirmCard(u.ctx, alice, in.IntentID, ucGoodCard); err != nil {
			t.Fatalf("good card: %v", err)
		}
		s := u.expect(alice, id, verification.InReview, verification.PaymentPaid)
		if s.Payment.Amount != 3675 || s.Payment.ID != in.IntentID || s.Payment.Date == nil {
			t.Errorf("payment %+v, want 3675 cents by %s with a date", s.Payment, in.IntentID)
		}
		for range 2 {
			v, err := e.Svc.Payments.ConfirmPayment(u.ctx, alice, id, in.IntentID)
			if err != nil || v.Status() != verification.InReview {
				t.Errorf("report after settlement: %v, %v; want the verification unchanged in review", v, err)
			}
		}
		_, err = e.Svc.Payments.CreatePaymentIntent(u.ctx, alice, id, "", application.PurposeVerification)
		expectIs(t, "intent for a paid verification", err, verification.ErrAlreadyPaid)
		if c := e.couponState(t, "QUARTER"); c.Redemptions != 1 {
			t.Errorf("coupon redeemed %d times, want 1", c.Redemptions)
		}
		want := map[string]int{"create": 1, "submit": 1, "payment.failed": 1, "payment.succeeded": 1, "coupon.redeemed": 1}
		if diff := cmp.Diff(want, u.actions(id)); diff != "" {
			t.Errorf("audit trail by action (-want +got):\n%s", diff)
		}
	})
}

// expectIs fails unless err is target.
func expectIs(t *testing.T, what string, err, target error) {
	t.Helper()
	if !errors.Is(err, target) {
		t.Errorf("%s: %v, want %v", what, err, target)
	}
}
