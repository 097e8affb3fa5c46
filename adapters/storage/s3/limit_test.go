package s3

import (
	"bytes"
	"errors"
	"io"
	"math"
	"testing"
	"testing/iotest"

	"github.com/tttverify/tttverify/domain/verification"
)

func TestLimitedReader(t *testing.T) {
	data := []byte("0123456789")
	for _, tc := range []struct {
		name    string
		r       io.Reader
		limit   int64
		wantErr error
	}{
		{"under", bytes.NewReader(data), 11, nil},
		{"exactly", bytes.NewReader(data), 10, nil},
		{"exactly, data and EOF together", iotest.DataErrReader(bytes.NewReader(data)), 10, nil},
		{"over", bytes.NewReader(data), 9, verification.ErrFileTooLarge},
		{"over, one byte at a time", iotest.OneByteReader(bytes.NewReader(data)), 9, verification.ErrFileTooLarge},
		{"zero limit", bytes.NewReader(data), 0, verification.ErrFileTooLarge},
		{"no limit", bytes.NewReader(data), math.MaxInt64, nil},
		{"reader fails", iotest.TimeoutReader(bytes.NewReader(data)), 100, iotest.ErrTimeout},
	} {
		t.Run(tc.name, func(t *testing.T) {
			lr := &limitedReader{r: tc.r, remaining: tc.limit}
			got, err := io.ReadAll(lr)
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("ReadAll: %v, want %v", err, tc.wantErr)
			}
			if tc.wantErr == nil && !bytes.Equal(got, data) {
				t.Errorf("read %q, want %q", got, data)
			}
			if tc.wantErr != nil {
				// The error sticks: a reader that drops it meets it again.
				if _, again := lr.Read(make([]byte, 1)); !errors.Is(again, tc.wantErr) {
					t.Errorf("next Read: %v, want %v", again, tc.wantErr)
				}
			}
		})
	}
}
