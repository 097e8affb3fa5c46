package http

import (
	"errors"
	"io"
	"net/http"
	"strings"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/pricing"
)

// maxWebhookBody bounds a provider notification (Stripe's are a few KB).
const maxWebhookBody = 64 << 10

// paymentRoutes adds the payment API to the /api group g. The Stripe webhook is registered on the
// echo instance itself, outside the group, so neither the Origin check nor the session lookup
// applies to it; its signature is its authentication.
func (s *Server) paymentRoutes(g *echo.Group, e *echo.Echo) {
	g.GET("/config", s.paymentConfig)
	g.POST("/validate-coupon", s.validateCoupon, requireUser)
	g.POST("/create-payment-intent", s.createPaymentIntent, requireUser)
	g.POST("/payment-success", s.paymentSuccess, requireUser)
	g.POST("/simulated-payments/:intentId/confirm", s.confirmSimulatedPayment, requireUser)
	g.POST("/verifications/:id/upgrade", s.upgradeVerification, requireUser)
	e.POST("/api/webhooks/stripe", s.stripeWebhook)
}

func requireID(id api.FlexID) error {
	if id <= 0 {
		return errs.Invalid("verificationId", "verificationId is required")
	}
	return nil
}

func (s *Server) paymentConfig(c *echo.Context) error {
	if s.Payments == nil {
		return application.ErrNotFound
	}
	p := s.Payments.Provider()
	return c.JSON(http.StatusOK, api.Config{PaymentProvider: p.Provider, StripePublishableKey: p.PublishableKey, TestMode: p.TestMode})
}

func (s *Server) validateCoupon(c *echo.Context) error {
	var req api.CouponRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := requireID(req.VerificationID); err != nil {
		return err
	}
	if strings.TrimSpace(req.CouponCode) == "" {
		return c.JSON(http.StatusBadRequest, api.CouponError{Message: "Please enter a coupon code"})
	}
	if err := s.limits.couponCheck(c, currentUser(c).ID); err != nil {
		return err
	}
	q, err := s.Payments.ValidateCoupon(c.Request().Context(), currentUser(c), int64(req.VerificationID), req.CouponCode)
	var ce *pricing.CouponError
	if errors.As(err, &ce) {
		return c.JSON(http.StatusBadRequest, api.CouponError{Message: ce.Error()})
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, api.CouponValidation{Valid: true, CouponCode: pricing.NormalizeCode(req.CouponCode),
		BaseAmount: q.Base.Amount, Discount: q.Percent, DiscountAmount: q.Discount.Amount, FinalAmount: q.Final.Amount,
		Currency: string(q.Final.Currency)})
}

func (s *Server) createPaymentIntent(c *echo.Context) error {
	var req api.PaymentIntentRequest
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
	out := api.PaymentIntent{ClientSecret: r.ClientSecret, PaymentIntentID: r.IntentID, Amount: r.Quote.Final.Amount,
		BaseAmount: r.Quote.Base.Amount, Currency: string(r.Quote.Final.Currency), Paid: r.Paid, Purpose: string(r.Purpose),
		Provider: s.Payments.Provider().Provider}
	if r.CouponCode != "" {
		out.Coupon = &api.AppliedCoupon{Code: r.CouponCode, Discount: r.Quote.Percent, DiscountAmount: r.Quote.Discount.Amount}
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

func (s *Server) paymentSuccess(c *echo.Context) error {
	var req api.PaymentSuccess
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
	return c.JSON(http.StatusOK, api.PaymentSuccessResult{Verification: d[0],
		ReceiptEmailed: v.Payment().Paid()})
}

func (s *Server) confirmSimulatedPayment(c *echo.Context) error {
	var req api.CardConfirmation
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	intent, err := s.Payments.ConfirmCard(c.Request().Context(), currentUser(c), c.Param("intentId"),
		application.Card{Number: req.CardNumber, Expiry: req.Expiry, CVC: req.CVC})
	var declined *application.CardError
	if errors.As(err, &declined) {
		return c.JSON(http.StatusPaymentRequired, api.CardDeclined{Message: declined.Message, Code: declined.Code, DeclineCode: declined.DeclineCode})
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, api.CardResult{Status: string(intent.Status), PaymentIntentID: intent.ID,
		ReceiptEmailed: intent.Status == application.IntentSucceeded})
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
	out := api.Upgrade{Verification: d[0], PaymentRequired: r.PaymentRequired, Currency: string(pricing.USD)}
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
	return c.JSON(http.StatusOK, api.WebhookResult{Received: true, Result: string(result)})
}
