package tests

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tttverify/tttverify/application"
)

func TestConfigNamesTheProvider(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		for _, e := range []*env{e, newEnv(t, freshDatabase(t, e), withStripe)} {
			isStripe := e.stripe != nil
			cfg := e.client(t).must(http.StatusOK, "GET", "/api/config", nil).Map(t)
			want := map[bool]string{false: "simulated", true: "stripe"}[isStripe]
			if cfg["paymentProvider"] != want || cfg["testMode"] != true {
				t.Errorf("config %v, want provider %s in test mode", cfg, want)
			}
			if key, has := cfg["stripePublishableKey"]; has != isStripe || (isStripe && key != "pk_test_e2e") {
				t.Errorf("publishable key %v (present %v)", key, has)
			}
		}
	})
}

func TestSimulatedCardJourney(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		alice, mallory := e.register(t, "alice@example.com"), e.register(t, "mallory@example.com")
		id := submitted(t, alice, "basic").ID

		pi := alice.intent(id, "")
		secret, intentID := pi["clientSecret"].(string), pi["paymentIntentId"].(string)
		if pi["amount"] != float64(4900) || pi["paid"] != false || pi["coupon"] != nil || !strings.HasPrefix(secret, intentID+"_secret_") {
			t.Fatalf("intent %v", pi)
		}
		if again := alice.intent(id, ""); again["paymentIntentId"] != intentID {
			t.Errorf("second create-payment-intent opened %v, want the same intent %s", again["paymentIntentId"], intentID)
		}

		// Another user cannot pay (or probe) the intent.
		if r := mallory.confirmCard(intentID, "4242424242424242"); r.Status != http.StatusNotFound {
			t.Errorf("confirm by another user: %d, want 404", r.Status)
		}
		// Malformed card details are refused before anything is charged.
		for number, field := range map[string]string{"4242 4242 4242 4241": "cardNumber", "": "cardNumber"} {
			r := alice.confirmCard(intentID, number)
			body := r.Map(t)
			if errs, _ := body["errors"].(map[string]any); r.Status != http.StatusBadRequest || errs[field] == nil {
				t.Errorf("card %q: %d %v, want 400 on %s", number, r.Status, body, field)
			}
		}
		r := alice.do("POST", "/api/simulated-payments/"+intentID+"/confirm",
			map[string]string{"cardNumber": "4242424242424242", "expiry": "01/20", "cvc": "123"})
		if body := r.Map(t); r.Status != http.StatusBadRequest || !strings.Contains(fmt.Sprint(body["message"]), "past") {
			t.Errorf("expired card: %d %v, want 400 naming the past date", r.Status, body)
		}
		alice.expectState(id, "submitted", "pending", nil)

		// Declined card: the verification stays submitted, the payment is marked failed.
		r = alice.confirmCard(intentID, "4000 0000 0000 0002")
		if body := r.Map(t); r.Status != http.StatusPaymentRequired || body["code"] != "card_declined" || body["message"] != "Your card was declined." {
			t.Fatalf("declined card: %d %v", r.Status, body)
		}
		alice.expectState(id, "submitted", "failed", nil)
		r = alice.confirmCard(intentID, "4000000000009995")
		if body := r.Map(t); r.Status != http.StatusPaymentRequired || body["message"] != "Your card has insufficient funds." {
			t.Errorf("insufficient funds: %d %v", r.Status, body)
		}
		if r := alice.paymentSuccess(id, intentID); r.Status != http.StatusPaymentRequired {
			t.Errorf("payment-success for a declined intent: %d, want 402", r.Status)
		}
		alice.expectState(id, "submitted", "failed", nil)

		// 4242 pays: the server itself moves the verification to review.
		r = alice.confirmCard(intentID, "4242 4242 4242 4242")
		if body := r.Map(t); r.Status != http.StatusOK || body["status"] != "succeeded" || body["paymentIntentId"] != intentID {
			t.Fatalf("4242: %d %v", r.Status, body)
		}
		alice.expectState(id, "in_review", "paid", 4900)
		if v := alice.verification(id); v["paymentId"] != intentID || v["paymentDate"] == nil {
			t.Errorf("payment id %v date %v", v["paymentId"], v["paymentDate"])
		}

		// The browser's report afterwards, and a double click, are harmless.
		for range 2 {
			if r := alice.paymentSuccess(id, intentID); r.Status != http.StatusOK || r.Map(t)["status"] != "in_review" {
				t.Errorf("payment-success after the server settled: %d %s", r.Status, r.Body)
			}
		}
		if r := alice.confirmCard(intentID, "4242424242424242"); r.Status != http.StatusOK {
			t.Errorf("second confirm: %d, want 200", r.Status)
		}
		alice.expectState(id, "in_review", "paid", 4900)
		if a := e.audit(t, id); a["payment.succeeded"] != 1 || a["payment.failed"] != 2 {
			t.Errorf("audit %v, want one payment.succeeded and two payment.failed", a)
		}
		// Paid: no second intent.
		if r := alice.do("POST", "/api/create-payment-intent", map[string]any{"verificationId": id}); r.Status != http.StatusConflict {
			t.Errorf("intent for a paid verification: %d, want 409", r.Status)
		}
	})
}

