package tests

import (
	"net/http"
	"testing"

	"github.com/tttverify/tttverify/adapters/payment/stripe/stripetest"
)

// TestForgedPaymentSuccess tries to get a verification marked paid without paying for it. Each
// attempt is refused and changes nothing; the genuine confirmation then works, once.
func TestForgedPaymentSuccess(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		fake := e.stripe
		alice, mallory := e.register(t, "alice@example.com"), e.register(t, "mallory@example.com")
		id := submitted(t, alice, "basic").ID
		intentID := stripeIntent(t, alice, id)

		in, _ := fake.Intent(intentID)
		if in.Metadata["verificationId"] == "" || in.Metadata["userId"] == "" || in.ReceiptEmail != "alice@example.com" {
			t.Fatalf("intent sent to Stripe: %+v", in)
		}

		// 1. The intent has not succeeded.
		if r := alice.paymentSuccess(id, intentID); r.Status != http.StatusPaymentRequired {
			t.Errorf("unpaid intent: %d %s, want 402", r.Status, r.Body)
		}
		alice.expectState(id, "submitted", "pending", nil)

		// 2. Another verification's paid intent (the same user's cheaper or other application).
		other := submitted(t, alice, "basic").ID
		otherIntent := stripeIntent(t, alice, other)
		fake.Succeed(otherIntent)
		if r := alice.paymentSuccess(id, otherIntent); r.Status != http.StatusBadRequest {
			t.Errorf("another verification's intent: %d, want 400", r.Status)
		}
		alice.expectState(id, "submitted", "pending", nil)

		// 3. A paid intent whose amount is not the price.
		fake.Update(intentID, func(in *stripetest.Intent) { in.Status, in.Amount = "succeeded", 100 })
		if r := alice.paymentSuccess(id, intentID); r.Status != http.StatusBadRequest {
			t.Errorf("wrong amount: %d, want 400", r.Status)
		}
		fake.Update(intentID, func(in *stripetest.Intent) { in.Amount, in.Currency = 4900, "eur" })
		if r := alice.paymentSuccess(id, intentID); r.Status != http.StatusBadRequest {
			t.Errorf("wrong currency: %d, want 400", r.Status)
		}
		// 4. A paid intent whose metadata names another verification.
		fake.Update(intentID, func(in *stripetest.Intent) { in.Currency, in.Metadata["verificationId"] = "usd", "999999" })
		if r := alice.paymentSuccess(id, intentID); r.Status != http.StatusBadRequest {
			t.Errorf("metadata of another verification: %d, want 400", r.Status)
		}
		alice.expectState(id, "submitted", "pending", nil)

		// 5. A verification that is not submitted.
		draft := fillVerification(t, alice, "basic").ID
		fake.Update(intentID, func(in *stripetest.Intent) { in.Metadata["verificationId"] = itoa(id) })
		if r := alice.paymentSuccess(draft, intentID); r.Status != http.StatusConflict {
			t.Errorf("draft verification: %d, want 409", r.Status)
		}
		alice.expectState(draft, "draft", "pending", nil)

		// 6. Another user's verification, with the owner's genuine paid intent.
		if r := mallory.paymentSuccess(id, intentID); r.Status != http.StatusNotFound {
			t.Errorf("another user's verification: %d, want 404", r.Status)
		}
		malloryID := submitted(t, mallory, "basic").ID
		if r := mallory.paymentSuccess(malloryID, intentID); r.Status != http.StatusBadRequest {
			t.Errorf("someone else's paid intent on one's own verification: %d, want 400", r.Status)
		}
		mallory.expectState(malloryID, "submitted", "pending", nil)
		alice.expectState(id, "submitted", "pending", nil)
		if a := e.audit(t, id); a["payment.succeeded"] != 0 {
			t.Fatalf("audit after forgeries: %v", a)
		}

		// The genuine confirmation works, and a second one is harmless.
		for range 2 {
			if r := alice.paymentSuccess(id, intentID); r.Status != http.StatusOK || r.Map(t)["status"] != "in_review" {
				t.Fatalf("genuine payment-success: %d %s", r.Status, r.Body)
			}
		}
		alice.expectState(id, "in_review", "paid", 4900)
		if a := e.audit(t, id); a["payment.succeeded"] != 1 {
			t.Errorf("audit %v, want one payment.succeeded", a)
		}
	}, withStripe)
}

// TestPriceChangedAfterIntent: an intent opened for Basic cannot pay for the verification once it
// was upgraded to Top before payment.
func TestPriceChangedAfterIntent(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		alice := e.register(t, "alice@example.com")
		id := submitted(t, alice, "basic").ID
		basicIntent := stripeIntent(t, alice, id)
		alice.must(http.StatusOK, "POST", "/api/verifications/"+itoa(id)+"/upgrade", nil)
		e.stripe.Succeed(basicIntent)
		if r := alice.paymentSuccess(id, basicIntent); r.Status != http.StatusBadRequest {
			t.Errorf("basic-priced intent for a top verification: %d, want 400", r.Status)
		}
		alice.expectState(id, "submitted", "pending", nil)
		top := alice.intent(id, "")
		if top["amount"] != float64(29900) || top["paymentIntentId"] == basicIntent {
			t.Fatalf("top intent %v", top)
		}
	}, withStripe)
}

