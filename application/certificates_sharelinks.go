package application

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// ShareLink is a temporary, anonymous link to a verification's CIS form.
type ShareLink struct {
	ID             int64
	VerificationID int64
	TokenHash      string
	ExpiresAt      time.Time
	CreatedAt      time.Time
	IsUsed         bool
	UsedAt         *time.Time
	RevokedAt      *time.Time
}

// ShareLinks stores share links; only the token's hash is kept.
type ShareLinks interface {
	Create(ctx context.Context, l *ShareLink) error
	ByTokenHash(ctx context.Context, hash string) (*ShareLink, error)
	MarkUsed(ctx context.Context, id int64, at time.Time) error
	// Active lists the verification's links that are neither expired nor revoked at now, newest first.
	Active(ctx context.Context, verificationID int64, now time.Time) ([]ShareLink, error)
	// Revoke withdraws one of the verification's links (again is harmless); ErrNotFound when it has none with id.
	Revoke(ctx context.Context, verificationID, id int64, at time.Time) error
	// RevokeAll withdraws every link of the verification that still works at at, and says how many.
	RevokeAll(ctx context.Context, verificationID int64, at time.Time) (int, error)
}

// ShareCIS creates a temporary link that opens the CIS without signing in, while the certificate
// vouches (CISForm). The token has 256 random bits and only its hash is stored.
func (s *Certificates) ShareCIS(ctx context.Context, actor *User, id int64) (string, time.Time, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, id)
	if err != nil {
		return "", time.Time{}, err
	}
	if _, err := s.CISForm(ctx, actor, id); err != nil { // none for a revoked or expired certificate
		return "", time.Time{}, err
	}
	token := randomToken(32)
	now := s.clock.Now()
	link := &ShareLink{VerificationID: id, TokenHash: hashToken(token), CreatedAt: now, ExpiresAt: now.Add(s.shareTTL)}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.links.Create(ctx, link); err != nil {
			return fmt.Errorf("create share link: %w", err)
		}
		return record(ctx, s.audit, actor, v, "share-cis", v.Status(), "")
	})
	return token, link.ExpiresAt, err
}

// ShareLinks lists the owner's links to a verification's CIS that still work.
func (s *Certificates) ShareLinks(ctx context.Context, actor *User, id int64) ([]ShareLink, error) {
	if _, err := ownedBy(ctx, s.repo.Get, actor, id); err != nil {
		return nil, err
	}
	return s.links.Active(ctx, id, s.clock.Now())
}

// RevokeShareLink withdraws one of the owner's links at once, with an audit event.
func (s *Certificates) RevokeShareLink(ctx context.Context, actor *User, id, linkID int64) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		v, err := ownedBy(ctx, s.repo.Get, actor, id)
		if err != nil {
			return err
		}
		if err := s.links.Revoke(ctx, id, linkID, s.clock.Now()); err != nil {
			return err
		}
		return record(ctx, s.audit, actor, v, "revoke-share", v.Status(), fmt.Sprintf("share link %d", linkID))
	})
}

// OpenSharedCIS renders the CIS behind a share link, with the fields a counterparty does not need
// masked (verification.Representative.ForCounterparty, BankingInfo.ForCounterparty), and records
// the use. Unknown tokens are ErrNotFound; a link to a revoked or expired certificate is refused as
// the certificate's papers are (verification.MayIssue), which tells the counterparty why; withdrawn
// links are ErrLinkRevoked and expired ones ErrLinkExpired.
func (s *Certificates) OpenSharedCIS(ctx context.Context, token string) (*File, error) {
	link, err := s.links.ByTokenHash(ctx, hashToken(token))
	if err != nil {
		return nil, err
	}
	v, err := s.repo.Get(ctx, link.VerificationID)
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	if err := v.MayIssue(verification.CIS, now); err != nil {
		return nil, err
	}
	switch {
	case link.RevokedAt != nil:
		return nil, ErrLinkRevoked
	case !now.Before(link.ExpiresAt) || v.CISFormPath() == "":
		return nil, ErrLinkExpired
	}
	data, err := s.cisData(ctx, v)
	if err != nil {
		return nil, err
	}
	pdf, err := s.renderer.CIS(data.ForCounterparty())
	if err != nil {
		return nil, fmt.Errorf("render shared CIS of %d: %w", v.ID(), err)
	}
	if pdf, err = s.sign(ctx, pdf, "Client Information Sheet (shared copy)", data.Certificate); err != nil {
		return nil, err
	}
	if err := s.links.MarkUsed(ctx, link.ID, now); err != nil {
		return nil, fmt.Errorf("record share link use: %w", err)
	}
	return pdfFile(pdf, "CIS-"+v.PublicID()+".pdf"), nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
