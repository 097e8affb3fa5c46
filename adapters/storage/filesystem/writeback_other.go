//go:build !linux

package filesystem

import "os"

// writeback is a file being written; elsewhere than Linux the fsync at the end does all the
// writing to the disk.
type writeback struct{ f *os.File }

func (w *writeback) Write(p []byte) (int, error) { return w.f.Write(p) }
