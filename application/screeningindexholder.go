package application

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
)

// ScreeningIndexHolder keeps the in-memory index over the lists in force. A rebuild reads the
// entries and builds a new index beside the old one, then swaps a pointer: searches running
// during an import keep using the old index and never wait. Another process (the `screening`
// subcommand, another server) may import too, so searches check now and then whether the lists
// in force changed and rebuild in the background when they did.
type ScreeningIndexHolder struct {
	lists      ScreeningLists
	build      IndexBuilder
	log        *slog.Logger
	checkEvery time.Duration

	current   atomic.Pointer[indexSnapshot]
	used      atomic.Bool  // a server builds the index; a one-off import from the command line does not
	rebuildMu sync.Mutex   // one rebuild at a time
	checkedAt atomic.Int64 // unix nanoseconds of the last check for imports elsewhere
}

// indexSnapshot is an index with the list versions it was built from.
type indexSnapshot struct {
	index    ScreeningIndex
	versions []ListVersion
	key      string // the versions' ids, to notice a change
	// checks says which lists hold sanctions and which PEP entries (a FollowTheMoney file may
	// hold either or both): a check without a list of its kind cannot run.
	checks map[screening.Source]map[screening.CheckKind]bool
}

// NewScreeningIndexHolder returns a holder that builds indexes with build. checkEvery bounds how
// stale an index may be after an import in another process (0: check before every search).
func NewScreeningIndexHolder(lists ScreeningLists, build IndexBuilder, checkEvery time.Duration, log *slog.Logger) *ScreeningIndexHolder {
	return &ScreeningIndexHolder{lists: lists, build: build, checkEvery: checkEvery, log: log}
}

// Rebuild builds the index from the lists in force and swaps it in.
func (h *ScreeningIndexHolder) Rebuild(ctx context.Context) error {
	h.used.Store(true)
	h.rebuildMu.Lock()
	defer h.rebuildMu.Unlock()
	return h.rebuildLocked(ctx)
}

func (h *ScreeningIndexHolder) rebuildLocked(ctx context.Context) error {
	versions, err := h.lists.AllInForce(ctx)
	if err != nil {
		return fmt.Errorf("read the lists in force: %w", err)
	}
	key := versionsKey(versions)
	if cur := h.current.Load(); cur != nil && cur.key == key {
		return nil
	}
	ids := make([]int64, len(versions))
	for i, v := range versions {
		ids[i] = v.ID
	}
	// The entries of a version never change, so reading them by version id after reading the
	// versions gives a consistent set even while another import commits.
	entries, err := h.lists.Entries(ctx, ids...)
	if err != nil {
		return fmt.Errorf("read the entries in force: %w", err)
	}
	started := time.Now()
	checks := map[screening.Source]map[screening.CheckKind]bool{}
	for i := range entries {
		src := entries[i].Source
		if checks[src] == nil {
			checks[src] = map[screening.CheckKind]bool{}
		}
		checks[src][screening.CheckOf(&entries[i])] = true
	}
	snap := &indexSnapshot{index: h.build(entries), versions: versions, key: key, checks: checks}
	h.current.Store(snap)
	h.checkedAt.Store(time.Now().UnixNano())
	if h.log != nil {
		h.log.Info("screening index built", "entries", len(entries), "lists", len(versions), "took", time.Since(started).String())
	}
	return nil
}

// rebuildIfUsed rebuilds the index after an import, unless nothing in this process searches.
func (h *ScreeningIndexHolder) rebuildIfUsed(ctx context.Context) error {
	if !h.used.Load() {
		return nil
	}
	return h.Rebuild(ctx)
}

// snapshot returns the current index, building the first one, and starts a background rebuild
// when the lists in force changed elsewhere since the last check.
func (h *ScreeningIndexHolder) snapshot(ctx context.Context) (*indexSnapshot, error) {
	cur := h.current.Load()
	if cur == nil {
		if err := h.Rebuild(ctx); err != nil {
			return nil, err
		}
		return h.current.Load(), nil
	}
	last := h.checkedAt.Load()
	if time.Since(time.Unix(0, last)) < h.checkEvery || !h.checkedAt.CompareAndSwap(last, time.Now().UnixNano()) {
		return cur, nil
	}
	versions, err := h.lists.AllInForce(ctx)
	if err != nil {
		return cur, nil // the index in memory still answers; the next search checks again
	}
	if versionsKey(versions) != cur.key && h.rebuildMu.TryLock() {
		go func() {
			defer h.rebuildMu.Unlock()
			if err := h.rebuildLocked(context.WithoutCancel(ctx)); err != nil && h.log != nil {
				h.log.Error("rebuild screening index", "error", err)
			}
		}()
	}
	return cur, nil
}

// upToDate returns an index over exactly the lists in force now, rebuilding it first when an
// import (here or in another process) changed them: a screening run must name the versions it used.
func (h *ScreeningIndexHolder) upToDate(ctx context.Context) (*indexSnapshot, error) {
	if err := h.Rebuild(ctx); err != nil {
		return nil, err
	}
	return h.current.Load(), nil
}

func versionsKey(vs []ListVersion) string {
	ids := make([]string, len(vs))
	for i, v := range vs {
		ids[i] = strconv.FormatInt(v.ID, 10)
	}
	sort.Strings(ids)
	return strings.Join(ids, ",")
}
