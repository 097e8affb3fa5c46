package application

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"
)

// slowReads is a read of the database for publicMisses that holds each read until released and
// records which ids each read asked for. It finds every id but "unknown".
type slowReads struct {
	release chan struct{}
	mu      sync.Mutex
	reads   [][]string
}

func (r *slowReads) read(_ context.Context, ids []string) map[string]missResult {
	r.mu.Lock()
	r.reads = append(r.reads, slices.Sorted(slices.Values(ids)))
	r.mu.Unlock()
	<-r.release
	out := map[string]missResult{}
	for _, id := range ids {
		if id != "unknown" {
			out[id] = missResult{entry: &publicEntry{cert: PublicCertificate{PublicID: id}}}
		}
	}
	return out
}

func (r *slowReads) count() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.reads)
}

// waitFor polls cond for up to five seconds.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); !cond(); time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// Misses arriving while every reader is busy are read together in one read, each request gets its
// own certificate (two requests for one certificate share it), and an id the read did not find is
// ErrNotFound. A lone miss is read at once.
func TestPublicMissesArrivingTogetherAreReadTogether(t *testing.T) {
	reads := &slowReads{release: make(chan struct{})}
	m := newPublicMisses(reads.read)
	type answer struct {
		id  string
		got *publicEntry
		err error
	}
	answers := make(chan answer, 32)
	ask := func(id string) {
		go func() {
			e, err := m.get(context.Background(), id)
			answers <- answer{id, e, err}
		}()
	}
	for i := range missReaders {
		ask(fmt.Sprint("first-", i))
		waitFor(t, "a read per reader", func() bool { return reads.count() == i+1 })
	}
	later := []string{"later-0", "later-1", "later-1", "later-2", "unknown"}
	for _, id := range later {
		ask(id)
	}
	waitFor(t, "the later misses to queue", func() bool {
		m.mu.Lock()
		defer m.mu.Unlock()
		n := 0
		for _, waiting := range m.queued {
			n += len(waiting)
		}
		return n == len(later)
	})
	close(reads.release)
	for range missReaders + len(later) {
		a := <-answers
		switch {
		case a.id == "unknown":
			if !errors.Is(a.err, ErrNotFound) {
				t.Errorf("unknown certificate: %v, %v; want not found", a.got, a.err)
			}
		case a.err != nil || a.got == nil || a.got.cert.PublicID != a.id:
			t.Errorf("%s: %+v, %v", a.id, a.got, a.err)
		}
	}
	reads.mu.Lock()
	got := reads.reads
	reads.mu.Unlock()
	if want := []string{"later-0", "later-1", "later-2", "unknown"}; len(got) != missReaders+1 || !slices.Equal(got[missReaders], want) {
		t.Errorf("reads %v, want one per reader then one of %v", got, want)
	}
	waitFor(t, "the readers to finish", func() bool {
		m.mu.Lock()
		defer m.mu.Unlock()
		return m.readers == 0
	})
	if e, err := m.get(context.Background(), "alone"); err != nil || e.cert.PublicID != "alone" {
		t.Errorf("a lone miss: %+v, %v", e, err)
	}
}

// A request that gives up while it waits for a read returns at once, and the reads still serve
// the others.
func TestPublicMissesLetARequestGiveUp(t *testing.T) {
	reads := &slowReads{release: make(chan struct{})}
	m := newPublicMisses(reads.read)
	served := make(chan error, missReaders)
	for i := range missReaders {
		go func() {
			_, err := m.get(context.Background(), fmt.Sprint("reading-", i))
			served <- err
		}()
		waitFor(t, "a read per reader", func() bool { return reads.count() == i+1 })
	}
	ctx, cancel := context.WithCancel(context.Background())
	gaveUp := make(chan error, 1)
	go func() {
		_, err := m.get(ctx, "impatient")
		gaveUp <- err
	}()
	waitFor(t, "the request to queue", func() bool {
		m.mu.Lock()
		defer m.mu.Unlock()
		return len(m.queued) == 1
	})
	cancel()
	if err := <-gaveUp; !errors.Is(err, context.Canceled) {
		t.Fatalf("gave up with %v, want context.Canceled", err)
	}
	close(reads.release)
	for range missReaders {
		if err := <-served; err != nil {
			t.Errorf("a request read meanwhile: %v", err)
		}
	}
	if e, err := m.get(context.Background(), "patient"); err != nil || e.cert.PublicID != "patient" {
		t.Errorf("the next request: %+v, %v", e, err)
	}
}
