package app

import (
	"errors"
	"fmt"

	"github.com/tttverify/tttverify/adapters/payment/simulated"
	"github.com/tttverify/tttverify/adapters/payment/stripe"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// checkStripe refuses half a Stripe configuration: a publishable key or webhook secret without the
// secret key would otherwise fall back to the simulated provider unnoticed.
func (c *Config) checkStripe() error {
	if c.StripeSecretKey == "" {
		if c.StripePublishableKey != "" || c.StripeWebhookSecret != "" {
			return errors.New("STRIPE_PUBLISHABLE_KEY or STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not")
		}
		return nil
	}
	if c.StripePublishableKey == "" {
		return errors.New("STRIPE_SECRET_KEY is set, so STRIPE_PUBLISHABLE_KEY is needed too (the browser loads Stripe with it)")
	}
	return nil
}

// checkPayments refuses a PAYMENTS value that contradicts the Stripe keys, and a server behind an
// https:// address that would run the simulated provider without PAYMENTS=simulated: there a
// missing key means a production server taking no real payments, which nobody should find out
// from a customer.
func (c *Config) checkPayments() error {
	if err := c.checkStripe(); err != nil {
		return err
	}
	switch c.Payments {
	case "":
		if !c.stripeEnabled() && c.secureCookies() {
			return errors.New("PUBLIC_BASE_URL is https:// but STRIPE_SECRET_KEY is not set: set the Stripe keys, " +
				"or PAYMENTS=simulated to run the simulated test-mode provider on purpose")
		}
	case "stripe":
		if !c.stripeEnabled() {
			return errors.New("PAYMENTS=stripe needs STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY")
		}
	case "simulated":
		if c.stripeEnabled() {
			return errors.New("PAYMENTS=simulated but STRIPE_SECRET_KEY is set: unset one of them")
		}
	default:
		return fmt.Errorf("PAYMENTS must be stripe or simulated, got %q", c.Payments)
	}
	return nil
}

// stripeEnabled reports whether Stripe takes the payments (its secret key is set).
func (c *Config) stripeEnabled() bool { return c.StripeSecretKey != "" }

// newPayments selects Stripe when a secret key is configured, and the simulated provider otherwise
// (never both), and wires the payment use cases on it with deps, the ports shared with the other
// use cases.
func newPayments(cfg *Config, db *persistence.DB, deps application.PaymentsDeps) (*application.Payments, error) {
	log := deps.Log
	deps.Records, deps.Coupons = persistence.NewPaymentRecords(db), persistence.NewCoupons(db)
	if cfg.stripeEnabled() {
		if err := cfg.checkStripe(); err != nil {
			return nil, err
		}
		gw, err := stripe.New(stripe.Config{SecretKey: cfg.StripeSecretKey, PublishableKey: cfg.StripePublishableKey,
			WebhookSecret: cfg.StripeWebhookSecret, APIBase: cfg.StripeAPIBase})
		if err != nil {
			return nil, err
		}
		deps.Gateway, deps.Webhooks = gw, gw
		if cfg.StripeWebhookSecret == "" {
			log.Warn("STRIPE_WEBHOOK_SECRET is not set: Stripe webhooks are refused, payments complete only when the browser returns")
		}
		log.Info("payments ready", "provider", "stripe", "test_mode", gw.TestMode(), "api_base", cfg.StripeAPIBase)
		return application.NewPayments(deps), nil
	}
	deps.Gateway = simulated.New(db.DB, deps.Clock.Now)
	log.Warn("payments are SIMULATED (test mode): no card is charged; set STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY to take real payments",
		"provider", "simulated")
	return application.NewPayments(deps), nil
}
