package application

import (
	"sync"

	"github.com/tttverify/tttverify/domain/filesignals"
)

// inspectionBuffer is how much of a file one hand-over to the inspecting goroutine carries, and
// inspectionDepth how many may wait: 1 MB per upload in flight.
const (
	inspectionBuffer = 256 << 10
	inspectionDepth  = 4
)

var inspectionBuffers = sync.Pool{New: func() any { b := make([]byte, inspectionBuffer); return &b }}

// inspection feeds a file's inspector on a goroutine of its own: hashing and scanning an upload,
// about a third of its CPU time, then overlap receiving and storing it instead of following it.
// Write copies the bytes, so the caller may reuse its buffer at once; the inspector gets them in
// the order written.
type inspection struct {
	in   *filesignals.Inspector
	work chan *[]byte // filled buffers, in file order
	free chan *[]byte // buffers the inspector is done with
	done chan struct{}
	stop sync.Once
}

func newInspection(in *filesignals.Inspector) *inspection {
	x := &inspection{in: in, work: make(chan *[]byte, inspectionDepth), free: make(chan *[]byte, inspectionDepth), done: make(chan struct{})}
	for range inspectionDepth {
		x.free <- inspectionBuffers.Get().(*[]byte)
	}
	go func() {
		defer close(x.done)
		for b := range x.work {
			_, _ = in.Write(*b)
			x.free <- b
		}
	}()
	return x
}

// Write hands p to the inspector; it waits only when the inspector is inspectionDepth buffers behind.
func (x *inspection) Write(p []byte) (int, error) {
	for rest := p; len(rest) > 0; {
		b := <-x.free
		*b = (*b)[:copy((*b)[:cap(*b)], rest)]
		rest = rest[len(*b):]
		x.work <- b
	}
	return len(p), nil
}

// Facts waits for the inspector to take every byte written and says what they show.
func (x *inspection) Facts() filesignals.Facts {
	x.close()
	return x.in.Facts()
}

// close ends the inspection and gives its buffers back; Write must not be called after it. It may
// be called more than once, so that a failed upload can defer it.
func (x *inspection) close() {
	x.stop.Do(func() {
		close(x.work)
		<-x.done
		for range inspectionDepth {
			inspectionBuffers.Put(<-x.free)
		}
	})
}
