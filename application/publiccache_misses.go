package application

import (
	"context"
	"sync"
	"time"
)

// Bounds of the reads of certificates missing from the public cache.
const (
	// missReaders is how many reads may be in flight at once: a few, so that a lone miss is read at
	// once while misses arriving together wait for the next read rather than each taking a
	// database connection of its own.
	missReaders = 4
	// missBatch is the most certificates one read asks for.
	missBatch = 100
	// missReadTimeout bounds one read; the requests waiting for it have their own deadlines too.
	missReadTimeout = 30 * time.Second
)

// publicMisses reads the certificates missing from the public cache, gathering the misses that
// arrive while earlier ones are being read into one read of the database. After a start or a
// change of lists, every request of a busy public page misses at once: read one by one, each took
// a database round trip or three (a Top certificate's checks), and the first pass ran at half the
// steady rate. A miss that finds a reader free is read at once, so nothing waits when it is quiet.
type publicMisses struct {
	// read returns what it found for each of publicIDs; an id it leaves out is ErrNotFound.
	read func(ctx context.Context, publicIDs []string) map[string]missResult

	mu      sync.Mutex
	queued  map[string][]chan missResult // by public id: the requests waiting for the next read
	readers int                          // reads in flight
}

// missResult is what one read found for a public id: its entry, or why there is none.
type missResult struct {
	entry *publicEntry
	err   error
}

func newPublicMisses(read func(ctx context.Context, publicIDs []string) map[string]missResult) *publicMisses {
	return &publicMisses{read: read, queued: map[string][]chan missResult{}}
}

// get returns what a read of the database finds for publicID. When fewer than missReaders reads
// are in flight, the request reads at once, itself, with whatever else is queued; a read started
// on another goroutine cost a handoff each way, a sixth of the first pass's rate at six connections.
// Otherwise it waits for the next read.
func (m *publicMisses) get(ctx context.Context, publicID string) (*publicEntry, error) {
	answer := make(chan missResult, 1) // the reader never waits for a request that gave up
	m.mu.Lock()
	m.queued[publicID] = append(m.queued[publicID], answer)
	lead := m.readers < missReaders
	if lead {
		m.readers++
	}
	m.mu.Unlock()
	if lead {
		// The read serves the requests queued behind this one too: it keeps this request's values
		// (no transaction: public reads have none), not its cancellation.
		base := context.WithoutCancel(ctx)
		if batch := m.take(); batch != nil {
			m.readBatch(base, batch)
			m.handOn(base)
		}
	}
	select {
	case r := <-answer:
		return r.entry, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// handOn leaves what was queued meanwhile to a reader of its own, so that the request that read
// last answers now; with nothing queued the read is over.
func (m *publicMisses) handOn(base context.Context) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.queued) == 0 {
		m.readers--
		return
	}
	go m.readQueued(base)
}

// readQueued reads what is queued, a batch at a time, until nothing is.
func (m *publicMisses) readQueued(base context.Context) {
	for batch := m.take(); batch != nil; batch = m.take() {
		m.readBatch(base, batch)
	}
}

// readBatch reads the public ids of batch and answers each request waiting for one.
func (m *publicMisses) readBatch(base context.Context, batch map[string][]chan missResult) {
	ids := make([]string, 0, len(batch))
	for id := range batch {
		ids = append(ids, id)
	}
	ctx, cancel := context.WithTimeout(base, missReadTimeout)
	found := m.read(ctx, ids)
	cancel()
	for id, waiting := range batch {
		r, ok := found[id]
		if !ok {
			r.err = ErrNotFound
		}
		for _, answer := range waiting {
			answer <- r
		}
	}
}

// take removes up to missBatch public ids from the queue with their requests; nil when the queue
// is empty, and then this reader is done.
func (m *publicMisses) take() map[string][]chan missResult {
	m.mu.Lock()
	defer m.mu.Unlock()
	if len(m.queued) == 0 {
		m.readers--
		return nil
	}
	if len(m.queued) <= missBatch {
		batch := m.queued
		m.queued = map[string][]chan missResult{}
		return batch
	}
	batch := make(map[string][]chan missResult, missBatch)
	for id, waiting := range m.queued {
		if len(batch) == missBatch {
			break
		}
		batch[id] = waiting
		delete(m.queued, id)
	}
	return batch
}
