package application

import (
	"context"
	"errors"
)

// ConfirmCard pays an intent of the simulated provider with card details. On success the server
// settles the payment itself, as a webhook would; a declined card returns *CardError. An intent that
// can no longer be honoured (replaced, priced for another tier, its coupon use given up, the
// verification paid or decided already) is cancelled and refused before the card is charged.
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
		if err := s.chargeable(ctx, v, rec); err != nil && !s.settledSince(ctx, intentID) {
			if rec.Open() {
				if cerr := s.closeCheckout(ctx, actor, rec, "it could no longer be honoured"); cerr != nil {
					s.log.Warn("cancel an intent that can no longer be honoured", "intent", intentID, "error", cerr)
				}
			}
			return nil, err
		}
	}
	intent, err := confirmer.ConfirmCard(ctx, intentID, card)
	var declined *CardError
	if errors.As(err, &declined) && declined.Code == CodeIntentCanceled {
		return nil, ErrCheckoutClosed // cancelled by another checkout just now: not a decline of the card
	}
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
	if _, err := s.settleOrRefund(ctx, actor, rec, intent); err != nil {
		return nil, err
	}
	return intent, nil
}

// settledSince reports whether the intent's record is now settled: a concurrent confirmation (a
// double click) may have paid the verification after this one read the record, and a repeated
// confirmation answers as the first did.
func (s *Payments) settledSince(ctx context.Context, intentID string) bool {
	rec, err := s.records.Get(ctx, intentID)
	return err == nil && rec.Status == RecordSucceeded
}
