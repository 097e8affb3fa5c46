// Package blobtest is the contract every application.BlobStore must meet, as one test suite
// that each implementation's tests run against a fresh store.
package blobtest

import (
	"bytes"
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"sync"
	"testing"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

const (
	// partSize is the part size of multipart uploads (S3's smallest), where a stream is cut.
	partSize = 5 << 20
	// pastPart lies beyond the first part, so that failures there happen after a part has
	// already reached the store.
	pastPart = partSize + 1<<20
)

// Run runs the contract suite; newStore returns an empty store that the test may use freely.
func Run(t *testing.T, newStore func(t *testing.T) application.BlobStore) {
	t.Run("RoundTrip", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		want := randomBytes(300 << 10)
		key := "verifications/12/a1b2c3-certificate.pdf"
		n, err := s.Put(t.Context(), key, bytes.NewReader(want), verification.MaxUploadBytes, "application/pdf")
		if err != nil {
			t.Fatalf("Put: %v", err)
		}
		if n != int64(len(want)) {
			t.Errorf("Put wrote %d bytes, want %d", n, len(want))
		}
		AssertContent(t, s, key, want, "application/pdf")
	})

	t.Run("Empty", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		key := "verifications/12/empty.txt"
		if _, err := s.Put(t.Context(), key, bytes.NewReader(nil), 10, "text/plain"); err != nil {
			t.Fatalf("Put: %v", err)
		}
		AssertContent(t, s, key, nil, "text/plain")
	})

	t.Run("DefaultContentType", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		key := "verifications/12/untyped"
		if _, err := s.Put(t.Context(), key, bytes.NewReader([]byte("x")), 10, ""); err != nil {
			t.Fatalf("Put: %v", err)
		}
		AssertContent(t, s, key, []byte("x"), "application/octet-stream")
	})

	t.Run("Stat", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		key := "verifications/3/xyz-photo.png"
		put(t, s, key, []byte("\x89PNG\r\n\x1a\nrest"), "image/png")
		info, err := s.Stat(t.Context(), key)
		if err != nil {
			t.Fatalf("Stat: %v", err)
		}
		if want := (application.BlobInfo{Size: 12, ContentType: "image/png"}); info != want {
			t.Errorf("Stat = %+v, want %+v", info, want)
		}
	})

	t.Run("Delete", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		key := "verifications/4/gone.pdf"
		put(t, s, key, []byte("%PDF-1.7"), "application/pdf")
		if err := s.Delete(t.Context(), key); err != nil {
			t.Fatalf("Delete: %v", err)
		}
		assertMissing(t, s, key)
	})

	t.Run("DeleteMissing", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		if err := s.Delete(t.Context(), "verifications/4/never-stored.pdf"); err != nil {
			t.Errorf("Delete of a missing key: %v, want nil", err)
		}
	})

	t.Run("GetMissing", func(t *testing.T) {
		t.Parallel()
		assertMissing(t, newStore(t), "verifications/5/missing.pdf")
	})

	t.Run("LimitExceeded", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		for _, limit := range []int64{0, 1000, partSize, pastPart} {
			key := fmt.Sprintf("verifications/6/too-large-%d.pdf", limit)
			_, err := s.Put(t.Context(), key, bytes.NewReader(randomBytes(int(limit)+1)), limit, "application/pdf")
			if !errors.Is(err, verification.ErrFileTooLarge) {
				t.Errorf("Put of %d bytes with limit %d: %v, want ErrFileTooLarge", limit+1, limit, err)
			}
			assertMissing(t, s, key)
		}
	})

	t.Run("ExactlyAtLimit", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		for _, limit := range []int64{1000, partSize, pastPart} {
			key := fmt.Sprintf("verifications/7/at-limit-%d.pdf", limit)
			want := randomBytes(int(limit))
			n, err := s.Put(t.Context(), key, bytes.NewReader(want), limit, "application/pdf")
			if err != nil {
				t.Fatalf("Put of exactly %d bytes: %v", limit, err)
			}
			if n != limit {
				t.Errorf("Put wrote %d bytes, want %d", n, limit)
			}
			AssertContent(t, s, key, want, "application/pdf")
		}
	})

	t.Run("ConcurrentPuts", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		const writers = 8
		contents := make([][]byte, writers)
		for i := range contents {
			contents[i] = randomBytes(64<<10 + i)
		}
		var wg sync.WaitGroup
		errs := make([]error, writers)
		for i := range writers {
			wg.Go(func() {
				_, errs[i] = s.Put(t.Context(), concurrentKey(i), bytes.NewReader(contents[i]), verification.MaxUploadBytes, "application/pdf")
			})
		}
		wg.Wait()
		for i, err := range errs {
			if err != nil {
				t.Fatalf("Put %d: %v", i, err)
			}
		}
		for i, want := range contents {
			AssertContent(t, s, concurrentKey(i), want, "application/pdf")
		}
	})

	t.Run("Overwrite", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		key := "verifications/9/replaced"
		put(t, s, key, []byte("first version, longer than the second"), "text/plain")
		put(t, s, key, []byte("%PDF-second"), "application/pdf")
		AssertContent(t, s, key, []byte("%PDF-second"), "application/pdf")
	})

	t.Run("ReaderFails", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		for _, after := range []int{10, pastPart} {
			key := fmt.Sprintf("verifications/10/broken-%d.pdf", after)
			r := &failingReader{r: bytes.NewReader(randomBytes(after)), err: errConnectionLost}
			_, err := s.Put(t.Context(), key, r, verification.MaxUploadBytes, "application/pdf")
			if !errors.Is(err, errConnectionLost) {
				t.Errorf("Put with a reader failing after %d bytes: %v, want the reader's error", after, err)
			}
			assertMissing(t, s, key)
		}
	})

	t.Run("ReaderFailsOnOverwrite", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		key := "verifications/10/kept"
		put(t, s, key, []byte("%PDF-original"), "application/pdf")
		r := &failingReader{r: bytes.NewReader([]byte("half a replacement")), err: errConnectionLost}
		if _, err := s.Put(t.Context(), key, r, verification.MaxUploadBytes, "text/plain"); !errors.Is(err, errConnectionLost) {
			t.Errorf("Put: %v, want the reader's error", err)
		}
		AssertContent(t, s, key, []byte("%PDF-original"), "application/pdf")
	})

	t.Run("ContextCancelled", func(t *testing.T) {
		t.Parallel()
		s := newStore(t)
		key := "verifications/11/abandoned.pdf"
		ctx, cancel := context.WithCancel(t.Context())
		// The client goes away while its upload is still arriving.
		r := io.MultiReader(bytes.NewReader(randomBytes(1000)), cancelReader(cancel), bytes.NewReader(randomBytes(1000)))
		if _, err := s.Put(ctx, key, r, verification.MaxUploadBytes, "application/pdf"); err == nil {
			t.Error("Put with a cancelled context succeeded")
		}
		assertMissing(t, s, key)
	})

	t.Run("Ping", func(t *testing.T) {
		t.Parallel()
		if err := newStore(t).Ping(t.Context()); err != nil {
			t.Errorf("Ping: %v", err)
		}
	})
}

