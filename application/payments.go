package application

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/pricing"
	"github.com/tttverify/tttverify/domain/verification"
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
}

// PaymentsDeps are the ports the payment use cases need.
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
}

// NewPayments wires the payment use cases.
func NewPayments(d PaymentsDeps) *Payments {
	log := d.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Payments{tx: d.Tx, repo: d.Repo, records: d.Records, coupons: d.Coupons, audit: d.Audit,
		gateway: d.Gateway, webhooks: d.Webhooks, clock: d.Clock, log: log}
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

// ValidateCoupon quotes the actor's submitted verification with a coupon.
func (s *Payments) ValidateCoupon(ctx context.Context, actor *User, verificationID int64, code string) (pricing.Quote, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, verificationID)
	if err != nil {
		return pricing.Quote{}, err
	}
	if err := v.EnsurePaymentDue(); err != nil {
		return pricing.Quote{}, err
	}
	base, err := pricing.TierPrice(v.Tier().String())
	if err != nil {
		return pricing.Quote{}, err
	}
	q, _, err := s.quote(ctx, base, code)
	return q, err
}

// quote applies the coupon named by code (none when empty) to base.
func (s *Payments) quote(ctx context.Context, base pricing.Money, code string) (pricing.Quote, *pricing.Coupon, error) {
	code = pricing.NormalizeCode(code)
	if code == "" {
		return pricing.Apply(base, 0), nil, nil
	}
	c, err := s.coupons.Get(ctx, code)
	if isNotFound(err) {
		return pricing.Quote{}, nil, pricing.ErrCouponInvalid
	}
	if err != nil {
		return pricing.Quote{}, nil, fmt.Errorf("load coupon: %w", err)
	}
	q, err := c.Quote(base, s.clock.Now())
	return q, c, err
}

// IntentResult is a payment the browser can complete, or the news that nothing is left to pay.
type IntentResult struct {
	IntentID     string
	ClientSecret string // empty when Paid
	Purpose      string
	Quote        pricing.Quote
	CouponCode   string // empty without a coupon
	Paid         bool   // a 100% coupon paid the verification; no card is needed
	Verification *verification.Verification
}

// CreatePaymentIntent prices a payment on the server (tier, purpose and coupon) and opens an intent
// for it with the provider. A coupon that leaves nothing to pay marks the verification paid at once.
func (s *Payments) CreatePaymentIntent(ctx context.Context, actor *User, verificationID int64, couponCode, purpose string) (*IntentResult, error) {
	if purpose == "" {
		purpose = PurposeVerification
	}
	v, err := ownedBy(ctx, s.repo.Get, actor, verificationID)
	if err != nil {
		return nil, err
	}
	var (
		q      pricing.Quote
		coupon *pricing.Coupon
	)
	switch purpose {
	case PurposeVerification:
		if err := v.EnsurePaymentDue(); err != nil {
			return nil, err
		}
		base, err := pricing.TierPrice(v.Tier().String())
		if err != nil {
			return nil, err
		}
		if q, coupon, err = s.quote(ctx, base, couponCode); err != nil {
			return nil, err
		}
	case PurposeUpgrade:
		if err := v.EnsureUpgradePayable(); err != nil {
			return nil, err
		}
		if pricing.NormalizeCode(couponCode) != "" {
			return nil, fieldError("couponCode", "Coupons apply to the verification fee only, not to upgrades")
		}
		q = pricing.Apply(pricing.UpgradePrice(), 0)
	default:
		return nil, fieldError("purpose", "purpose must be verification or upgrade")
	}
	code := ""
	if coupon != nil {
		code = coupon.Code()
	}
	if q.Free() {
		v, err := s.payWithCoupon(ctx, actor, verificationID, code)
		if err != nil {
			return nil, err
		}
		return &IntentResult{Purpose: purpose, Quote: q, CouponCode: code, Paid: true, Verification: v}, nil
	}

	intent, err := s.gateway.CreateIntent(ctx, NewPaymentIntent{
		Amount: q.Final.Amount, Currency: string(q.Final.Currency), VerificationID: v.ID(), UserID: actor.ID,
		Purpose: purpose, CouponCode: code, ReceiptEmail: actor.Email,
		Description:    fmt.Sprintf("TTT Verify %s verification #%d (%s)", v.Tier().Label(), v.ID(), purpose),
		IdempotencyKey: fmt.Sprintf("ttt-verification-%d-%s-%s-%d-%s-%s", v.ID(), purpose, v.Tier(), q.Final.Amount, q.Final.Currency, code),
	})
	if err != nil {
		return nil, err
	}
	if intent.Amount != q.Final.Amount || intent.Currency != string(q.Final.Currency) {
		return nil, fmt.Errorf("%w: provider opened intent %s for %d %s, asked for %d %s", ErrPaymentProvider,
			intent.ID, intent.Amount, intent.Currency, q.Final.Amount, q.Final.Currency)
	}
	now := s.clock.Now()
	err = s.records.Add(ctx, &PaymentRecord{IntentID: intent.ID, VerificationID: v.ID(), UserID: actor.ID,
		Provider: s.gateway.Provider(), Purpose: purpose, Amount: q.Final.Amount, Currency: string(q.Final.Currency),
		CouponCode: code, DiscountPercent: q.Percent, Status: RecordCreated, CreatedAt: now, UpdatedAt: now})
	if err != nil {
		return nil, fmt.Errorf("record intent %s: %w", intent.ID, err)
	}
	return &IntentResult{IntentID: intent.ID, ClientSecret: intent.ClientSecret, Purpose: purpose, Quote: q,
		CouponCode: code, Verification: v}, nil
}