func TestStripeWebhooks(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		fake := e.stripe
		alice := e.register(t, "alice@example.com")
		id := submitted(t, alice, "basic").ID
		intentID := stripeIntent(t, alice, id)

		// Unknown event types are acknowledged and ignored.
		ping := fake.Event("", "customer.created", stripetest.Intent{ID: "cus_1", Object: "customer"})
		if r := e.signedWebhook(t, ping); r.Status != http.StatusOK || r.Map(t)["result"] != "ignored" {
			t.Errorf("unknown type: %d %s", r.Status, r.Body)
		}

		// A failed payment: the verification stays submitted, its payment is marked failed.
		in, _ := fake.Intent(intentID)
		in.LastPaymentError = map[string]string{"code": "card_declined", "message": "Your card was declined."}
		failed := fake.Event("", "payment_intent.payment_failed", in)
		if r := e.signedWebhook(t, failed); r.Status != http.StatusOK || r.Map(t)["result"] != "processed" {
			t.Errorf("payment_failed: %d %s", r.Status, r.Body)
		}
		alice.expectState(id, "submitted", "failed", nil)

		// A succeeded event with a bad signature changes nothing.
		fake.Succeed(intentID)
		in, _ = fake.Intent(intentID)
		ok := fake.Event("evt_paid", "payment_intent.succeeded", in)
		for name, sig := range map[string]string{"wrong secret": stripetest.Sign(ok, "whsec_forged"), "no signature": ""} {
			if r := e.webhook(t, ok, sig); r.Status != http.StatusBadRequest {
				t.Errorf("%s: %d, want 400", name, r.Status)
			}
		}
		alice.expectState(id, "submitted", "failed", nil)

		// A forged amount inside a genuinely signed event (a misconfigured price) is acknowledged
		// but not applied.
		cheap := in
		cheap.Amount = 100
		forged := fake.Event("", "payment_intent.succeeded", cheap)
		if r := e.signedWebhook(t, forged); r.Status != http.StatusOK || r.Map(t)["result"] != "ignored" {
			t.Errorf("wrong amount event: %d %s", r.Status, r.Body)
		}
		alice.expectState(id, "submitted", "failed", nil)

		// The genuine event moves the verification to review although the browser never returned.
		// Webhooks are exempt from the Origin check.
		if r := e.signedWebhook(t, ok, "Origin", "https://elsewhere.example"); r.Status != http.StatusOK || r.Map(t)["result"] != "processed" {
			t.Fatalf("succeeded: %d %s", r.Status, r.Body)
		}
		alice.expectState(id, "in_review", "paid", 4900)

		// A replay, and a late failure notice, cause no second transition.
		if r := e.signedWebhook(t, ok); r.Status != http.StatusOK || r.Map(t)["result"] != "duplicate" {
			t.Errorf("replay: %d %s", r.Status, r.Body)
		}
		late := fake.Event("", "payment_intent.payment_failed", in)
		if r := e.signedWebhook(t, late); r.Status != http.StatusOK {
			t.Errorf("late failure: %d", r.Status)
		}
		// The browser's report after the webhook is harmless too.
		if r := alice.paymentSuccess(id, intentID); r.Status != http.StatusOK {
			t.Errorf("payment-success after the webhook: %d", r.Status)
		}
		alice.expectState(id, "in_review", "paid", 4900)
		if a := e.audit(t, id); a["payment.succeeded"] != 1 || a["payment.failed"] != 1 {
			t.Errorf("audit %v, want one payment.succeeded and one payment.failed", a)
		}

		// Events for intents this server never opened are ignored.
		stranger := fake.Event("", "payment_intent.succeeded", stripetest.Intent{ID: "pi_elsewhere", Object: "payment_intent",
			Amount: 4900, Currency: "usd", Status: "succeeded", Metadata: map[string]string{"verificationId": itoa(id)}})
		if r := e.signedWebhook(t, stranger); r.Status != http.StatusOK || r.Map(t)["result"] != "ignored" {
			t.Errorf("unknown intent: %d %s", r.Status, r.Body)
		}
	}, withStripe)
}

func TestWebhookRefusedWithoutStripe(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		payload := stripetest.New(t).Event("", "payment_intent.succeeded",
			stripetest.Intent{ID: "pi_1", Object: "payment_intent", Status: "succeeded"})
		if r := e.signedWebhook(t, payload); r.Status != http.StatusNotFound {
			t.Errorf("webhook with the simulated provider: %d, want 404", r.Status)
		}
	})
}
