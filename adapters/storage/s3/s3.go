// Package s3 is a BlobStore on the S3 API (MinIO, AWS S3) through minio-go.
package s3

import (
	"bytes"
	"cmp"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"sync"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
	"golang.org/x/sync/errgroup"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

const (
	// partSize bounds the memory of an upload: Put holds partsAtOnce parts of a stream whose
	// length is unknown, and 5 MiB is the smallest part S3 accepts.
	partSize = 5 << 20
	// smallFile is the size up to which Put reads an upload whole and sends it in one request
	// of known length, holding only its bytes rather than a whole part. A larger one is read
	// into pooled part buffers: the head read before it is known to be larger is garbage.
	smallFile = 64 << 10
	// maxRetries keeps a dead server from holding a request for long: minio-go waits at most
	// about a second between attempts.
	maxRetries         = 3
	dialTimeout        = 5 * time.Second
	pingTimeout        = 3 * time.Second
	defaultPresignTTL  = 15 * time.Minute
	defaultContentType = "application/octet-stream"
	// uploadMeta tags each upload so that a failed Put can recognise, and remove, an object
	// it left behind without touching an older object under the same key.
	uploadMeta = "Ttt-Upload-Id"
)

// Config locates the bucket.
type Config struct {
	Endpoint      string // host:port, without scheme
	Bucket        string
	AccessKey     string
	SecretKey     string
	UseSSL        bool
	Region        string
	PresignExpiry time.Duration // validity of presigned download links; 15 minutes when zero
}

// Store is a BlobStore on one bucket. It is safe for concurrent use.
type Store struct {
	client        *minio.Client
	core          minio.Core
	bucket        string
	presignExpiry time.Duration
}

var _ application.BlobStore = (*Store)(nil)

// New connects to the endpoint and makes sure the bucket exists, creating it when it is
// missing and the credentials allow.
func New(ctx context.Context, cfg Config) (*Store, error) {
	if cfg.Endpoint == "" || cfg.Bucket == "" {
		return nil, errors.New("s3: endpoint and bucket are required")
	}
	transport, err := minio.DefaultTransport(cfg.UseSSL)
	if err != nil {
		return nil, fmt.Errorf("s3 transport: %w", err)
	}
	transport.DialContext = (&net.Dialer{Timeout: dialTimeout, KeepAlive: 30 * time.Second}).DialContext
	client, err := minio.New(cfg.Endpoint, &minio.Options{
		Creds:      credentials.NewStaticV4(cfg.AccessKey, cfg.SecretKey, ""),
		Secure:     cfg.UseSSL,
		Region:     cfg.Region,
		Transport:  transport,
		MaxRetries: maxRetries,
	})
	if err != nil {
		return nil, fmt.Errorf("s3 client for %s: %w", cfg.Endpoint, err)
	}
	s := &Store{
		client:        client,
		core:          minio.Core{Client: client},
		bucket:        cfg.Bucket,
		presignExpiry: cfg.PresignExpiry,
	}
	if s.presignExpiry <= 0 {
		s.presignExpiry = defaultPresignTTL
	}
	if err := s.ensureBucket(ctx, cfg.Region); err != nil {
		return nil, err
	}
	return s, nil
}

// startupGrace is how long New waits for a server that answers but is still initialising, as MinIO
// does for a moment after it starts listening (for example when both start together).
const startupGrace = 15 * time.Second

// initialising reports whether the server said it is not ready to serve requests yet.
func initialising(err error) bool {
	return minio.ToErrorResponse(err).Code == "XMinioServerNotInitialized"
}

func (s *Store) ensureBucket(ctx context.Context, region string) error {
	exists, err := s.client.BucketExists(ctx, s.bucket)
	for deadline := time.Now().Add(startupGrace); err != nil && initialising(err) && time.Now().Before(deadline); {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(200 * time.Millisecond):
		}
		exists, err = s.client.BucketExists(ctx, s.bucket)
	}
	if err != nil {
		return fmt.Errorf("check bucket %s: %w", s.bucket, classify(err))
	}
	if exists {
		return nil
	}
	err = s.client.MakeBucket(ctx, s.bucket, minio.MakeBucketOptions{Region: region})
	if err != nil && minio.ToErrorResponse(err).Code != "BucketAlreadyOwnedByYou" {
		return fmt.Errorf("bucket %s is missing and cannot be created: %w", s.bucket, classify(err))
	}
	return nil
}

