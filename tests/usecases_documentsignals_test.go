package tests

import (
	"bytes"
	"net/http"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
	fs "github.com/tttverify/tttverify/domain/filesignals/filesignalstest"
)

// draftOf creates a verification of c's account with the company section saved under name.
func draftOf(t *testing.T, c *client, name string) api.Verification {
	t.Helper()
	var v api.Verification
	c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "top"}).JSON(t, &v)
	body := map[string]string{}
	for k, val := range companyBody {
		body[k] = val
	}
	body["companyName"] = name
	c.must(http.StatusOK, "POST", "/api/verifications/"+itoa(v.ID)+"/company-info", body)
	return v
}

// uploadAdditional uploads a file as an additional document and returns its id.
func uploadAdditional(t *testing.T, c *client, v api.Verification, name string, content []byte) int64 {
	t.Helper()
	r := c.upload("/api/verifications/"+itoa(v.ID)+"/documents", name, content, map[string]string{"type": "additional"})
	if r.Status != http.StatusCreated {
		t.Fatalf("upload %s: %d %s", name, r.Status, r.Body)
	}
	var d api.Document
	r.JSON(t, &d)
	return d.ID
}

// reviewFlags are the flags the administrators' document list shows, by document id.
func reviewFlags(t *testing.T, adm *client, v api.Verification) map[int64][]api.DocumentFlag {
	t.Helper()
	var docs []api.AdminDocument
	adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(v.ID)+"/documents", nil).JSON(t, &docs)
	out := map[int64][]api.DocumentFlag{}
	for _, d := range docs {
		if d.Flags == nil {
			t.Fatalf("document %d: flags is null, want a list", d.ID)
		}
		out[d.ID] = d.Flags
	}
	return out
}

func flagKinds(flags []api.DocumentFlag) string {
	var k []string
	for _, f := range flags {
		k = append(k, f.Kind)
	}
	return strings.Join(k, ",")
}

