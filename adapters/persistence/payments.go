package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/pricing"
)

type couponRow struct {
	bun.BaseModel  `bun:"table:coupons,alias:c"`
	Code           string     `bun:"code,pk"`
	Percent        int        `bun:"percent"`
	Active         bool       `bun:"active"`
	ExpiresAt      *time.Time `bun:"expires_at"`
	MaxRedemptions int        `bun:"max_redemptions"`
	Redemptions    int        `bun:"redemptions"`
	CreatedAt      time.Time  `bun:"created_at"`
	UpdatedAt      time.Time  `bun:"updated_at"`
}

func toCouponRow(c *pricing.Coupon) *couponRow {
	s := c.Snapshot()
	return &couponRow{Code: s.Code, Percent: s.Percent, Active: s.Active, ExpiresAt: s.ExpiresAt,
		MaxRedemptions: s.MaxRedemptions, Redemptions: s.Redemptions, CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt}
}

func (r *couponRow) toDomain() *pricing.Coupon {
	return pricing.RestoreCoupon(pricing.CouponSnapshot{Code: r.Code, Percent: r.Percent, Active: r.Active,
		ExpiresAt: utc(r.ExpiresAt), MaxRedemptions: r.MaxRedemptions, Redemptions: r.Redemptions,
		CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC()})
}

type couponRedemptionRow struct {
	bun.BaseModel  `bun:"table:coupon_redemptions"`
	CouponCode     string    `bun:"coupon_code,pk"`
	VerificationID int64     `bun:"verification_id,pk"`
	CreatedAt      time.Time `bun:"created_at"`
}

// Coupons is the coupon repository.
type Coupons struct{ db *DB }

// NewCoupons returns the coupon repository on db.
func NewCoupons(db *DB) *Coupons { return &Coupons{db: db} }

// Create inserts a new coupon.
func (r *Coupons) Create(ctx context.Context, c *pricing.Coupon) error {
	if _, err := conn(ctx, r.db).NewInsert().Model(toCouponRow(c)).Exec(ctx); err != nil {
		if isUniqueViolation(err) {
			return application.ErrCouponExists
		}
		return fmt.Errorf("insert coupon %s: %w", c.Code(), err)
	}
	return nil
}

// Get returns the coupon with the upper-case code.
func (r *Coupons) Get(ctx context.Context, code string) (*pricing.Coupon, error) {
	return r.one(ctx, code, false)
}

// GetForUpdate is Get that locks the row on PostgreSQL until the transaction ends.
func (r *Coupons) GetForUpdate(ctx context.Context, code string) (*pricing.Coupon, error) {
	return r.one(ctx, code, true)
}

