// Package simulated is a card payment provider for running without Stripe: it keeps payment
// intents in the application's database and answers card details the way Stripe's test mode does
// (4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, ...). It never moves money and
// is only used when no Stripe key is configured.
package simulated

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/field"
)

// Provider is the name the configuration endpoint reports.
const Provider = "simulated"

type intentRow struct {
	bun.BaseModel  `bun:"table:simulated_payment_intents,alias:i"`
	ID             string    `bun:"id,pk"`
	ClientSecret   string    `bun:"client_secret"`
	IdempotencyKey string    `bun:"idempotency_key"`
	Amount         int64     `bun:"amount"`
	Currency       string    `bun:"currency"`
	Status         string    `bun:"status"`
	Metadata       string    `bun:"metadata"`
	ReceiptEmail   string    `bun:"receipt_email"`
	Description    string    `bun:"description"`
	FailureCode    string    `bun:"failure_code"`
	FailureMessage string    `bun:"failure_message"`
	AmountRefunded int64     `bun:"amount_refunded"`
	CreatedAt      time.Time `bun:"created_at"`
	UpdatedAt      time.Time `bun:"updated_at"`
}

func (r *intentRow) toApp() (*application.PaymentIntent, error) {
	meta := map[string]string{}
	if err := json.Unmarshal([]byte(r.Metadata), &meta); err != nil {
		return nil, fmt.Errorf("metadata of %s: %w", r.ID, err)
	}
	return &application.PaymentIntent{ID: r.ID, ClientSecret: r.ClientSecret, Amount: r.Amount, Currency: r.Currency,
		Status: application.IntentStatus(r.Status), Metadata: meta, FailureCode: r.FailureCode, FailureMessage: r.FailureMessage,
		AmountRefunded: r.AmountRefunded}, nil
}

// Gateway is the simulated provider.
type Gateway struct {
	db  bun.IDB
	now func() time.Time
}

// New returns the simulated provider storing its intents in db.
func New(db bun.IDB, now func() time.Time) *Gateway { return &Gateway{db: db, now: now} }

// Provider names the provider.
func (g *Gateway) Provider() string { return Provider }

// PublishableKey is empty: the browser shows the server's own card form.
func (g *Gateway) PublishableKey() string { return "" }

// TestMode is always true: the simulated provider never moves money.
func (g *Gateway) TestMode() bool { return true }

// CreateIntent opens an intent, or returns the one already opened with the same idempotency key.
func (g *Gateway) CreateIntent(ctx context.Context, p application.NewPaymentIntent) (*application.PaymentIntent, error) {
	if existing, err := g.byKey(ctx, p.IdempotencyKey); err == nil {
		return existing, nil
	} else if !errors.Is(err, application.ErrNotFound) {
		return nil, err
	}
	meta, err := json.Marshal(map[string]string{
		application.MetaVerificationID: strconv.FormatInt(p.VerificationID, 10),
		application.MetaUserID:         strconv.FormatInt(p.UserID, 10),
		application.MetaPurpose:        string(p.Purpose),
		application.MetaCoupon:         p.CouponCode,
	})
	if err != nil {
		return nil, err
	}
	id := "pi_sim_" + randomString(24)
	now := g.now()
	row := &intentRow{ID: id, ClientSecret: id + "_secret_" + randomString(24), IdempotencyKey: p.IdempotencyKey,
		Amount: p.Amount, Currency: p.Currency, Status: string(application.IntentRequiresPaymentMethod), Metadata: string(meta),
		ReceiptEmail: p.ReceiptEmail, Description: p.Description, CreatedAt: now, UpdatedAt: now}
	res, err := g.db.NewInsert().Model(row).On("CONFLICT DO NOTHING").Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("insert simulated intent: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 { // a concurrent request with the same key won
		return g.byKey(ctx, p.IdempotencyKey)
	}
	return row.toApp()
}

func (g *Gateway) byKey(ctx context.Context, key string) (*application.PaymentIntent, error) {
	return g.one(ctx, "i.idempotency_key = ?", key)
}

// RetrieveIntent returns a stored intent.
func (g *Gateway) RetrieveIntent(ctx context.Context, id string) (*application.PaymentIntent, error) {
	return g.one(ctx, "i.id = ?", id)
}

