package application

import (
	"context"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/pricing"
)

// Errors of the payment use cases.
var (
	ErrPaymentMismatch     = errs.Invalid("", "This payment does not match the verification")
	ErrPaymentNotSucceeded = errs.PaymentRequired("The payment has not succeeded")
	ErrBadSignature        = errs.Invalid("", "Invalid webhook signature")
	ErrPaymentProvider     = errs.Upstream("The payment provider is unavailable; please try again shortly")
	ErrCouponExists        = errs.Conflict("A coupon with this code already exists")
	ErrPaymentRefunded     = errs.Invalid("", "This payment can no longer be applied to the verification and has been refunded")
	ErrCheckoutClosed      = errs.Conflict("This payment was cancelled; please open the payment again")
	ErrCheckoutRace        = errs.Conflict("Another payment for this verification was opened at the same time; please try again")
	ErrPaymentInProgress   = errs.Conflict("A payment for this verification is being processed; please wait a moment")
)

// PaymentPurpose is what a payment is for.
type PaymentPurpose string

// The purposes.
const (
	PurposeVerification PaymentPurpose = "verification" // the verification fee of the tier
	PurposeUpgrade      PaymentPurpose = "upgrade"      // the difference from Basic to Top after the fee was paid
)

// ParsePaymentPurpose reads a requested purpose; empty means the verification fee.
func ParsePaymentPurpose(s string) (PaymentPurpose, error) {
	switch p := PaymentPurpose(s); p {
	case "":
		return PurposeVerification, nil
	case PurposeVerification, PurposeUpgrade:
		return p, nil
	}
	return "", fieldError("purpose", "purpose must be verification or upgrade")
}

// IntentStatus is where a provider's payment intent stands, with Stripe's names.
type IntentStatus string

// The intent statuses.
const (
	IntentRequiresPaymentMethod IntentStatus = "requires_payment_method"
	IntentRequiresConfirmation  IntentStatus = "requires_confirmation"
	IntentRequiresAction        IntentStatus = "requires_action"
	IntentProcessing            IntentStatus = "processing"
	IntentSucceeded             IntentStatus = "succeeded"
	IntentCanceled              IntentStatus = "canceled"
)

// RecordStatus is where a payment this server opened stands.
type RecordStatus string

// The record statuses.
const (
	RecordCreated   RecordStatus = "created"
	RecordSucceeded RecordStatus = "succeeded"
	RecordFailed    RecordStatus = "failed"
)

// Metadata keys every intent carries.
const (
	MetaVerificationID = "verificationId"
	MetaUserID         = "userId"
	MetaPurpose        = "purpose"
	MetaCoupon         = "couponCode"
)

// PaymentIntent is a provider's payment intent, as far as the use cases need it.
type PaymentIntent struct {
	ID             string
	ClientSecret   string
	Amount         int64
	Currency       string
	Status         IntentStatus
	Metadata       map[string]string
	FailureCode    string // the last attempt's error code, e.g. card_declined
	FailureMessage string
	CardBrand      string // e.g. "visa", when the provider tells
	CardLast4      string
	Livemode       bool  // a real charge; false for the simulated provider and Stripe's test mode
	AmountRefunded int64 // what was given back of the charge
}

// NewPaymentIntent asks a provider for an intent.
type NewPaymentIntent struct {
	Amount         int64
	Currency       string
	VerificationID int64
	UserID         int64
	Purpose        PaymentPurpose
	CouponCode     string
	ReceiptEmail   string
	Description    string
	IdempotencyKey string // the same key returns the same intent
}

// PaymentGateway is the card payment provider.
type PaymentGateway interface {
	Provider() string       // "stripe" or "simulated"
	PublishableKey() string // for the browser; empty for the simulated provider
	TestMode() bool
	CreateIntent(ctx context.Context, p NewPaymentIntent) (*PaymentIntent, error)
	RetrieveIntent(ctx context.Context, id string) (*PaymentIntent, error) // ErrNotFound when unknown
	// CancelIntent cancels an intent so that it can no longer be charged and returns its state
	// afterwards: IntentCanceled, or the status (succeeded, processing) that kept it from being
	// cancelled. The same key repeats the same request.
	CancelIntent(ctx context.Context, id, idempotencyKey string) (*PaymentIntent, error)
	// Refund gives back the whole charge of a succeeded intent and returns the refund's id. The
	// same key returns the same refund.
	Refund(ctx context.Context, intentID, idempotencyKey string) (string, error)
}

// Card is what an applicant types into the simulated provider's form.
type Card struct {
	Number string
	Expiry string // MM/YY
	CVC    string
}

// CardError is a declined card; Message is the provider's sentence for the applicant.
type CardError struct {
	Code        string // card_declined, expired_card, ...
	DeclineCode string // insufficient_funds, generic_decline, ...
	Message     string
}

func (e *CardError) Error() string { return e.Message }

