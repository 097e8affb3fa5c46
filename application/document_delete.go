package application

import (
	"context"
)

// Delete removes a document from the actor's draft. The object goes only after the row's
// deletion has committed, so a failed transaction never loses a file that is still listed.
func (s *DocumentsService) Delete(ctx context.Context, actor *User, id, docID int64) error {
	var doc *Document
	err := editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		var err error
		if doc, err = s.docs.Get(ctx, id, docID); err != nil {
			return err
		}
		return s.docs.Delete(ctx, id, docID)
	})
	if err != nil {
		return err
	}
	s.removeObject(doc.ObjectPath)
	return nil
}
