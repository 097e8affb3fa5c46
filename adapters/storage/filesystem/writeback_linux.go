package filesystem

import (
	"os"

	"golang.org/x/sys/unix"
)

// writebackEvery is how much written data a Put lets gather before asking the kernel to start
// writing it to the disk.
const writebackEvery = 4 << 20

// writeback is a file being written that the kernel starts writing to the disk as the data
// arrives (sync_file_range without waiting), so that the fsync at the end waits for the last
// few megabytes rather than the whole file.
type writeback struct {
	f                *os.File
	written, started int64
}

func (w *writeback) Write(p []byte) (int, error) {
	n, err := w.f.Write(p)
	w.written += int64(n)
	if err == nil && w.written-w.started >= writebackEvery {
		// Only a hint: a failure here leaves the work to the fsync, which reports it.
		if rc, cerr := w.f.SyscallConn(); cerr == nil {
			_ = rc.Control(func(fd uintptr) {
				_ = unix.SyncFileRange(int(fd), w.started, w.written-w.started, unix.SYNC_FILE_RANGE_WRITE)
			})
		}
		w.started = w.written
	}
	return n, err
}