// Put sends a file of up to smallFile bytes in one request and streams a larger one to key in
// parts of partSize: one part is sent while the next is read, so the upload runs at the speed of
// the slower side rather than of both in turn, holding partsAtOnce parts in memory and nothing on
// disk. When r fails, ctx ends or r yields more than limit bytes, the upload is aborted and no
// object remains under key (an older one stays).
func (s *Store) Put(ctx context.Context, key string, r io.Reader, limit int64, contentType string) (int64, error) {
	if limit < 0 {
		return 0, fmt.Errorf("put %s: negative limit %d", key, limit)
	}
	if contentType == "" {
		contentType = defaultContentType
	}
	lr := &limitedReader{r: r, remaining: limit}
	var head bytes.Buffer
	n, err := head.ReadFrom(io.LimitReader(lr, smallFile+1))
	if err != nil {
		return 0, fmt.Errorf("put %s: %w", key, err)
	}
	uploadID := rand.Text()
	opts := minio.PutObjectOptions{ContentType: contentType, UserMetadata: map[string]string{uploadMeta: uploadID}}
	size := n
	if n <= smallFile {
		_, err = s.client.PutObject(ctx, s.bucket, key, bytes.NewReader(head.Bytes()), n, opts)
	} else {
		size, err = s.putStream(ctx, key, io.MultiReader(&head, lr), opts)
	}
	if err == nil {
		return size, nil
	}
	if lr.err != nil {
		err = lr.err // what went wrong first, whatever minio-go made of it
	} else {
		err = classify(err)
	}
	s.removeUpload(ctx, key, uploadID)
	return 0, fmt.Errorf("put %s: %w", key, err)
}

// partsAtOnce is how many parts of one upload are in memory at once: while one is sent, the
// next is read (and, when the reader is faster than the store, sent beside it).
const partsAtOnce = 2

// keptParts is how many part buffers wait between uploads for certain: enough for two uploads at
// once, 20 MiB.
const keptParts = 2 * partsAtOnce

// idleParts keeps part buffers between uploads, so that an upload does not leave 5 MiB of garbage
// for every part it sends. It is a channel first: a sync.Pool's per-processor slot is not taken
// from another processor, so uploads one after another on two cores came to hold three buffers
// where two were ever in use (15 MiB in the heap profile instead of 10). What the channel cannot
// hold, when many uploads run at once, goes to overflowParts, which the collector empties once
// the uploads are over.
var (
	idleParts     = make(chan *[]byte, keptParts)
	overflowParts = sync.Pool{New: func() any { b := make([]byte, partSize); return &b }}
)

// getPart is a part buffer: an idle one from the channel, else one from overflowParts (new when it is empty).
func getPart() *[]byte {
	select {
	case b := <-idleParts:
		return b
	default:
		return overflowParts.Get().(*[]byte)
	}
}

// putPart keeps b for a later part: in the channel while it has room, else in overflowParts.
func putPart(b *[]byte) {
	select {
	case idleParts <- b:
	default:
		overflowParts.Put(b)
	}
}

