package app

import (
	"strings"
	"testing"
)

// TestPaymentsConfig: PAYMENTS names the card provider; without it Stripe runs when its keys are
// set and the simulated provider otherwise, except behind an https:// address, where a server
// that would take no real payments refuses to start unless PAYMENTS=simulated says so.
func TestPaymentsConfig(t *testing.T) {
	stripe := "STRIPE_SECRET_KEY=sk_test_x STRIPE_PUBLISHABLE_KEY=pk_test_x"
	for _, tc := range []struct {
		env  string
		want string // the provider, or the start of the refusal
	}{
		{"", "simulated"},
		{"PUBLIC_BASE_URL=https://verify.example.com", "refused: PUBLIC_BASE_URL is https"},
		{"PUBLIC_BASE_URL=https://verify.example.com PAYMENTS=simulated", "simulated"},
		{"PUBLIC_BASE_URL=https://verify.example.com " + stripe, "stripe"},
		{"PUBLIC_BASE_URL=https://verify.example.com PAYMENTS=stripe " + stripe, "stripe"},
		{"PAYMENTS=stripe", "refused: PAYMENTS=stripe needs STRIPE_SECRET_KEY"},
		{"PAYMENTS=simulated " + stripe, "refused: PAYMENTS=simulated but STRIPE_SECRET_KEY is set"},
		{"PAYMENTS=paypal", "refused: PAYMENTS must be stripe or simulated"},
	} {
		t.Run(tc.env, func(t *testing.T) {
			for _, name := range []string{"PUBLIC_BASE_URL", "PAYMENTS", "STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET"} {
				t.Setenv(name, "")
			}
			for _, kv := range strings.Fields(tc.env) {
				k, v, _ := strings.Cut(kv, "=")
				t.Setenv(k, v)
			}
			c, err := LoadConfig()
			got := ""
			switch {
			case err != nil:
				got = "refused: " + err.Error()
			case c.stripeEnabled():
				got = "stripe"
			default:
				got = "simulated"
			}
			if !strings.HasPrefix(got, tc.want) {
				t.Errorf("got %q, want %q…", got, tc.want)
			}
		})
	}
}
