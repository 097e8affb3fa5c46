package payments_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestConfigNamesTheProvider(t *testing.T) {
	engines(t, func(t *testing.T, engine string) {
		for _, withStripe := range []bool{false, true} {
			e := newEnv(t, engine, withStripe)
			anon := &user{t: t, e: e, http: http.DefaultClient}
			cfg := anon.must(http.MethodGet, "/api/config", nil, http.StatusOK)
			want := map[bool]string{false: "simulated", true: "stripe"}[withStripe]
			if cfg["paymentProvider"] != want || cfg["testMode"] != true {
				t.Errorf("config %v, want provider %s in test mode", cfg, want)
			}
			if key, has := cfg["stripePublishableKey"]; has != withStripe || (withStripe && key != "pk_test_e2e") {
				t.Errorf("publishable key %v (present %v)", key, has)
			}
		}
	})
}

func TestSimulatedCardJourney(t *testing.T) {
	engines(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, false)
		alice, mallory := e.newUser("alice"), e.newUser("mallory")
		id := alice.submitted("basic")

		pi := alice.intent(id, "")
		secret, intentID := pi["clientSecret"].(string), pi["paymentIntentId"].(string)
		if pi["amount"] != float64(4900) || pi["paid"] != false || pi["coupon"] != nil || !strings.HasPrefix(secret, intentID+"_secret_") {
			t.Fatalf("intent %v", pi)
		}
		if again := alice.intent(id, ""); again["paymentIntentId"] != intentID {
			t.Errorf("second create-payment-intent opened %v, want the same intent %s", again["paymentIntentId"], intentID)
		}

		// Another user cannot pay (or probe) the intent.
		if status, _ := mallory.confirmCard(intentID, "4242424242424242"); status != http.StatusNotFound {
			t.Errorf("confirm by another user: %d, want 404", status)
		}
		// Malformed card details are refused before anything is charged.
		for number, field := range map[string]string{"4242 4242 4242 4241": "cardNumber", "": "cardNumber"} {
			status, body := alice.confirmCard(intentID, number)
			if errs, _ := body["errors"].(map[string]any); status != http.StatusBadRequest || errs[field] == nil {
				t.Errorf("card %q: %d %v, want 400 on %s", number, status, body, field)
			}
		}
		status, body := alice.call(http.MethodPost, "/api/simulated-payments/"+intentID+"/confirm",
			map[string]string{"cardNumber": "4242424242424242", "expiry": "01/20", "cvc": "123"})
		if status != http.StatusBadRequest || !strings.Contains(fmt.Sprint(body["message"]), "past") {
			t.Errorf("expired card: %d %v, want 400 naming the past date", status, body)
		}
		alice.expectState(id, "submitted", "pending", nil)

		// Declined card: the verification stays submitted, the payment is marked failed.
		status, body = alice.confirmCard(intentID, "4000 0000 0000 0002")
		if status != http.StatusPaymentRequired || body["code"] != "card_declined" || body["message"] != "Your card was declined." {
			t.Fatalf("declined card: %d %v", status, body)
		}
		alice.expectState(id, "submitted", "failed", nil)
		status, body = alice.confirmCard(intentID, "4000000000009995")
		if status != http.StatusPaymentRequired || body["message"] != "Your card has insufficient funds." {
			t.Errorf("insufficient funds: %d %v", status, body)
		}
		if status, _ := alice.paymentSuccess(id, intentID); status != http.StatusPaymentRequired {
			t.Errorf("payment-success for a declined intent: %d, want 402", status)
		}
		alice.expectState(id, "submitted", "failed", nil)

		// 4242 pays: the server itself moves the verification to review.
		status, body = alice.confirmCard(intentID, "4242 4242 4242 4242")
		if status != http.StatusOK || body["status"] != "succeeded" || body["paymentIntentId"] != intentID {
			t.Fatalf("4242: %d %v", status, body)
		}
		alice.expectState(id, "in_review", "paid", 4900)
		if v := alice.verification(id); v["paymentId"] != intentID || v["paymentDate"] == nil {
			t.Errorf("payment id %v date %v", v["paymentId"], v["paymentDate"])
		}

		// The browser's report afterwards, and a double click, are harmless.
		for range 2 {
			if status, v := alice.paymentSuccess(id, intentID); status != http.StatusOK || v["status"] != "in_review" {
				t.Errorf("payment-success after the server settled: %d %v", status, v)
			}
		}
		if status, _ := alice.confirmCard(intentID, "4242424242424242"); status != http.StatusOK {
			t.Errorf("second confirm: %d, want 200", status)
		}
		alice.expectState(id, "in_review", "paid", 4900)
		if a := e.audit(id); a["payment.succeeded"] != 1 || a["payment.failed"] != 2 {
			t.Errorf("audit %v, want one payment.succeeded and two payment.failed", a)
		}
		// Paid: no second intent.
		if status, _ := alice.call(http.MethodPost, "/api/create-payment-intent", map[string]any{"verificationId": id}); status != http.StatusConflict {
			t.Errorf("intent for a paid verification: %d, want 409", status)
		}
	})
}

