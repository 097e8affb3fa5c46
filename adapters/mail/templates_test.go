package mail_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/mail"
	"github.com/tttverify/tttverify/application"
)

const base = "https://verify.example.com"

var (
	when = time.Date(2026, 11, 23, 14, 5, 0, 0, time.UTC)
	href = regexp.MustCompile(`href="([^"]*)"`)
	url  = regexp.MustCompile(`https?://[^\s"<>]+`)
)

// emailCases lists every e-mail with what its subject, plain text and HTML must say.
var emailCases = []struct {
	data    application.Email
	subject string
	both    []string // in the text and in the HTML
}{
	{application.AccountCreated{Email: "ana@acme.test"}, "Welcome to TTT Verify",
		[]string{"ana@acme.test", base + "/dashboard"}},
	{application.VerificationSubmitted{VerificationID: 12, CompanyName: "Acme Ltd", Tier: "top"},
		"Verification submitted: Acme Ltd", []string{"Acme Ltd", "Top tier", "pay for the verification", base + "/payment/12"}},
	{application.PaymentReceipt{VerificationID: 12, ReceiptNumber: "R-2026-000012", PaidAt: when, CompanyName: "Acme Ltd",
		Tier: "top", Currency: "usd", PriceCents: 149900, CouponCode: "LAUNCH20", DiscountCents: 29980, AmountCents: 119920,
		CardBrand: "visa", CardLast4: "4242", TestMode: true},
		"Receipt R-2026-000012: $1,199.20 for Acme Ltd",
		[]string{"R-2026-000012", "23 November 2026", "Top verification", "$1,499.00", "LAUNCH20", "$299.80", "$1,199.20",
			"Visa ending in 4242", "Test mode", base + "/verification/12"}},
	{application.VerificationApproved{VerificationID: 12, CompanyName: "Acme Ltd", PublicID: "pub_AbC123",
		CertificateNumber: "TTT-2026-0012", ExpiresAt: when.AddDate(1, 0, 0)},
		"Approved: Acme Ltd is verified",
		[]string{"TTT-2026-0012", "23 November 2027", "Download your certificate", base + "/verification/12", base + "/v/pub_AbC123"}},
	{application.VerificationRejected{VerificationID: 12, CompanyName: "Acme Ltd", Reason: "The bank letter is older than 3 months", Paid: true},
		"Action needed: verification of Acme Ltd was not approved",
		[]string{"The bank letter is older than 3 months", base + "/verification/12", "resubmit", "nothing more to pay"}},
	{application.CISReady{VerificationID: 12, CompanyName: "Acme Ltd"}, "Your Company Information Sheet is ready: Acme Ltd",
		[]string{base + "/verification/12"}},
	{application.CertificateExpiring{VerificationID: 12, CompanyName: "Acme Ltd", PublicID: "pub_AbC123", ExpiresAt: when, DaysLeft: 29},
		"Your certificate for Acme Ltd expires on 23 November 2026",
		[]string{"23 November 2026", "in 29 days", base + "/verifications", base + "/v/pub_AbC123"}},
	{application.CertificateExpired{VerificationID: 12, CompanyName: "Acme Ltd", ExpiredAt: when},
		"Your certificate for Acme Ltd has expired", []string{"23 November 2026", "renew", base + "/verifications"}},
	{application.CertificateRevoked{VerificationID: 12, CompanyName: "Acme Ltd", Reason: "Sanctions listing", RevokedAt: when},
		"Your certificate for Acme Ltd was revoked", []string{"Sanctions listing", "23 November 2026", base + "/verification/12"}},
	{application.PasswordChanged{ChangedAt: when}, "Your TTT Verify password was changed",
		[]string{"23 November 2026, 14:05 UTC", "signed out", base + "/auth"}},
	{application.PasswordReset{Token: "tok+/=en", ValidFor: time.Hour}, "Reset your TTT Verify password",
		[]string{"within 1 hour", "works once"}},
	{application.ReviewEntered{VerificationID: 12, CompanyName: "Acme Ltd", Tier: "basic"},
		"[Review] Acme Ltd (Basic) is waiting for review", []string{base + "/admin/verifications/12"}},
	{application.OverdueDigest{Day: time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC), More: 1, Items: []application.DueReview{
		{VerificationID: 12, CompanyName: "Acme Ltd", Tier: "top", Since: when, Deadline: when.Add(96 * time.Hour)}}},
		"[Review] 2 verifications become overdue on Monday 30 November",
		[]string{"Monday 30 November 2026", "more than the promised 2 business days", "Acme Ltd", "(Top)",
			"in review since 23 November 2026, 14:05 UTC", "overdue after 27 November 2026, 14:05 UTC", "And 1 more",
			base + "/admin/verifications/12", base + "/admin/verifications?status=in_review"}},
	{application.JobFailedPermanently{Job: application.FailedJob{ID: 99, Kind: "send_email", Args: `{"subject":"Receipt"}`,
		Attempts: 25, MaxAttempts: 25, LastError: "dial tcp: connection refused", FailedAt: when, CreatedAt: when.Add(-time.Hour)}},
		"[Jobs] A send_email job failed permanently",
		[]string{"99", "failed 25 times", "dial tcp: connection refused", "13:05 UTC", base + "/admin/jobs"}},
	{application.ScreeningAlert{VerificationID: 12, CompanyName: "Acme Ltd", Hits: 2, Lists: []string{"OFAC SDN", "UN"}},
		"[Screening] 2 possible matches for Acme Ltd", []string{"OFAC SDN, UN", base + "/admin/verifications/12"}},
	{application.FollowConfirmation{CompanyName: "Acme Ltd", PublicID: "pub_AbC123", Token: "tok+/=en", ValidFor: 24 * time.Hour},
		"Confirm: follow the certificate of Acme Ltd",
		[]string{"within 1 day", "revoked, reinstated, expires", "ignore this e-mail",
			base + "/follow/confirm?token=tok%2B%2F%3Den", base + "/v/pub_AbC123"}},
	{application.CertificateUpdate{Event: application.FollowRevoked, CompanyName: "Acme Ltd", PublicID: "pub_AbC123",
		Tier: "basic", At: when, ExpiresAt: when.AddDate(1, 0, 0), Token: "unsub"},
		"Certificate revoked: Acme Ltd",
		[]string{"was revoked on 23 November 2026", "do not rely on it", base + "/v/pub_AbC123",
			base + "/follow/unsubscribe?token=unsub"}},
	{application.ListOutOfDate{List: "OFAC SDN", LastSuccess: when, StaleAfter: 72 * time.Hour,
		LastError: "Download ofac_sdn sdn.csv: the publisher's server (lists.example) answered 500 Internal Server Error."},
		"[Screening] The OFAC SDN list is out of date",
		[]string{"was last updated on 23 Nov 2026 at 14:05 UTC", "more than 72 hours ago", "answered 500 Internal Server Error",
			"version in force", base + "/admin/screening"}},
}

