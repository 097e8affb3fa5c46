package stripe_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/adapters/payment/stripe"
	"github.com/tttverify/tttverify/adapters/payment/stripe/stripetest"
	"github.com/tttverify/tttverify/application"
)

const whsec = "whsec_test_secret"

func noRetries() *int64 { n := int64(0); return &n }

func newGateway(t *testing.T, base string) *stripe.Gateway {
	t.Helper()
	g, err := stripe.New(stripe.Config{SecretKey: "sk_test_123", PublishableKey: "pk_test_123", WebhookSecret: whsec,
		APIBase: base, MaxRetries: noRetries()})
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func newIntent() application.NewPaymentIntent {
	return application.NewPaymentIntent{Amount: 4900, Currency: "usd", VerificationID: 42, UserID: 7,
		Purpose: application.PurposeVerification, CouponCode: "SPRING", ReceiptEmail: "buyer@example.com",
		Description: "TTT Verify Basic verification #42", IdempotencyKey: "ttt-verification-42-verification-basic-4900-usd-SPRING"}
}

// TestStripeMock runs the adapter against stripe-mock, Stripe's API double, started by
// scripts/stripe-mock.sh. stripe-mock checks the request against Stripe's OpenAPI schema.
func TestStripeMock(t *testing.T) {
	base := os.Getenv("TEST_STRIPE_MOCK_URL")
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("TEST_STRIPE_MOCK_URL is not set; run the tests through scripts/stripe-mock.sh run (make test does)")
		}
		t.Skip("TEST_STRIPE_MOCK_URL is not set; scripts/stripe-mock.sh run go test ./adapters/payment/stripe/ runs this")
	}
	g := newGateway(t, base)
	ctx := context.Background()
	pi, err := g.CreateIntent(ctx, newIntent())
	if err != nil {
		t.Fatalf("create intent on stripe-mock: %v", err)
	}
	if !strings.HasPrefix(pi.ID, "pi_") || pi.ClientSecret == "" {
		t.Errorf("intent id %q secret %q, want pi_… and a client secret", pi.ID, pi.ClientSecret)
	}
	if pi.Amount != 4900 || pi.Currency != "usd" {
		t.Errorf("intent amount %d %s, want 4900 usd", pi.Amount, pi.Currency)
	}
	got, err := g.RetrieveIntent(ctx, pi.ID)
	if err != nil {
		t.Fatalf("retrieve intent on stripe-mock: %v", err)
	}
	if got.ID == "" || got.Status == "" || got.Metadata == nil {
		t.Errorf("retrieved intent %+v lacks id, status or metadata", got)
	}
	// The receipt's card comes from the latest charge, which the adapter asks Stripe to expand;
	// stripe-mock's fixture charge was paid with Stripe's Visa test card.
	if got.CardBrand != "visa" || got.CardLast4 != "4242" {
		t.Errorf("card %q %q, want visa 4242 from the expanded latest charge", got.CardBrand, got.CardLast4)
	}
	// stripe-mock answers every id with its fixture; the fixture is not a paid intent.
	if got.Status == application.IntentSucceeded {
		t.Errorf("stripe-mock's fixture intent is %s; the application would count it as paid", got.Status)
	}
	if _, err := g.RetrieveIntent(ctx, "../v1/customers"); !errors.Is(err, application.ErrNotFound) {
		t.Errorf("retrieve of a path-like id = %v, want ErrNotFound without a request", err)
	}
	// Cancelling and refunding: stripe-mock checks the requests against Stripe's schema and answers
	// with its fixtures (it keeps no state, so the statuses are the fixtures').
	if canceled, err := g.CancelIntent(ctx, pi.ID, "ttt-cancel-"+pi.ID); err != nil || canceled.ID == "" {
		t.Errorf("cancel on stripe-mock: %+v, %v", canceled, err)
	}
	if refundID, err := g.Refund(ctx, pi.ID, "ttt-refund-"+pi.ID); err != nil || !strings.HasPrefix(refundID, "re_") {
		t.Errorf("refund on stripe-mock: %q, %v; want a re_… id", refundID, err)
	}
}