func TestPaymentEndpointsRefuseWhatIsNotDue(t *testing.T) {
	engines(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, false)
		alice, mallory := e.newUser("alice"), e.newUser("mallory")
		draft := alice.draft("basic")
		submitted := alice.submitted("basic")
		e.coupon("TEN", 10, 0, nil)
		for _, tc := range []struct {
			name   string
			who    *user
			path   string
			body   map[string]any
			status int
		}{
			{"intent for a draft", alice, "/api/create-payment-intent", map[string]any{"verificationId": draft}, http.StatusConflict},
			{"coupon for a draft", alice, "/api/validate-coupon", map[string]any{"verificationId": draft, "couponCode": "TEN"}, http.StatusConflict},
			{"intent for another user's verification", mallory, "/api/create-payment-intent", map[string]any{"verificationId": submitted}, http.StatusNotFound},
			{"coupon on another user's verification", mallory, "/api/validate-coupon", map[string]any{"verificationId": submitted, "couponCode": "TEN"}, http.StatusNotFound},
			{"payment-success on another user's verification", mallory, "/api/payment-success", map[string]any{"verificationId": submitted, "paymentIntentId": "pi_x"}, http.StatusNotFound},
			{"payment-success for a draft", alice, "/api/payment-success", map[string]any{"verificationId": draft, "paymentIntentId": "pi_x"}, http.StatusConflict},
			{"unknown intent", alice, "/api/payment-success", map[string]any{"verificationId": submitted, "paymentIntentId": "pi_unknown"}, http.StatusBadRequest},
			{"missing verification id", alice, "/api/create-payment-intent", map[string]any{}, http.StatusBadRequest},
			{"unknown purpose", alice, "/api/create-payment-intent", map[string]any{"verificationId": submitted, "purpose": "donation"}, http.StatusBadRequest},
			{"client-chosen amount", alice, "/api/create-payment-intent", map[string]any{"verificationId": submitted, "amount": 1}, http.StatusBadRequest},
		} {
			if status, body := tc.who.call(http.MethodPost, tc.path, tc.body); status != tc.status {
				t.Errorf("%s: %d %v, want %d", tc.name, status, body, tc.status)
			}
		}
		anon := &user{t: t, e: e, http: http.DefaultClient}
		if status, _ := anon.call(http.MethodPost, "/api/create-payment-intent", map[string]any{"verificationId": submitted}); status != http.StatusUnauthorized {
			t.Errorf("anonymous intent: %d, want 401", status)
		}
		alice.expectState(draft, "draft", "pending", nil)
		alice.expectState(submitted, "submitted", "pending", nil)
	})
}