// TestDocumentSignals: the reviewer sees the same file in another company's verification on both
// sides, PDFs changed after they were made and images from editing software; the applicant sees
// none of it, and no file, however broken, makes the server fail.
func TestDocumentSignals(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		alice, bob := e.register(t, "alice@acme.example"), e.register(t, "bob@borealis.example")
		adm := e.admin(t)
		acme, borealis := draftOf(t, alice, "Acme Metals Ltd"), draftOf(t, bob, "Borealis Trading GmbH")
		acmeRenewal := draftOf(t, alice, "Acme Metals Ltd")

		shared := fs.PDF{Title: "registry extract", Created: "D:20260301120000Z", Modified: "D:20260301120000Z"}.Bytes()
		acmeShared := uploadAdditional(t, alice, acme, "extract.pdf", shared)
		renewalShared := uploadAdditional(t, alice, acmeRenewal, "extract.pdf", shared)
		bobShared := uploadAdditional(t, bob, borealis, "registry.pdf", shared)
		uploadAdditional(t, bob, borealis, "registry-again.pdf", shared) // named once in acme's review

		// Both reviews name the other company's verification; alice's own other verification does not count.
		sameAs := func(others ...api.Verification) string {
			var lines []string
			for _, o := range others {
				company := "Acme Metals Ltd"
				if o.ID == borealis.ID {
					company = "Borealis Trading GmbH"
				}
				lines = append(lines, "same_file_elsewhere "+itoa(o.ID)+": The same file was uploaded in verification "+itoa(o.ID)+" ("+company+") of another account on 22 Nov 2026")
			}
			return strings.Join(lines, "\n")
		}
		for _, c := range []struct {
			v      api.Verification
			doc    int64
			others []api.Verification
		}{{acme, acmeShared, []api.Verification{borealis}}, {acmeRenewal, renewalShared, []api.Verification{borealis}},
			{borealis, bobShared, []api.Verification{acme, acmeRenewal}}} {
			var got []string
			for _, f := range reviewFlags(t, adm, c.v)[c.doc] {
				id := int64(0)
				if f.VerificationID != nil {
					id = *f.VerificationID
				}
				got = append(got, f.Kind+" "+itoa(id)+": "+f.Message)
			}
			if want := sameAs(c.others...); strings.Join(got, "\n") != want {
				t.Errorf("verification %d: flags\n%s\nwant\n%s", c.v.ID, strings.Join(got, "\n"), want)
			}
		}

		// The applicant's own document list carries no flags, nor the other verification.
		mine := alice.must(http.StatusOK, "GET", "/api/verifications/"+itoa(acme.ID)+"/documents", nil)
		if bytes.Contains(mine.Body, []byte("flags")) || bytes.Contains(mine.Body, []byte("same_file")) || bytes.Contains(mine.Body, []byte("Borealis")) {
			t.Errorf("applicant's documents show the reviewer's flags: %s", mine.Body)
		}

		// A PDF changed after it was made, an edited photo; clean files have no flags.
		cases := []struct{ name, file, want string }{
			{"updated.pdf", string(fs.PDF{Title: "updated", Updates: 1}.Bytes()), "incremental_updates"},
			{"redated.pdf", string(fs.PDF{Title: "redated", Created: "D:20240105100000Z", Modified: "D:20260110093000Z"}.Bytes()), "modified_after_creation"},
			{"photo.jpg", string(fs.JPEG("Adobe Photoshop 25.0 (Windows)", "")), "editing_software"},
			{"clean.pdf", string(fs.PDF{Title: "clean", Created: "D:20240105100000Z", Modified: "D:20240105100000Z"}.Bytes()), ""},
			{"camera.jpg", string(fs.JPEG("Canon EOS R5 Firmware 1.8.1", "")), ""},
			{"scan.png", string(fs.PNG("")), ""},
		}
		ids := map[string]int64{}
		for _, c := range cases {
			ids[c.name] = uploadAdditional(t, bob, borealis, c.name, []byte(c.file))
		}
		flags := reviewFlags(t, adm, borealis)
		for _, c := range cases {
			if got := flagKinds(flags[ids[c.name]]); got != c.want {
				t.Errorf("%s: flags %q (%+v), want %q", c.name, got, flags[ids[c.name]], c.want)
			}
		}
		if f := flags[ids["redated.pdf"]]; len(f) == 1 && f[0].Message != "Modified after it was created: the PDF says it was created 5 Jan 2024 10:00 UTC and modified 10 Jan 2026 09:30 UTC" {
			t.Errorf("redated message: %q", f[0].Message)
		}
		if f := flags[ids["photo.jpg"]]; len(f) == 1 && f[0].Message != `Made or edited with image software: the file's metadata names "Adobe Photoshop 25.0 (Windows)"` {
			t.Errorf("photo message: %q", f[0].Message)
		}
		theirs := bob.must(http.StatusOK, "GET", "/api/verifications/"+itoa(borealis.ID)+"/documents", nil)
		if bytes.Contains(theirs.Body, []byte("flags")) || bytes.Contains(theirs.Body, []byte("Photoshop")) {
			t.Errorf("applicant's documents show the reviewer's flags: %s", theirs.Body)
		}

		// Broken and hostile files: stored or refused, never a server error, and the review still reads.
		good := fs.PDF{Title: "hostile", Created: "D:20240105100000Z", Modified: "D:20250105100000Z", Updates: 1}.Bytes()
		jpg := fs.JPEG("GIMP 2.10", "")
		hostile := [][]byte{
			good[:len(good)/2], good[:9], jpg[:len(jpg)/3], jpg[:5],
			[]byte("\xff\xd8\xff\xe1\xff\xffExif\x00\x00MM\x00*\xff\xff\xff\xf0"),
			append([]byte("\x89PNG\r\n\x1a\n\xff\xff\xff\xfftEXt"), bytes.Repeat([]byte{'a'}, 64)...),
			[]byte("%PDF-1.4 /CreationDate (D:9999 /ModDate <FEFF00 trailer /Prev xmp:CreateDate=\""),
			append([]byte("%PDF-"), bytes.Repeat([]byte("%%EOF trailer /Prev 1 startxref "), 5000)...),
		}
		for i, b := range hostile {
			r := bob.upload("/api/verifications/"+itoa(borealis.ID)+"/documents", "hostile.bin", b, map[string]string{"type": "additional"})
			if r.Status >= 500 {
				t.Errorf("hostile file %d: %d %s", i, r.Status, r.Body)
			}
		}
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(borealis.ID)+"/documents", nil)
	})
}
