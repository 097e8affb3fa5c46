// Package filesystem is the embedded default BlobStore: objects are plain files under one
// directory (DATA_DIR/objects), each with a hidden sidecar file that holds its content type.
//
// Layout under the root:
//
//	verifications/12/ab12-name.pdf         the object's bytes
//	verifications/12/.ab12-name.pdf.meta   its content type
//	.tmp/                                  uploads in progress, renamed into place when complete
//
// Names that start with a dot are the store's own, so no key may have a segment that does.
package filesystem

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"path"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

const (
	tmpDir             = ".tmp"
	metaSuffix         = ".meta"
	defaultContentType = "application/octet-stream"
	maxKeyLength       = 1024
	// staleTempAge is how old a file in .tmp must be before New removes it as the leftover of
	// a crash; younger ones may belong to another server sharing the directory.
	staleTempAge = 24 * time.Hour
)

var errInvalidKey = errors.New("invalid object key")

// copyBuffers hold what one Put writes at a time: 256 KB, a few system calls per megabyte.
var copyBuffers = sync.Pool{New: func() any { b := make([]byte, 256<<10); return &b }}

// Store is a BlobStore on a local directory. It is safe for concurrent use.
type Store struct {
	root *os.Root
}

var _ application.BlobStore = (*Store)(nil)

// New opens (creating it when missing) the directory dir as a Store and removes uploads that
// a crashed process left behind. Close releases it.
func New(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o750); err != nil {
		return nil, fmt.Errorf("create object directory: %w", err)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, fmt.Errorf("open object directory: %w", err)
	}
	s := &Store{root: root}
	if err := root.MkdirAll(tmpDir, 0o750); err != nil {
		_ = root.Close()
		return nil, fmt.Errorf("create temporary directory: %w", err)
	}
	if err := s.removeStaleTemps(time.Now().Add(-staleTempAge)); err != nil {
		_ = root.Close()
		return nil, err
	}
	return s, nil
}

// Close releases the directory.
func (s *Store) Close() error { return s.root.Close() }

// Put streams r into a temporary file and renames it to key once all of it has arrived, so
// that readers see either the whole object or none. It stores nothing when r fails, ctx ends
// or r yields more than limit bytes.
func (s *Store) Put(ctx context.Context, key string, r io.Reader, limit int64, contentType string) (int64, error) {
	if err := checkKey(key); err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	if limit < 0 {
		return 0, fmt.Errorf("put %q: negative limit %d", key, limit)
	}
	if contentType == "" {
		contentType = defaultContentType
	}
	data, err := s.createTemp()
	if err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	defer s.discard(data)
	// Through a buffer of our own: *os.File's ReadFrom would copy 32 KB at a time.
	buf := copyBuffers.Get().(*[]byte)
	defer copyBuffers.Put(buf)
	n, err := io.CopyBuffer(&writeback{f: data}, io.LimitReader(r, min(limit, math.MaxInt64-1)+1), *buf)
	switch {
	case n > limit:
		return 0, fmt.Errorf("put %q: more than %d bytes: %w", key, limit, verification.ErrFileTooLarge)
	case err != nil && !errors.Is(err, io.EOF):
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	if err := data.Sync(); err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	meta, err := s.createTemp()
	if err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	defer s.discard(meta)
	if _, err := io.WriteString(meta, contentType); err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	if err := meta.Sync(); err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	// A cancelled request must not leave an object its caller will never record.
	if err := ctx.Err(); err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	dir := path.Dir(key)
	if err := s.root.MkdirAll(dir, 0o750); err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	// The sidecar goes first: an object is visible only once its content type is in place.
	if err := s.root.Rename(tmpName(meta), metaName(key)); err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	if err := s.root.Rename(tmpName(data), key); err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	if err := s.syncDir(dir); err != nil {
		return 0, fmt.Errorf("put %q: %w", key, err)
	}
	return n, nil
}

// Get opens the object at key; the caller closes it.
func (s *Store) Get(_ context.Context, key string) (io.ReadCloser, application.BlobInfo, error) {
	if err := checkKey(key); err != nil {
		return nil, application.BlobInfo{}, fmt.Errorf("get %q: %w: %w", key, err, application.ErrNotFound)
	}
	f, err := s.root.Open(key)
	if err != nil {
		return nil, application.BlobInfo{}, fmt.Errorf("get %q: %w", key, notFound(err))
	}
	info, err := s.info(f, key)
	if err != nil {
		_ = f.Close()
		return nil, application.BlobInfo{}, fmt.Errorf("get %q: %w", key, err)
	}
	return f, info, nil
}

// Stat describes the object at key.
func (s *Store) Stat(_ context.Context, key string) (application.BlobInfo, error) {
	if err := checkKey(key); err != nil {
		return application.BlobInfo{}, fmt.Errorf("stat %q: %w: %w", key, err, application.ErrNotFound)
	}
	f, err := s.root.Open(key)
	if err != nil {
		return application.BlobInfo{}, fmt.Errorf("stat %q: %w", key, notFound(err))
	}
	defer f.Close()
	info, err := s.info(f, key)
	if err != nil {
		return application.BlobInfo{}, fmt.Errorf("stat %q: %w", key, err)
	}
	return info, nil
}

// Delete removes the object at key; a missing object is not an error. Directories that become
// empty stay: removing them would race with a Put into the same directory.
func (s *Store) Delete(_ context.Context, key string) error {
	if err := checkKey(key); err != nil {
		return fmt.Errorf("delete %q: %w: %w", key, err, application.ErrNotFound)
	}
	if err := s.root.Remove(key); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("delete %q: %w", key, err)
	}
	if err := s.root.Remove(metaName(key)); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("delete %q: %w", key, err)
	}
	return nil
}