func TestCoupons(t *testing.T) {
	engines(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, false)
		alice := e.newUser("alice")
		past := time.Now().Add(-time.Hour)
		e.coupon("SAVE20", 20, 0, nil)
		e.coupon("ONCE", 15, 1, nil)
		e.coupon("OLD", 30, 0, &past)
		e.coupon("OFF", 25, 0, nil)
		e.disableCoupon("OFF")
		e.coupon("FREE", 100, 0, nil)
		id := alice.submitted("basic")

		// Validation: lower-case input, discount math on the server.
		q := alice.must(http.MethodPost, "/api/validate-coupon", map[string]any{"verificationId": id, "couponCode": " save20 "}, http.StatusOK)
		if q["valid"] != true || q["baseAmount"] != float64(4900) || q["discount"] != float64(20) || q["finalAmount"] != float64(3920) {
			t.Errorf("SAVE20 quote %v, want 4900 - 20%% = 3920", q)
		}
		for code, msg := range map[string]string{"nope": "Invalid coupon code", "old": "This coupon has expired",
			"off": "This coupon is no longer active"} {
			status, body := alice.call(http.MethodPost, "/api/validate-coupon", map[string]any{"verificationId": id, "couponCode": code})
			if status != http.StatusBadRequest || body["message"] != msg || body["valid"] != false {
				t.Errorf("coupon %s: %d %v, want 400 %q", code, status, body, msg)
			}
			if status, _ := alice.call(http.MethodPost, "/api/create-payment-intent", map[string]any{"verificationId": id, "couponCode": code}); status != http.StatusBadRequest {
				t.Errorf("intent with coupon %s: %d, want 400", code, status)
			}
		}

		// A partial discount is charged as computed and redeemed once the payment succeeds.
		pi := alice.intent(id, "once")
		coupon, _ := pi["coupon"].(map[string]any)
		if pi["amount"] != float64(4165) || coupon["code"] != "ONCE" || coupon["discount"] != float64(15) || pi["paid"] != false {
			t.Fatalf("intent with ONCE: %v, want 4165 (4900 - 735)", pi)
		}
		if n := e.couponState("ONCE").Redemptions; n != 0 {
			t.Errorf("ONCE redeemed %d times before payment", n)
		}
		if status, body := alice.confirmCard(pi["paymentIntentId"].(string), "4242424242424242"); status != http.StatusOK {
			t.Fatalf("pay: %d %v", status, body)
		}
		alice.expectState(id, "in_review", "paid", 4165)
		if n := e.couponState("ONCE").Redemptions; n != 1 {
			t.Errorf("ONCE redeemed %d times, want 1", n)
		}
		if status, _ := alice.paymentSuccess(id, pi["paymentIntentId"].(string)); status != http.StatusOK {
			t.Errorf("payment-success after settlement: %d", status)
		}
		if n := e.couponState("ONCE").Redemptions; n != 1 {
			t.Errorf("ONCE redeemed %d times after a repeated confirmation, want 1", n)
		}
		if a := e.audit(id); a["coupon.redeemed"] != 1 || a["payment.succeeded"] != 1 {
			t.Errorf("audit %v", a)
		}

		// The single-use coupon is now used up for everyone.
		other := alice.submitted("top")
		status, body := alice.call(http.MethodPost, "/api/validate-coupon", map[string]any{"verificationId": other, "couponCode": "ONCE"})
		if status != http.StatusBadRequest || body["message"] != "This coupon has been fully redeemed" {
			t.Errorf("exhausted: %d %v", status, body)
		}

		// 100% coupon: paid at once, no card, amount 0, in review; counted once.
		free := alice.intent(other, "free")
		if free["paid"] != true || free["amount"] != float64(0) || free["clientSecret"] != "" {
			t.Fatalf("100%% coupon: %v", free)
		}
		alice.expectState(other, "in_review", "paid", 0)
		if status, _ := alice.call(http.MethodPost, "/api/create-payment-intent", map[string]any{"verificationId": other, "couponCode": "FREE"}); status != http.StatusConflict {
			t.Errorf("second 100%% intent: %d, want 409", status)
		}
		if n := e.couponState("FREE").Redemptions; n != 1 {
			t.Errorf("FREE redeemed %d times, want 1", n)
		}
		if a := e.audit(other); a["coupon.redeemed"] != 1 || a["payment.succeeded"] != 1 {
			t.Errorf("audit of the free verification %v", a)
		}
	})
}