func (r *Coupons) one(ctx context.Context, code string, lock bool) (*pricing.Coupon, error) {
	row := new(couponRow)
	q := conn(ctx, r.db).NewSelect().Model(row).Where("c.code = ?", code)
	if lock && r.db.postgres {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return row.toDomain(), nil
}

// Save writes a coupon's state.
func (r *Coupons) Save(ctx context.Context, c *pricing.Coupon) error {
	res, err := conn(ctx, r.db).NewUpdate().Model(toCouponRow(c)).ExcludeColumn("code", "created_at").WherePK().Exec(ctx)
	if err != nil {
		return fmt.Errorf("update coupon %s: %w", c.Code(), err)
	}
	return oneRow(res)
}

// List returns every coupon, newest first.
func (r *Coupons) List(ctx context.Context) ([]*pricing.Coupon, error) {
	var rows []couponRow
	if err := conn(ctx, r.db).NewSelect().Model(&rows).OrderExpr("c.created_at DESC, c.code").Scan(ctx); err != nil {
		return nil, fmt.Errorf("list coupons: %w", err)
	}
	out := make([]*pricing.Coupon, len(rows))
	for i := range rows {
		out[i] = rows[i].toDomain()
	}
	return out, nil
}

// AddRedemption records a coupon's use by a verification; false when it was already recorded.
func (r *Coupons) AddRedemption(ctx context.Context, code string, verificationID int64, now time.Time) (bool, error) {
	res, err := conn(ctx, r.db).NewInsert().Model(&couponRedemptionRow{CouponCode: code, VerificationID: verificationID, CreatedAt: now}).
		On("CONFLICT DO NOTHING").Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("record redemption of %s by %d: %w", code, verificationID, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

type couponReservationRow struct {
	bun.BaseModel  `bun:"table:coupon_reservations,alias:h"`
	VerificationID int64     `bun:"verification_id,pk"`
	CouponCode     string    `bun:"coupon_code"`
	Checkout       string    `bun:"checkout"`
	CreatedAt      time.Time `bun:"created_at"`
	ExpiresAt      time.Time `bun:"expires_at"`
}

func (r *couponReservationRow) toApp() application.HeldCoupon {
	return application.HeldCoupon{VerificationID: r.VerificationID, Code: r.CouponCode, Checkout: r.Checkout,
		ExpiresAt: r.ExpiresAt.UTC()}
}

// Reserve upserts the verification's one hold.
func (r *Coupons) Reserve(ctx context.Context, code string, verificationID int64, checkout string, now, until time.Time) error {
	row := &couponReservationRow{VerificationID: verificationID, CouponCode: code, Checkout: checkout,
		CreatedAt: now.UTC(), ExpiresAt: until.UTC()}
	_, err := conn(ctx, r.db).NewInsert().Model(row).
		On("CONFLICT (verification_id) DO UPDATE").Set("coupon_code = EXCLUDED.coupon_code").
		Set("checkout = EXCLUDED.checkout").Set("created_at = EXCLUDED.created_at").
		Set("expires_at = EXCLUDED.expires_at").Exec(ctx)
	if err != nil {
		return fmt.Errorf("reserve coupon %s for %d: %w", code, verificationID, err)
	}
	return nil
}

// Held counts the holds of other verifications on the coupon, lapsed or not.
func (r *Coupons) Held(ctx context.Context, code string, exceptVerification int64) (int, error) {
	n, err := conn(ctx, r.db).NewSelect().Model((*couponReservationRow)(nil)).Where("coupon_code = ?", code).
		Where("verification_id <> ?", exceptVerification).Count(ctx)
	if err != nil {
		return 0, fmt.Errorf("count holds on coupon %s: %w", code, err)
	}
	return int(n), nil
}

// Hold returns the verification's hold.
func (r *Coupons) Hold(ctx context.Context, verificationID int64) (*application.HeldCoupon, error) {
	row := new(couponReservationRow)
	if err := conn(ctx, r.db).NewSelect().Model(row).Where("h.verification_id = ?", verificationID).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	h := row.toApp()
	return &h, nil
}

// Lapsed returns the coupon's holds that lapsed by now, oldest first.
func (r *Coupons) Lapsed(ctx context.Context, code string, now time.Time) ([]application.HeldCoupon, error) {
	var rows []couponReservationRow
	err := conn(ctx, r.db).NewSelect().Model(&rows).Where("h.coupon_code = ?", code).
		Where("h.expires_at <= ?", now.UTC()).OrderExpr("h.expires_at, h.verification_id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("lapsed holds on coupon %s: %w", code, err)
	}
	out := make([]application.HeldCoupon, len(rows))
	for i := range rows {
		out[i] = rows[i].toApp()
	}
	return out, nil
}

// Release deletes the verification's hold.
func (r *Coupons) Release(ctx context.Context, verificationID int64) error {
	return r.release(ctx, verificationID, nil)
}

// ReleaseCheckout deletes the verification's hold if the checkout holds it.
func (r *Coupons) ReleaseCheckout(ctx context.Context, verificationID int64, checkout string) error {
	return r.release(ctx, verificationID, &checkout)
}

func (r *Coupons) release(ctx context.Context, verificationID int64, checkout *string) error {
	q := conn(ctx, r.db).NewDelete().Model((*couponReservationRow)(nil)).Where("verification_id = ?", verificationID)
	if checkout != nil {
		q = q.Where("checkout = ?", *checkout)
	}
	if _, err := q.Exec(ctx); err != nil {
		return fmt.Errorf("release coupon hold of %d: %w", verificationID, err)
	}
	return nil
}

type paymentRow struct {
	bun.BaseModel   `bun:"table:payments,alias:p"`
	IntentID        string     `bun:"intent_id,pk"`
	VerificationID  int64      `bun:"verification_id"`
	UserID          int64      `bun:"user_id"`
	Provider        string     `bun:"provider"`
	Purpose         string     `bun:"purpose"`
	Amount          int64      `bun:"amount"`
	Currency        string     `bun:"currency"`
	CouponCode      string     `bun:"coupon_code"`
	DiscountPercent int        `bun:"discount_percent"`
	Status          string     `bun:"status"`
	Checkout        string     `bun:"checkout"`
	CanceledAt      *time.Time `bun:"canceled_at"`
	RefundID        string     `bun:"refund_id"`
	CreatedAt       time.Time  `bun:"created_at"`
	UpdatedAt       time.Time  `bun:"updated_at"`
}

func (row *paymentRow) toApp() *application.PaymentRecord {
	return &application.PaymentRecord{IntentID: row.IntentID, VerificationID: row.VerificationID, UserID: row.UserID,
		Provider: row.Provider, Purpose: application.PaymentPurpose(row.Purpose), Amount: row.Amount, Currency: row.Currency,
		CouponCode: row.CouponCode, DiscountPercent: row.DiscountPercent, Status: application.RecordStatus(row.Status),
		Checkout: row.Checkout, CanceledAt: utc(row.CanceledAt), RefundID: row.RefundID,
		CreatedAt: row.CreatedAt.UTC(), UpdatedAt: row.UpdatedAt.UTC()}
}

type paymentEventRow struct {
	bun.BaseModel `bun:"table:payment_events"`
	ID            string    `bun:"id,pk"`
	Type          string    `bun:"type"`
	ReceivedAt    time.Time `bun:"received_at"`
}

// PaymentRecords is the repository of intents the server opened and provider events it processed.
type PaymentRecords struct{ db *DB }

// NewPaymentRecords returns the payment repository on db.
func NewPaymentRecords(db *DB) *PaymentRecords { return &PaymentRecords{db: db} }

// Add stores a record unless its intent is already known.
func (r *PaymentRecords) Add(ctx context.Context, p *application.PaymentRecord) error {
	row := &paymentRow{IntentID: p.IntentID, VerificationID: p.VerificationID, UserID: p.UserID, Provider: p.Provider,
		Purpose: string(p.Purpose), Amount: p.Amount, Currency: p.Currency, CouponCode: p.CouponCode,
		DiscountPercent: p.DiscountPercent, Status: string(p.Status), Checkout: p.Checkout, CanceledAt: p.CanceledAt,
		RefundID: p.RefundID, CreatedAt: p.CreatedAt, UpdatedAt: p.UpdatedAt}
	if _, err := conn(ctx, r.db).NewInsert().Model(row).On("CONFLICT DO NOTHING").Exec(ctx); err != nil {
		return fmt.Errorf("insert payment %s: %w", p.IntentID, err)
	}
	return nil
}

// Get returns the record of an intent.
func (r *PaymentRecords) Get(ctx context.Context, intentID string) (*application.PaymentRecord, error) {
	row := new(paymentRow)
	if err := conn(ctx, r.db).NewSelect().Model(row).Where("p.intent_id = ?", intentID).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return row.toApp(), nil
}

// ForVerification returns a verification's records, oldest first.
func (r *PaymentRecords) ForVerification(ctx context.Context, verificationID int64) ([]*application.PaymentRecord, error) {
	var rows []paymentRow
	err := conn(ctx, r.db).NewSelect().Model(&rows).Where("p.verification_id = ?", verificationID).
		OrderExpr("p.created_at, p.intent_id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("payments of %d: %w", verificationID, err)
	}
	out := make([]*application.PaymentRecord, len(rows))
	for i := range rows {
		out[i] = rows[i].toApp()
	}
	return out, nil
}

// SetStatus changes a record's status.
func (r *PaymentRecords) SetStatus(ctx context.Context, intentID string, status application.RecordStatus, now time.Time) error {
	return r.set(ctx, intentID, "status", status, now)
}

// Cancel stamps the record's cancellation.
func (r *PaymentRecords) Cancel(ctx context.Context, intentID string, now time.Time) error {
	return r.set(ctx, intentID, "canceled_at", now, now)
}

// SetRefund records the refund of the record's charge.
func (r *PaymentRecords) SetRefund(ctx context.Context, intentID, refundID string, now time.Time) error {
	return r.set(ctx, intentID, "refund_id", refundID, now)
}

func (r *PaymentRecords) set(ctx context.Context, intentID, column string, value any, now time.Time) error {
	res, err := conn(ctx, r.db).NewUpdate().Table("payments").Set("? = ?", bun.Ident(column), value).
		Set("updated_at = ?", now).Where("intent_id = ?", intentID).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update %s of payment %s: %w", column, intentID, err)
	}
	return oneRow(res)
}

// FirstDelivery records an event id and reports whether it was new.
func (r *PaymentRecords) FirstDelivery(ctx context.Context, eventID, eventType string, now time.Time) (bool, error) {
	res, err := conn(ctx, r.db).NewInsert().Model(&paymentEventRow{ID: eventID, Type: eventType, ReceivedAt: now}).
		On("CONFLICT DO NOTHING").Exec(ctx)
	if err != nil {
		return false, fmt.Errorf("insert event %s: %w", eventID, err)
	}
	n, err := res.RowsAffected()
	return n == 1, err
}

var (
	_ application.Coupons        = (*Coupons)(nil)
	_ application.PaymentRecords = (*PaymentRecords)(nil)
)
