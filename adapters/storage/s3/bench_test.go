package s3_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/tttverify/tttverify/adapters/storage/s3/miniotest"
)

// BenchmarkPut30MB uploads a file of the largest allowed size (30 MB) to the MinIO server named
// by TEST_S3_*; MB/s is its throughput and B/op what one upload allocates.
func BenchmarkPut30MB(b *testing.B) {
	const size = 30 << 20
	s := newStore(b, miniotest.Shared(b).Bucket(b))
	block := make([]byte, 1<<20)
	for i := range block {
		block[i] = byte(rand.N(256))
	}
	b.SetBytes(size)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		r := io.LimitReader(&repeatReader{block: block}, size)
		if _, err := s.Put(b.Context(), fmt.Sprintf("bench/%d.pdf", i), r, size, "application/pdf"); err != nil {
			b.Fatal(err)
		}
		i++
	}
}

// repeatReader yields block over and over, so the benchmark measures the upload and not the
// making of its data.
type repeatReader struct {
	block []byte
	off   int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	n := copy(p, r.block[r.off:])
	r.off = (r.off + n) % len(r.block)
	return n, nil
}
