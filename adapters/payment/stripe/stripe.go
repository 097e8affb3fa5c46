// Package stripe is the Stripe payment provider (stripe-go): PaymentIntents with automatic payment
// methods, and signed webhooks.
package stripe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	stripego "github.com/stripe/stripe-go/v85"
	"github.com/stripe/stripe-go/v85/webhook"

	"github.com/tttverify/tttverify/application"
)

// Provider is the name the configuration endpoint reports.
const Provider = "stripe"

// Config is what the adapter needs.
type Config struct {
	SecretKey      string
	PublishableKey string
	WebhookSecret  string       // whsec_…; webhooks are refused without it
	APIBase        string       // another API endpoint (stripe-mock in tests); empty for Stripe's
	HTTPClient     *http.Client // nil: a client with a 30 s timeout
	MaxRetries     *int64       // nil: stripe-go's default
}

// Gateway talks to Stripe.
type Gateway struct {
	client         *stripego.Client
	publishableKey string
	webhookSecret  string
	testMode       bool
}

// New returns a Stripe gateway.
func New(cfg Config) (*Gateway, error) {
	if cfg.SecretKey == "" {
		return nil, errors.New("stripe: a secret key is required")
	}
	httpClient := cfg.HTTPClient
	if httpClient == nil {
		httpClient = &http.Client{Timeout: 30 * time.Second}
	}
	bc := &stripego.BackendConfig{HTTPClient: httpClient, MaxNetworkRetries: cfg.MaxRetries,
		LeveledLogger: &stripego.LeveledLogger{Level: stripego.LevelNull}}
	if cfg.APIBase != "" {
		bc.URL = stripego.String(strings.TrimRight(cfg.APIBase, "/"))
	}
	client := stripego.NewClient(cfg.SecretKey, stripego.WithBackends(stripego.NewBackendsWithConfig(bc)))
	return &Gateway{client: client, publishableKey: cfg.PublishableKey, webhookSecret: cfg.WebhookSecret,
		testMode: !strings.HasPrefix(cfg.SecretKey, "sk_live_") && !strings.HasPrefix(cfg.SecretKey, "rk_live_")}, nil
}

// Provider names the provider.
func (g *Gateway) Provider() string { return Provider }

// PublishableKey is the key Stripe.js needs in the browser.
func (g *Gateway) PublishableKey() string { return g.publishableKey }

// TestMode reports whether the secret key is a test key.
func (g *Gateway) TestMode() bool { return g.testMode }

// CreateIntent opens a PaymentIntent. The idempotency key makes a repeated request return the
// intent the first one opened.
func (g *Gateway) CreateIntent(ctx context.Context, p application.NewPaymentIntent) (*application.PaymentIntent, error) {
	params := &stripego.PaymentIntentCreateParams{
		Amount:                  stripego.Int64(p.Amount),
		Currency:                stripego.String(p.Currency),
		AutomaticPaymentMethods: &stripego.PaymentIntentCreateAutomaticPaymentMethodsParams{Enabled: stripego.Bool(true)},
		Description:             stripego.String(p.Description),
		Metadata: map[string]string{
			application.MetaVerificationID: strconv.FormatInt(p.VerificationID, 10),
			application.MetaUserID:         strconv.FormatInt(p.UserID, 10),
			application.MetaPurpose:        string(p.Purpose),
		},
	}
	if p.CouponCode != "" {
		params.Metadata[application.MetaCoupon] = p.CouponCode
	}
	if p.ReceiptEmail != "" {
		params.ReceiptEmail = stripego.String(p.ReceiptEmail)
	}
	if p.IdempotencyKey != "" {
		params.IdempotencyKey = stripego.String(p.IdempotencyKey)
	}
	pi, err := g.client.V1PaymentIntents.Create(ctx, params)
	if err != nil {
		return nil, providerError("create payment intent", err)
	}
	return toIntent(pi), nil
}

// RetrieveIntent reads a PaymentIntent's current state from Stripe.
func (g *Gateway) RetrieveIntent(ctx context.Context, id string) (*application.PaymentIntent, error) {
	if !strings.HasPrefix(id, "pi_") || strings.ContainsAny(id, "/?#") {
		return nil, application.ErrNotFound
	}
	// The latest charge carries the card's brand and last four digits for the receipt.
	params := &stripego.PaymentIntentRetrieveParams{}
	params.AddExpand("latest_charge")
	pi, err := g.client.V1PaymentIntents.Retrieve(ctx, id, params)
	if err != nil {
		return nil, providerError("retrieve payment intent "+id, err)
	}
	return toIntent(pi), nil
}

