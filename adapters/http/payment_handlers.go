package http

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/pricing"
)

// maxWebhookBody bounds a provider notification (Stripe's are a few KB).
const maxWebhookBody = 64 << 10

// paymentRoutes adds the payment API. The Stripe webhook is registered on the echo instance itself,
// outside the /api group, so neither the Origin check nor the session lookup applies to it; its
// signature is its authentication.
func (s *Server) paymentRoutes(api *echo.Group, e *echo.Echo) {
	api.GET("/config", s.paymentConfig)
	api.POST("/validate-coupon", s.validateCoupon, requireUser)
	api.POST("/create-payment-intent", s.createPaymentIntent, requireUser)
	api.POST("/payment-success", s.paymentSuccess, requireUser)
	api.POST("/simulated-payments/:intentId/confirm", s.confirmSimulatedPayment, requireUser)
	api.POST("/verifications/:id/upgrade", s.upgradeVerification, requireUser)
	e.POST("/api/webhooks/stripe", s.stripeWebhook)
}

// flexID is a verification id sent as a JSON number or a numeric string.
type flexID int64

func (f *flexID) UnmarshalJSON(b []byte) error {
	s := strings.Trim(string(b), `"`)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n <= 0 {
		return errors.New("verificationId must be a positive number")
	}
	*f = flexID(n)
	return nil
}

func requireID(id flexID) error {
	if id <= 0 {
		return errs.Invalid("verificationId", "verificationId is required")
	}
	return nil
}

type paymentConfigDTO struct {
	PaymentProvider      string `json:"paymentProvider"`
	StripePublishableKey string `json:"stripePublishableKey,omitempty"`
	TestMode             bool   `json:"testMode"`
}

func (s *Server) paymentConfig(c *echo.Context) error {
	if s.Payments == nil {
		return application.ErrNotFound
	}
	p := s.Payments.Provider()
	return c.JSON(http.StatusOK, paymentConfigDTO{PaymentProvider: p.Provider, StripePublishableKey: p.PublishableKey, TestMode: p.TestMode})
}

type validateCouponRequest struct {
	CouponCode     string `json:"couponCode"`
	VerificationID flexID `json:"verificationId"`
}

type couponQuoteDTO struct {
	Valid          bool   `json:"valid"`
	CouponCode     string `json:"couponCode,omitempty"`
	BaseAmount     int64  `json:"baseAmount"`
	Discount       int    `json:"discount"`       // percent
	DiscountAmount int64  `json:"discountAmount"` // cents
	FinalAmount    int64  `json:"finalAmount"`
	Currency       string `json:"currency"`
}

type couponInvalidDTO struct {
	Valid   bool   `json:"valid"`
	Message string `json:"message"`
}

func (s *Server) validateCoupon(c *echo.Context) error {
	var req validateCouponRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := requireID(req.VerificationID); err != nil {
		return err
	}
	if strings.TrimSpace(req.CouponCode) == "" {
		return c.JSON(http.StatusBadRequest, couponInvalidDTO{Message: "Please enter a coupon code"})
	}
	if err := s.limits.couponCheck(c, currentUser(c).ID); err != nil {
		return err
	}
	q, err := s.Payments.ValidateCoupon(c.Request().Context(), currentUser(c), int64(req.VerificationID), req.CouponCode)
	var ce *pricing.CouponError
	if errors.As(err, &ce) {
		return c.JSON(http.StatusBadRequest, couponInvalidDTO{Message: ce.Error()})
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, couponQuoteDTO{Valid: true, CouponCode: pricing.NormalizeCode(req.CouponCode),
		BaseAmount: q.Base.Amount, Discount: q.Percent, DiscountAmount: q.Discount.Amount, FinalAmount: q.Final.Amount,
		Currency: string(q.Final.Currency)})
}

type createPaymentIntentRequest struct {
	VerificationID flexID `json:"verificationId"`
	CouponCode     string `json:"couponCode"`
	Purpose        string `json:"purpose"`
}

type appliedCouponDTO struct {
	Code           string `json:"code"`
	Discount       int    `json:"discount"`       // percent
	DiscountAmount int64  `json:"discountAmount"` // cents
}

type paymentIntentDTO struct {
	ClientSecret    string            `json:"clientSecret"`
	PaymentIntentID string            `json:"paymentIntentId,omitempty"`
	Amount          int64             `json:"amount"`
	BaseAmount      int64             `json:"baseAmount"`
	Currency        string            `json:"currency"`
	Paid            bool              `json:"paid"`
	Purpose         string            `json:"purpose"`
	Provider        string            `json:"provider"`
	Coupon          *appliedCouponDTO `json:"coupon"`
	Verification    *verificationDTO  `json:"verification,omitempty"`
	// ReceiptEmailed is true when a receipt e-mail was queued for this payment (a 100% coupon).
	ReceiptEmailed bool `json:"receiptEmailed"`
}