func TestPaymentEndpointsRefuseWhatIsNotDue(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		alice, mallory := e.register(t, "alice@example.com"), e.register(t, "mallory@example.com")
		draft := fillVerification(t, alice, "basic").ID
		paying := submitted(t, alice, "basic").ID
		e.coupon(t, "TEN", 10, 0, nil)
		for _, tc := range []struct {
			name   string
			who    *client
			path   string
			body   map[string]any
			status int
		}{
			{"intent for a draft", alice, "/api/create-payment-intent", map[string]any{"verificationId": draft}, http.StatusConflict},
			{"coupon for a draft", alice, "/api/validate-coupon", map[string]any{"verificationId": draft, "couponCode": "TEN"}, http.StatusConflict},
			{"intent for another user's verification", mallory, "/api/create-payment-intent", map[string]any{"verificationId": paying}, http.StatusNotFound},
			{"coupon on another user's verification", mallory, "/api/validate-coupon", map[string]any{"verificationId": paying, "couponCode": "TEN"}, http.StatusNotFound},
			{"payment-success on another user's verification", mallory, "/api/payment-success", map[string]any{"verificationId": paying, "paymentIntentId": "pi_x"}, http.StatusNotFound},
			{"payment-success for a draft", alice, "/api/payment-success", map[string]any{"verificationId": draft, "paymentIntentId": "pi_x"}, http.StatusConflict},
			{"unknown intent", alice, "/api/payment-success", map[string]any{"verificationId": paying, "paymentIntentId": "pi_unknown"}, http.StatusBadRequest},
			{"missing verification id", alice, "/api/create-payment-intent", map[string]any{}, http.StatusBadRequest},
			{"unknown purpose", alice, "/api/create-payment-intent", map[string]any{"verificationId": paying, "purpose": "donation"}, http.StatusBadRequest},
			{"client-chosen amount", alice, "/api/create-payment-intent", map[string]any{"verificationId": paying, "amount": 1}, http.StatusBadRequest},
		} {
			if r := tc.who.do("POST", tc.path, tc.body); r.Status != tc.status {
				t.Errorf("%s: %d %s, want %d", tc.name, r.Status, r.Body, tc.status)
			}
		}
		if r := e.client(t).do("POST", "/api/create-payment-intent", map[string]any{"verificationId": paying}); r.Status != http.StatusUnauthorized {
			t.Errorf("anonymous intent: %d, want 401", r.Status)
		}
		alice.expectState(draft, "draft", "pending", nil)
		alice.expectState(paying, "submitted", "pending", nil)
	})
}