// CancelIntent cancels a PaymentIntent as abandoned, so that the browser can no longer confirm it.
// An intent Stripe will not cancel (it succeeded, or is processing) is read back with its status.
func (g *Gateway) CancelIntent(ctx context.Context, id, idempotencyKey string) (*application.PaymentIntent, error) {
	if !strings.HasPrefix(id, "pi_") || strings.ContainsAny(id, "/?#") {
		return nil, application.ErrNotFound
	}
	params := &stripego.PaymentIntentCancelParams{CancellationReason: stripego.String("abandoned")}
	params.IdempotencyKey = stripego.String(idempotencyKey)
	pi, err := g.client.V1PaymentIntents.Cancel(ctx, id, params)
	var se *stripego.Error
	if errors.As(err, &se) && se.Code == stripego.ErrorCodePaymentIntentUnexpectedState {
		return g.RetrieveIntent(ctx, id)
	}
	if err != nil {
		return nil, providerError("cancel payment intent "+id, err)
	}
	return toIntent(pi), nil
}

// Refund refunds a PaymentIntent's charge in full; the idempotency key makes a repeated request
// return the first refund.
func (g *Gateway) Refund(ctx context.Context, intentID, idempotencyKey string) (string, error) {
	params := &stripego.RefundCreateParams{PaymentIntent: stripego.String(intentID)}
	params.IdempotencyKey = stripego.String(idempotencyKey)
	params.AddMetadata("reason", "the payment could no longer be applied to its verification")
	r, err := g.client.V1Refunds.Create(ctx, params)
	if err != nil {
		return "", providerError("refund payment intent "+intentID, err)
	}
	return r.ID, nil
}

// VerifyWebhook checks the Stripe-Signature header and reads the event. PaymentIntent events carry
// the intent.
func (g *Gateway) VerifyWebhook(payload []byte, signature string) (*application.PaymentEvent, error) {
	if g.webhookSecret == "" {
		return nil, fmt.Errorf("%w: STRIPE_WEBHOOK_SECRET is not set", application.ErrBadSignature)
	}
	// The signature is what matters; the intent fields read here (id, amount, currency, status,
	// metadata) are the same in every API version, so an endpoint pinned to another version still works.
	ev, err := webhook.ConstructEventWithOptions(payload, signature, g.webhookSecret,
		webhook.ConstructEventOptions{IgnoreAPIVersionMismatch: true})
	if err != nil {
		return nil, fmt.Errorf("%w: %w", application.ErrBadSignature, err)
	}
	out := &application.PaymentEvent{ID: ev.ID, Type: string(ev.Type)}
	if strings.HasPrefix(out.Type, "payment_intent.") && ev.Data != nil {
		var pi stripego.PaymentIntent
		if err := json.Unmarshal(ev.Data.Raw, &pi); err != nil {
			return nil, fmt.Errorf("%w: payment intent in event %s: %w", application.ErrBadSignature, ev.ID, err)
		}
		out.Intent = toIntent(&pi)
	}
	return out, nil
}

func toIntent(pi *stripego.PaymentIntent) *application.PaymentIntent {
	out := &application.PaymentIntent{ID: pi.ID, ClientSecret: pi.ClientSecret, Amount: pi.Amount,
		Currency: strings.ToLower(string(pi.Currency)), Status: application.IntentStatus(pi.Status), Metadata: pi.Metadata}
	if out.Metadata == nil {
		out.Metadata = map[string]string{}
	}
	out.Livemode = pi.Livemode
	if ch := pi.LatestCharge; ch != nil {
		out.AmountRefunded = ch.AmountRefunded
		if ch.PaymentMethodDetails != nil && ch.PaymentMethodDetails.Card != nil {
			out.CardBrand, out.CardLast4 = string(ch.PaymentMethodDetails.Card.Brand), ch.PaymentMethodDetails.Card.Last4
		}
	}
	if e := pi.LastPaymentError; e != nil {
		out.FailureCode, out.FailureMessage = string(e.Code), e.Msg
		if e.DeclineCode != "" {
			out.FailureCode = string(e.DeclineCode)
		}
	}
	return out
}

// providerError maps Stripe's errors: a missing intent is ErrNotFound, a card problem is a
// CardError, anything else means the provider could not be used.
func providerError(op string, err error) error {
	var se *stripego.Error
	if errors.As(err, &se) {
		switch {
		case se.Code == stripego.ErrorCodeResourceMissing || se.HTTPStatusCode == http.StatusNotFound:
			return fmt.Errorf("%s: %w", op, application.ErrNotFound)
		case se.Type == stripego.ErrorTypeCard:
			return &application.CardError{Code: string(se.Code), DeclineCode: string(se.DeclineCode), Message: se.Msg}
		}
	}
	return fmt.Errorf("%s: %w: %w", op, application.ErrPaymentProvider, err)
}

var (
	_ application.PaymentGateway  = (*Gateway)(nil)
	_ application.WebhookVerifier = (*Gateway)(nil)
)
