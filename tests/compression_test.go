package tests

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// fetch sends a GET with an explicit Accept-Encoding, which keeps Go's client from decompressing
// the body itself, and returns the body as it came over the wire.
func (c *client) fetch(path, acceptEncoding string) response {
	c.t.Helper()
	req, err := http.NewRequest(http.MethodGet, c.base+path, nil)
	if err != nil {
		c.t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", acceptEncoding)
	res, err := c.http.Do(req)
	if err != nil {
		c.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return response{Status: res.StatusCode, Body: b, Header: res.Header}
}

// TestJSONResponsesAreCompressed: the API's JSON goes out gzipped to a browser that accepts it
// (saying it varies with Accept-Encoding), and as it is to a client that does not; PDFs,
// compressed already, are never gzipped again.
func TestJSONResponsesAreCompressed(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "gzip@acme.example")
		v := e.inReview(t, c, "basic")
		e.admin(t).must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
		path := "/api/verifications/" + itoa(v.ID)

		zipped := c.fetch(path, "gzip, deflate, br")
		if zipped.Status != http.StatusOK || zipped.Header.Get("Content-Encoding") != "gzip" ||
			!strings.Contains(zipped.Header.Get("Vary"), "Accept-Encoding") {
			t.Fatalf("%s: %d, Content-Encoding %q, Vary %q", path, zipped.Status, zipped.Header.Get("Content-Encoding"), zipped.Header.Get("Vary"))
		}
		zr, err := gzip.NewReader(bytes.NewReader(zipped.Body))
		if err != nil {
			t.Fatal(err)
		}
		unzipped, err := io.ReadAll(zr)
		if err != nil {
			t.Fatal(err)
		}
		plain := c.fetch(path, "identity")
		if plain.Header.Get("Content-Encoding") != "" || !bytes.Equal(plain.Body, unzipped) {
			t.Fatalf("identity: Content-Encoding %q; bodies differ:\n%s\n%s", plain.Header.Get("Content-Encoding"), plain.Body, unzipped)
		}
		// The plain answer suits every client, so a cache may give it to any: it varies on nothing.
		if vary := plain.Header.Values("Vary"); len(vary) != 0 {
			t.Errorf("identity answer: Vary %q, want none", vary)
		}
		var got api.Verification
		if err := json.Unmarshal(unzipped, &got); err != nil || got.PublicID != v.PublicID {
			t.Fatalf("decompressed %s: %v", unzipped, err)
		}

		cert := c.fetch(path+"/certificate", "gzip, br")
		if cert.Status != http.StatusOK || cert.Header.Get("Content-Encoding") != "" || !bytes.HasPrefix(cert.Body, []byte("%PDF-")) {
			t.Fatalf("certificate: %d, Content-Encoding %q, starts %q", cert.Status, cert.Header.Get("Content-Encoding"), cert.Body[:min(8, len(cert.Body))])
		}
	})
}
