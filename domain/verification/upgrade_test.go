package verification

import (
	"errors"
	"testing"
	"time"
)

func TestUpgrade(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	paid := Payment{Status: PaymentPaid, Amount: 4900, ID: "pi_1", Date: &now}
	unpaid := Payment{Status: PaymentPending}
	failed := Payment{Status: PaymentFailed, ID: "pi_2"}
	for _, tc := range []struct {
		name        string
		tier        Tier
		status      Status
		payment     Payment
		deleted     bool
		needsPay    bool
		err         error
		transition  bool
		afterStatus Status
	}{
		{"draft unpaid changes tier", Basic, Draft, unpaid, false, false, nil, false, Draft},
		{"submitted unpaid changes tier", Basic, Submitted, unpaid, false, false, nil, false, Submitted},
		{"submitted after a decline changes tier", Basic, Submitted, failed, false, false, nil, false, Submitted},
		{"in review paid pays the difference", Basic, InReview, paid, false, true, nil, false, InReview},
		{"approved paid pays the difference and returns to review", Basic, Approved, paid, false, true, nil, false, InReview},
		{"rejected paid pays the difference", Basic, Rejected, paid, false, true, nil, false, Rejected},
		{"draft after resubmit, paid, pays the difference", Basic, Draft, paid, false, true, nil, false, Draft},
		{"already top", Top, Draft, unpaid, false, false, ErrAlreadyTop, false, Draft},
		{"deleted", Basic, Draft, unpaid, true, false, ErrDeleted, false, Draft},
		{"approved without payment", Basic, Approved, unpaid, false, false, nil, true, Approved},
		{"in review without payment", Basic, InReview, unpaid, false, false, nil, true, InReview},
	} {
		t.Run(tc.name, func(t *testing.T) {
			v := Restore(Snapshot{ID: 1, UserID: 1, Tier: tc.tier, Status: tc.status, Payment: tc.payment, Deleted: tc.deleted})
			needs, err := v.UpgradeNeedsPayment()
			var te TransitionError
			switch {
			case tc.transition:
				if !errors.As(err, &te) {
					t.Fatalf("UpgradeNeedsPayment error = %v, want a TransitionError", err)
				}
				return
			case !errors.Is(err, tc.err):
				t.Fatalf("UpgradeNeedsPayment error = %v, want %v", err, tc.err)
			case err != nil:
				if v.Upgrade(now) == nil || v.CompletePaidUpgrade(25000, "pi_up", now) == nil {
					t.Fatal("upgrade allowed although refused")
				}
				return
			}
			if needs != tc.needsPay {
				t.Fatalf("needs payment = %v, want %v", needs, tc.needsPay)
			}
			if needs {
				if err := v.Upgrade(now); !errors.Is(err, ErrUpgradeNotPaid) {
					t.Fatalf("free Upgrade of a paid verification = %v, want ErrUpgradeNotPaid", err)
				}
				if err := v.CompletePaidUpgrade(25000, "pi_up", now); err != nil {
					t.Fatal(err)
				}
				if p := v.Payment(); p.Amount != 29900 || p.ID != "pi_up" || !p.Paid() {
					t.Errorf("payment after upgrade = %+v, want 29900 paid by pi_up", p)
				}
				if err := v.CompletePaidUpgrade(25000, "pi_up2", now); !errors.Is(err, ErrAlreadyTop) {
					t.Errorf("second paid upgrade = %v, want ErrAlreadyTop", err)
				}
			} else {
				if err := v.CompletePaidUpgrade(25000, "pi_up", now); !errors.Is(err, ErrUpgradeNotPaying) {
					t.Fatalf("paid upgrade of an unpaid verification = %v, want ErrUpgradeNotPaying", err)
				}
				if err := v.Upgrade(now); err != nil {
					t.Fatal(err)
				}
			}
			if v.Tier() != Top || v.Status() != tc.afterStatus {
				t.Errorf("after upgrade: %s/%s, want top/%s", v.Tier(), v.Status(), tc.afterStatus)
			}
		})
	}
}

func TestEnsurePaymentDue(t *testing.T) {
	now := time.Now()
	for _, tc := range []struct {
		status  Status
		payment PaymentStatus
		want    error
	}{
		{Submitted, PaymentPending, nil},
		{Submitted, PaymentFailed, nil},
		{Draft, PaymentPending, ErrPaymentNotDue},
		{InReview, PaymentPaid, ErrAlreadyPaid},
		{Approved, PaymentPending, ErrPaymentNotDue},
		{Rejected, PaymentPending, ErrPaymentNotDue},
	} {
		v := Restore(Snapshot{Tier: Basic, Status: tc.status, Payment: Payment{Status: tc.payment, Date: &now}})
		if err := v.EnsurePaymentDue(); !errors.Is(err, tc.want) {
			t.Errorf("%s/%s: %v, want %v", tc.status, tc.payment, err, tc.want)
		}
	}
}

func TestUpgradeRefusesARevokedCertificate(t *testing.T) {
	now := time.Date(2026, 11, 22, 12, 0, 0, 0, time.UTC)
	v := Restore(Snapshot{ID: 1, UserID: 1, Tier: Basic, Status: Approved, RevokedAt: &now,
		Payment: Payment{Status: PaymentPaid, Amount: 4900, ID: "pi_1", Date: &now}})
	if _, err := v.UpgradeNeedsPayment(); !errors.Is(err, ErrUpgradeRevoked) {
		t.Errorf("UpgradeNeedsPayment = %v, want ErrUpgradeRevoked", err)
	}
	if err := v.CompletePaidUpgrade(25000, "pi_up", now); !errors.Is(err, ErrUpgradeRevoked) || v.Status() != Approved {
		t.Errorf("CompletePaidUpgrade = %v, status %s; want ErrUpgradeRevoked and still approved", err, v.Status())
	}
}
