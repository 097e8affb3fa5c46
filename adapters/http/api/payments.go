package api

import (
	"errors"
	"strconv"
	"strings"
)

// FlexID is a verification id sent as a JSON number or a numeric string.
type FlexID int64

// UnmarshalJSON accepts 12 and "12", and refuses anything but a positive number.
func (f *FlexID) UnmarshalJSON(b []byte) error {
	n, err := strconv.ParseInt(strings.Trim(string(b), `"`), 10, 64)
	if err != nil || n <= 0 {
		return errors.New("verificationId must be a positive number")
	}
	*f = FlexID(n)
	return nil
}

// Config says which card provider is active (and Stripe's publishable key).
type Config struct {
	PaymentProvider      string `json:"paymentProvider" enum:"stripe,simulated"`
	StripePublishableKey string `json:"stripePublishableKey,omitempty"`
	TestMode             bool   `json:"testMode"`
}

// CouponRequest prices a coupon for a submitted verification.
type CouponRequest struct {
	CouponCode     string `json:"couponCode"`
	VerificationID FlexID `json:"verificationId"`
}

// CouponValidation is a valid coupon's price.
type CouponValidation struct {
	Valid          bool   `json:"valid"`
	CouponCode     string `json:"couponCode"`
	BaseAmount     int64  `json:"baseAmount"`
	Discount       int    `json:"discount"`       // percent
	DiscountAmount int64  `json:"discountAmount"` // cents
	FinalAmount    int64  `json:"finalAmount"`
	Currency       string `json:"currency"`
}

// CouponError is a coupon that does not apply, and why.
type CouponError struct {
	Valid   bool   `json:"valid"`
	Message string `json:"message"`
}

// PaymentIntentRequest opens (or reuses) the payment for a verification.
type PaymentIntentRequest struct {
	VerificationID FlexID `json:"verificationId"`
	CouponCode     string `json:"couponCode" required:"false"`
	Purpose        string `json:"purpose" required:"false" enum:"verification,upgrade"`
}

// AppliedCoupon is the coupon a payment intent applies.
type AppliedCoupon struct {
	Code           string `json:"code"`
	Discount       int    `json:"discount"`       // percent
	DiscountAmount int64  `json:"discountAmount"` // cents
}

// PaymentIntent is an open payment; a 100% coupon pays it at once.
type PaymentIntent struct {
	ClientSecret    string         `json:"clientSecret"`
	PaymentIntentID string         `json:"paymentIntentId,omitempty"`
	Amount          int64          `json:"amount"`
	BaseAmount      int64          `json:"baseAmount"`
	Currency        string         `json:"currency"`
	Paid            bool           `json:"paid"`
	Purpose         string         `json:"purpose"`
	Provider        string         `json:"provider"`
	Coupon          *AppliedCoupon `json:"coupon"`
	Verification    *Verification  `json:"verification,omitempty"`
	ReceiptEmailed  bool           `json:"receiptEmailed" description:"true only when a receipt e-mail was queued for this payment (a 100% coupon)"`
}

// PaymentSuccess records a payment the provider confirms.
type PaymentSuccess struct {
	VerificationID  FlexID `json:"verificationId"`
	PaymentIntentID string `json:"paymentIntentId"`
}

// PaymentSuccessResult is the paid verification and whether its receipt was e-mailed.
type PaymentSuccessResult struct {
	Verification
	ReceiptEmailed bool `json:"receiptEmailed" description:"true only when a receipt e-mail was queued for this payment"`
}

// CardConfirmation pays a simulated intent with a test card.
type CardConfirmation struct {
	CardNumber string `json:"cardNumber"`
	Expiry     string `json:"expiry"`
	CVC        string `json:"cvc"`
	Name       string `json:"name,omitempty" description:"accepted and ignored"`
	PostalCode string `json:"postalCode,omitempty" description:"accepted and ignored"`
}

// CardResult is a simulated card payment that went through, and whether its receipt was e-mailed.
type CardResult struct {
	Status          string `json:"status"`
	PaymentIntentID string `json:"paymentIntentId"`
	ReceiptEmailed  bool   `json:"receiptEmailed" description:"true when the payment went through and a receipt e-mail was queued"`
}

// CardDeclined is a declined card, with the provider's codes.
type CardDeclined struct {
	Message     string `json:"message"`
	Code        string `json:"code"`
	DeclineCode string `json:"declineCode,omitempty"`
}

// Upgrade is a Basic verification upgraded to Top, or the difference still to pay.
type Upgrade struct {
	Verification    Verification `json:"verification"`
	PaymentRequired bool         `json:"paymentRequired"`
	Amount          int64        `json:"amount"` // cents due for the upgrade; 0 when none
	Currency        string       `json:"currency"`
}

// WebhookResult acknowledges a provider notification.
type WebhookResult struct {
	Received bool   `json:"received"`
	Result   string `json:"result" enum:"processed,duplicate,ignored"`
}