// payWithCoupon marks a verification paid by a 100% coupon, counting the redemption once.
func (s *Payments) payWithCoupon(ctx context.Context, actor *User, id int64, code string) (*verification.Verification, error) {
	var out *verification.Verification
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := ownedBy(ctx, s.repo.GetForUpdate, actor, id)
		if err != nil {
			return err
		}
		if err := v.EnsurePaymentDue(); err != nil {
			return err
		}
		c, err := s.coupons.GetForUpdate(ctx, code)
		if err != nil {
			return fmt.Errorf("lock coupon %s: %w", code, err)
		}
		now := s.clock.Now()
		if err := c.Check(now); err != nil { // checked again under the lock: the last use cannot go twice
			return err
		}
		from := v.Status()
		if err := v.MarkPaid(0, "coupon_"+code, now); err != nil {
			return err
		}
		if err := s.repo.Save(ctx, v); err != nil {
			return err
		}
		out = v
		if err := record(ctx, s.audit, actor, v, "payment.succeeded", from, "paid 0 usd with 100% coupon "+code); err != nil {
			return err
		}
		return s.redeem(ctx, actor, v, c, from)
	})
	return out, err
}

// redeem counts a coupon's use by v once, however often the payment is confirmed.
func (s *Payments) redeem(ctx context.Context, actor *User, v *verification.Verification, c *pricing.Coupon, from verification.Status) error {
	now := s.clock.Now()
	first, err := s.coupons.AddRedemption(ctx, c.Code(), v.ID(), now)
	if err != nil || !first {
		return err
	}
	c.Redeem(now)
	if err := s.coupons.Save(ctx, c); err != nil {
		return fmt.Errorf("save coupon %s: %w", c.Code(), err)
	}
	return record(ctx, s.audit, actor, v, "coupon.redeemed", from,
		fmt.Sprintf("coupon %s (%d%%)", c.Code(), c.Percent()))
}

