package s3_test

import (
	"testing"

	"github.com/tttverify/tttverify/adapters/storage/blobtest"
	"github.com/tttverify/tttverify/adapters/storage/s3/miniotest"
)

// BenchmarkPut30MB uploads a file of the largest allowed size (30 MB) to the MinIO server named
// by TEST_S3_*.
func BenchmarkPut30MB(b *testing.B) {
	blobtest.BenchmarkPut(b, newStore(b, miniotest.Shared(b).Bucket(b)), 30<<20)
}