// Ping checks that the directory is writable by creating and removing a file in it.
func (s *Store) Ping(_ context.Context) error {
	f, err := s.createTemp()
	if err != nil {
		return fmt.Errorf("ping: %w: %w", application.ErrStoreUnavailable, err)
	}
	s.discard(f)
	return nil
}

// info describes the open object f; a directory is not an object.
func (s *Store) info(f *os.File, key string) (application.BlobInfo, error) {
	fi, err := f.Stat()
	if err != nil {
		return application.BlobInfo{}, err
	}
	if !fi.Mode().IsRegular() {
		return application.BlobInfo{}, application.ErrNotFound
	}
	contentType := defaultContentType
	meta, err := s.root.ReadFile(metaName(key))
	switch {
	case err == nil && len(meta) > 0:
		contentType = string(meta)
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return application.BlobInfo{}, err
	}
	return application.BlobInfo{Size: fi.Size(), ContentType: contentType}, nil
}

// createTemp creates a new file in the temporary directory, beside the objects so that a
// rename moves it into place atomically.
func (s *Store) createTemp() (*os.File, error) {
	name := path.Join(tmpDir, rand.Text())
	return s.root.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o640)
}

// discard closes f and removes it unless it has already been renamed into place.
func (s *Store) discard(f *os.File) {
	_ = f.Close()
	_ = s.root.Remove(tmpName(f)) // best effort: removeStaleTemps sweeps what is left at the next start
}

func (s *Store) syncDir(dir string) error {
	d, err := s.root.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

func (s *Store) removeStaleTemps(before time.Time) error {
	entries, err := fs.ReadDir(s.root.FS(), tmpDir)
	if err != nil {
		return fmt.Errorf("list temporary files: %w", err)
	}
	for _, e := range entries {
		fi, err := e.Info()
		if err != nil || fi.ModTime().After(before) {
			continue
		}
		if err := s.root.Remove(path.Join(tmpDir, e.Name())); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("remove stale temporary file: %w", err)
		}
	}
	return nil
}

// tmpName is f's name relative to the root; f was created by createTemp.
func tmpName(f *os.File) string {
	return path.Join(tmpDir, path.Base(f.Name()))
}

func metaName(key string) string {
	dir, base := path.Split(key)
	return dir + "." + base + metaSuffix
}

// checkKey accepts slash-separated relative keys whose segments are non-empty and do not start
// with a dot (which also rules out "." and ".."), without backslashes or control characters.
func checkKey(key string) error {
	if key == "" || len(key) > maxKeyLength {
		return errInvalidKey
	}
	for _, c := range []byte(key) {
		if c < 0x20 || c == 0x7F || c == '\\' {
			return errInvalidKey
		}
	}
	for seg := range strings.SplitSeq(key, "/") {
		if seg == "" || seg[0] == '.' {
			return errInvalidKey
		}
	}
	return nil
}

// notFound turns "no such file" (also when a parent is a file) into application.ErrNotFound.
func notFound(err error) error {
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return fmt.Errorf("%w: %w", application.ErrNotFound, err)
	}
	return err
}
