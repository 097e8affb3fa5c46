package payments_test

import (
	"net/http"
	"strconv"
	"testing"

	"github.com/tttverify/tttverify/adapters/payment/stripe/stripetest"
)

// stripeIntent opens an intent for id through the API and returns its id.
func stripeIntent(t *testing.T, u *user, id int64) string {
	t.Helper()
	pi := u.intent(id, "")
	intentID, _ := pi["paymentIntentId"].(string)
	if pi["clientSecret"] == "" || intentID == "" || pi["amount"] != float64(4900) {
		t.Fatalf("intent %v", pi)
	}
	return intentID
}

// TestForgedPaymentSuccess tries to get a verification marked paid without paying for it. Each
// attempt is refused and changes nothing; the genuine confirmation then works, once.
func TestForgedPaymentSuccess(t *testing.T) {
	engines(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, true)
		fake := e.stripe
		alice, mallory := e.newUser("alice"), e.newUser("mallory")
		id := alice.submitted("basic")
		intentID := stripeIntent(t, alice, id)

		in, _ := fake.Intent(intentID)
		if in.Metadata["verificationId"] == "" || in.Metadata["userId"] == "" || in.ReceiptEmail != alice.email {
			t.Fatalf("intent sent to Stripe: %+v", in)
		}

		// 1. The intent has not succeeded.
		if status, body := alice.paymentSuccess(id, intentID); status != http.StatusPaymentRequired {
			t.Errorf("unpaid intent: %d %v, want 402", status, body)
		}
		alice.expectState(id, "submitted", "pending", nil)

		// 2. Another verification's paid intent (the same user's cheaper or other application).
		other := alice.submitted("basic")
		otherIntent := stripeIntent(t, alice, other)
		fake.Succeed(otherIntent)
		if status, _ := alice.paymentSuccess(id, otherIntent); status != http.StatusBadRequest {
			t.Errorf("another verification's intent: %d, want 400", status)
		}
		alice.expectState(id, "submitted", "pending", nil)

		// 3. A paid intent whose amount is not the price.
		fake.Update(intentID, func(in *stripetest.Intent) { in.Status, in.Amount = "succeeded", 100 })
		if status, _ := alice.paymentSuccess(id, intentID); status != http.StatusBadRequest {
			t.Errorf("wrong amount: %d, want 400", status)
		}
		fake.Update(intentID, func(in *stripetest.Intent) { in.Amount, in.Currency = 4900, "eur" })
		if status, _ := alice.paymentSuccess(id, intentID); status != http.StatusBadRequest {
			t.Errorf("wrong currency: %d, want 400", status)
		}
		// 4. A paid intent whose metadata names another verification.
		fake.Update(intentID, func(in *stripetest.Intent) { in.Currency, in.Metadata["verificationId"] = "usd", "999999" })
		if status, _ := alice.paymentSuccess(id, intentID); status != http.StatusBadRequest {
			t.Errorf("metadata of another verification: %d, want 400", status)
		}
		alice.expectState(id, "submitted", "pending", nil)

		// 5. A verification that is not submitted.
		draft := alice.draft("basic")
		fake.Update(intentID, func(in *stripetest.Intent) { in.Metadata["verificationId"] = itoa(id) })
		if status, _ := alice.paymentSuccess(draft, intentID); status != http.StatusConflict {
			t.Errorf("draft verification: %d, want 409", status)
		}
		alice.expectState(draft, "draft", "pending", nil)

		// 6. Another user's verification, with the owner's genuine paid intent.
		if status, _ := mallory.paymentSuccess(id, intentID); status != http.StatusNotFound {
			t.Errorf("another user's verification: %d, want 404", status)
		}
		malloryID := mallory.submitted("basic")
		if status, _ := mallory.paymentSuccess(malloryID, intentID); status != http.StatusBadRequest {
			t.Errorf("someone else's paid intent on one's own verification: %d, want 400", status)
		}
		mallory.expectState(malloryID, "submitted", "pending", nil)
		alice.expectState(id, "submitted", "pending", nil)
		if a := e.audit(id); a["payment.succeeded"] != 0 {
			t.Fatalf("audit after forgeries: %v", a)
		}

		// The genuine confirmation works, and a second one is harmless.
		for range 2 {
			if status, v := alice.paymentSuccess(id, intentID); status != http.StatusOK || v["status"] != "in_review" {
				t.Fatalf("genuine payment-success: %d %v", status, v)
			}
		}
		alice.expectState(id, "in_review", "paid", 4900)
		if a := e.audit(id); a["payment.succeeded"] != 1 {
			t.Errorf("audit %v, want one payment.succeeded", a)
		}
	})
}

// TestPriceChangedAfterIntent: an intent opened for Basic cannot pay for the verification once it
// was upgraded to Top before payment.
func TestPriceChangedAfterIntent(t *testing.T) {
	engines(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, true)
		alice := e.newUser("alice")
		id := alice.submitted("basic")
		basicIntent := stripeIntent(t, alice, id)
		alice.must(http.MethodPost, "/api/verifications/"+itoa(id)+"/upgrade", nil, http.StatusOK)
		e.stripe.Succeed(basicIntent)
		if status, _ := alice.paymentSuccess(id, basicIntent); status != http.StatusBadRequest {
			t.Errorf("basic-priced intent for a top verification: %d, want 400", status)
		}
		alice.expectState(id, "submitted", "pending", nil)
		top := alice.intent(id, "")
		if top["amount"] != float64(29900) || top["paymentIntentId"] == basicIntent {
			t.Fatalf("top intent %v", top)
		}
	})
}

