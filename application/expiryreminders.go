package application

import (
	"context"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// ExpiryNotice is how long before a certificate expires its holder is reminded.
const ExpiryNotice = 30 * 24 * time.Hour

// ExpiringCertificates finds approved, unrevoked certificates that expire before a time.
type ExpiringCertificates interface {
	Expiring(ctx context.Context, before time.Time) ([]*verification.Verification, error)
}

// ExpiryReminders is the daily expiry scan.
type ExpiryReminders struct {
	tx     Transactor
	certs  ExpiringCertificates
	notify OwnerNotifier
	follow FollowerAlerts
	clock  Clock
}

// NewExpiryReminders wires the expiry scan; a certificate's followers hear of its expiry, not of
// the reminder before it.
func NewExpiryReminders(tx Transactor, certs ExpiringCertificates, notify OwnerNotifier, followers FollowerAlerts,
	clock Clock) *ExpiryReminders {
	return &ExpiryReminders{tx: tx, certs: certs, notify: notify, follow: followers, clock: clock}
}

// Scan tells each holder of a certificate that expires within 30 days, and of one that expired,
// once: the reminder's key names the verification, the kind and the expiry date, so a scan run
// again sends nothing new and a renewed certificate is reminded again. The certificate's followers
// hear of an expiry, once too. It returns how many reminders it queued.
func (s *ExpiryReminders) Scan(ctx context.Context) (int, error) {
	now := s.clock.Now()
	certs, err := s.certs.Expiring(ctx, now.Add(ExpiryNotice))
	if err != nil {
		return 0, err
	}
	sent := 0
	for _, v := range certs {
		expires := deref(v.Snapshot().ExpiresAt)
		err := s.tx.WithinTx(ctx, func(ctx context.Context) error {
			key := fmt.Sprintf("expiring:%d:%d", v.ID(), expires.Unix())
			data := func(company string) EmailData {
				return CertificateExpiring{VerificationID: v.ID(), CompanyName: company, PublicID: v.PublicID(),
					ExpiresAt: expires, DaysLeft: daysUntil(now, expires)}
			}
			if !now.Before(expires) {
				key = fmt.Sprintf("expired:%d:%d", v.ID(), expires.Unix())
				data = func(company string) EmailData {
					return CertificateExpired{VerificationID: v.ID(), CompanyName: company, ExpiredAt: expires}
				}
			}
			told, err := s.notify.TellOwner(ctx, v, key, data)
			if err != nil || !told {
				return err
			}
			sent++
			if now.Before(expires) {
				return nil
			}
			return s.follow.Alert(ctx, v, FollowExpired, expires)
		})
		if err != nil {
			return sent, fmt.Errorf("remind expiry of %d: %w", v.ID(), err)
		}
	}
	return sent, nil
}

// daysUntil is how many days from now until t, a part of a day counting as one.
func daysUntil(now, t time.Time) int {
	return int((t.Sub(now) + 24*time.Hour - 1) / (24 * time.Hour))
}