// Each change a follower hears of has its own subject and sentence, and every such message carries
// RFC 8058's one-click unsubscribe headers with its own token; other e-mails carry none.
func TestCertificateUpdatesSayWhatChangedAndUnsubscribeInOneClick(t *testing.T) {
	tmpl, err := mail.NewTemplates(base)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		event         application.FollowEvent
		subject, says string
	}{
		{application.FollowRevoked, "Certificate revoked: Acme Ltd", "was revoked on 23 November 2026"},
		{application.FollowReinstated, "Certificate reinstated: Acme Ltd", "valid again until 23 November 2027"},
		{application.FollowExpired, "Certificate expired: Acme Ltd", "expired on 23 November 2026"},
		{application.FollowUpgraded, "Certificate under review for an upgrade: Acme Ltd", "to the Top tier"},
		{application.FollowRenewed, "Certificate renewed: Acme Ltd", "Top tier, valid until 23 November 2027"},
		{application.FollowWithdrawn, "Certificate withdrawn: Acme Ltd", "ended on 23 November 2026 without a new certificate"},
	}
	for _, c := range cases {
		m, err := tmpl.Render("ana@acme.test", "k", application.CertificateUpdate{Event: c.event, CompanyName: "Acme Ltd",
			PublicID: "pub_AbC123", Tier: "top", At: when, ExpiresAt: when.AddDate(1, 0, 0), Token: "tok+/=" + string(c.event)})
		if err != nil {
			t.Fatal(err)
		}
		if m.Subject != c.subject || !strings.Contains(m.Text, c.says) || !strings.Contains(m.HTML, c.says) {
			t.Errorf("%s: subject %q, text:\n%s", c.event, m.Subject, m.Text)
		}
		want := "<" + base + "/api/public/follow/unsubscribe?token=tok%2B%2F%3D" + string(c.event) + ">"
		if got := m.Headers["List-Unsubscribe"]; got != want {
			t.Errorf("%s: List-Unsubscribe %q, want %q", c.event, got, want)
		}
		if got := m.Headers["List-Unsubscribe-Post"]; got != "List-Unsubscribe=One-Click" {
			t.Errorf("%s: List-Unsubscribe-Post %q", c.event, got)
		}
	}
	m, err := tmpl.Render("ana@acme.test", "k", application.FollowConfirmation{CompanyName: "Acme Ltd", PublicID: "p",
		Token: "t", ValidFor: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Headers) != 0 {
		t.Errorf("the confirmation carries headers %v", m.Headers)
	}
}

