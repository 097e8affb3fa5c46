package application

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/filesignals"
	"github.com/tttverify/tttverify/domain/verification"
)

// StoredFile is an uploaded file that is in the blob store but not yet recorded. It must be
// attached (AttachDocument, AttachPassport, AttachBankReference) or discarded (Discard).
type StoredFile struct {
	Key              string
	Filename         string
	OriginalFilename string
	MimeType         string
	Size             int64
	Facts            filesignals.Facts // read while it was stored
}

// MayUpload says whether the actor may upload a file to the verification now: their own draft. The
// HTTP adapter asks before it reads a request body, so that nobody else's request costs more than this.
func (s *DocumentsService) MayUpload(ctx context.Context, actor *User, id int64) error {
	v, err := ownedBy(ctx, s.repo.Get, actor, id)
	if err != nil {
		return err
	}
	if err := v.EnsureEditable(); err != nil {
		return err
	}
	return s.mayAddFile(ctx, id)
}

// Store streams an upload for one of the actor's drafts into the blob store. The type is decided
// by the file's first bytes; more than verification.MaxUploadBytes stores nothing.
func (s *DocumentsService) Store(ctx context.Context, actor *User, id int64, filename string, content io.Reader) (*StoredFile, error) {
	if err := s.MayUpload(ctx, actor, id); err != nil {
		return nil, err
	}
	head := make([]byte, verification.SniffLength)
	n, err := io.ReadFull(content, head)
	if err != nil && !errors.Is(err, io.ErrUnexpectedEOF) && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("read upload: %w", err)
	}
	head = head[:n]
	if n == 0 {
		return nil, fieldError("file", "The file is empty")
	}
	mime, err := verification.SniffContentType(head)
	if err != nil {
		return nil, err
	}
	name := verification.NameForType(verification.SanitizeFilename(filename), mime)
	key := fmt.Sprintf("verifications/%d/%s-%s", id, randomToken(12), verification.ASCIIFilename(name)) // keys stay ASCII
	if err := s.reserve(ctx, actor, key); err != nil {
		return nil, err
	}
	// The reviewer's signals are read as the bytes pass on their way to the store: the file is read once.
	inspect := newInspection(filesignals.NewInspector(mime))
	defer inspect.close()
	size, err := s.blobs.Put(ctx, key, io.TeeReader(io.MultiReader(bytes.NewReader(head), content), inspect), verification.MaxUploadBytes, mime)
	if err != nil { // Put leaves no object behind; the journal entry goes too
		s.Discard(&StoredFile{Key: key})
		return nil, fmt.Errorf("store upload: %w", err)
	}
	return &StoredFile{Key: key, Filename: name, OriginalFilename: filename, MimeType: mime, Size: size, Facts: inspect.Facts()}, nil
}

// reserve journals the upload to key, holding room for the largest file in the actor's storage quota
// until the upload ends, when the quota and the uploads they may run at once allow it. One account's
// uploads are admitted one at a time, so that uploads starting together cannot overshoot.
func (s *DocumentsService) reserve(ctx context.Context, actor *User, key string) error {
	return s.tx.WithinTx(ctx, func(ctx context.Context) error {
		if err := s.usage.Lock(ctx, actor.ID); err != nil {
			return err
		}
		use, err := s.usage.Usage(ctx, actor.ID)
		if err != nil {
			return err
		}
		if err := s.limits.admitUpload(use); err != nil {
			return err
		}
		return s.pending.BeginUpload(ctx, key, actor.ID, verification.MaxUploadBytes, s.clock.Now())
	})
}

// Discard removes a stored file that will not be attached.
func (s *DocumentsService) Discard(f *StoredFile) {
	if f == nil {
		return
	}
	// The request may already be cancelled; the object must go regardless. When it cannot, the
	// journal keeps the key and the sweeper removes the object later.
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := s.blobs.Delete(ctx, f.Key); err != nil {
		s.log.Error("remove orphaned upload", "key", f.Key, "error", err)
		return
	}
	if err := s.pending.Done(ctx, f.Key); err != nil {
		s.log.Error("forget removed upload", "key", f.Key, "error", err)
	}
}

// AttachDocument records a stored file as a document of the given type on the actor's draft.
func (s *DocumentsService) AttachDocument(ctx context.Context, actor *User, id int64, typeName string, f *StoredFile) (*Document, error) {
	t, err := verification.ParseDocumentType(typeName)
	if err != nil || !slices.Contains(verification.UploadableDocumentTypes, t) {
		s.Discard(f)
		return nil, fieldError("type", "Choose a document type: incorporation_certificate, business_license, shareholder_info, company_profile or additional")
	}
	return s.attach(ctx, actor, id, t, f, nil)
}

