package application

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// downloadLinkTTL is how long a presigned download link works: long enough to start the
// download it was made for, too short to be worth passing around.
const downloadLinkTTL = 5 * time.Minute

// errNoDownloadLinks is DownloadLink's answer when the blob store cannot presign; the wiring
// checks CanLinkDownloads before it turns the links on.
var errNoDownloadLinks = errors.New("the file store cannot make download links")

// File is an object opened for download.
type File struct {
	Content     io.ReadCloser
	Name        string
	ContentType string
	Size        int64
}

// Open returns a stored file the actor may read: a document or CIS form of one of their
// verifications, or of any verification for an administrator. Anything else is ErrNotFound. The CIS
// of a revoked or expired certificate is refused with the reason (verification.MayIssue).
func (s *DocumentsService) Open(ctx context.Context, actor *User, key string) (*File, error) {
	name, err := s.authorizeRead(ctx, actor, key)
	if err != nil {
		return nil, err
	}
	rc, info, err := s.blobs.Get(ctx, key)
	if err != nil {
		return nil, err
	}
	return &File{Content: rc, Name: name, ContentType: info.ContentType, Size: info.Size}, nil
}

// DownloadLink authorises a download exactly as Open does, then returns a link, valid for
// downloadLinkTTL, that serves the file from the blob store as an attachment under its
// sanitised name.
func (s *DocumentsService) DownloadLink(ctx context.Context, actor *User, key string) (string, error) {
	name, err := s.authorizeRead(ctx, actor, key)
	if err != nil {
		return "", err
	}
	if s.presign == nil {
		return "", errNoDownloadLinks
	}
	link, err := s.presign.PresignGet(ctx, key, name, downloadLinkTTL)
	if err != nil {
		return "", fmt.Errorf("download link for %s: %w", key, err)
	}
	return link, nil
}

// authorizeRead returns the download name of the object at key when the actor may read it.
func (s *DocumentsService) authorizeRead(ctx context.Context, actor *User, key string) (string, error) {
	name, verificationID, err := s.lookupObject(ctx, key)
	if err != nil {
		return "", err
	}
	v, err := readable(ctx, s.repo, actor, verificationID)
	if err != nil {
		return "", err
	}
	if key == v.CISFormPath() {
		if err := v.MayIssue(verification.CIS, s.clock.Now()); err != nil {
			return "", err
		}
	}
	return name, nil
}

// lookupObject finds which verification an object belongs to and the name to download it as.
func (s *DocumentsService) lookupObject(ctx context.Context, key string) (string, int64, error) {
	d, err := s.docs.ByObjectPath(ctx, key)
	if err == nil {
		return d.Filename, d.VerificationID, nil
	}
	if !isNotFound(err) {
		return "", 0, err
	}
	v, err := s.repo.ByCISPath(ctx, key)
	if err != nil {
		return "", 0, err
	}
	return fmt.Sprintf("CIS-%s.pdf", v.PublicID()), v.ID(), nil
}

// CanLinkDownloads reports whether DownloadLink works with this blob store.
func (s *DocumentsService) CanLinkDownloads() bool { return s.presign != nil }