// TestCancelAndRefund: a cancelled intent can no longer be paid; one that was paid first is reported
// as it stands; a refund is made once per idempotency key and only of a charge.
func TestCancelAndRefund(t *testing.T) {
	fake := stripetest.New(t)
	g := newGateway(t, fake.URL)
	ctx := context.Background()
	open, err := g.CreateIntent(ctx, newIntent())
	if err != nil {
		t.Fatal(err)
	}
	got, err := g.CancelIntent(ctx, open.ID, "cancel-1")
	if err != nil || got.Status != application.IntentCanceled {
		t.Fatalf("cancel of an open intent: %+v, %v; want canceled", got, err)
	}
	if in, _ := fake.Intent(open.ID); in.Status != "canceled" {
		t.Errorf("Stripe holds the intent as %s, want canceled", in.Status)
	}
	_, err = g.Refund(ctx, open.ID, "refund-0")
	if !errors.Is(err, application.ErrPaymentProvider) {
		t.Errorf("refund of a cancelled intent: %v, want a provider error", err)
	}

	p := newIntent()
	p.IdempotencyKey = "another checkout"
	paid, err := g.CreateIntent(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	fake.Succeed(paid.ID)
	got, err = g.CancelIntent(ctx, paid.ID, "cancel-2")
	if err != nil || got.Status != application.IntentSucceeded {
		t.Fatalf("cancel of a paid intent: %+v, %v; want it reported succeeded", got, err)
	}
	first, err := g.Refund(ctx, paid.ID, "refund-"+paid.ID)
	if err != nil {
		t.Fatal(err)
	}
	again, err := g.Refund(ctx, paid.ID, "refund-"+paid.ID)
	if err != nil || again != first {
		t.Errorf("repeated refund: %q, %v; want the first refund %q", again, err, first)
	}
	if refunds := fake.Refunds(); len(refunds) != 1 || refunds[0].Amount != 4900 || refunds[0].PaymentIntent != paid.ID {
		t.Errorf("refunds %+v, want one of 4900 for %s", refunds, paid.ID)
	}
	if _, err := g.CancelIntent(ctx, "pi_missing", "cancel-3"); !errors.Is(err, application.ErrNotFound) {
		t.Errorf("cancel of a missing intent: %v, want ErrNotFound", err)
	}
}

func TestCreateIntentSendsWhatStripeNeeds(t *testing.T) {
	fake := stripetest.New(t)
	g := newGateway(t, fake.URL)
	pi, err := g.CreateIntent(context.Background(), newIntent())
	if err != nil {
		t.Fatal(err)
	}
	reqs := fake.Requests()
	if len(reqs) != 1 {
		t.Fatalf("%d create requests, want 1", len(reqs))
	}
	r := reqs[0]
	for k, want := range map[string]string{
		"amount": "4900", "currency": "usd", "automatic_payment_methods[enabled]": "true",
		"metadata[verificationId]": "42", "metadata[userId]": "7", "metadata[purpose]": "verification",
		"metadata[couponCode]": "SPRING", "receipt_email": "buyer@example.com",
	} {
		if r.Form[k] != want {
			t.Errorf("form %s = %q, want %q", k, r.Form[k], want)
		}
	}
	if r.IdempotencyKey != newIntent().IdempotencyKey {
		t.Errorf("Idempotency-Key = %q, want %q", r.IdempotencyKey, newIntent().IdempotencyKey)
	}
	if r.Authorization != "Bearer sk_test_123" {
		t.Errorf("Authorization = %q", r.Authorization)
	}
	again, err := g.CreateIntent(context.Background(), newIntent())
	if err != nil || again.ID != pi.ID {
		t.Errorf("same idempotency key gave intent %v (%v), want %s", again, err, pi.ID)
	}
}

func TestRetrieveIntentReportsProviderState(t *testing.T) {
	fake := stripetest.New(t)
	g := newGateway(t, fake.URL)
	ctx := context.Background()
	pi, err := g.CreateIntent(ctx, newIntent())
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		change func(*stripetest.Intent)
		check  func(*application.PaymentIntent) bool
	}{
		{"open", func(*stripetest.Intent) {}, func(p *application.PaymentIntent) bool {
			return p.Status == application.IntentRequiresPaymentMethod && p.Amount == 4900 && p.Metadata["verificationId"] == "42"
		}},
		{"succeeded", func(in *stripetest.Intent) { in.Status = "succeeded" }, func(p *application.PaymentIntent) bool {
			return p.Status == application.IntentSucceeded && p.CardLast4 == ""
		}},
		{"paid by card", func(in *stripetest.Intent) { in.Card = &stripetest.Card{Brand: "mastercard", Last4: "4444"} },
			func(p *application.PaymentIntent) bool { return p.CardBrand == "mastercard" && p.CardLast4 == "4444" }},
		{"declined", func(in *stripetest.Intent) {
			in.Status = "requires_payment_method"
			in.LastPaymentError = map[string]string{"type": "card_error", "code": "card_declined", "decline_code": "insufficient_funds", "message": "Your card has insufficient funds."}
		}, func(p *application.PaymentIntent) bool {
			return p.Status == application.IntentRequiresPaymentMethod && p.FailureCode == "insufficient_funds" &&
				p.FailureMessage == "Your card has insufficient funds."
		}},
		{"amount changed", func(in *stripetest.Intent) { in.Amount = 100 }, func(p *application.PaymentIntent) bool { return p.Amount == 100 }},
		{"currency in upper case", func(in *stripetest.Intent) { in.Currency = "USD" }, func(p *application.PaymentIntent) bool { return p.Currency == "usd" }},
		{"metadata changed", func(in *stripetest.Intent) { in.Metadata["verificationId"] = "43" }, func(p *application.PaymentIntent) bool {
			return p.Metadata["verificationId"] == "43"
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			fake.Update(pi.ID, tc.change)
			got, err := g.RetrieveIntent(ctx, pi.ID)
			if err != nil {
				t.Fatal(err)
			}
			if !tc.check(got) {
				t.Errorf("retrieved %+v", got)
			}
		})
	}
	if _, err := g.RetrieveIntent(ctx, "pi_missing"); !errors.Is(err, application.ErrNotFound) {
		t.Errorf("missing intent: %v, want ErrNotFound", err)
	}
}