func TestCoupons(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		alice := e.register(t, "alice@example.com")
		past := e.clock.Now().Add(-time.Hour)
		e.coupon(t, "SAVE20", 20, 0, nil)
		e.coupon(t, "ONCE", 15, 1, nil)
		e.coupon(t, "OLD", 30, 0, &past)
		e.coupon(t, "OFF", 25, 0, nil)
		e.disableCoupon(t, "OFF")
		e.coupon(t, "FREE", 100, 0, nil)
		id := submitted(t, alice, "basic").ID

		// Validation: lower-case input, discount math on the server.
		q := alice.must(http.StatusOK, "POST", "/api/validate-coupon", map[string]any{"verificationId": id, "couponCode": " save20 "}).Map(t)
		if q["valid"] != true || q["baseAmount"] != float64(4900) || q["discount"] != float64(20) || q["finalAmount"] != float64(3920) {
			t.Errorf("SAVE20 quote %v, want 4900 - 20%% = 3920", q)
		}
		// Unknown, expired and disabled codes read the same, so guessing learns nothing.
		for code, msg := range map[string]string{"nope": "Invalid coupon code", "old": "Invalid coupon code",
			"off": "Invalid coupon code"} {
			r := alice.do("POST", "/api/validate-coupon", map[string]any{"verificationId": id, "couponCode": code})
			if body := r.Map(t); r.Status != http.StatusBadRequest || body["message"] != msg || body["valid"] != false {
				t.Errorf("coupon %s: %d %v, want 400 %q", code, r.Status, body, msg)
			}
			if r := alice.do("POST", "/api/create-payment-intent", map[string]any{"verificationId": id, "couponCode": code}); r.Status != http.StatusBadRequest {
				t.Errorf("intent with coupon %s: %d, want 400", code, r.Status)
			}
		}

		// A partial discount is charged as computed and redeemed once the payment succeeds.
		pi := alice.intent(id, "once")
		coupon, _ := pi["coupon"].(map[string]any)
		if pi["amount"] != float64(4165) || coupon["code"] != "ONCE" || coupon["discount"] != float64(15) || pi["paid"] != false {
			t.Fatalf("intent with ONCE: %v, want 4165 (4900 - 735)", pi)
		}
		if n := e.couponState(t, "ONCE").Redemptions; n != 0 {
			t.Errorf("ONCE redeemed %d times before payment", n)
		}
		if r := alice.confirmCard(pi["paymentIntentId"].(string), "4242424242424242"); r.Status != http.StatusOK {
			t.Fatalf("pay: %d %s", r.Status, r.Body)
		}
		alice.expectState(id, "in_review", "paid", 4165)
		if n := e.couponState(t, "ONCE").Redemptions; n != 1 {
			t.Errorf("ONCE redeemed %d times, want 1", n)
		}
		if r := alice.paymentSuccess(id, pi["paymentIntentId"].(string)); r.Status != http.StatusOK {
			t.Errorf("payment-success after settlement: %d", r.Status)
		}
		if n := e.couponState(t, "ONCE").Redemptions; n != 1 {
			t.Errorf("ONCE redeemed %d times after a repeated confirmation, want 1", n)
		}
		if a := e.audit(t, id); a["coupon.redeemed"] != 1 || a["payment.succeeded"] != 1 {
			t.Errorf("audit %v", a)
		}

		// The single-use coupon is now used up for everyone.
		other := submitted(t, alice, "top").ID
		r := alice.do("POST", "/api/validate-coupon", map[string]any{"verificationId": other, "couponCode": "ONCE"})
		if body := r.Map(t); r.Status != http.StatusBadRequest || body["message"] != "Invalid coupon code" {
			t.Errorf("exhausted: %d %v", r.Status, body)
		}

		// 100% coupon: paid at once, no card, amount 0, in review; counted once.
		free := alice.intent(other, "free")
		if free["paid"] != true || free["amount"] != float64(0) || free["clientSecret"] != "" {
			t.Fatalf("100%% coupon: %v", free)
		}
		alice.expectState(other, "in_review", "paid", 0)
		if r := alice.do("POST", "/api/create-payment-intent", map[string]any{"verificationId": other, "couponCode": "FREE"}); r.Status != http.StatusConflict {
			t.Errorf("second 100%% intent: %d, want 409", r.Status)
		}
		if n := e.couponState(t, "FREE").Redemptions; n != 1 {
			t.Errorf("FREE redeemed %d times, want 1", n)
		}
		if a := e.audit(t, other); a["coupon.redeemed"] != 1 || a["payment.succeeded"] != 1 {
			t.Errorf("audit of the free verification %v", a)
		}
	})
}

// TestCouponLimitHoldsUnderParallelCheckouts: a partial coupon with one use, opened by six checkouts
// at once, is promised to exactly one; its hold keeps the others out until it is paid or expires.
func TestCouponLimitHoldsUnderParallelCheckouts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		e.coupon(t, "LASTONE", 50, 1, nil)
		const n = 6
		clients, ids := make([]*client, n), make([]int64, n)
		for i := range n {
			clients[i] = e.register(t, "parallel-"+itoa(int64(i))+"@acme.example")
			ids[i] = submitted(t, clients[i], "basic").ID
		}
		statuses := make([]response, n)
		var wg sync.WaitGroup
		for i := range n {
			wg.Go(func() {
				statuses[i] = clients[i].do("POST", "/api/create-payment-intent",
					map[string]any{"verificationId": ids[i], "couponCode": "lastone"})
			})
		}
		wg.Wait()
		winner, wins := -1, 0
		for i, r := range statuses {
			switch msg, _ := r.Map(t)["message"].(string); {
			case r.Status == http.StatusOK:
				winner, wins = i, wins+1
			case r.Status != http.StatusBadRequest || msg != "Invalid coupon code":
				t.Errorf("checkout %d: %d %s, want 200 or 400 Invalid coupon code", i, r.Status, r.Body)
			}
		}
		if wins != 1 {
			t.Fatalf("%d checkouts were promised the coupon's one use, want exactly 1", wins)
		}
		// Opening the same checkout again keeps its hold; the others are still refused.
		pi := clients[winner].intent(ids[winner], "LASTONE")
		loser := (winner + 1) % n
		clients[loser].must(http.StatusBadRequest, "POST", "/api/validate-coupon", map[string]any{"verificationId": ids[loser], "couponCode": "LASTONE"})
		if r := clients[winner].confirmCard(pi["paymentIntentId"].(string), "4242424242424242"); r.Status != http.StatusOK {
			t.Fatalf("pay: %d %s", r.Status, r.Body)
		}
		clients[winner].expectState(ids[winner], "in_review", "paid", 2450)
		if c := e.couponState(t, "LASTONE"); c.Redemptions != 1 {
			t.Errorf("LASTONE redeemed %d times, want 1", c.Redemptions)
		}
		clients[loser].must(http.StatusBadRequest, "POST", "/api/create-payment-intent", map[string]any{"verificationId": ids[loser], "couponCode": "LASTONE"})

		// A hold that is never paid expires and frees the use for someone else.
		e.coupon(t, "HOLDME", 20, 1, nil)
		a, b := (winner+2)%n, (winner+3)%n
		clients[a].intent(ids[a], "HOLDME")
		clients[b].must(http.StatusBadRequest, "POST", "/api/create-payment-intent", map[string]any{"verificationId": ids[b], "couponCode": "HOLDME"})
		e.clock.Advance(application.CouponHold + time.Minute)
		clients[b].intent(ids[b], "HOLDME")
		// Opening a checkout without the coupon gives its hold back at once.
		clients[b].intent(ids[b], "")
		clients[a].intent(ids[a], "HOLDME")
	})
}