var errConnectionLost = errors.New("connection lost")

// failingReader yields r and then fails with err instead of io.EOF.
type failingReader struct {
	r   io.Reader
	err error
}

func (f *failingReader) Read(p []byte) (int, error) {
	n, err := f.r.Read(p)
	if errors.Is(err, io.EOF) {
		return n, f.err
	}
	return n, err
}

// cancelReader calls cancel when it is first read and yields nothing.
type cancelReader context.CancelFunc

func (c cancelReader) Read([]byte) (int, error) {
	c()
	return 0, io.EOF
}

func concurrentKey(i int) string { return fmt.Sprintf("verifications/8/concurrent-%d.pdf", i) }

func put(t *testing.T, s application.BlobStore, key string, content []byte, contentType string) {
	t.Helper()
	if _, err := s.Put(t.Context(), key, bytes.NewReader(content), verification.MaxUploadBytes, contentType); err != nil {
		t.Fatalf("Put %s: %v", key, err)
	}
}

// AssertContent checks that the object at key holds want, with its size and content type.
func AssertContent(t *testing.T, s application.BlobStore, key string, want []byte, contentType string) {
	t.Helper()
	wantInfo := application.BlobInfo{Size: int64(len(want)), ContentType: contentType}
	rc, info, err := s.Get(t.Context(), key)
	if err != nil {
		t.Fatalf("Get %s: %v", key, err)
	}
	got, err := io.ReadAll(rc)
	if cerr := rc.Close(); cerr != nil {
		t.Errorf("Close %s: %v", key, cerr)
	}
	if err != nil {
		t.Fatalf("read %s: %v", key, err)
	}
	if info != wantInfo {
		t.Errorf("Get %s info = %+v, want %+v", key, info, wantInfo)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("Get %s returned %d bytes that differ from the %d stored", key, len(got), len(want))
	}
	if info, err := s.Stat(t.Context(), key); err != nil || info != wantInfo {
		t.Errorf("Stat %s = %+v, %v; want %+v", key, info, err, wantInfo)
	}
}

func assertMissing(t *testing.T, s application.BlobStore, key string) {
	t.Helper()
	rc, _, err := s.Get(t.Context(), key)
	if err == nil {
		rc.Close()
	}
	if !errors.Is(err, application.ErrNotFound) {
		t.Errorf("Get %s: %v, want ErrNotFound", key, err)
	}
	if _, err := s.Stat(t.Context(), key); !errors.Is(err, application.ErrNotFound) {
		t.Errorf("Stat %s: %v, want ErrNotFound", key, err)
	}
}

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// BenchmarkPut stores files of size random bytes in s, handed over 4 KB per read as the multipart
// reader of an upload hands them; MB/s is the store's throughput and B/op what one file allocates.
func BenchmarkPut(b *testing.B, s application.BlobStore, size int64) {
	block := randomBytes(1 << 20)
	b.SetBytes(size)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r := io.LimitReader(&smallReads{block: block}, size)
		if _, err := s.Put(b.Context(), fmt.Sprintf("bench/%d.pdf", i), r, size, "application/pdf"); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// smallReads yields block over and over, 4 KB at a time, so that a benchmark measures the store
// and not the making of its data.
type smallReads struct {
	block []byte
	off   int
}

func (r *smallReads) Read(p []byte) (int, error) {
	n := copy(p[:min(len(p), 4<<10)], r.block[r.off:])
	r.off = (r.off + n) % len(r.block)
	return n, nil
}
