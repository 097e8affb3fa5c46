package persistencetest

import (
	"errors"
	"testing"
	"time"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// runFollowers: a pending follower gets a new link while unconfirmed and keeps its confirmation
// once confirmed; a link confirms until it expires; only confirmed followers are listed and counted;
// any of a follower's unsubscribe tokens deletes it with all its tokens, once.
func runFollowers(t *testing.T, open Open) {
	f := newFixture(t, open)
	store, ctx := f.r.Followers, f.ctx
	v := f.in(f.user("owner@acme.test"), verification.Basic, verification.Approved)
	now := f.tick()
	day := now.Add(24 * time.Hour)

	id, err := store.Pending(ctx, v.ID(), "a@buyer.test", "hash-a1", day, now)
	if err != nil {
		t.Fatal(err)
	}
	again, err := store.Pending(ctx, v.ID(), "a@buyer.test", "hash-a2", day, now) // a new link, the same follower
	if err != nil || again != id {
		t.Fatalf("second pending: %d %v, want %d", again, err, id)
	}
	if _, err := store.Confirm(ctx, "hash-a1", now); !errors.Is(err, application.ErrNotFound) {
		t.Errorf("the superseded link confirmed: %v", err)
	}
	if _, err := store.Pending(ctx, v.ID(), "b@buyer.test", "hash-b", now.Add(time.Minute), now); err != nil {
		t.Fatal(err)
	}
	if _, err := store.Confirm(ctx, "hash-b", now.Add(time.Hour)); !errors.Is(err, application.ErrNotFound) {
		t.Errorf("an expired link confirmed: %v", err)
	}
	a, err := store.Confirm(ctx, "hash-a2", now)
	if err != nil || a.ID != id || a.Email != "a@buyer.test" || a.ConfirmedAt == nil {
		t.Fatalf("confirm: %+v %v", a, err)
	}
	if again, _ := store.Pending(ctx, v.ID(), "a@buyer.test", "hash-a3", day, now); again != id {
		t.Errorf("pending again for a confirmed follower: %d", again)
	}
	if found, err := store.Find(ctx, v.ID(), "a@buyer.test"); err != nil || found.ConfirmedAt == nil {
		t.Errorf("a confirmed follower lost its confirmation: %+v %v", found, err)
	}
	confirmed, err := store.Confirmed(ctx, v.ID())
	if n, _ := store.Count(ctx, v.ID()); err != nil || len(confirmed) != 1 || confirmed[0].ID != id || n != 1 {
		t.Errorf("confirmed %+v (%v), count %d: want only a", confirmed, err, n)
	}

	for _, h := range []string{"unsub-1", "unsub-2"} {
		if err := store.AddUnsubscribe(ctx, id, h, now); err != nil {
			t.Fatal(err)
		}
	}
	if removed, err := store.Unsubscribe(ctx, "unsub-2"); err != nil || !removed {
		t.Fatalf("unsubscribe: %v %v", removed, err)
	}
	if removed, err := store.Unsubscribe(ctx, "unsub-1"); err != nil || removed {
		t.Errorf("the older message's token unsubscribed again: %v %v", removed, err)
	}
	if _, err := store.Find(ctx, v.ID(), "a@buyer.test"); !errors.Is(err, application.ErrNotFound) {
		t.Errorf("the address stays after unsubscribing: %v", err)
	}
	if n, _ := store.Count(ctx, v.ID()); n != 0 {
		t.Errorf("count after unsubscribing %d", n)
	}
}
