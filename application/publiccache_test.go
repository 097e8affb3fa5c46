package application

import (
	"sync"
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

// A rendition is made once per key and served as made after that; the same form under another
// live status is another rendition, so a certificate that expires while cached is shown expired.
func TestRenditionsAreMadeOncePerKey(t *testing.T) {
	var r Renditions
	made := 0
	build := func(body string) func() (Rendition, error) {
		return func() (Rendition, error) {
			made++
			return Rendition{Body: []byte(body)}, nil
		}
	}
	valid := RenditionKey{Form: "page", Status: verification.CertificateValid}
	expired := RenditionKey{Form: "page", Status: verification.CertificateExpired}
	for range 3 {
		got, err := r.Get(valid, build("valid"))
		if err != nil || string(got.Body) != "valid" {
			t.Fatalf("Get(valid) = %q, %v", got.Body, err)
		}
	}
	got, _ := r.Get(expired, build("expired"))
	if string(got.Body) != "expired" {
		t.Fatalf("Get(expired) = %q, want the expired rendition", got.Body)
	}
	if got, _ := r.Get(valid, build("again")); string(got.Body) != "valid" {
		t.Fatalf("Get(valid) after another key = %q", got.Body)
	}
	if made != 2 {
		t.Fatalf("made %d renditions, want one per key (2)", made)
	}
}

// Readers running while renditions are added all see one rendition per key.
func TestRenditionsUnderConcurrentReaders(t *testing.T) {
	var r Renditions
	keys := []RenditionKey{{Form: "a"}, {Form: "b"}, {Form: "c", Status: verification.CertificateRevoked}}
	var wg sync.WaitGroup
	for i := range 16 {
		wg.Go(func() {
			k := keys[i%len(keys)]
			got, err := r.Get(k, func() (Rendition, error) { return Rendition{Body: []byte(k.Form)}, nil })
			if err != nil || string(got.Body) != k.Form {
				t.Errorf("Get(%v) = %q, %v", k, got.Body, err)
			}
		})
	}
	wg.Wait()
	if n := len(*r.kept.Load()); n != len(keys) {
		t.Fatalf("%d renditions kept, want %d", n, len(keys))
	}
}
