package application

import (
	"context"
)

// List returns the documents on file for a verification the actor may read.
func (s *DocumentsService) List(ctx context.Context, actor *User, id int64) ([]Document, error) {
	if _, err := readable(ctx, s.repo, actor, id); err != nil {
		return nil, err
	}
	return s.docs.List(ctx, id)
}