// putStream sends r, of unknown length, to key: in one request of known length when it fits in
// one part, as a multipart upload otherwise. An unfinished multipart upload is aborted.
func (s *Store) putStream(ctx context.Context, key string, r io.Reader, opts minio.PutObjectOptions) (int64, error) {
	first := getPart()
	n, err := io.ReadFull(r, *first)
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		defer putPart(first)
		_, err := s.client.PutObject(ctx, s.bucket, key, bytes.NewReader((*first)[:n]), int64(n), opts)
		return int64(n), err
	}
	if err != nil {
		putPart(first)
		return 0, err
	}
	uploadID, err := s.core.NewMultipartUpload(ctx, s.bucket, key, opts)
	if err != nil {
		putPart(first)
		return 0, err
	}
	done, size, err := s.sendParts(ctx, key, uploadID, r, first)
	if err == nil {
		slices.SortFunc(done, func(a, b minio.CompletePart) int { return a.PartNumber - b.PartNumber })
		_, err = s.core.CompleteMultipartUpload(ctx, s.bucket, key, uploadID, done, opts)
	}
	if err != nil {
		abortCtx, cancel := context.WithTimeout(context.WithoutCancel(ctx), pingTimeout)
		defer cancel()
		_ = s.core.AbortMultipartUpload(abortCtx, s.bucket, key, uploadID)
		return 0, err
	}
	return size, nil
}

// sendParts sends first, which is full, and the rest of r as the parts of the multipart upload
// uploadID, reading each part while the ones before it are sent. It returns the parts sent and
// their total size, or the first error of a read or a send.
func (s *Store) sendParts(ctx context.Context, key, uploadID string, r io.Reader, first *[]byte) ([]minio.CompletePart, int64, error) {
	g, gctx := errgroup.WithContext(ctx)
	slots := make(chan struct{}, partsAtOnce) // a token for each part buffer in use
	slots <- struct{}{}
	var mu sync.Mutex
	var done []minio.CompletePart
	send := func(number int, buf *[]byte, n int) {
		g.Go(func() error {
			defer func() { putPart(buf); <-slots }()
			// The part's SHA-256, signed in its header, instead of minio-go's streaming signature
			// over plain HTTP, which hashes the part again and adds a signed chunk every 64 KB:
			// the store still checks every byte, and the hash is taken here, beside the read of
			// the next part.
			sum := sha256.Sum256((*buf)[:n])
			p, err := s.core.PutObjectPart(gctx, s.bucket, key, uploadID, number, bytes.NewReader((*buf)[:n]), int64(n),
				minio.PutObjectPartOptions{Sha256Hex: hex.EncodeToString(sum[:]), DisableContentSha256: true})
			if err != nil {
				return err
			}
			mu.Lock()
			defer mu.Unlock()
			done = append(done, minio.CompletePart{PartNumber: number, ETag: p.ETag})
			return nil
		})
	}
	size := int64(len(*first))
	send(1, first, len(*first))
	var readErr error
	for number := 2; ; number++ {
		select {
		case slots <- struct{}{}:
		case <-gctx.Done():
			return nil, 0, cmp.Or(g.Wait(), gctx.Err())
		}
		buf := getPart()
		n, err := io.ReadFull(r, *buf)
		if n > 0 && (err == nil || err == io.ErrUnexpectedEOF) {
			size += int64(n)
			send(number, buf, n)
		} else {
			putPart(buf)
			<-slots
		}
		if err != nil {
			if err != io.ErrUnexpectedEOF && err != io.EOF {
				readErr = err
			}
			break
		}
	}
	if err := g.Wait(); readErr != nil || err != nil {
		return nil, 0, cmp.Or(readErr, err)
	}
	return done, size, nil
}

// removeUpload deletes the object at key if the upload uploadID created it. minio-go aborts a
// failed multipart upload itself; this covers a failure after the upload was completed (the
// response to the completion was lost). It is best effort: when the server is gone, so is the
// chance of both the object and its removal.
func (s *Store) removeUpload(ctx context.Context, key, uploadID string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), pingTimeout)
	defer cancel()
	info, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil || info.UserMetadata[uploadMeta] != uploadID {
		return
	}
	_ = s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{})
}

// Get streams the object at key; the caller closes it.
func (s *Store) Get(ctx context.Context, key string) (io.ReadCloser, application.BlobInfo, error) {
	body, info, _, err := s.core.GetObject(ctx, s.bucket, key, minio.GetObjectOptions{})
	if err != nil {
		return nil, application.BlobInfo{}, fmt.Errorf("get %s: %w", key, classify(err))
	}
	return body, blobInfo(info), nil
}

