package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/screening"
)

// ListVersions returns every imported version of every list, newest first per list; the
// versions in force carry InForce.
func (s *Screening) ListVersions(ctx context.Context, actor *User) ([]ListVersion, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, err
	}
	return s.lists.Versions(ctx)
}

// ListChanges returns what a version changed against the version before it, entry by entry.
func (s *Screening) ListChanges(ctx context.Context, actor *User, versionID int64) (*ListVersion, []screening.Change, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, nil, err
	}
	v, err := s.lists.Version(ctx, versionID)
	if err != nil {
		return nil, nil, err
	}
	changes, err := s.lists.Changes(ctx, versionID)
	return v, changes, err
}