func TestUpgrade(t *testing.T) {
	engines(t, func(t *testing.T, engine string) {
		e := newEnv(t, engine, false)
		alice, mallory := e.newUser("alice"), e.newUser("mallory")

		// Before payment the tier simply changes, and the price with it.
		early := alice.submitted("basic")
		if status, _ := mallory.call(http.MethodPost, fmt.Sprintf("/api/verifications/%d/upgrade", early), nil); status != http.StatusNotFound {
			t.Errorf("upgrade by another user: %d, want 404", status)
		}
		r := alice.must(http.MethodPost, fmt.Sprintf("/api/verifications/%d/upgrade", early), nil, http.StatusOK)
		if v := r["verification"].(map[string]any); v["tier"] != "top" || r["paymentRequired"] != false {
			t.Fatalf("upgrade before payment: %v", r)
		}
		if pi := alice.intent(early, ""); pi["amount"] != float64(29900) {
			t.Errorf("price after the upgrade: %v, want 29900", pi["amount"])
		}
		if status, _ := alice.call(http.MethodPost, fmt.Sprintf("/api/verifications/%d/upgrade", early), nil); status != http.StatusConflict {
			t.Errorf("second upgrade: %d, want 409", status)
		}

		// After payment and approval: pay the difference, then back to review as Top.
		id := alice.submitted("basic")
		pi := alice.intent(id, "")
		if status, _ := alice.confirmCard(pi["paymentIntentId"].(string), "4242424242424242"); status != http.StatusOK {
			t.Fatal("basic payment failed")
		}
		e.approve(id)
		alice.expectState(id, "approved", "paid", 4900)
		r = alice.must(http.MethodPost, fmt.Sprintf("/api/verifications/%d/upgrade", id), nil, http.StatusOK)
		if r["paymentRequired"] != true || r["amount"] != float64(25000) || r["verification"].(map[string]any)["tier"] != "basic" {
			t.Fatalf("upgrade after payment: %v", r)
		}
		e.coupon("UP10", 10, 0, nil)
		if status, _ := alice.call(http.MethodPost, "/api/create-payment-intent", map[string]any{"verificationId": id, "purpose": "upgrade", "couponCode": "UP10"}); status != http.StatusBadRequest {
			t.Errorf("coupon on an upgrade: %d, want 400", status)
		}
		up := alice.must(http.MethodPost, "/api/create-payment-intent", map[string]any{"verificationId": id, "purpose": "upgrade"}, http.StatusOK)
		if up["amount"] != float64(25000) || up["purpose"] != "upgrade" || up["paid"] != false {
			t.Fatalf("upgrade intent %v", up)
		}
		upID := up["paymentIntentId"].(string)
		if status, _ := alice.confirmCard(upID, "4000000000000002"); status != http.StatusPaymentRequired {
			t.Errorf("declined upgrade: %d", status)
		}
		alice.expectState(id, "approved", "paid", 4900) // a failed upgrade leaves the paid verification alone
		if status, body := alice.confirmCard(upID, "4242424242424242"); status != http.StatusOK {
			t.Fatalf("upgrade payment: %d %v", status, body)
		}
		v := alice.verification(id)
		if v["tier"] != "top" || v["status"] != "in_review" || v["paymentAmount"] != float64(29900) || v["paymentId"] != upID {
			t.Fatalf("after the paid upgrade: %v", v)
		}
		if status, _ := alice.paymentSuccess(id, upID); status != http.StatusOK {
			t.Errorf("payment-success for the upgrade after settlement: %d", status)
		}
		if a := e.audit(id); a["tier.upgraded"] != 1 || a["payment.succeeded"] != 2 {
			t.Errorf("audit %v, want one tier.upgraded and two payment.succeeded", a)
		}
		if status, _ := alice.call(http.MethodPost, "/api/create-payment-intent", map[string]any{"verificationId": id, "purpose": "upgrade"}); status != http.StatusConflict {
			t.Errorf("upgrade intent for a top verification: %d, want 409", status)
		}
	})
}