func (g *Gateway) one(ctx context.Context, where string, arg any) (*application.PaymentIntent, error) {
	row := new(intentRow)
	if err := g.db.NewSelect().Model(row).Where(where, arg).Scan(ctx); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, application.ErrNotFound
		}
		return nil, fmt.Errorf("load simulated intent: %w", err)
	}
	return row.toApp()
}

// ConfirmCard charges an intent to a card, following Stripe's test cards. Malformed details are
// field.Errors; a declined card is *application.CardError and leaves the intent open for another try.
func (g *Gateway) ConfirmCard(ctx context.Context, intentID string, card application.Card) (*application.PaymentIntent, error) {
	intent, err := g.RetrieveIntent(ctx, intentID)
	if err != nil {
		return nil, err
	}
	switch intent.Status {
	case application.IntentSucceeded:
		return intent, nil
	case application.IntentCanceled:
		return nil, errCanceled()
	}
	number, err := CheckCard(card, g.now())
	if err != nil {
		return nil, err
	}
	now := g.now()
	if decline, ok := declines[number]; ok {
		_, err := g.db.NewUpdate().Table("simulated_payment_intents").
			Set("status = ?", application.IntentRequiresPaymentMethod).Set("failure_code = ?", decline.DeclineCode).
			Set("failure_message = ?", decline.Message).Set("updated_at = ?", now).
			Where("id = ?", intentID).Where("status NOT IN (?)", bun.List(closed)).Exec(ctx)
		if err != nil {
			return nil, fmt.Errorf("decline simulated intent %s: %w", intentID, err)
		}
		d := decline
		return nil, &d
	}
	// Conditional: a cancellation that lands between the read above and this charge wins.
	_, err = g.db.NewUpdate().Table("simulated_payment_intents").
		Set("status = ?", application.IntentSucceeded).Set("failure_code = ''").Set("failure_message = ''").
		Set("updated_at = ?", now).Where("id = ?", intentID).Where("status <> ?", application.IntentCanceled).Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("confirm simulated intent %s: %w", intentID, err)
	}
	out, err := g.RetrieveIntent(ctx, intentID)
	if err != nil {
		return nil, err
	}
	if out.Status == application.IntentCanceled {
		return nil, errCanceled()
	}
	out.CardBrand, out.CardLast4 = brand(number), number[len(number)-4:]
	return out, nil
}

// closed are the statuses in which an intent takes no more attempts.
var closed = []application.IntentStatus{application.IntentSucceeded, application.IntentCanceled}

// errCanceled is Stripe's refusal to confirm a cancelled intent: the card is not charged.
func errCanceled() error {
	return &application.CardError{Code: application.CodeIntentCanceled, Message: "This payment was canceled."}
}

// CancelIntent cancels an intent unless it succeeded, and returns its state afterwards.
func (g *Gateway) CancelIntent(ctx context.Context, id, _ string) (*application.PaymentIntent, error) {
	_, err := g.db.NewUpdate().Table("simulated_payment_intents").Set("status = ?", application.IntentCanceled).
		Set("updated_at = ?", g.now()).Where("id = ?", id).Where("status <> ?", application.IntentSucceeded).Exec(ctx)
	if err != nil {
		return nil, fmt.Errorf("cancel simulated intent %s: %w", id, err)
	}
	return g.RetrieveIntent(ctx, id)
}