func TestProviderFailureIsReported(t *testing.T) {
	down := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusInternalServerError)
		_, _ = w.Write([]byte(`{"error":{"type":"api_error","message":"boom"}}`))
	}))
	defer down.Close()
	g := newGateway(t, down.URL)
	if _, err := g.CreateIntent(context.Background(), newIntent()); !errors.Is(err, application.ErrPaymentProvider) {
		t.Errorf("create on a failing API: %v, want ErrPaymentProvider", err)
	}
	if _, err := g.RetrieveIntent(context.Background(), "pi_1"); !errors.Is(err, application.ErrPaymentProvider) {
		t.Errorf("retrieve on a failing API: %v, want ErrPaymentProvider", err)
	}
}

func TestVerifyWebhook(t *testing.T) {
	fake := stripetest.New(t)
	g := newGateway(t, fake.URL)
	in := stripetest.Intent{ID: "pi_1", Object: "payment_intent", Amount: 4900, Currency: "usd", Status: "succeeded",
		Metadata: map[string]string{"verificationId": "42"}}
	payload := fake.Event("evt_1", "payment_intent.succeeded", in)

	ev, err := g.VerifyWebhook(payload, stripetest.Sign(payload, whsec))
	if err != nil {
		t.Fatal(err)
	}
	if ev.ID != "evt_1" || ev.Type != "payment_intent.succeeded" || ev.Intent == nil || ev.Intent.ID != "pi_1" ||
		ev.Intent.Amount != 4900 || ev.Intent.Status != "succeeded" || ev.Intent.Metadata["verificationId"] != "42" {
		t.Errorf("event %+v intent %+v", ev, ev.Intent)
	}

	other := fake.Event("evt_2", "customer.created", stripetest.Intent{ID: "cus_1"})
	if ev, err := g.VerifyWebhook(other, stripetest.Sign(other, whsec)); err != nil || ev.Intent != nil {
		t.Errorf("non-intent event: %+v, %v", ev, err)
	}

	for name, tc := range map[string]struct {
		payload []byte
		header  string
	}{
		"wrong secret":     {payload, stripetest.Sign(payload, "whsec_other")},
		"no header":        {payload, ""},
		"garbage header":   {payload, "t=1,v1=abc"},
		"tampered payload": {[]byte(strings.Replace(string(payload), "4900", "1", 1)), stripetest.Sign(payload, whsec)},
	} {
		if _, err := g.VerifyWebhook(tc.payload, tc.header); !errors.Is(err, application.ErrBadSignature) {
			t.Errorf("%s: %v, want ErrBadSignature", name, err)
		}
	}

	noSecret, err := stripe.New(stripe.Config{SecretKey: "sk_test_123", APIBase: fake.URL})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := noSecret.VerifyWebhook(payload, stripetest.Sign(payload, "")); !errors.Is(err, application.ErrBadSignature) {
		t.Errorf("without a webhook secret: %v, want ErrBadSignature", err)
	}
}

func TestModeAndKeys(t *testing.T) {
	g := newGateway(t, "http://127.0.0.1:1")
	if g.Provider() != "stripe" || g.PublishableKey() != "pk_test_123" || !g.TestMode() {
		t.Errorf("provider %q key %q test %v", g.Provider(), g.PublishableKey(), g.TestMode())
	}
	live, _ := stripe.New(stripe.Config{SecretKey: "sk_live_1"})
	if live.TestMode() {
		t.Error("a live key reports test mode")
	}
	if _, err := stripe.New(stripe.Config{}); err == nil {
		t.Error("a gateway without a secret key was created")
	}
}