// ConfirmPayment is the browser's report that a payment went through. It counts only once the
// provider confirms that the intent succeeded, was opened for this verification and amounts to
// what the server priced; a repeated report returns the verification unchanged.
func (s *Payments) ConfirmPayment(ctx context.Context, actor *User, verificationID int64, intentID string) (*verification.Verification, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, verificationID)
	if err != nil {
		return nil, err
	}
	if !v.Payment().Paid() {
		// Neither submitted nor paid: no payment of any kind can apply.
		if err := v.EnsurePaymentDue(); err != nil {
			return nil, err
		}
	}
	rec, err := s.records.Get(ctx, intentID)
	if isNotFound(err) || (err == nil && rec.VerificationID != v.ID()) {
		return nil, ErrPaymentMismatch
	}
	if err != nil {
		return nil, fmt.Errorf("load payment %s: %w", intentID, err)
	}
	if rec.Status == RecordSucceeded {
		return v, nil
	}
	if err := ensurePayable(v, rec.Purpose); err != nil {
		return nil, err
	}
	intent, err := s.gateway.RetrieveIntent(ctx, intentID)
	if err != nil {
		return nil, err
	}
	return s.settle(ctx, actor, rec, intent)
}

func ensurePayable(v *verification.Verification, purpose string) error {
	if purpose == PurposeUpgrade {
		return v.EnsureUpgradePayable()
	}
	return v.EnsurePaymentDue()
}

// settle applies a succeeded intent to its verification after checking it against the record the
// server made when it opened the intent and against what the verification costs now.
func (s *Payments) settle(ctx context.Context, actor *User, rec *PaymentRecord, intent *PaymentIntent) (*verification.Verification, error) {
	var out *verification.Verification
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.GetForUpdate(ctx, rec.VerificationID)
		if err != nil {
			return err
		}
		out = v
		if actor != nil && !v.OwnedBy(actor.ID) {
			return ErrNotFound
		}
		// Read again under the verification's lock: a webhook and the browser may race.
		cur, err := s.records.Get(ctx, rec.IntentID)
		if err != nil {
			return fmt.Errorf("load payment %s: %w", rec.IntentID, err)
		}
		if cur.Status == RecordSucceeded {
			return nil
		}
		if err := s.matches(v, cur, intent); err != nil {
			return err
		}
		now, from := s.clock.Now(), v.Status()
		action, reason := "payment.succeeded", fmt.Sprintf("%s %d %s via %s", intent.ID, intent.Amount, intent.Currency, cur.Provider)
		if cur.Purpose == PurposeUpgrade {
			err = v.CompletePaidUpgrade(cur.Amount, cur.IntentID, now)
			reason = "upgrade to top: " + reason
		} else {
			err = v.MarkPaid(cur.Amount, cur.IntentID, now)
		}
		if err != nil {
			return err
		}
		if err := s.repo.Save(ctx, v); err != nil {
			return err
		}
		if err := s.records.SetStatus(ctx, cur.IntentID, RecordSucceeded, now); err != nil {
			return fmt.Errorf("mark payment %s succeeded: %w", cur.IntentID, err)
		}
		if err := record(ctx, s.audit, actor, v, action, from, reason); err != nil {
			return err
		}
		if cur.Purpose == PurposeUpgrade {
			if err := record(ctx, s.audit, actor, v, "tier.upgraded", from, "basic to top, difference paid"); err != nil {
				return err
			}
		}
		if cur.CouponCode != "" {
			c, err := s.coupons.GetForUpdate(ctx, cur.CouponCode)
			if err != nil {
				return fmt.Errorf("lock coupon %s: %w", cur.CouponCode, err)
			}
			return s.redeem(ctx, actor, v, c, from)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// matches checks a provider's intent against the server's record and the verification's price.
func (s *Payments) matches(v *verification.Verification, rec *PaymentRecord, intent *PaymentIntent) error {
	mismatch := func(what string) error {
		s.log.Warn("payment refused", "intent", intent.ID, "verification", v.ID(), "reason", what,
			"intent_status", intent.Status, "intent_amount", intent.Amount, "record_amount", rec.Amount)
		return ErrPaymentMismatch
	}
	if intent.Status != IntentSucceeded {
		return ErrPaymentNotSucceeded
	}
	switch {
	case intent.ID != rec.IntentID:
		return mismatch("intent id differs from the record")
	case intent.Metadata[MetaVerificationID] != strconv.FormatInt(rec.VerificationID, 10):
		return mismatch("intent metadata names another verification")
	case intent.Amount != rec.Amount || intent.Currency != rec.Currency:
		return mismatch("intent amount or currency differs from the record")
	}
	want := pricing.UpgradePrice()
	if rec.Purpose != PurposeUpgrade {
		base, err := pricing.TierPrice(v.Tier().String())
		if err != nil {
			return err
		}
		want = pricing.Apply(base, rec.DiscountPercent).Final
	}
	if want.Amount != rec.Amount || string(want.Currency) != rec.Currency {
		// The tier changed after the intent was opened: this money must be refunded by hand.
		s.log.Error("succeeded payment does not match the current price; refund it", "intent", intent.ID,
			"verification", v.ID(), "paid", rec.Amount, "price", want.Amount)
		return ErrPaymentMismatch
	}
	return ensurePayable(v, rec.Purpose)
}

// fail records a declined attempt. A first payment marks the verification's payment failed; it
// stays submitted so the applicant can try another card.
func (s *Payments) fail(ctx context.Context, actor *User, rec *PaymentRecord, intent *PaymentIntent) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := s.repo.GetForUpdate(ctx, rec.VerificationID)
		if err != nil {
			return err
		}
		cur, err := s.records.Get(ctx, rec.IntentID)
		if err != nil {
			return fmt.Errorf("load payment %s: %w", rec.IntentID, err)
		}
		if cur.Status == RecordSucceeded {
			return nil // a late failure notice for an attempt that was retried successfully
		}
		now, from := s.clock.Now(), v.Status()
		if err := s.records.SetStatus(ctx, cur.IntentID, RecordFailed, now); err != nil {
			return fmt.Errorf("mark payment %s failed: %w", cur.IntentID, err)
		}
		if cur.Purpose == PurposeVerification && v.EnsurePaymentDue() == nil {
			if err := v.MarkPaymentFailed(cur.IntentID, now); err != nil {
				return err
			}
			if err := s.repo.Save(ctx, v); err != nil {
				return err
			}
		}
		reason := cur.IntentID
		if intent != nil && (intent.FailureCode != "" || intent.FailureMessage != "") {
			reason = fmt.Sprintf("%s: %s (%s)", cur.IntentID, intent.FailureMessage, intent.FailureCode)
		}
		return record(ctx, s.audit, actor, v, "payment.failed", from, reason)
	})
}