// AttachPassport records a stored file as a representative's passport, replacing an earlier one.
func (s *DocumentsService) AttachPassport(ctx context.Context, actor *User, id, repID int64, f *StoredFile) (*Document, error) {
	return s.attachReplacing(ctx, actor, id, verification.Passport, f, func(ctx context.Context, d *Document) (*int64, error) {
		rep, err := s.sections.Representative(ctx, id, repID)
		if err != nil {
			return nil, err
		}
		previous := rep.PassportFileID
		rep.PassportFileID = &d.ID
		return previous, s.sections.UpdateRepresentative(ctx, rep)
	})
}

// AttachOwnerDocument records a stored file as a beneficial owner's identity document (the passport
// type, as for representatives), replacing an earlier one.
func (s *DocumentsService) AttachOwnerDocument(ctx context.Context, actor *User, id, ownerID int64, f *StoredFile) (*Document, error) {
	return s.attachReplacing(ctx, actor, id, verification.Passport, f, func(ctx context.Context, d *Document) (*int64, error) {
		o, err := s.sections.Owner(ctx, id, ownerID)
		if err != nil {
			return nil, err
		}
		previous := o.DocumentFileID
		o.DocumentFileID = &d.ID
		return previous, s.sections.UpdateOwner(ctx, o)
	})
}

// AttachBankReference records a stored file as the bank reference letter, replacing an earlier one.
// Uploaded before the banking section is saved, it is linked when the section is saved.
func (s *DocumentsService) AttachBankReference(ctx context.Context, actor *User, id int64, f *StoredFile) (*Document, error) {
	return s.attachReplacing(ctx, actor, id, verification.BankReference, f, func(ctx context.Context, d *Document) (*int64, error) {
		bank, err := s.sections.Banking(ctx, id)
		if isNotFound(err) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		previous := bank.ReferenceFileID
		bank.ReferenceFileID = &d.ID
		return previous, s.sections.SaveBanking(ctx, bank)
	})
}

// attachReplacing attaches a file that link points a section at; the document link pointed at before
// (link returns its id) is deleted in the same transaction, as Delete would.
func (s *DocumentsService) attachReplacing(ctx context.Context, actor *User, id int64, t verification.DocumentType, f *StoredFile,
	link func(ctx context.Context, d *Document) (*int64, error)) (*Document, error) {
	return s.attach(ctx, actor, id, t, f, func(ctx context.Context, d *Document) error {
		previous, err := link(ctx, d)
		if err != nil || previous == nil {
			return err
		}
		replaced, err := s.docs.Get(ctx, id, *previous)
		switch {
		case isNotFound(err):
			return nil
		case err != nil:
			return err
		}
		return s.remove(ctx, actor, replaced, fmt.Sprintf(", replaced by document %d", d.ID))
	})
}

// attach writes the document row (and link, when given) in one transaction on the actor's draft.
// When anything fails the stored object is removed, so no upload is left without a row.
func (s *DocumentsService) attach(ctx context.Context, actor *User, id int64, t verification.DocumentType, f *StoredFile,
	link func(ctx context.Context, d *Document) error) (*Document, error) {
	d := &Document{VerificationID: id, Type: t, Filename: f.Filename, OriginalFilename: f.OriginalFilename,
		MimeType: f.MimeType, Size: f.Size, ObjectPath: f.Key, CreatedAt: s.clock.Now(), Facts: f.Facts}
	err := editDraft(ctx, s.tx, s.repo, s.sections, s.clock, actor, id, func(ctx context.Context) error {
		if err := s.mayAddFile(ctx, id); err != nil { // again under the verification's lock
			return err
		}
		if err := s.docs.Create(ctx, d); err != nil {
			return fmt.Errorf("record document: %w", err)
		}
		if err := s.pending.Done(ctx, f.Key); err != nil { // the object now has its row
			return err
		}
		// Its actual size, instead of the room it held, now counts: within the quota, unless the
		// quota was lowered while it ran.
		use, err := s.usage.Usage(ctx, actor.ID)
		if err != nil {
			return err
		}
		if use.Used() > s.limits.StoragePerAccount {
			return s.limits.storageFull(use.Used() - f.Size)
		}
		if link != nil {
			return link(ctx, d)
		}
		return nil
	})
	if err != nil {
		s.Discard(f)
		return nil, err
	}
	return d, nil
}

// mayAddFile refuses another file to a verification that has the maximum number.
func (s *DocumentsService) mayAddFile(ctx context.Context, id int64) error {
	docs, err := s.docs.List(ctx, id)
	if err != nil {
		return fmt.Errorf("count files of %d: %w", id, err)
	}
	if n := s.limits.FilesPerVerification; len(docs) >= n {
		return errs.Conflict(fmt.Sprintf("This verification has %d files, the most allowed; delete one before uploading another", n))
	}
	return nil
}
