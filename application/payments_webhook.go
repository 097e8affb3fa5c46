package application

import (
	"context"
	"errors"
	"fmt"

	"github.com/tttverify/tttverify/domain/errs"
)

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
// Notifications that cannot apply (unknown intent, forged amount) are logged and acknowledged:
// the provider retrying them would not help. A genuine charge the verification can no longer take
// (changed price, cancelled checkout, coupon used up) is refunded.
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
	if ev.Type == EventIntentSucceeded {
		s.addCard(ctx, ev.Intent)
	}
	result := WebhookProcessed
	var refuse *notHonoured
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
		if errors.As(err, &refuse) {
			return err // rolled back: the event counts once its charge is refunded
		}
		if isPermanent(err) {
			s.log.Warn("webhook payment not applied", "event", ev.ID, "intent", ev.Intent.ID, "error", err)
			result = WebhookIgnored
			return nil
		}
		return err
	})
	if refuse == nil {
		return result, err
	}
	if err := s.refund(ctx, nil, rec, refuse.why); err != nil {
		return "", err // the provider sends the event again
	}
	if _, err := s.records.FirstDelivery(ctx, ev.ID, ev.Type, s.clock.Now()); err != nil {
		return "", fmt.Errorf("record event %s: %w", ev.ID, err)
	}
	return WebhookProcessed, nil
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

// addCard fills in the card's brand and last four digits for the receipt when the event lacks
// them (Stripe's events name the charge without expanding it), asking the provider outside any
// transaction. Without them the receipt just leaves the card out: this never fails the event.
func (s *Payments) addCard(ctx context.Context, in *PaymentIntent) {
	if in.CardLast4 != "" {
		return
	}
	full, err := s.gateway.RetrieveIntent(ctx, in.ID)
	if err != nil {
		s.log.Warn("read the card of a paid intent for its receipt", "intent", in.ID, "error", err)
		return
	}
	if full.ID == in.ID {
		in.CardBrand, in.CardLast4 = full.CardBrand, full.CardLast4
	}
}
