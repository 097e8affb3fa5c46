package application

import (
	"testing"
	"time"

	"github.com/tttverify/tttverify/domain/verification"
)

// A cache that is never full still drops what nobody read within the TTL, so that a long-running
// server holds the certificates read recently, not every one ever read.
func TestPublicCacheDropsExpiredEntries(t *testing.T) {
	start := time.Date(2026, 11, 24, 9, 0, 0, 0, time.UTC)
	c := NewPublicCache(time.Minute, 100)
	for i := range 10 {
		v, err := verification.New(int64(i+1), verification.Basic, start)
		if err != nil {
			t.Fatal(err)
		}
		c.put(&publicEntry{v: v, cert: PublicCertificate{PublicID: v.PublicID()}, loaded: start}, c.generation())
	}
	later := start.Add(2 * time.Minute)
	v, _ := verification.New(99, verification.Basic, later)
	c.put(&publicEntry{v: v, cert: PublicCertificate{PublicID: v.PublicID()}, loaded: later}, c.generation())
	if n := len(c.m); n != 1 {
		t.Fatalf("%d entries after the TTL, want only the one just read", n)
	}
	if _, ok := c.m[v.PublicID()]; !ok {
		t.Fatal("the fresh entry was dropped")
	}
}