func TestEveryEmailRendersHTMLAndText(t *testing.T) {
	tmpl, err := mail.NewTemplates(base + "/")
	if err != nil {
		t.Fatal(err)
	}
	var tested []string
	for _, c := range emailCases {
		tested = append(tested, c.data.Template())
	}
	slices.Sort(tested)
	if names := mail.Names(); !slices.Equal(tested, names) {
		t.Fatalf("cases for %v, templates %v: test every e-mail once", tested, names)
	}
	for _, c := range emailCases {
		t.Run(c.data.Template(), func(t *testing.T) {
			m, err := tmpl.Render("ana@acme.test", "key:"+c.data.Template(), c.data)
			if err != nil {
				t.Fatal(err)
			}
			if m.Subject != c.subject {
				t.Errorf("subject = %q, want %q", m.Subject, c.subject)
			}
			if len(m.To) != 1 || m.To[0] != "ana@acme.test" || m.IdempotencyKey != "key:"+c.data.Template() {
				t.Errorf("to %v key %q", m.To, m.IdempotencyKey)
			}
			html := strings.ReplaceAll(m.HTML, "&#43;", "+")
			for _, want := range c.both {
				if !strings.Contains(m.Text, want) {
					t.Errorf("text lacks %q:\n%s", want, m.Text)
				}
				if !strings.Contains(html, want) {
					t.Errorf("HTML lacks %q:\n%s", want, m.HTML)
				}
			}
			for _, part := range []string{m.Text, m.HTML} {
				// A reader in Singapore must not take 23 November (UTC) for his own 23 November.
				if !strings.Contains(part, "Dates and times in this e-mail are in UTC.") {
					t.Errorf("the e-mail does not name the zone of its dates:\n%s", part)
				}
				if strings.Contains(part, "<no value>") || strings.Contains(part, "{{") {
					t.Errorf("unfilled template:\n%s", part)
				}
			}
			if !strings.Contains(m.HTML, "<title>"+htmlEscape(c.subject)+"</title>") || !strings.Contains(m.HTML, "TTT <span") {
				t.Errorf("HTML lacks the title or the logo:\n%s", m.HTML)
			}
			// Every link points at the public base URL.
			for _, l := range href.FindAllStringSubmatch(m.HTML, -1) {
				if !strings.HasPrefix(l[1], base+"/") {
					t.Errorf("HTML link %q is not under %s", l[1], base)
				}
			}
			for _, l := range url.FindAllString(m.Text, -1) {
				if !strings.HasPrefix(l, base+"/") {
					t.Errorf("text link %q is not under %s", l, base)
				}
			}
		})
	}
}

// A rejection before payment must not promise a free resubmission; an expiry notice counts the
// days that are really left.
func TestRejectionAndExpiryWordsFollowTheFacts(t *testing.T) {
	tmpl, err := mail.NewTemplates(base)
	if err != nil {
		t.Fatal(err)
	}
	m, err := tmpl.Render("ana@acme.test", "k1", application.VerificationRejected{VerificationID: 12, CompanyName: "Acme Ltd",
		Reason: "Unreadable licence"})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.Text, "nothing more to pay") || strings.Contains(m.HTML, "nothing more to pay") {
		t.Errorf("an unpaid rejection promises nothing more to pay:\n%s", m.Text)
	}
	m, err = tmpl.Render("ana@acme.test", "k2", application.CertificateExpiring{VerificationID: 12, CompanyName: "Acme Ltd",
		PublicID: "p", ExpiresAt: when, DaysLeft: 1})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(m.Text, "in 1 day.") || !strings.Contains(m.HTML, "in 1 day.") {
		t.Errorf("expiry in one day:\n%s", m.Text)
	}
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;").Replace(s)
}

func TestResetLinkEscapesTheToken(t *testing.T) {
	tmpl, err := mail.NewTemplates(base)
	if err != nil {
		t.Fatal(err)
	}
	m, err := tmpl.Render("ana@acme.test", "reset:1", application.PasswordReset{Token: "tok+/=en", ValidFor: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	const want = base + "/reset-password?token=tok%2B%2F%3Den"
	if !strings.Contains(m.Text, want) || !strings.Contains(m.HTML, `href="`+want+`"`) {
		t.Errorf("reset link %s missing:\n%s\n%s", want, m.Text, m.HTML)
	}
}

func TestUserTextIsEscapedInHTML(t *testing.T) {
	tmpl, err := mail.NewTemplates(base)
	if err != nil {
		t.Fatal(err)
	}
	m, err := tmpl.Render("ana@acme.test", "r:1", application.VerificationRejected{VerificationID: 1,
		CompanyName: `<script>alert(1)</script>`, Reason: `<a href="https://evil.test">click</a>`})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(m.HTML, "<script>") || strings.Contains(m.HTML, "evil.test\">") {
		t.Errorf("user text reached the HTML unescaped:\n%s", m.HTML)
	}
}

func TestTemplatesNeedAnHTTPBaseURL(t *testing.T) {
	for _, bad := range []string{"", "verify.example.com", "ftp://x"} {
		if _, err := mail.NewTemplates(bad); err == nil {
			t.Errorf("NewTemplates(%q) accepted", bad)
		}
	}
}