// Refund gives back a succeeded intent's whole amount; refunding again changes nothing.
func (g *Gateway) Refund(ctx context.Context, intentID, _ string) (string, error) {
	res, err := g.db.NewUpdate().Table("simulated_payment_intents").Set("amount_refunded = amount").
		Set("updated_at = ?", g.now()).Where("id = ?", intentID).Where("status = ?", application.IntentSucceeded).Exec(ctx)
	if err != nil {
		return "", fmt.Errorf("refund simulated intent %s: %w", intentID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return "", fmt.Errorf("refund simulated intent %s: %w: it has no charge", intentID, application.ErrNotFound)
	}
	return "re_sim_" + strings.TrimPrefix(intentID, "pi_sim_"), nil
}

// Stripe's test cards that fail, with Stripe's codes and messages.
var declines = map[string]application.CardError{
	"4000000000000002": {Code: "card_declined", DeclineCode: "generic_decline", Message: "Your card was declined."},
	"4000000000009995": {Code: "card_declined", DeclineCode: "insufficient_funds", Message: "Your card has insufficient funds."},
	"4000000000009987": {Code: "card_declined", DeclineCode: "lost_card", Message: "Your card was declined."},
	"4000000000009979": {Code: "card_declined", DeclineCode: "stolen_card", Message: "Your card was declined."},
	"4000000000000069": {Code: "expired_card", DeclineCode: "expired_card", Message: "Your card has expired."},
	"4000000000000127": {Code: "incorrect_cvc", DeclineCode: "incorrect_cvc", Message: "Your card's security code is incorrect."},
	"4000000000000119": {Code: "processing_error", DeclineCode: "processing_error", Message: "An error occurred while processing your card. Try again in a little bit."},
}

// testModeOnly declines real-looking cards that are not Stripe test cards, as Stripe's test mode does.
var testModeOnly = application.CardError{Code: "card_declined", DeclineCode: "test_mode_live_card",
	Message: "Your card was declined. This is a test-mode payment: use a test card such as 4242 4242 4242 4242."}

// Stripe's test cards that succeed.
var successes = map[string]bool{
	"4242424242424242": true, "4000056655665556": true, "5555555555554444": true, "2223003122003222": true,
	"5200828282828210": true, "378282246310005": true, "6011111111111117": true,
}

// CheckCard validates card details and returns the number's digits. The expiry is MM/YY and must
// not be past; the number must pass the Luhn check; the CVC is 3 or 4 digits.
func CheckCard(card application.Card, now time.Time) (string, error) {
	e := field.Errors{}
	number := strings.NewReplacer(" ", "", "-", "").Replace(card.Number)
	switch {
	case number == "":
		e["cardNumber"] = "Your card number is incomplete."
	case !digits(number) || len(number) < 12 || len(number) > 19 || !luhn(number):
		e["cardNumber"] = "Your card number is invalid."
	}
	if msg := checkExpiry(strings.TrimSpace(card.Expiry), now); msg != "" {
		e["expiry"] = msg
	}
	if cvc := strings.TrimSpace(card.CVC); !digits(cvc) || len(cvc) < 3 || len(cvc) > 4 {
		e["cvc"] = "Your card's security code is incomplete."
	}
	if err := e.Err(); err != nil {
		return "", err
	}
	if !successes[number] {
		if _, declined := declines[number]; !declined {
			d := testModeOnly
			return "", &d
		}
	}
	return number, nil
}

func checkExpiry(s string, now time.Time) string {
	mm, yy, ok := strings.Cut(s, "/")
	mm, yy = strings.TrimSpace(mm), strings.TrimSpace(yy)
	if !ok || len(mm) != 2 || len(yy) != 2 || !digits(mm) || !digits(yy) {
		return "Your card's expiration date is incomplete (MM/YY)."
	}
	month, _ := strconv.Atoi(mm)
	year, _ := strconv.Atoi(yy)
	if month < 1 || month > 12 {
		return "Your card's expiration month is invalid."
	}
	// A card is valid through the last day of its expiry month.
	end := time.Date(2000+year, time.Month(month)+1, 1, 0, 0, 0, 0, time.UTC)
	if !now.Before(end) {
		return "Your card's expiration date is in the past."
	}
	return ""
}

func digits(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return s != ""
}

func luhn(number string) bool {
	sum := 0
	for i := range len(number) {
		d := int(number[len(number)-1-i] - '0')
		if i%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

func randomString(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b) // crypto/rand.Read never fails on supported platforms
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

var (
	_ application.PaymentGateway = (*Gateway)(nil)
	_ application.CardConfirmer  = (*Gateway)(nil)
)

// brand names a card's network by its number, as Stripe reports it.
func brand(number string) string {
	switch {
	case strings.HasPrefix(number, "4"):
		return "visa"
	case strings.HasPrefix(number, "5"), strings.HasPrefix(number, "2"):
		return "mastercard"
	case strings.HasPrefix(number, "34"), strings.HasPrefix(number, "37"):
		return "amex"
	case strings.HasPrefix(number, "6"):
		return "discover"
	}
	return "card"
}