// ConfirmCard pays an intent of the simulated provider with card details. On success the server
// settles the payment itself, as a webhook would; a declined card returns *CardError.
func (s *Payments) ConfirmCard(ctx context.Context, actor *User, intentID string, card Card) (*PaymentIntent, error) {
	confirmer, ok := s.gateway.(CardConfirmer)
	if !ok {
		return nil, ErrNotFound
	}
	rec, err := s.records.Get(ctx, intentID)
	if err != nil {
		return nil, err
	}
	if rec.UserID != actor.ID {
		return nil, ErrNotFound
	}
	v, err := ownedBy(ctx, s.repo.Get, actor, rec.VerificationID)
	if err != nil {
		return nil, err
	}
	if rec.Status != RecordSucceeded {
		if err := ensurePayable(v, rec.Purpose); err != nil {
			return nil, err
		}
	}
	intent, err := confirmer.ConfirmCard(ctx, intentID, card)
	var declined *CardError
	if errors.As(err, &declined) {
		failed := &PaymentIntent{ID: intentID, FailureCode: declined.Code, FailureMessage: declined.Message}
		if ferr := s.fail(ctx, actor, rec, failed); ferr != nil {
			return nil, ferr
		}
		return nil, err
	}
	if err != nil {
		return nil, err
	}
	if _, err := s.settle(ctx, actor, rec, intent); err != nil {
		return nil, err
	}
	return intent, nil
}

