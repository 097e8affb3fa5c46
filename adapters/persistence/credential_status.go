package persistence

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
)

// credentialStatusRow is a certificate's place in the revocation list (the seed writes them in bulk).
type credentialStatusRow struct {
	bun.BaseModel  `bun:"table:credential_status_entries"`
	VerificationID int64 `bun:"verification_id,pk"`
	StatusIndex    int   `bun:"status_index"`
}

// CredentialStatuses is the repository of the certificates' places in the revocation list.
type CredentialStatuses struct{ db *DB }

// NewCredentialStatuses returns the repository on db.
func NewCredentialStatuses(db *DB) *CredentialStatuses { return &CredentialStatuses{db: db} }

var _ application.CredentialStatuses = (*CredentialStatuses)(nil)

// Index returns the verification's index, choosing a free one at random below size the first time
// (the Bitstring Status List's advice: an index says nothing about when a certificate was issued).
// Concurrent first calls agree: the loser's insert does nothing and it reads the winner's index.
func (r *CredentialStatuses) Index(ctx context.Context, verificationID int64, size int) (int, error) {
	db := conn(ctx, r.db)
	for range 32 {
		var index int
		err := r.db.scanOne(ctx, "SELECT status_index FROM credential_status_entries WHERE verification_id = ?", &index, verificationID)
		if err == nil {
			return index, nil
		}
		if !errors.Is(notFound(err), application.ErrNotFound) {
			return 0, fmt.Errorf("status index of %d: %w", verificationID, err)
		}
		n, err := rand.Int(rand.Reader, big.NewInt(int64(size)))
		if err != nil {
			return 0, err
		}
		// ON CONFLICT DO NOTHING: a taken index or a concurrent assignment is not an error, which on
		// PostgreSQL would end the caller's transaction.
		if _, err := db.NewRaw("INSERT INTO credential_status_entries (verification_id, status_index) VALUES (?, ?) "+
			"ON CONFLICT DO NOTHING", verificationID, n.Int64()).Exec(ctx); err != nil {
			return 0, fmt.Errorf("assign status index of %d: %w", verificationID, err)
		}
	}
	return 0, fmt.Errorf("assign status index of %d: %w", verificationID, application.ErrStatusListFull)
}

// Revoked lists the indexes of certificates that are revoked or whose verification was deleted.
func (r *CredentialStatuses) Revoked(ctx context.Context) ([]int, error) {
	var out []int
	err := conn(ctx, r.db).NewSelect().TableExpr("credential_status_entries AS e").Column("e.status_index").
		Join("JOIN verifications AS v ON v.id = e.verification_id").
		Where("v.revoked_at IS NOT NULL OR v.deleted").OrderExpr("e.status_index").Scan(ctx, &out)
	if err != nil {
		return nil, fmt.Errorf("revoked status indexes: %w", err)
	}
	return out, nil
}
