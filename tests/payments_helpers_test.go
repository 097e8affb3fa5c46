package tests

import (
	"bytes"
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/payment/stripe/stripetest"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/pricing"
)

const webhookSecret = "whsec_e2e_secret"

// withStripe selects the Stripe adapter, pointed at a local fake of Stripe's API (e.stripe).
func withStripe(t *testing.T, e *env) {
	e.stripe = stripetest.New(t)
	e.cfg.StripeSecretKey, e.cfg.StripePublishableKey = "sk_test_e2e", "pk_test_e2e"
	e.cfg.StripeWebhookSecret, e.cfg.StripeAPIBase = webhookSecret, e.stripe.URL
}

// freshDatabase returns a new, empty database on e's engine ("" is a new SQLite file).
func freshDatabase(t *testing.T, e *env) string {
	t.Helper()
	if e.DB.Postgres() {
		return postgresDatabase(t)
	}
	return ""
}

// coupons is the coupon administration use case on e's database and clock.
func (e *env) coupons() *application.CouponAdmin {
	return application.NewCouponAdmin(persistence.NewTransactor(e.DB), persistence.NewCoupons(e.DB), e.clock)
}

// coupon creates a coupon through the administration use case.
func (e *env) coupon(t *testing.T, code string, percent, maxUses int, expires *time.Time) {
	t.Helper()
	if _, err := e.coupons().Create(context.Background(), code, percent, maxUses, expires); err != nil {
		t.Fatal(err)
	}
}

func (e *env) disableCoupon(t *testing.T, code string) {
	t.Helper()
	if _, err := e.coupons().Disable(context.Background(), code); err != nil {
		t.Fatal(err)
	}
}

func (e *env) couponState(t *testing.T, code string) pricing.CouponSnapshot {
	t.Helper()
	c, err := persistence.NewCoupons(e.DB).Get(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	return c.Snapshot()
}

// audit counts a verification's audit events by action.
func (e *env) audit(t *testing.T, id int64) map[string]int {
	t.Helper()
	events, err := e.Svc.Verifications.AuditTrail(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, ev := range events {
		out[ev.Action]++
	}
	return out
}

// webhook posts a signed (or, with an empty signature, unsigned) event to the Stripe webhook
// endpoint; headers are extra name, value pairs.
func (e *env) webhook(t *testing.T, payload []byte, signature string, headers ...string) response {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, e.srv.URL+"/api/webhooks/stripe", bytes.NewReader(payload))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Content-Type", "application/json")
	if signature != "" {
		req.Header.Set("Stripe-Signature", signature)
	}
	for i := 0; i+1 < len(headers); i += 2 {
		req.Header.Set(headers[i], headers[i+1])
	}
	return e.client(t).send(req)
}

// signedWebhook posts payload signed with the configured webhook secret.
func (e *env) signedWebhook(t *testing.T, payload []byte, headers ...string) response {
	t.Helper()
	return e.webhook(t, payload, stripetest.Sign(payload, webhookSecret), headers...)
}

// verification reads one of the client's verifications.
func (c *client) verification(id int64) map[string]any {
	c.t.Helper()
	return c.must(http.StatusOK, "GET", "/api/verifications/"+itoa(id), nil).Map(c.t)
}

// expectState checks status, payment status and amount (nil amount: none recorded).
func (c *client) expectState(id int64, status, payment string, amount any) {
	c.t.Helper()
	v := c.verification(id)
	if v["status"] != status || v["paymentStatus"] != payment || !sameAmount(v["paymentAmount"], amount) {
		c.t.Fatalf("verification %d: status %v payment %v amount %v; want %s %s %v",
			id, v["status"], v["paymentStatus"], v["paymentAmount"], status, payment, amount)
	}
}

func sameAmount(got, want any) bool {
	if want == nil {
		return got == nil
	}
	f, ok := got.(float64)
	return ok && int64(f) == int64(want.(int))
}

// intent opens (or reuses) the payment intent for id, with an optional coupon.
func (c *client) intent(id int64, coupon string) map[string]any {
	c.t.Helper()
	body := map[string]any{"verificationId": id}
	if coupon != "" {
		body["couponCode"] = coupon
	}
	return c.must(http.StatusOK, "POST", "/api/create-payment-intent", body).Map(c.t)
}

func (c *client) confirmCard(intentID, number string) response {
	c.t.Helper()
	return c.do("POST", "/api/simulated-payments/"+intentID+"/confirm",
		map[string]string{"cardNumber": number, "expiry": "12/34", "cvc": "123"})
}

func (c *client) paymentSuccess(id int64, intentID string) response {
	c.t.Helper()
	return c.do("POST", "/api/payment-success", map[string]any{"verificationId": id, "paymentIntentId": intentID})
}

// stripeIntent opens an intent for id through the API and returns its id.
func stripeIntent(t *testing.T, c *client, id int64) string {
	t.Helper()
	pi := c.intent(id, "")
	intentID, _ := pi["paymentIntentId"].(string)
	if pi["clientSecret"] == "" || intentID == "" || pi["amount"] != float64(4900) {
		t.Fatalf("intent %v", pi)
	}
	return intentID
}
