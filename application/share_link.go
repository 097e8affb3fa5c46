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
}

// ShareLinks stores share links; only the token's hash is kept.
type ShareLinks interface {
	Create(ctx context.Context, l *ShareLink) error
	ByTokenHash(ctx context.Context, hash string) (*ShareLink, error)
	MarkUsed(ctx context.Context, id int64, at time.Time) error
}

// ShareCIS creates a temporary link that opens the CIS without signing in. The token has 256 random
// bits and only its hash is stored.
func (s *Certificates) ShareCIS(ctx context.Context, actor *User, id int64) (string, time.Time, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, id)
	if err != nil {
		return "", time.Time{}, err
	}
	if _, err := s.CISForm(ctx, actor, id); err != nil {
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

// OpenSharedCIS serves the CIS behind a share link and records the use. Unknown tokens are
// ErrNotFound; expired links, and links to a revoked certificate, are ErrLinkExpired.
func (s *Certificates) OpenSharedCIS(ctx context.Context, token string) (*File, error) {
	link, err := s.links.ByTokenHash(ctx, hashToken(token))
	if err != nil {
		return nil, err
	}
	now := s.clock.Now()
	if !now.Before(link.ExpiresAt) {
		return nil, ErrLinkExpired
	}
	v, err := s.repo.Get(ctx, link.VerificationID)
	if err != nil {
		return nil, err
	}
	if status, ok := v.CertificateStatus(now); !ok || status == verification.CertificateRevoked || v.CISFormPath() == "" {
		return nil, ErrLinkExpired
	}
	rc, info, err := s.blobs.Get(ctx, v.CISFormPath())
	if err != nil {
		return nil, err
	}
	if err := s.links.MarkUsed(ctx, link.ID, now); err != nil {
		_ = rc.Close() // the use went unrecorded, so the file is not served; the close changes nothing
		return nil, fmt.Errorf("record share link use: %w", err)
	}
	return &File{Content: rc, Name: "CIS-" + v.PublicID() + ".pdf", ContentType: "application/pdf", Size: info.Size}, nil
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}
