package simulated_test

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/payment/simulated"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/field"
)

var now = time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)

func card(number, expiry, cvc string) application.Card {
	return application.Card{Number: number, Expiry: expiry, CVC: cvc}
}

func TestCheckCard(t *testing.T) {
	for _, tc := range []struct {
		name     string
		card     application.Card
		field    string // the field error expected, or ""
		declined string // the decline code expected, or ""
	}{
		{"success card with spaces", card("4242 4242 4242 4242", "12/30", "123"), "", ""},
		{"mastercard test card", card("5555-5555-5555-4444", "01/27", "1234"), "", ""},
		{"generic decline is a valid card", card("4000000000000002", "12/30", "123"), "", ""},
		{"bad Luhn", card("4242 4242 4242 4241", "12/30", "123"), "cardNumber", ""},
		{"letters", card("4242 abcd 4242 4242", "12/30", "123"), "cardNumber", ""},
		{"empty number", card("", "12/30", "123"), "cardNumber", ""},
		{"expired last month", card("4242424242424242", "10/26", "123"), "expiry", ""},
		{"valid through the end of its month", card("4242424242424242", "11/26", "123"), "", ""},
		{"month 13", card("4242424242424242", "13/30", "123"), "expiry", ""},
		{"no slash", card("4242424242424242", "1230", "123"), "expiry", ""},
		{"short cvc", card("4242424242424242", "12/30", "12"), "cvc", ""},
		{"real-looking card in test mode", card("4111 1111 1111 1111", "12/30", "123"), "", "test_mode_live_card"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := simulated.CheckCard(tc.card, now)
			var fe field.Errors
			var ce *application.CardError
			switch {
			case tc.field != "":
				if !errors.As(err, &fe) || fe[tc.field] == "" {
					t.Fatalf("error %v, want a message on %s", err, tc.field)
				}
			case tc.declined != "":
				if !errors.As(err, &ce) || ce.DeclineCode != tc.declined {
					t.Fatalf("error %v, want decline %s", err, tc.declined)
				}
			case err != nil:
				t.Fatalf("unexpected error %v", err)
			}
		})
	}
}

func TestGatewayFollowsStripeTestCards(t *testing.T) {
	ctx := context.Background()
	db, err := persistence.OpenSQLite(ctx, filepath.Join(t.TempDir(), "t.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = db.Close() })
	if _, err := persistence.Migrate(ctx, db); err != nil {
		t.Fatal(err)
	}
	g := simulated.New(db.DB, func() time.Time { return now })
	req := application.NewPaymentIntent{Amount: 4900, Currency: "usd", VerificationID: 5, UserID: 9,
		Purpose: application.PurposeVerification, IdempotencyKey: "k1"}
	pi, err := g.CreateIntent(ctx, req)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(pi.ClientSecret, pi.ID+"_secret_") || pi.Status != application.IntentRequiresPaymentMethod ||
		pi.Metadata["verificationId"] != "5" || pi.Metadata["userId"] != "9" {
		t.Fatalf("intent %+v", pi)
	}
	again, err := g.CreateIntent(ctx, req)
	if err != nil || again.ID != pi.ID || again.ClientSecret != pi.ClientSecret {
		t.Fatalf("same idempotency key: %+v, %v; want %s", again, err, pi.ID)
	}
	other, _ := g.CreateIntent(ctx, application.NewPaymentIntent{Amount: 100, Currency: "usd", IdempotencyKey: "k2"})
	if other.ID == pi.ID {
		t.Fatal("another key reused the intent")
	}

	for number, msg := range map[string]string{
		"4000 0000 0000 0002": "Your card was declined.",
		"4000 0000 0000 9995": "Your card has insufficient funds.",
	} {
		_, err := g.ConfirmCard(ctx, pi.ID, application.Card{Number: number, Expiry: "12/30", CVC: "123"})
		var ce *application.CardError
		if !errors.As(err, &ce) || ce.Message != msg || ce.Code != "card_declined" {
			t.Errorf("%s: %v, want card_declined %q", number, err, msg)
		}
		got, _ := g.RetrieveIntent(ctx, pi.ID)
		if got.Status != application.IntentRequiresPaymentMethod || got.FailureMessage != msg {
			t.Errorf("after decline: %+v", got)
		}
	}
	paid, err := g.ConfirmCard(ctx, pi.ID, application.Card{Number: "4242424242424242", Expiry: "12/30", CVC: "123"})
	if err != nil || paid.Status != application.IntentSucceeded || paid.FailureMessage != "" {
		t.Fatalf("4242: %+v, %v", paid, err)
	}
	// A succeeded intent stays succeeded; a decline afterwards cannot undo it.
	if got, err := g.ConfirmCard(ctx, pi.ID, application.Card{Number: "4000000000000002", Expiry: "12/30", CVC: "123"}); err != nil || got.Status != application.IntentSucceeded {
		t.Errorf("confirm after success: %+v, %v", got, err)
	}
	if _, err := g.RetrieveIntent(ctx, "pi_sim_missing"); !errors.Is(err, application.ErrNotFound) {
		t.Errorf("missing intent: %v", err)
	}

	// A paid intent cannot be cancelled; it is refunded once, in full.
	if got, err := g.CancelIntent(ctx, pi.ID, "c1"); err != nil || got.Status != application.IntentSucceeded {
		t.Errorf("cancel of a paid intent: %+v, %v; want it still succeeded", got, err)
	}
	for range 2 {
		if id, err := g.Refund(ctx, pi.ID, "r1"); err != nil || id == "" {
			t.Errorf("refund: %q, %v", id, err)
		}
	}
	if got, _ := g.RetrieveIntent(ctx, pi.ID); got.AmountRefunded != 4900 {
		t.Errorf("refunded %d, want 4900", got.AmountRefunded)
	}
	// A cancelled intent refuses the card: nothing is charged, nothing can be refunded.
	if got, err := g.CancelIntent(ctx, other.ID, "c2"); err != nil || got.Status != application.IntentCanceled {
		t.Fatalf("cancel of an open intent: %+v, %v", got, err)
	}
	_, err = g.ConfirmCard(ctx, other.ID, application.Card{Number: "4242424242424242", Expiry: "12/30", CVC: "123"})
	if ce := (*application.CardError)(nil); !errors.As(err, &ce) || ce.Code != "payment_intent_unexpected_state" {
		t.Errorf("confirm of a cancelled intent: %v, want payment_intent_unexpected_state", err)
	}
	if got, _ := g.RetrieveIntent(ctx, other.ID); got.Status != application.IntentCanceled {
		t.Errorf("after the refused confirmation: %s, want canceled", got.Status)
	}
	if _, err := g.Refund(ctx, other.ID, "r2"); err == nil {
		t.Error("refund of an intent that was never charged")
	}
}