func TestStripeWebhooks(t *testing.T) {
	engines(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, true)
		fake := e.stripe
		alice := e.newUser("alice")
		id := alice.submitted("basic")
		intentID := stripeIntent(t, alice, id)

		// Unknown event types are acknowledged and ignored.
		ping := fake.Event("", "customer.created", stripetest.Intent{ID: "cus_1", Object: "customer"})
		if status, body := e.webhook(ping, stripetest.Sign(ping, webhookSecret)); status != http.StatusOK || body["result"] != "ignored" {
			t.Errorf("unknown type: %d %v", status, body)
		}

		// A failed payment: the verification stays submitted, its payment is marked failed.
		in, _ := fake.Intent(intentID)
		in.LastPaymentError = map[string]string{"code": "card_declined", "message": "Your card was declined."}
		failed := fake.Event("", "payment_intent.payment_failed", in)
		if status, body := e.webhook(failed, stripetest.Sign(failed, webhookSecret)); status != http.StatusOK || body["result"] != "processed" {
			t.Errorf("payment_failed: %d %v", status, body)
		}
		alice.expectState(id, "submitted", "failed", nil)

		// A succeeded event with a bad signature changes nothing.
		fake.Succeed(intentID)
		in, _ = fake.Intent(intentID)
		ok := fake.Event("evt_paid", "payment_intent.succeeded", in)
		for name, sig := range map[string]string{"wrong secret": stripetest.Sign(ok, "whsec_forged"), "no signature": ""} {
			if status, _ := e.webhook(ok, sig); status != http.StatusBadRequest {
				t.Errorf("%s: %d, want 400", name, status)
			}
		}
		alice.expectState(id, "submitted", "failed", nil)

		// A forged amount inside a genuinely signed event (a misconfigured price) is acknowledged
		// but not applied.
		cheap := in
		cheap.Amount = 100
		forged := fake.Event("", "payment_intent.succeeded", cheap)
		if status, body := e.webhook(forged, stripetest.Sign(forged, webhookSecret)); status != http.StatusOK || body["result"] != "ignored" {
			t.Errorf("wrong amount event: %d %v", status, body)
		}
		alice.expectState(id, "submitted", "failed", nil)

		// The genuine event moves the verification to review although the browser never returned.
		// Webhooks are exempt from the Origin check.
		if status, body := e.webhook(ok, stripetest.Sign(ok, webhookSecret), "Origin", "https://elsewhere.example"); status != http.StatusOK || body["result"] != "processed" {
			t.Fatalf("succeeded: %d %v", status, body)
		}
		alice.expectState(id, "in_review", "paid", 4900)

		// A replay, and a late failure notice, cause no second transition.
		if status, body := e.webhook(ok, stripetest.Sign(ok, webhookSecret)); status != http.StatusOK || body["result"] != "duplicate" {
			t.Errorf("replay: %d %v", status, body)
		}
		late := fake.Event("", "payment_intent.payment_failed", in)
		if status, _ := e.webhook(late, stripetest.Sign(late, webhookSecret)); status != http.StatusOK {
			t.Errorf("late failure: %d", status)
		}
		// The browser's report after the webhook is harmless too.
		if status, _ := alice.paymentSuccess(id, intentID); status != http.StatusOK {
			t.Errorf("payment-success after the webhook: %d", status)
		}
		alice.expectState(id, "in_review", "paid", 4900)
		if a := e.audit(id); a["payment.succeeded"] != 1 || a["payment.failed"] != 1 {
			t.Errorf("audit %v, want one payment.succeeded and one payment.failed", a)
		}

		// Events for intents this server never opened are ignored.
		stranger := fake.Event("", "payment_intent.succeeded", stripetest.Intent{ID: "pi_elsewhere", Object: "payment_intent",
			Amount: 4900, Currency: "usd", Status: "succeeded", Metadata: map[string]string{"verificationId": itoa(id)}})
		if status, body := e.webhook(stranger, stripetest.Sign(stranger, webhookSecret)); status != http.StatusOK || body["result"] != "ignored" {
			t.Errorf("unknown intent: %d %v", status, body)
		}
	})
}

func TestWebhookRefusedWithoutStripe(t *testing.T) {
	e := newEnv(t, "sqlite", false)
	payload := e.webhookPayloadForTest()
	if status, _ := e.webhook(payload, stripetest.Sign(payload, webhookSecret)); status != http.StatusNotFound {
		t.Errorf("webhook with the simulated provider: %d, want 404", status)
	}
}

func (e *env) webhookPayloadForTest() []byte {
	fake := stripetest.New(e.t)
	return fake.Event("", "payment_intent.succeeded", stripetest.Intent{ID: "pi_1", Object: "payment_intent", Status: "succeeded"})
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }
