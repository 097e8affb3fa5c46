package tests

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/mail/smtptest"
	"github.com/tttverify/tttverify/application"
)

// The messages the product sends, read back from the test SMTP server (MailDev) after real HTTP
// requests, with the job workers running as in serve: what each says, where its links lead, that
// it arrives once, and that the bell shows the same events.

// withMail runs two job workers that deliver e-mail to smtp (nil: the outbox directory), retrying
// every 100 ms and giving up after three attempts, so that retries and failures show in seconds.
func withMail(smtp *smtptest.Server) envOption {
	return func(_ *testing.T, e *env) {
		e.cfg.Workers = 2
		if smtp != nil {
			e.cfg.SMTPURL = smtp.URL
		}
		e.hooks.JobRetryDelay = func(int) time.Duration { return 100 * time.Millisecond }
		e.hooks.JobMaxAttempts = 3
		e.hooks.JobPollInterval = 50 * time.Millisecond
	}
}

// mailAdmin creates an administrator with an address of its own (the SMTP server is shared by
// every test) and returns a client signed in as them, and the address.
func (e *env) mailAdmin(t *testing.T) (*client, string) {
	t.Helper()
	email := "admin-" + randomHex(6) + "@ttt.example"
	if _, err := e.Auth.EnsureAdmin(context.Background(), email, "admin-secret"); err != nil {
		t.Fatal(err)
	}
	c := e.client(t)
	c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": email, "password": "admin-secret"})
	return c, email
}

// waitJobsIdle waits until no job is waiting, running or due for a retry.
func (e *env) waitJobsIdle(t *testing.T) {
	t.Helper()
	e.waitUntil(t, "the job queue to drain", func() bool {
		return e.count(t, `SELECT count(*) FROM river_job WHERE state IN ('available', 'running', 'retryable', 'scheduled', 'pending')`) == 0
	})
}

// waitUntil polls ok for up to 20 s.
func (e *env) waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// count runs a counting query.
func (e *env) count(t *testing.T, query string, args ...any) int {
	t.Helper()
	var n int
	if err := e.DB.QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return n
}

// says fails the test unless text contains every one of wants.
func says(t *testing.T, what, text string, wants ...string) {
	t.Helper()
	for _, w := range wants {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

var linkRE = regexp.MustCompile(`http://verify\.test(/[^\s"<>]*)`)

// linkTo returns the path of the message's link that starts with prefix; every link in the
// message must be built from PUBLIC_BASE_URL.
func linkTo(t *testing.T, m smtptest.Message, prefix string) string {
	t.Helper()
	for _, l := range linkRE.FindAllStringSubmatch(m.Text, -1) {
		if strings.HasPrefix(l[1], prefix) {
			return l[1]
		}
	}
	t.Fatalf("%q has no link to %s…:\n%s", m.Subject, prefix, m.Text)
	return ""
}

// subjects lists the subjects of the messages to rcpt, sorted.
func subjects(t *testing.T, smtp *smtptest.Server, rcpt string) []string {
	t.Helper()
	var out []string
	for _, m := range smtp.Messages(t, rcpt) {
		out = append(out, m.Subject)
	}
	slices.Sort(out)
	return out
}

// expectSubjects fails unless rcpt received exactly these messages, each as often as listed.
func expectSubjects(t *testing.T, smtp *smtptest.Server, rcpt string, want ...string) {
	t.Helper()
	want = slices.Clone(want)
	slices.Sort(want)
	if got := subjects(t, smtp, rcpt); !slices.Equal(got, want) {
		t.Errorf("messages to %s:\n got %q\nwant %q", rcpt, got, want)
	}
}

// bell reads one page of the caller's notifications with the totals from the headers.
func (c *client) bell(query string) (list []api.Notification, total, unread string) {
	c.t.Helper()
	r := c.must(http.StatusOK, "GET", "/api/notifications"+query, nil)
	r.JSON(c.t, &list)
	return list, r.Header.Get("X-Total-Count"), r.Header.Get("X-Unread-Count")
}

// bellKinds lists the kinds of the caller's notifications, newest first.
func (c *client) bellKinds() []string {
	c.t.Helper()
	list, _, _ := c.bell("?pageSize=100")
	kinds := make([]string, len(list))
	for i, n := range list {
		kinds[i] = n.Kind
	}
	return kinds
}

const company = "Acme Metals Ltd" // companyBody's name

// An applicant hears of every step by e-mail, once each, with links that lead where they say; the
// CIS appears minutes (here: moments) after approval without anyone pressing Generate, and the
// bell shows the same events, newest first.
func TestMessagesOfTheApplicantJourney(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, adminEmail := e.mailAdmin(t)
		email := "journey-" + randomHex(6) + "@acme.test"
		c := e.register(t, email)
		welcome := smtp.WaitForSubject(t, email, "Welcome to TTT Verify")
		says(t, "welcome", welcome.Text, email, "http://verify.test/dashboard")

		v := submitted(t, c, "basic")
		id := itoa(v.ID)
		sub := smtp.WaitForSubject(t, email, "Verification submitted: "+company)
		says(t, "submitted", sub.Text, "Basic tier", "pay for the verification")
		if l := linkTo(t, sub, "/payment/"); l != "/payment/"+id {
			t.Errorf("pay link %s", l)
		}

		// A test-card payment: the receipt says what was paid, with what, and when.
		intentID, _ := c.intent(v.ID, "")["paymentIntentId"].(string)
		paid := c.confirmCard(intentID, "4242 4242 4242 4242")
		if paid.Status != http.StatusOK || paid.Map(t)["receiptEmailed"] != true {
			t.Fatalf("card payment: %d %s", paid.Status, paid.Body)
		}
		number := fmt.Sprintf("TTT-20261122-%06d", v.ID)
		receipt := smtp.WaitForSubject(t, email, "Receipt "+number+": $49.00 for "+company)
		says(t, "receipt", receipt.Text, "Receipt number: "+number, "Date:           22 November 2026",
			"Company:        "+company, "Tier:           Basic verification", "Price:          $49.00",
			"Amount paid:    $49.00", "Card:           Visa ending in 4242", "Test mode: no real money was charged",
			"http://verify.test/verification/"+id)
		says(t, "receipt (HTML)", receipt.HTML, number, "$49.00", "Visa ending in 4242")
		if strings.Contains(receipt.Text, "Coupon") {
			t.Errorf("a receipt without a coupon mentions one:\n%s", receipt.Text)
		}

		review := smtp.WaitForSubject(t, adminEmail, "[Review] "+company+" (Basic) is waiting for review")
		if l := linkTo(t, review, "/admin/"); l != "/admin/verifications/"+id {
			t.Errorf("review link %s", l)
		}

		// Approval: the message links to the certificate and to the public page, which opens.
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+id+"/approve", nil)
		approved := smtp.WaitForSubject(t, email, "Approved: "+company+" is verified")
		says(t, "approval", approved.Text, "Certificate number: "+v.PublicID, "Valid until:        22 November 2027")
		if l := linkTo(t, approved, "/verification/"); l != "/verification/"+id {
			t.Errorf("certificate link %s", l)
		}
		public := linkTo(t, approved, "/v/")
		anon := e.client(t)
		if page := anon.do("GET", public, nil); page.Status != http.StatusOK || !strings.Contains(page.Header.Get("Content-Type"), "text/html") {
			t.Errorf("GET %s: %d %s", public, page.Status, page.Header.Get("Content-Type"))
		}
		if pub := publicOf(t, anon, strings.TrimPrefix(public, "/v/")); pub.CompanyName != company || pub.CertificateStatus != "valid" {
			t.Errorf("the approval's public page shows %+v", pub)
		}
		// The certificate the link leads to downloads once signed in.
		if r := c.do("GET", "/api/verifications/"+id+"/certificate", nil); r.Status != http.StatusOK || !strings.HasPrefix(string(r.Body), "%PDF-") {
			t.Errorf("certificate download: %d", r.Status)
		}

		// The CIS exists moments after approval: nobody pressed Generate.
		approvedAt := time.Now()
		e.waitUntil(t, "the CIS after approval", func() bool {
			return c.do("GET", "/api/verifications/"+id+"/cis-form", nil).Status == http.StatusOK
		})
		if d := time.Since(approvedAt); d > 10*time.Second {
			t.Errorf("the CIS took %s", d)
		}
		cis := smtp.WaitForSubject(t, email, "Your Company Information Sheet is ready: "+company)
		if l := linkTo(t, cis, "/verification/"); l != "/verification/"+id {
			t.Errorf("CIS link %s", l)
		}

		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+id+"/revoke", map[string]string{"reason": "Licence withdrawn by the registry"})
		revoked := smtp.WaitForSubject(t, email, "Your certificate for "+company+" was revoked")
		says(t, "revocation", revoked.Text, "Reason: Licence withdrawn by the registry")

		c.must(http.StatusNoContent, "POST", "/api/change-password", map[string]string{"currentPassword": "tangerine-42", "newPassword": "brand-new-pass"})
		changed := smtp.WaitForSubject(t, email, "Your TTT Verify password was changed")
		says(t, "password changed", changed.Text, "Every other session of your account was signed out")

		// Each message arrived once; the bell lists the same events, newest first.
		e.waitJobsIdle(t)
		expectSubjects(t, smtp, email, welcome.Subject, sub.Subject, receipt.Subject, approved.Subject, cis.Subject,
			revoked.Subject, changed.Subject)
		expectSubjects(t, smtp, adminEmail, review.Subject)
		want := []string{"password_changed", "certificate_revoked", "cis_ready", "verification_approved", "payment_receipt",
			"verification_submitted", "account_created"}
		if got := c.bellKinds(); !slices.Equal(got, want) {
			t.Errorf("applicant's bell %q, want %q", got, want)
		}
		if got := admin.bellKinds(); !slices.Equal(got, []string{"review_entered"}) {
			t.Errorf("administrator's bell %q", got)
		}
	}, withMail(smtp))
}

// A rejection gives the reason and the way back; resubmitting a paid verification sends it to
// review again. A 100% coupon gets a receipt too.
func TestRejectionMessages(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, adminEmail := e.mailAdmin(t)
		e.coupon(t, "FREE100", 100, 0, nil)
		email := "rejected-" + randomHex(6) + "@acme.test"
		c := e.register(t, email)

		// Rejected before payment: the way back still includes paying.
		unpaid := submitted(t, c, "basic")
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(unpaid.ID)+"/reject", map[string]string{"reason": "The licence is illegible"})
		first := smtp.WaitForSubject(t, email, "Action needed: verification of "+company+" was not approved")
		says(t, "unpaid rejection", first.Text, "Reason: The licence is illegible", "Update the verification and resubmit it")
		if strings.Contains(first.Text, "nothing more to pay") {
			t.Errorf("an unpaid rejection promises nothing more to pay:\n%s", first.Text)
		}
		if l := linkTo(t, first, "/verification/"); l != "/verification/"+itoa(unpaid.ID) {
			t.Errorf("resubmit link %s", l)
		}

		// Paid with a 100% coupon: a receipt for $0.00 naming the coupon.
		v := submitted(t, c, "top")
		id := itoa(v.ID)
		pi := c.intent(v.ID, "free100")
		if pi["paid"] != true || pi["receiptEmailed"] != true {
			t.Fatalf("100%% coupon: %v", pi)
		}
		number := fmt.Sprintf("TTT-20261122-%06d", v.ID)
		receipt := smtp.WaitForSubject(t, email, "Receipt "+number+": $0.00 for "+company)
		says(t, "coupon receipt", receipt.Text, "Tier:           Top verification", "Price:          $299.00",
			"Coupon:         FREE100 (-$299.00)", "Amount paid:    $0.00")
		if strings.Contains(receipt.Text, "Card:") {
			t.Errorf("a receipt without a card names one:\n%s", receipt.Text)
		}
		smtp.WaitForSubject(t, adminEmail, "[Review] "+company+" (Top) is waiting for review")

		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+id+"/reject", map[string]string{"reason": "The bank letter is older than 3 months"})
		e.waitJobsIdle(t)
		var paidRejection smtptest.Message
		for _, m := range smtp.Messages(t, email) {
			if strings.Contains(m.Text, "older than 3 months") {
				paidRejection = m
			}
		}
		says(t, "paid rejection", paidRejection.Text, "(there is nothing more to pay)", "http://verify.test/verification/"+id)

		// Update and resubmit: straight back to review, and the administrators hear of it again.
		c.must(http.StatusOK, "POST", "/api/verifications/"+id+"/resubmit", nil)
		c.must(http.StatusOK, "POST", "/api/verifications/"+id+"/submit", nil)
		e.waitJobsIdle(t)
		submittedSubject := "Verification submitted: " + company
		expectSubjects(t, smtp, email, "Welcome to TTT Verify", submittedSubject, first.Subject, submittedSubject,
			receipt.Subject, first.Subject, submittedSubject)
		var again []string
		for _, m := range smtp.Messages(t, email) {
			if m.Subject == submittedSubject && strings.Contains(m.Text, "It is paid for, so it goes straight to our reviewers") {
				again = append(again, m.Subject)
			}
		}
		if len(again) != 1 {
			t.Errorf("%d resubmission messages say it is paid for, want 1", len(again))
		}
		review := "[Review] " + company + " (Top) is waiting for review"
		expectSubjects(t, smtp, adminEmail, review, review)
		if got := c.bellKinds(); !slices.Equal(got[:2], []string{"verification_submitted", "verification_rejected"}) {
			t.Errorf("applicant's bell %q", got)
		}
	}, withMail(smtp))
}

// Receipts for Stripe payments carry the card the charge used, whether the browser or the webhook
// reported the payment, and a partial coupon's discount.
func TestStripeReceipts(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		e.coupon(t, "HALF50", 50, 0, nil)
		email := "stripe-" + randomHex(6) + "@acme.test"
		c := e.register(t, email)

		// The browser reports a paid intent with a coupon.
		v := submitted(t, c, "basic")
		pi := c.intent(v.ID, "HALF50")
		intentID, _ := pi["paymentIntentId"].(string)
		e.stripe.Succeed(intentID)
		if r := c.paymentSuccess(v.ID, intentID); r.Status != http.StatusOK || r.Map(t)["receiptEmailed"] != true {
			t.Fatalf("payment-success: %d %s", r.Status, r.Body)
		}
		number := fmt.Sprintf("TTT-20261122-%06d", v.ID)
		receipt := smtp.WaitForSubject(t, email, "Receipt "+number+": $24.50 for "+company)
		says(t, "Stripe receipt", receipt.Text, "Price:          $49.00", "Coupon:         HALF50 (-$24.50)",
			"Amount paid:    $24.50", "Card:           Visa ending in 4242", "Test mode")

		// Only the webhook reports the payment: its event names the charge without the card, so the
		// server asks Stripe for it.
		w := submitted(t, c, "basic")
		wIntent := stripeIntent(t, c, w.ID)
		e.stripe.Succeed(wIntent)
		in, _ := e.stripe.Intent(wIntent)
		if r := e.signedWebhook(t, e.stripe.Event("", "payment_intent.succeeded", in)); r.Status != http.StatusOK {
			t.Fatalf("webhook: %d %s", r.Status, r.Body)
		}
		c.expectState(w.ID, "in_review", "paid", 4900)
		wReceipt := smtp.WaitForSubject(t, email, fmt.Sprintf("Receipt TTT-20261122-%06d: $49.00 for %s", w.ID, company))
		says(t, "webhook receipt", wReceipt.Text, "Amount paid:    $49.00", "Card:           Visa ending in 4242")

		// The browser returning after the webhook changes nothing and sends nothing more.
		if r := c.paymentSuccess(w.ID, wIntent); r.Status != http.StatusOK || r.Map(t)["receiptEmailed"] != true {
			t.Fatalf("late payment-success: %d %s", r.Status, r.Body)
		}
		e.waitJobsIdle(t)
		expectSubjects(t, smtp, email, "Welcome to TTT Verify", "Verification submitted: "+company,
			"Verification submitted: "+company, receipt.Subject, wReceipt.Subject)
	}, withStripe, withMail(smtp))
}

// The daily scan reminds 30 days before a certificate expires and when it has expired, each once
// however often it runs, with the way to renew.
func TestExpiryReminders(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, _ := e.mailAdmin(t)
		email := "expiry-" + randomHex(6) + "@acme.test"
		c := e.register(t, email)
		v := e.inReview(t, c, "top") // Top includes a CIS too, generated on approval
		clearedByWorkers(t, admin, v.ID)
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		scans := 0
		scan := func() {
			t.Helper()
			scans++
			if err := e.Messaging.Jobs.Enqueue(context.Background(), application.ExpiryScan{}); err != nil {
				t.Fatal(err)
			}
			e.waitUntil(t, "the expiry scan", func() bool {
				return e.count(t, `SELECT count(*) FROM river_job WHERE kind = 'expiry_scan' AND state = 'completed'`) == scans
			})
			e.waitJobsIdle(t)
		}

		scan() // far from expiry: nothing
		e.clock.Advance(365*24*time.Hour - 30*24*time.Hour + time.Hour)
		scan()
		scan()
		expiring := smtp.WaitForSubject(t, email, "Your certificate for "+company+" expires on 22 November 2027")
		says(t, "expiry notice", expiring.Text, "expires on 22 November 2027, in 30 days", "http://verify.test/verifications",
			"http://verify.test/v/"+v.PublicID)

		e.clock.Advance(31 * 24 * time.Hour)
		scan()
		scan()
		expired := smtp.WaitForSubject(t, email, "Your certificate for "+company+" has expired")
		says(t, "expired notice", expired.Text, "expired on 22 November 2027", "To renew, start a new verification",
			"http://verify.test/verifications")

		expectSubjects(t, smtp, email, "Welcome to TTT Verify", "Verification submitted: "+company,
			"Approved: "+company+" is verified", "Your Company Information Sheet is ready: "+company, expiring.Subject, expired.Subject)
		c = e.client(t) // a year on, the session has long ended
		c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": email, "password": "tangerine-42"})
		if got := c.bellKinds(); !slices.Equal(got[:2], []string{"certificate_expired", "certificate_expiring"}) {
			t.Errorf("bell %q", got)
		}
		if pub := publicOf(t, e.client(t), v.PublicID); pub.CertificateStatus != "expired" {
			t.Errorf("public status %s", pub.CertificateStatus)
		}
	}, withMail(smtp))
}

// cisGeneratedAt is when the administrators' view says the CIS was generated, or nil.
func cisGeneratedAt(t *testing.T, admin *client, id int64) *time.Time {
	t.Helper()
	var v api.AdminVerification
	admin.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(id), nil).JSON(t, &v)
	return v.CISFormGeneratedAt
}

// A paid upgrade gets its own receipt, sends the certificate back to review, and the re-approval
// replaces the CIS (it showed the old tier) and says so.
func TestUpgradeReceiptAndNewCIS(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, adminEmail := e.mailAdmin(t)
		email := "upgrade-" + randomHex(6) + "@acme.test"
		c := e.register(t, email)
		v := e.inReview(t, c, "basic")
		id := itoa(v.ID)
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+id+"/approve", nil)
		var first time.Time
		e.waitUntil(t, "the first CIS", func() bool {
			if at := cisGeneratedAt(t, admin, v.ID); at != nil {
				first = *at
				return true
			}
			return false
		})

		c.must(http.StatusOK, "POST", "/api/verifications/"+id+"/upgrade", nil)
		up := c.must(http.StatusOK, "POST", "/api/create-payment-intent", map[string]any{"verificationId": v.ID, "purpose": "upgrade"}).Map(t)
		intentID, _ := up["paymentIntentId"].(string)
		if r := c.confirmCard(intentID, "5555 5555 5555 4444"); r.Status != http.StatusOK || r.Map(t)["receiptEmailed"] != true {
			t.Fatalf("upgrade payment: %d %s", r.Status, r.Body)
		}
		receipt := smtp.WaitForSubject(t, email, fmt.Sprintf("Receipt TTT-20261122-%06d-U: $250.00 for %s", v.ID, company))
		says(t, "upgrade receipt", receipt.Text, "Tier:           Upgrade from basic to top verification",
			"Price:          $250.00", "Amount paid:    $250.00", "Card:           Mastercard ending in 4444")
		smtp.WaitForSubject(t, adminEmail, "[Review] "+company+" (Top) is waiting for review")

		clearedByWorkers(t, admin, v.ID)
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+id+"/approve", nil)
		e.waitUntil(t, "a new CIS after the re-approval", func() bool {
			at := cisGeneratedAt(t, admin, v.ID)
			return at != nil && at.After(first)
		})
		e.waitJobsIdle(t)
		cis := "Your Company Information Sheet is ready: " + company
		approved := "Approved: " + company + " is verified"
		expectSubjects(t, smtp, email, "Welcome to TTT Verify", "Verification submitted: "+company, approved, cis,
			receipt.Subject, approved, cis)
	}, withMail(smtp))
}

// refuseCISJobs makes inserting a generate_cis job fail, so that an approval's transaction fails
// after its e-mail and notification were queued in it.
func refuseCISJobs(t *testing.T, e *env) (restore func()) {
	t.Helper()
	ctx := context.Background()
	stmts := []string{`CREATE TRIGGER refuse_cis BEFORE INSERT ON river_job WHEN NEW.kind = 'generate_cis'
		BEGIN SELECT RAISE(ABORT, 'test: no CIS jobs'); END`}
	drop := []string{`DROP TRIGGER refuse_cis`}
	if e.DB.Postgres() {
		stmts = []string{`CREATE FUNCTION refuse_cis() RETURNS trigger LANGUAGE plpgsql AS $$
			BEGIN IF NEW.kind = 'generate_cis' THEN RAISE EXCEPTION 'test: no CIS jobs'; END IF; RETURN NEW; END $$`,
			`CREATE TRIGGER refuse_cis BEFORE INSERT ON river_job FOR EACH ROW EXECUTE FUNCTION refuse_cis()`}
		drop = []string{`DROP TRIGGER refuse_cis ON river_job`, `DROP FUNCTION refuse_cis()`}
	}
	for _, s := range stmts {
		if _, err := e.DB.ExecContext(ctx, s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return func() {
		for _, s := range drop {
			if _, err := e.DB.ExecContext(ctx, s); err != nil {
				t.Fatalf("%s: %v", s, err)
			}
		}
	}
}

// A change whose transaction rolls back tells nobody: its e-mail and notification were queued in
// the transaction and go with it.
func TestRolledBackChangeSendsNothing(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, _ := e.mailAdmin(t)
		email := "rollback-" + randomHex(6) + "@acme.test"
		c := e.register(t, email)
		v := e.inReview(t, c, "basic")
		approve := "/api/admin/verifications/" + itoa(v.ID) + "/approve"

		restore := refuseCISJobs(t, e)
		req, _ := http.NewRequest("POST", admin.base+approve, nil)
		res, err := admin.http.Do(req) // a 500 is not part of the API's description
		if err != nil {
			t.Fatal(err)
		}
		_ = res.Body.Close()
		if res.StatusCode != http.StatusInternalServerError {
			t.Fatalf("approval with CIS jobs refused: %d, want 500", res.StatusCode)
		}
		e.waitJobsIdle(t)
		c.expectState(v.ID, "in_review", "paid", 4900)
		if n := e.count(t, `SELECT count(*) FROM river_job WHERE kind = 'send_email'`); n != 2 {
			t.Errorf("%d e-mail jobs after the rolled-back approval, want 2 (welcome and submitted)", n)
		}
		if got := c.bellKinds(); !slices.Equal(got, []string{"verification_submitted", "account_created"}) {
			t.Errorf("bell after the rolled-back approval %q", got)
		}
		before := []string{"Welcome to TTT Verify", "Verification submitted: " + company}
		expectSubjects(t, smtp, email, before...)

		restore()
		admin.must(http.StatusOK, "POST", approve, nil)
		smtp.WaitForSubject(t, email, "Approved: "+company+" is verified")
		e.waitJobsIdle(t)
		expectSubjects(t, smtp, email, append(before, "Approved: "+company+" is verified",
			"Your Company Information Sheet is ready: "+company)...)
	}, withMail(smtp))
}

func (c *client) failedJobs() ([]api.FailedJob, string) {
	c.t.Helper()
	var list []api.FailedJob
	r := c.must(http.StatusOK, "GET", "/api/admin/jobs/failed", nil)
	r.JSON(c.t, &list)
	return list, r.Header.Get("X-Total-Count")
}

// closedPort is a local address nothing listens on.
func closedPort(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	return addr
}

// With the SMTP server down, the request that causes a message still succeeds; the e-mail job
// retries, is given up after its last attempt, listed for administrators and told to them in the
// bell (its own e-mail cannot go either, and its failure tells nobody again).
func TestSMTPDownNeverFailsTheRequest(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, _ := e.mailAdmin(t)
		email := "nosmtp-" + randomHex(6) + "@acme.test"
		c := e.register(t, email) // 201 although the welcome cannot be delivered
		c.must(http.StatusOK, "GET", "/api/user", nil)

		e.waitUntil(t, "the welcome to be retried", func() bool {
			return e.count(t, `SELECT count(*) FROM river_job WHERE kind = 'send_email' AND attempt >= 2`) > 0
		})
		var list []api.FailedJob
		e.waitUntil(t, "the failed welcome to be listed", func() bool {
			list, _ = admin.failedJobs()
			return len(list) > 0
		})
		f := list[len(list)-1]
		if f.Kind != "send_email" || f.Attempts != 3 || f.MaxAttempts != 3 || f.LastError == "" ||
			!strings.Contains(f.Summary, email) || !strings.Contains(f.Summary, "Welcome to TTT Verify") || strings.Contains(f.Summary, "is ready") {
			t.Errorf("failed job %+v", f)
		}
		e.waitUntil(t, "the administrator's notice to fail too", func() bool {
			_, total := admin.failedJobs()
			return total == "2"
		})
		e.waitJobsIdle(t)
		bell, _, _ := admin.bell("")
		if len(bell) != 1 || bell[0].Kind != "job_failed" || bell[0].Link == nil || *bell[0].Link != "/admin/jobs" ||
			!strings.Contains(bell[0].Body, "send_email") {
			t.Errorf("administrator's bell %+v, want one job_failed", bell)
		}
		c.must(http.StatusForbidden, "GET", "/api/admin/jobs/failed", nil)
	}, withMail(nil), func(t *testing.T, e *env) { e.cfg.SMTPURL = "smtp://" + closedPort(t) })
}

// A job that keeps failing (here the CIS, whose storage is broken) is given up, listed for
// administrators and e-mailed to them; an administrator can still generate the CIS by hand.
func TestPermanentlyFailingJobIsToldToAdministrators(t *testing.T) {
	smtp := smtptest.Start(t)
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, adminEmail := e.mailAdmin(t)
		email := "cisfail-" + randomHex(6) + "@acme.test"
		c := e.register(t, email)
		v := e.inReview(t, c, "basic")
		id := itoa(v.ID)
		dir := filepath.Join(e.cfg.DataDir, "objects", "verifications", id)
		if err := os.Rename(dir, dir+".aside"); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(dir, []byte("not a directory"), 0o600); err != nil {
			t.Fatal(err)
		}

		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+id+"/approve", nil)
		told := smtp.WaitForSubject(t, adminEmail, "[Jobs] A generate_cis job failed permanently")
		says(t, "failed job e-mail", told.Text, "failed 3 times", "http://verify.test/admin/jobs")
		if !regexp.MustCompile(`"verificationId": ?` + id + `\b`).MatchString(told.Text) {
			t.Errorf("failed job e-mail does not name verification %s:\n%s", id, told.Text)
		}
		// River records the discard in a batch after the hook that told the administrators.
		var list []api.FailedJob
		var total string
		e.waitUntil(t, "the failed job listed", func() bool { list, total = admin.failedJobs(); return total == "1" })
		if total != "1" || len(list) != 1 || list[0].Kind != "generate_cis" || list[0].Attempts != 3 || list[0].LastError == "" {
			t.Fatalf("failed jobs %s %+v", total, list)
		}
		says(t, "failed job e-mail", told.Text, list[0].LastError)
		if got := admin.bellKinds(); !slices.Equal(got, []string{"job_failed"}) {
			t.Errorf("administrator's bell %q", got)
		}
		if got := c.bellKinds(); slices.Contains(got, "job_failed") || slices.Contains(got, "cis_ready") {
			t.Errorf("applicant's bell %q", got)
		}
		c.must(http.StatusNotFound, "GET", "/api/verifications/"+id+"/cis-form", nil)

		if err := os.Remove(dir); err != nil {
			t.Fatal(err)
		}
		if err := os.Rename(dir+".aside", dir); err != nil {
			t.Fatal(err)
		}
		admin.must(http.StatusOK, "POST", "/api/admin/verifications/"+id+"/generate-cis", nil)
		smtp.WaitForSubject(t, email, "Your Company Information Sheet is ready: "+company)
		c.must(http.StatusOK, "GET", "/api/verifications/"+id+"/cis-form", nil)
	}, withMail(smtp))
}

// The bell lists a user's own notifications only, newest first and paged, counts the unread ones
// and marks them read.
func TestNotificationBell(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		admin, _ := e.mailAdmin(t)
		ann := e.register(t, "ann-"+randomHex(4)+"@acme.test")
		bob := e.register(t, "bob-"+randomHex(4)+"@acme.test")
		v := submitted(t, ann, "basic")
		intentID, _ := ann.intent(v.ID, "")["paymentIntentId"].(string)
		if r := ann.confirmCard(intentID, "4242424242424242"); r.Status != http.StatusOK {
			t.Fatalf("card payment: %d %s", r.Status, r.Body)
		}

		list, total, unread := ann.bell("")
		if total != "3" || unread != "3" || len(list) != 3 {
			t.Fatalf("ann's bell: total %s unread %s %+v", total, unread, list)
		}
		for i, kind := range []string{"payment_receipt", "verification_submitted", "account_created"} {
			if list[i].Kind != kind || list[i].ReadAt != nil || list[i].Title == "" || list[i].Body == "" {
				t.Errorf("ann's notification %d: %+v, want unread %s", i, list[i], kind)
			}
			if i > 0 && !list[i].CreatedAt.Before(list[i-1].CreatedAt) {
				t.Errorf("not newest first: %v then %v", list[i-1].CreatedAt, list[i].CreatedAt)
			}
		}
		if l := list[0].Link; l == nil || *l != "/verification/"+itoa(v.ID) {
			t.Errorf("receipt link %v", l)
		}
		page2, total, _ := ann.bell("?page=2&pageSize=2")
		if total != "3" || len(page2) != 1 || page2[0].ID != list[2].ID {
			t.Errorf("second page of two: %s %+v", total, page2)
		}

		// Nobody sees or marks another's notifications.
		bobs, total, _ := bob.bell("")
		if total != "1" || len(bobs) != 1 || bobs[0].Kind != "account_created" {
			t.Errorf("bob's bell %s %+v", total, bobs)
		}
		bob.must(http.StatusNoContent, "POST", "/api/notifications/read", map[string]any{"ids": []int64{list[0].ID, list[1].ID}})
		if _, _, unread := ann.bell(""); unread != "3" {
			t.Errorf("bob marked ann's notifications read: unread %s", unread)
		}
		admins, _, _ := admin.bell("")
		if len(admins) != 1 || admins[0].Kind != "review_entered" || admins[0].Link == nil ||
			*admins[0].Link != "/admin/verifications/"+itoa(v.ID) {
			t.Errorf("administrator's bell %+v", admins)
		}

		ann.must(http.StatusNoContent, "POST", "/api/notifications/read", map[string]any{"ids": []int64{list[0].ID}})
		after, _, unread := ann.bell("")
		if unread != "2" || after[0].ReadAt == nil || after[1].ReadAt != nil {
			t.Errorf("after reading one: unread %s %+v", unread, after)
		}
		ann.must(http.StatusNoContent, "POST", "/api/notifications/read", nil)
		if _, total, unread := ann.bell(""); unread != "0" || total != "3" {
			t.Errorf("after reading all: total %s unread %s", total, unread)
		}
		if _, _, unread := bob.bell(""); unread != "1" {
			t.Errorf("ann's read-all touched bob's: unread %s", unread)
		}
		e.client(t).must(http.StatusUnauthorized, "GET", "/api/notifications", nil)
	})
}

// Without SMTP_URL every message is written to DATA_DIR/outbox as an .eml file.
func TestOutboxIsTheDefault(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		email := "outbox-" + randomHex(6) + "@acme.test"
		e.register(t, email)
		var eml string
		e.waitUntil(t, "an .eml file in the outbox", func() bool {
			files, _ := filepath.Glob(filepath.Join(e.cfg.DataDir, "outbox", "*.eml"))
			for _, f := range files {
				b, _ := os.ReadFile(f)
				if strings.Contains(string(b), email) {
					eml = string(b)
					return true
				}
			}
			return false
		})
		says(t, "outbox file", eml, "Subject: Welcome to TTT Verify", "To: <"+email+">", "http://verify.test/dashboard")
	}, withMail(nil))
}