func (s *Server) createPaymentIntent(c *echo.Context) error {
	var req createPaymentIntentRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := requireID(req.VerificationID); err != nil {
		return err
	}
	purpose, err := application.ParsePaymentPurpose(strings.TrimSpace(req.Purpose))
	if err != nil {
		return err
	}
	if strings.TrimSpace(req.CouponCode) != "" {
		if err := s.limits.couponCheck(c, currentUser(c).ID); err != nil {
			return err
		}
	}
	r, err := s.Payments.CreatePaymentIntent(c.Request().Context(), currentUser(c), int64(req.VerificationID),
		req.CouponCode, purpose)
	if err != nil {
		return err
	}
	out := paymentIntentDTO{ClientSecret: r.ClientSecret, PaymentIntentID: r.IntentID, Amount: r.Quote.Final.Amount,
		BaseAmount: r.Quote.Base.Amount, Currency: string(r.Quote.Final.Currency), Paid: r.Paid, Purpose: string(r.Purpose),
		Provider: s.Payments.Provider().Provider}
	if r.CouponCode != "" {
		out.Coupon = &appliedCouponDTO{Code: r.CouponCode, Discount: r.Quote.Percent, DiscountAmount: r.Quote.Discount.Amount}
	}
	if r.Paid {
		d, err := s.views(c, r.Verification)
		if err != nil {
			return err
		}
		out.Verification = &d[0]
		out.ReceiptEmailed = true // a settled payment always queues its receipt
	}
	return c.JSON(http.StatusOK, out)
}

type paymentSuccessRequest struct {
	VerificationID  flexID `json:"verificationId"`
	PaymentIntentID string `json:"paymentIntentId"`
}

// paymentSuccessDTO is the paid verification and whether its receipt was e-mailed.
type paymentSuccessDTO struct {
	verificationDTO
	ReceiptEmailed bool `json:"receiptEmailed"`
}

func (s *Server) paymentSuccess(c *echo.Context) error {
	var req paymentSuccessRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := requireID(req.VerificationID); err != nil {
		return err
	}
	intentID := strings.TrimSpace(req.PaymentIntentID)
	if intentID == "" {
		return errs.Invalid("paymentIntentId", "paymentIntentId is required")
	}
	v, err := s.Payments.ConfirmPayment(c.Request().Context(), currentUser(c), int64(req.VerificationID), intentID)
	if err != nil {
		return err
	}
	d, err := s.views(c, v)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, paymentSuccessDTO{verificationDTO: d[0],
		ReceiptEmailed: v.Payment().Paid()})
}

type confirmCardRequest struct {
	CardNumber string `json:"cardNumber"`
	Expiry     string `json:"expiry"`
	CVC        string `json:"cvc"`
	Name       string `json:"name,omitempty"`       // accepted and ignored
	PostalCode string `json:"postalCode,omitempty"` // accepted and ignored
}

type cardDeclinedDTO struct {
	Message     string `json:"message"`
	Code        string `json:"code"`
	DeclineCode string `json:"declineCode,omitempty"`
}

func (s *Server) confirmSimulatedPayment(c *echo.Context) error {
	var req confirmCardRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	intent, err := s.Payments.ConfirmCard(c.Request().Context(), currentUser(c), c.Param("intentId"),
		application.Card{Number: req.CardNumber, Expiry: req.Expiry, CVC: req.CVC})
	var declined *application.CardError
	if errors.As(err, &declined) {
		return c.JSON(http.StatusPaymentRequired, cardDeclinedDTO{Message: declined.Message, Code: declined.Code, DeclineCode: declined.DeclineCode})
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cardResultDTO{Status: string(intent.Status), PaymentIntentID: intent.ID,
		ReceiptEmailed: intent.Status == application.IntentSucceeded})
}

// cardResultDTO is a simulated card payment that went through, and whether its receipt was e-mailed.
type cardResultDTO struct {
	Status          string `json:"status"`
	PaymentIntentID string `json:"paymentIntentId"`
	ReceiptEmailed  bool   `json:"receiptEmailed"`
}

type upgradeDTO struct {
	Verification    verificationDTO `json:"verification"`
	PaymentRequired bool            `json:"paymentRequired"`
	Amount          int64           `json:"amount"` // cents due for the upgrade; 0 when none
	Currency        string          `json:"currency"`
}

func (s *Server) upgradeVerification(c *echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	r, err := s.Payments.Upgrade(c.Request().Context(), currentUser(c), id)
	if err != nil {
		return err
	}
	d, err := s.views(c, r.Verification)
	if err != nil {
		return err
	}
	out := upgradeDTO{Verification: d[0], PaymentRequired: r.PaymentRequired, Currency: string(pricing.USD)}
	if r.PaymentRequired {
		out.Amount, out.Currency = r.Amount.Amount, string(r.Amount.Currency)
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Server) stripeWebhook(c *echo.Context) error {
	if s.Payments == nil {
		return application.ErrNotFound
	}
	body, err := io.ReadAll(http.MaxBytesReader(c.Response(), c.Request().Body, maxWebhookBody))
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return errBodyTooLarge
		}
		return badRequest("Could not read the request body")
	}
	result, err := s.Payments.HandleWebhook(c.Request().Context(), body, c.Request().Header.Get("Stripe-Signature"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"received": true, "result": result})
}

var _ json.Unmarshaler = (*flexID)(nil)
