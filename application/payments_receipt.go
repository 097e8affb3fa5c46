package application

import (
	"context"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/pricing"
	"github.com/tttverify/tttverify/domain/verification"
)

// receipt is what one settled payment's receipt says.
type receipt struct {
	key          string // the intent id, or coupon:<verification id> for a 100% coupon
	purpose      PaymentPurpose
	amount       int64
	currency     string
	coupon       string
	percent      int
	brand, last4 string
	test         bool
	paidAt       time.Time
}

// ReceiptNumber is our own receipt number: TTT-<yyyymmdd of payment>-<verification id, 6 digits>,
// with -U for a tier upgrade. A verification is paid for once and upgraded at most once, so the
// number is unique and the same however often the payment is confirmed.
func ReceiptNumber(verificationID int64, purpose PaymentPurpose, paidAt time.Time) string {
	n := fmt.Sprintf("TTT-%s-%06d", paidAt.UTC().Format("20060102"), verificationID)
	if purpose == PurposeUpgrade {
		n += "-U"
	}
	return n
}

// sendReceipt queues the applicant's receipt for a settled payment, once per payment.
func (s *Payments) sendReceipt(ctx context.Context, v *verification.Verification, r receipt) error {
	price := pricing.UpgradePrice()
	if r.purpose != PurposeUpgrade {
		var err error
		if price, err = pricing.TierPrice(v.Tier().String()); err != nil {
			return err
		}
	}
	tier := v.Tier().String()
	if r.purpose == PurposeUpgrade {
		tier = "upgrade from basic to top"
	}
	_, err := s.notify.TellOwner(ctx, v, "receipt:"+r.key, func(company string) EmailData {
		return PaymentReceipt{VerificationID: v.ID(), ReceiptNumber: ReceiptNumber(v.ID(), r.purpose, r.paidAt),
			PaidAt: r.paidAt, CompanyName: company, Tier: tier, Currency: r.currency, PriceCents: price.Amount,
			CouponCode: r.coupon, DiscountCents: price.Amount - r.amount, AmountCents: r.amount, CardBrand: r.brand,
			CardLast4: r.last4, TestMode: r.test}
	})
	return err
}

// live reports whether payments are real charges: never with the simulated provider.
func (s *Payments) live() bool { return s.gateway.Provider() != "simulated" }
