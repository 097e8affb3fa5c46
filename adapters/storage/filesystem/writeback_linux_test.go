package filesystem

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// A file written through writeback holds every byte, in order, and the kernel was asked to start
// writing each full writebackEvery bytes to the disk as they arrived, the rest left to the fsync.
func TestWritebackKeepsEveryByteAndStartsEachFullStretch(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "upload"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	w := &writeback{f: f}
	want := bytes.Repeat([]byte("0123456789abcdef"), (2*writebackEvery+writebackEvery/2)/16)
	for rest := want; len(rest) > 0; {
		n := min(len(rest), 300<<10)
		if _, err := w.Write(rest[:n]); err != nil {
			t.Fatal(err)
		}
		rest = rest[n:]
	}
	if err := f.Sync(); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(f.Name())
	if err != nil || !bytes.Equal(got, want) {
		t.Fatalf("the file holds %d bytes (error %v), not the %d written", len(got), err, len(want))
	}
	if w.started < 2*writebackEvery || w.started > int64(len(want)) || int64(len(want))-w.started >= writebackEvery {
		t.Fatalf("writing was started up to byte %d of %d, want every full %d bytes", w.started, len(want), writebackEvery)
	}
}