// WebhookResult says what a provider notification did.
type WebhookResult string

// Webhook outcomes.
const (
	WebhookProcessed WebhookResult = "processed"
	WebhookDuplicate WebhookResult = "duplicate"
	WebhookIgnored   WebhookResult = "ignored"
)

// HandleWebhook verifies a provider notification and completes or fails the payment it reports,
// so a verification moves on even when the browser never returns. Each event counts once.
// Notifications that cannot apply (unknown intent, changed price) are logged and acknowledged:
// the provider retrying them would not help.
func (s *Payments) HandleWebhook(ctx context.Context, payload []byte, signature string) (WebhookResult, error) {
	if s.webhooks == nil {
		return "", ErrNotFound
	}
	ev, err := s.webhooks.VerifyWebhook(payload, signature)
	if err != nil {
		return "", err
	}
	if (ev.Type != EventIntentSucceeded && ev.Type != EventIntentFailed) || ev.Intent == nil {
		return WebhookIgnored, nil
	}
	rec, err := s.records.Get(ctx, ev.Intent.ID)
	if isNotFound(err) {
		s.log.Warn("webhook for an intent this server did not open", "event", ev.ID, "intent", ev.Intent.ID)
		return WebhookIgnored, nil
	}
	if err != nil {
		return "", fmt.Errorf("load payment %s: %w", ev.Intent.ID, err)
	}
	result := WebhookProcessed
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		first, err := s.records.FirstDelivery(ctx, ev.ID, ev.Type, s.clock.Now())
		if err != nil {
			return fmt.Errorf("record event %s: %w", ev.ID, err)
		}
		if !first {
			result = WebhookDuplicate
			return nil
		}
		if ev.Type == EventIntentFailed {
			return s.fail(ctx, nil, rec, ev.Intent)
		}
		_, err = s.settle(ctx, nil, rec, ev.Intent)
		if isPermanent(err) {
			s.log.Warn("webhook payment not applied", "event", ev.ID, "intent", ev.Intent.ID, "error", err)
			result = WebhookIgnored
			return nil
		}
		return err
	})
	return result, err
}

// isPermanent reports whether err is a refusal that a retry of the same notification cannot change:
// the payment or the verification's state is wrong, not the moment. A lost race on the record
// (ErrConflict) is worth the provider's retry.
func isPermanent(err error) bool {
	switch errs.KindOf(err) {
	case errs.KindInvalid, errs.KindPaymentRequired, errs.KindNotFound:
		return true
	case errs.KindConflict:
		return !errors.Is(err, ErrConflict)
	}
	return false
}

// UpgradeResult is what an upgrade request did: the tier changed at once, or a payment is due.
type UpgradeResult struct {
	Verification    *verification.Verification
	PaymentRequired bool
	Amount          pricing.Money // what the payment will be, when required
}

// Upgrade moves the actor's Basic verification to Top. Before payment the tier simply changes (and
// with it the price); after payment the difference must be paid through CreatePaymentIntent with
// PurposeUpgrade, and the tier changes once that payment is confirmed.
func (s *Payments) Upgrade(ctx context.Context, actor *User, id int64) (*UpgradeResult, error) {
	var out *UpgradeResult
	err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := ownedBy(ctx, s.repo.GetForUpdate, actor, id)
		if err != nil {
			return err
		}
		needs, err := v.UpgradeNeedsPayment()
		if err != nil {
			return err
		}
		if needs {
			out = &UpgradeResult{Verification: v, PaymentRequired: true, Amount: pricing.UpgradePrice()}
			return nil
		}
		from := v.Status()
		if err := v.Upgrade(s.clock.Now()); err != nil {
			return err
		}
		if err := s.repo.Save(ctx, v); err != nil {
			return err
		}
		out = &UpgradeResult{Verification: v}
		return record(ctx, s.audit, actor, v, "tier.upgraded", from, "basic to top before payment")
	})
	return out, err
}
