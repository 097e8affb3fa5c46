package filesystem_test

import (
	"fmt"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/tttverify/tttverify/adapters/storage/filesystem"
)

// BenchmarkPut30MB stores a file of the largest allowed size (30 MB) read 4 KB at a time, as a
// multipart upload gives it; MB/s is its throughput, fsync included.
func BenchmarkPut30MB(b *testing.B) {
	const size = 30 << 20
	s, err := filesystem.New(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	block := make([]byte, 1<<20)
	for i := range block {
		block[i] = byte(rand.N(256))
	}
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

// smallReads yields block over and over, 4 KB at a time.
type smallReads struct {
	block []byte
	off   int
}

func (r *smallReads) Read(p []byte) (int, error) {
	n := copy(p[:min(len(p), 4<<10)], r.block[r.off:])
	r.off = (r.off + n) % len(r.block)
	return n, nil
}
