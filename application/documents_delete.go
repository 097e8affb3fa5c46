package application

import (
	"context"
)

// Delete removes a document from the actor's draft: the row is kept, marked deleted, with an audit
// event; the object stays until the retention rule removes it (FileRetention).
func (s *DocumentsService) Delete(ctx context.Context, actor *User, id, docID int64) error {
	return editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		doc, err := s.docs.Get(ctx, id, docID)
		if err != nil {
			return err
		}
		return s.remove(ctx, actor, doc, "")
	})
}