func TestUpgrade(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		alice, mallory := e.register(t, "alice@example.com"), e.register(t, "mallory@example.com")

		// Before payment the tier simply changes, and the price with it.
		early := submitted(t, alice, "basic").ID
		if r := mallory.do("POST", "/api/verifications/"+itoa(early)+"/upgrade", nil); r.Status != http.StatusNotFound {
			t.Errorf("upgrade by another user: %d, want 404", r.Status)
		}
		r := alice.must(http.StatusOK, "POST", "/api/verifications/"+itoa(early)+"/upgrade", nil).Map(t)
		if v := r["verification"].(map[string]any); v["tier"] != "top" || r["paymentRequired"] != false {
			t.Fatalf("upgrade before payment: %v", r)
		}
		if pi := alice.intent(early, ""); pi["amount"] != float64(29900) {
			t.Errorf("price after the upgrade: %v, want 29900", pi["amount"])
		}
		if r := alice.do("POST", "/api/verifications/"+itoa(early)+"/upgrade", nil); r.Status != http.StatusConflict {
			t.Errorf("second upgrade: %d, want 409", r.Status)
		}

		// After payment and approval: pay the difference, then back to review as Top.
		id := submitted(t, alice, "basic").ID
		pi := alice.intent(id, "")
		if r := alice.confirmCard(pi["paymentIntentId"].(string), "4242424242424242"); r.Status != http.StatusOK {
			t.Fatal("basic payment failed")
		}
		e.admin(t).must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(id)+"/approve", nil)
		alice.expectState(id, "approved", "paid", 4900)
		r = alice.must(http.StatusOK, "POST", "/api/verifications/"+itoa(id)+"/upgrade", nil).Map(t)
		if r["paymentRequired"] != true || r["amount"] != float64(25000) || r["verification"].(map[string]any)["tier"] != "basic" {
			t.Fatalf("upgrade after payment: %v", r)
		}
		e.coupon(t, "UP10", 10, 0, nil)
		if r := alice.do("POST", "/api/create-payment-intent", map[string]any{"verificationId": id, "purpose": "upgrade", "couponCode": "UP10"}); r.Status != http.StatusBadRequest {
			t.Errorf("coupon on an upgrade: %d, want 400", r.Status)
		}
		up := alice.must(http.StatusOK, "POST", "/api/create-payment-intent", map[string]any{"verificationId": id, "purpose": "upgrade"}).Map(t)
		if up["amount"] != float64(25000) || up["purpose"] != "upgrade" || up["paid"] != false {
			t.Fatalf("upgrade intent %v", up)
		}
		upID := up["paymentIntentId"].(string)
		if r := alice.confirmCard(upID, "4000000000000002"); r.Status != http.StatusPaymentRequired {
			t.Errorf("declined upgrade: %d", r.Status)
		}
		alice.expectState(id, "approved", "paid", 4900) // a failed upgrade leaves the paid verification alone
		if r := alice.confirmCard(upID, "4242424242424242"); r.Status != http.StatusOK {
			t.Fatalf("upgrade payment: %d %s", r.Status, r.Body)
		}
		v := alice.verification(id)
		if v["tier"] != "top" || v["status"] != "in_review" || v["paymentAmount"] != float64(29900) || v["paymentId"] != upID {
			t.Fatalf("after the paid upgrade: %v", v)
		}
		if r := alice.paymentSuccess(id, upID); r.Status != http.StatusOK {
			t.Errorf("payment-success for the upgrade after settlement: %d", r.Status)
		}
		if a := e.audit(t, id); a["tier.upgraded"] != 1 || a["payment.succeeded"] != 2 {
			t.Errorf("audit %v, want one tier.upgraded and two payment.succeeded", a)
		}
		if r := alice.do("POST", "/api/create-payment-intent", map[string]any{"verificationId": id, "purpose": "upgrade"}); r.Status != http.StatusConflict {
			t.Errorf("upgrade intent for a top verification: %d, want 409", r.Status)
		}
	})
}
