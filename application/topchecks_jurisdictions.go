package application

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"

	"github.com/tttverify/tttverify/domain/screening"
)

// ImportJurisdictions puts a publication of the high-risk and increased-monitoring jurisdiction
// lists in force (administrators, or the System actor of the `screening jurisdictions` command) and
// queues the re-screening of the Top verifications it concerns, in the same transaction. raw is the
// file as read, kept as the version's digest: the same file again makes no new version.
func (s *TopChecks) ImportJurisdictions(ctx context.Context, actor *User, list screening.JurisdictionList, raw []byte) (v *JurisdictionVersion, unchanged bool, err error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, false, err
	}
	if err := list.Validate(); err != nil {
		return nil, false, err
	}
	sum := sha256.Sum256(raw)
	v = &JurisdictionVersion{JurisdictionList: list, SHA256: hex.EncodeToString(sum[:]), ImportedAt: s.clock.Now(),
		ImportedBy: actor.Email, InForce: true}
	err = s.tx.WithinTx(ctx, func(ctx context.Context) error {
		prev, err := s.jurisdictions.InForce(ctx)
		switch {
		case err == nil && prev.SHA256 == v.SHA256:
			v, unchanged = prev, true
			return nil
		case err != nil && !errors.Is(err, ErrNotFound):
			return err
		}
		if err := s.jurisdictions.Create(ctx, v); err != nil {
			return fmt.Errorf("store the jurisdiction list: %w", err)
		}
		return s.jobs.Enqueue(ctx, RescreenTop{Reason: fmt.Sprintf("jurisdiction list version %d", v.ID)})
	})
	if err != nil {
		return nil, false, err
	}
	return v, unchanged, nil
}

// JurisdictionVersions lists every imported jurisdiction list, newest first.
func (s *TopChecks) JurisdictionVersions(ctx context.Context, actor *User) ([]JurisdictionVersion, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, err
	}
	return s.jurisdictions.Versions(ctx)
}