// CodeIntentCanceled is the CardError code of a confirmation refused because the intent was
// cancelled (Stripe's payment_intent_unexpected_state): the card was not charged.
const CodeIntentCanceled = "payment_intent_unexpected_state"

// Kind is errs.KindPaymentRequired: the card was declined.
func (e *CardError) Kind() errs.Kind { return errs.KindPaymentRequired }

// CardConfirmer is a gateway that takes card details itself: the simulated provider. It returns
// field.Errors for malformed card details and *CardError for a declined card.
type CardConfirmer interface {
	ConfirmCard(ctx context.Context, intentID string, card Card) (*PaymentIntent, error)
}

// PaymentEvent is a verified notification from the provider.
type PaymentEvent struct {
	ID     string
	Type   string
	Intent *PaymentIntent // for payment_intent.* events
}

// Provider events the use cases act on.
const (
	EventIntentSucceeded = "payment_intent.succeeded"
	EventIntentFailed    = "payment_intent.payment_failed"
)

// WebhookVerifier checks a provider's signed notification (ErrBadSignature when it is not genuine).
type WebhookVerifier interface {
	VerifyWebhook(payload []byte, signature string) (*PaymentEvent, error)
}

// PaymentRecord is an intent this server created: what it is for and what it must amount to.
type PaymentRecord struct {
	IntentID        string
	VerificationID  int64
	UserID          int64
	Provider        string
	Purpose         PaymentPurpose
	Amount          int64
	Currency        string
	CouponCode      string
	DiscountPercent int
	Status          RecordStatus
	Checkout        string     // the intent's idempotency key; a coupon hold names it
	CanceledAt      *time.Time // cancelled at the provider: it can no longer be charged
	RefundID        string     // the provider's refund of a charge that could not be honoured
	CreatedAt       time.Time
	UpdatedAt       time.Time
}

// Open reports whether the intent may still be charged: neither settled, cancelled nor refunded.
func (r *PaymentRecord) Open() bool {
	return r.Status != RecordSucceeded && r.CanceledAt == nil && r.RefundID == ""
}

// PaymentRecords stores the intents this server created and the provider events it processed.
type PaymentRecords interface {
	// Add stores r unless its intent is already recorded (providers return the same intent for the
	// same idempotency key).
	Add(ctx context.Context, r *PaymentRecord) error
	Get(ctx context.Context, intentID string) (*PaymentRecord, error)
	SetStatus(ctx context.Context, intentID string, status RecordStatus, now time.Time) error
	// ForVerification returns every intent opened for a verification, oldest first.
	ForVerification(ctx context.Context, verificationID int64) ([]*PaymentRecord, error)
	// Cancel records that the intent was cancelled at the provider.
	Cancel(ctx context.Context, intentID string, now time.Time) error
	// SetRefund records the provider's refund of the intent's charge.
	SetRefund(ctx context.Context, intentID, refundID string, now time.Time) error
	// FirstDelivery records a provider event id and reports whether it was new.
	FirstDelivery(ctx context.Context, eventID, eventType string, now time.Time) (bool, error)
}

// Coupons stores discount codes and their redemptions.
type Coupons interface {
	Create(ctx context.Context, c *pricing.Coupon) error // ErrCouponExists
	Get(ctx context.Context, code string) (*pricing.Coupon, error)
	GetForUpdate(ctx context.Context, code string) (*pricing.Coupon, error)
	Save(ctx context.Context, c *pricing.Coupon) error
	List(ctx context.Context) ([]*pricing.Coupon, error)
	// AddRedemption records that a verification used a coupon; false when it already had.
	AddRedemption(ctx context.Context, code string, verificationID int64, now time.Time) (bool, error)
	// Reserve holds one use of the coupon for the verification's checkout, to lapse at until,
	// replacing any hold the verification had (on this coupon or another).
	Reserve(ctx context.Context, code string, verificationID int64, checkout string, now, until time.Time) error
	// Held counts the uses of the coupon that other verifications hold, lapsed or not: a lapsed
	// hold counts until its intent is cancelled and the hold released.
	Held(ctx context.Context, code string, exceptVerification int64) (int, error)
	// Hold returns the verification's hold (ErrNotFound when it has none).
	Hold(ctx context.Context, verificationID int64) (*HeldCoupon, error)
	// Lapsed returns the holds on the coupon that lapsed by now.
	Lapsed(ctx context.Context, code string, now time.Time) ([]HeldCoupon, error)
	// Release drops the verification's hold, if any.
	Release(ctx context.Context, verificationID int64) error
	// ReleaseCheckout drops the verification's hold if the checkout holds it.
	ReleaseCheckout(ctx context.Context, verificationID int64, checkout string) error
}

// HeldCoupon is one use of a limited coupon held by a verification's open checkout.
type HeldCoupon struct {
	VerificationID int64
	Code           string
	Checkout       string // the idempotency key of the intent the use is held for
	ExpiresAt      time.Time
}
