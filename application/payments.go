package application

import (
	"log/slog"
)

// Payments holds the payment use cases: coupons, intents, confirmation, provider webhooks and the
// upgrade from Basic to Top. Calls to the provider stay outside database transactions; every step
// is idempotent.
type Payments struct {
	tx       Transactor
	repo     VerificationRepository
	records  PaymentRecords
	coupons  Coupons
	audit    AuditLog
	gateway  PaymentGateway
	webhooks WebhookVerifier // nil when the provider sends none
	clock    Clock
	log      *slog.Logger
	notify   ReviewNotifier
	checks   SubmissionScreening
	follow   FollowerAlerts
}

// PaymentsDeps are what the payment use cases need; Webhooks is nil when the provider sends none,
// Log nil discards, every other field is required.
type PaymentsDeps struct {
	Tx       Transactor
	Repo     VerificationRepository
	Records  PaymentRecords
	Coupons  Coupons
	Audit    AuditLog
	Gateway  PaymentGateway
	Webhooks WebhookVerifier
	Clock    Clock
	Log      *slog.Logger
	Notify   ReviewNotifier      // receipts, and the administrators' news of a verification in review
	Checks   SubmissionScreening // an upgrade to Top queues its screening
	// Followers hear that a paid upgrade sent an approved certificate back to review.
	Followers FollowerAlerts
}

// NewPayments wires the payment use cases.
func NewPayments(d PaymentsDeps) *Payments {
	log := d.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Payments{tx: d.Tx, repo: d.Repo, records: d.Records, coupons: d.Coupons, audit: d.Audit,
		gateway: d.Gateway, webhooks: d.Webhooks, clock: d.Clock, log: log, notify: d.Notify, checks: d.Checks, follow: d.Followers}
}

// ProviderInfo is what the browser needs to load the payment form.
type ProviderInfo struct {
	Provider       string
	PublishableKey string
	TestMode       bool
}

// Provider describes the active payment provider.
func (s *Payments) Provider() ProviderInfo {
	return ProviderInfo{Provider: s.gateway.Provider(), PublishableKey: s.gateway.PublishableKey(), TestMode: s.gateway.TestMode()}
}