// Stat describes the object at key.
func (s *Store) Stat(ctx context.Context, key string) (application.BlobInfo, error) {
	info, err := s.client.StatObject(ctx, s.bucket, key, minio.StatObjectOptions{})
	if err != nil {
		return application.BlobInfo{}, fmt.Errorf("stat %s: %w", key, classify(err))
	}
	return blobInfo(info), nil
}

// Delete removes the object at key; S3 treats a missing key as deleted.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := s.client.RemoveObject(ctx, s.bucket, key, minio.RemoveObjectOptions{}); err != nil {
		return fmt.Errorf("delete %s: %w", key, classify(err))
	}
	return nil
}

// AbortIncomplete drops the unfinished multipart uploads under key, such as the one a server
// killed mid-upload leaves: they are not objects, but the server keeps their parts.
func (s *Store) AbortIncomplete(ctx context.Context, key string) error {
	if err := s.client.RemoveIncompleteUpload(ctx, s.bucket, key); err != nil {
		return fmt.Errorf("abort uploads of %s: %w", key, classify(err))
	}
	return nil
}

var _ application.IncompleteAborter = (*Store)(nil)

// Ping checks within a few seconds that the bucket is reachable.
func (s *Store) Ping(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, pingTimeout)
	defer cancel()
	exists, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("ping bucket %s: %w", s.bucket, classify(err))
	}
	if !exists {
		return fmt.Errorf("ping bucket %s: %w: the bucket does not exist", s.bucket, application.ErrStoreUnavailable)
	}
	return nil
}

// PresignGet returns a URL that downloads key as an attachment named filename, valid for
// expiry (the configured PresignExpiry when zero). It does not check that key exists.
func (s *Store) PresignGet(ctx context.Context, key, filename string, expiry time.Duration) (string, error) {
	if expiry <= 0 {
		expiry = s.presignExpiry
	}
	params := url.Values{}
	params.Set("response-content-disposition", verification.ContentDisposition("attachment", filename))
	u, err := s.client.PresignedGetObject(ctx, s.bucket, key, expiry, params)
	if err != nil {
		return "", fmt.Errorf("presign %s: %w", key, err)
	}
	return u.String(), nil
}

func blobInfo(info minio.ObjectInfo) application.BlobInfo {
	return application.BlobInfo{Size: info.Size, ContentType: info.ContentType}
}

// classify maps a missing object to application.ErrNotFound, and an unreachable or failing
// server to application.ErrStoreUnavailable; a cancelled request keeps its own error.
func classify(err error) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	resp := minio.ToErrorResponse(err)
	switch {
	case resp.Code == "NoSuchKey":
		return fmt.Errorf("%w: %w", application.ErrNotFound, err)
	case resp.StatusCode >= http.StatusInternalServerError, resp.Code == "NoSuchBucket":
		return fmt.Errorf("%w: %w", application.ErrStoreUnavailable, err)
	}
	var netErr net.Error
	if errors.As(err, &netErr) || errors.Is(err, context.DeadlineExceeded) || errors.Is(err, io.ErrUnexpectedEOF) {
		return fmt.Errorf("%w: %w", application.ErrStoreUnavailable, err)
	}
	return err
}

// limitedReader yields r until it has yielded limit bytes; one byte more fails the read with
// verification.ErrFileTooLarge. Its first error sticks, so a caller that drops it (minio-go
// does when a part buffer is full) meets it again on the next read.
type limitedReader struct {
	r         io.Reader
	remaining int64
	err       error // the first error other than io.EOF
}

func (l *limitedReader) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	// Ask for one byte beyond the limit to tell "exactly limit bytes" from "more".
	if int64(len(p))-1 > l.remaining {
		p = p[:l.remaining+1]
	}
	n, err := l.r.Read(p)
	if int64(n) > l.remaining {
		l.err = fmt.Errorf("more than the limit: %w", verification.ErrFileTooLarge)
		return 0, l.err
	}
	l.remaining -= int64(n)
	if err != nil && !errors.Is(err, io.EOF) {
		l.err = err
	}
	return n, err
}
