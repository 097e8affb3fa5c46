package filesystem_test

import (
	"testing"

	"github.com/tttverify/tttverify/adapters/storage/blobtest"
	"github.com/tttverify/tttverify/adapters/storage/filesystem"
)

// BenchmarkPut30MB stores a file of the largest allowed size (30 MB), fsync included.
func BenchmarkPut30MB(b *testing.B) {
	s, err := filesystem.New(b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	blobtest.BenchmarkPut(b, s, 30<<20)
}
