package tests

import (
	"bytes"
	"io"
	"mime"
	"net/http"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestBadInputChangesNothing sends malformed and hostile requests; each gets a clear error and leaves
// the database and the blob store as they were.
func TestBadInputChangesNothing(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "bad@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		base := "/api/verifications/" + itoa(v.ID)
		docs, objects := e.documentCount(t), e.objectCount(t)

		cases := []struct {
			name       string
			send       func() response
			status     int
			msgContain string
		}{
			{"malformed JSON", func() response {
				return c.raw("POST", base+"/company-info", "application/json", strings.NewReader(`{"companyName":`))
			}, 400, "Invalid JSON"},
			{"unknown field", func() response {
				return c.do("POST", base+"/trade-info", map[string]string{"productsTraded": "Oil", "incoterms": "FOB", "isAdmin": "true"})
			}, 400, "unknown field"},
			{"wrong content type", func() response {
				return c.raw("POST", base+"/trade-info", "text/plain", strings.NewReader(`{}`))
			}, 415, "application/json"},
			{"unknown tier", func() response { return c.do("POST", "/api/verifications", map[string]string{"tier": "gold"}) }, 400, "Tier must be basic or top"},
			{"non-numeric id", func() response { return c.do("GET", "/api/verifications/abc", nil) }, 400, "Invalid id"},
			{"negative id", func() response { return c.do("GET", "/api/verifications/-1", nil) }, 400, "Invalid id"},
			{"huge page", func() response { return c.do("GET", "/api/verifications?page=9223372036854775807", nil) }, 400, "page must be"},
			{"page past the cap", func() response { return c.do("GET", "/api/verifications?page=1000001&pageSize=100", nil) }, 400, "page must be"},
			{"unknown id", func() response { return c.do("GET", "/api/verifications/999999", nil) }, 404, "Not found"},
			{"body over the limit", func() response {
				big := `{"productsTraded":"` + strings.Repeat("x", 70<<10) + `","incoterms":"FOB"}`
				return c.raw("POST", base+"/trade-info", "application/json", strings.NewReader(big))
			}, 413, "too large"},
			{"field too long", func() response {
				return c.do("POST", base+"/trade-info", map[string]string{"productsTraded": strings.Repeat("x", 301), "incoterms": "FOB"})
			}, 400, "at most 300"},
			{"missing required fields", func() response { return c.do("POST", base+"/company-info", map[string]string{}) }, 400, ""},
			{"empty multipart", func() response {
				return c.raw("POST", base+"/documents", "multipart/form-data; boundary=x", strings.NewReader("--x--\r\n"))
			}, 400, "Choose a file"},
			{"not multipart", func() response { return c.do("POST", base+"/documents", map[string]string{"type": "additional"}) }, 400, "multipart"},
			{"executable renamed .pdf", func() response {
				return c.upload(base+"/documents", "invoice.pdf", exeFile, map[string]string{"type": "business_license"})
			}, 415, "Only PDF, JPG, and PNG files are allowed"},
			{"HTML declared as PDF", func() response {
				return c.upload(base+"/documents", "x.pdf", []byte("<html><script>alert(1)</script>"), map[string]string{"type": "additional"})
			}, 415, "Only PDF"},
			{"empty file", func() response {
				return c.upload(base+"/documents", "x.pdf", nil, map[string]string{"type": "additional"})
			}, 400, "empty"},
			{"unknown document type", func() response {
				return c.upload(base+"/documents", "x.pdf", pdfFile, map[string]string{"type": "../../etc"})
			}, 400, "document type"},
			{"passport through the documents slot", func() response {
				return c.upload(base+"/documents", "x.pdf", pdfFile, map[string]string{"type": "passport"})
			}, 400, "document type"},
			{"31 MB file", func() response {
				big := append(append([]byte{}, pdfFile...), bytes.Repeat([]byte{'0'}, 31<<20)...)
				return c.upload(base+"/documents", "big.pdf", big, map[string]string{"type": "additional"})
			}, 413, "30MB"},
			{"31 MB file streamed without a length", func() response {
				return c.streamUpload(base+"/documents", "big.pdf", 31<<20)
			}, 413, "30MB"},
			{"unexpected form field", func() response {
				return c.upload(base+"/documents", "x.pdf", pdfFile, map[string]string{"type": "additional", "note": "hi"})
			}, 400, `Unexpected form field "note"`},
			{"field on an upload that takes none", func() response {
				return c.upload(base+"/banking-info/reference", "x.pdf", pdfFile, map[string]string{"type": "additional"})
			}, 400, `Unexpected form field "type"`},
			{"repeated form field", func() response {
				body := "--b\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nadditional\r\n" +
					"--b\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nadditional\r\n--b--\r\n"
				return c.raw("POST", base+"/documents", "multipart/form-data; boundary=b", strings.NewReader(body))
			}, 400, `"type" is repeated`},
			{"form field over 1 KB", func() response {
				return c.upload(base+"/documents", "x.pdf", pdfFile, map[string]string{"type": strings.Repeat("a", 2000)})
			}, 400, "too long"},
			{"passport for a representative that does not exist", func() response {
				return c.upload(base+"/representatives/424242/passport", "p.pdf", pdfFile, nil)
			}, 404, ""},
			{"submit incomplete", func() response { return c.do("POST", base+"/submit", nil) }, 422, "company information"},
			{"resubmit a draft", func() response { return c.do("POST", base+"/resubmit", nil) }, 409, "cannot resubmit"},
		}
		for _, tc := range cases {
			r := tc.send()
			if r.Status != tc.status {
				t.Errorf("%s: status %d, want %d (%s)", tc.name, r.Status, tc.status, r.Body)
				continue
			}
			msg, _ := r.Map(t)["message"].(string)
			if msg == "" || !strings.Contains(msg, tc.msgContain) {
				t.Errorf("%s: message %q, want it to contain %q", tc.name, msg, tc.msgContain)
			}
		}
		if e.documentCount(t) != docs || e.objectCount(t) != objects {
			t.Errorf("documents %d->%d, objects %d->%d after refused requests", docs, e.documentCount(t), objects, e.objectCount(t))
		}
		var after api.Verification
		c.must(http.StatusOK, "GET", base, nil).JSON(t, &after)
		if after.Status != "draft" || after.Progress != 0 {
			t.Errorf("verification changed: %+v", after)
		}
	})
}

// TestFieldErrorsUseSpecMessages checks the server's messages match spec section 5.
func TestFieldErrorsUseSpecMessages(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "fields@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "top"}).JSON(t, &v)
		base := "/api/verifications/" + itoa(v.ID)
		var body struct{ Errors map[string]string }
		c.must(http.StatusBadRequest, "POST", base+"/banking-info", map[string]string{"bankName": "  "}).JSON(t, &body)
		if body.Errors["bankName"] != "Bank name is required" || body.Errors["swiftCode"] != "SWIFT/BIC code is required" {
			t.Errorf("banking errors %v", body.Errors)
		}
		c.must(http.StatusBadRequest, "POST", base+"/representatives", map[string]string{"email": "nope"}).JSON(t, &body)
		if body.Errors["email"] != "Invalid email address" || body.Errors["passportNumber"] != "Passport/ID number is required" {
			t.Errorf("representative errors %v", body.Errors)
		}
		anon := e.client(t)
		anon.must(http.StatusBadRequest, "POST", "/api/register", map[string]string{"email": "x", "password": "123"}).JSON(t, &body)
		if body.Errors["email"] != "Please enter a valid email" || body.Errors["password"] != "Password must be at least 6 characters" {
			t.Errorf("register errors %v", body.Errors)
		}
	})
}

// TestFilenamesKeepTheirScript: a name in any script is stored and shown as given, less control,
// format and path characters; the download names it in Content-Disposition through filename*
// (RFC 5987) with an ASCII fallback (non-ASCII stripped, spec section 5), and the object key is ASCII.
func TestFilenamesKeepTheirScript(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "names@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		for _, tc := range []struct{ sent, stored, fallback string }{
			{"évidence.pdf", "évidence.pdf", "vidence.pdf"},
			{"Ünçdé договор №5.pdf", "Ünçdé договор №5.pdf", "nd 5.pdf"},
			{"../報告\u202e.pdf", "報告.pdf", "file.pdf"},
		} {
			r := c.upload("/api/verifications/"+itoa(v.ID)+"/documents", tc.sent, pdfFile, map[string]string{"type": "additional"})
			if r.Status != http.StatusCreated {
				t.Fatalf("upload %q: %d %s", tc.sent, r.Status, r.Body)
			}
			var d api.Document
			r.JSON(t, &d)
			if d.Filename != tc.stored || !strings.HasSuffix(d.ObjectPath, "-"+tc.fallback) {
				t.Errorf("%q stored as %q at %q, want %q at an ASCII key ending %q", tc.sent, d.Filename, d.ObjectPath, tc.stored, tc.fallback)
			}
			dl := c.do("GET", d.URL, nil)
			cd := dl.Header.Get("Content-Disposition")
			_, params, err := mime.ParseMediaType(cd)
			if dl.Status != http.StatusOK || !bytes.Equal(dl.Body, pdfFile) || err != nil || params["filename"] != tc.stored {
				t.Errorf("download of %q: %d, Content-Disposition %q names %q (%v)", tc.sent, dl.Status, cd, params["filename"], err)
			}
			if !strings.Contains(cd, tc.fallback) || !strings.Contains(cd, "filename*=UTF-8''") {
				t.Errorf("Content-Disposition %q lacks the ASCII fallback %q or filename*", cd, tc.fallback)
			}
		}
	})
}

// TestStoredNameFollowsDetectedType: a file keeps an extension of the type its bytes are, whatever
// the uploader called it, and every file is served sandboxed.
func TestStoredNameFollowsDetectedType(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "ext@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		for _, tc := range []struct {
			name    string
			content []byte
			want    string
		}{{"payload.html", pdfFile, "payload.pdf"}, {"setup.exe", pngFile, "setup.png"}, {"statement.pdf", pdfFile, "statement.pdf"}} {
			r := c.upload("/api/verifications/"+itoa(v.ID)+"/documents", tc.name, tc.content, map[string]string{"type": "additional"})
			if r.Status != http.StatusCreated {
				t.Fatalf("upload %s: %d %s", tc.name, r.Status, r.Body)
			}
			var d api.Document
			r.JSON(t, &d)
			if d.Filename != tc.want || !strings.HasSuffix(d.ObjectPath, "-"+tc.want) {
				t.Errorf("%s stored as %q at %q, want %q", tc.name, d.Filename, d.ObjectPath, tc.want)
			}
			dl := c.must(http.StatusOK, "GET", d.URL, nil)
			if csp := dl.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "sandbox") || !strings.Contains(csp, "object-src 'none'") {
				t.Errorf("%s served with CSP %q, want a sandbox and no objects", tc.name, csp)
			}
			if cd := dl.Header.Get("Content-Disposition"); !strings.Contains(cd, tc.want) {
				t.Errorf("%s served as %q, want %q", tc.name, cd, tc.want)
			}
		}
		if csp := e.client(t).must(http.StatusOK, "GET", "/healthz", nil).Header.Get("Content-Security-Policy"); !strings.Contains(csp, "object-src 'none'") {
			t.Errorf("the page policy %q allows objects", csp)
		}
	})
}

// TestPercentInFileNameDownloads: names with "%" and what looks like an escape ("%41", "%20") are
// stored as given and download under their links (they were once decoded twice).
func TestPercentInFileNameDownloads(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "percent@acme.example")
		var v api.Verification
		c.must(http.StatusCreated, "POST", "/api/verifications", map[string]string{"tier": "basic"}).JSON(t, &v)
		for _, name := range []string{"100% sure.pdf", "ref %41%20b.pdf", "50%off.pdf"} {
			r := c.upload("/api/verifications/"+itoa(v.ID)+"/documents", name, pdfFile, map[string]string{"type": "additional"})
			if r.Status != http.StatusCreated {
				t.Fatalf("upload %q: %d %s", name, r.Status, r.Body)
			}
			var d api.Document
			r.JSON(t, &d)
			if d.Filename != name {
				t.Errorf("stored as %q, want %q", d.Filename, name)
			}
			dl := c.do("GET", d.URL, nil)
			if dl.Status != http.StatusOK || !bytes.Equal(dl.Body, pdfFile) {
				t.Errorf("download of %q at %s: %d %s", name, d.URL, dl.Status, dl.Body)
			}
		}
	})
}

// TestSubmittedVerificationIsReadOnly checks that no section can change after submission.
func TestSubmittedVerificationIsReadOnly(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "locked@acme.example")
		v := submitted(t, c, "basic")
		base := "/api/verifications/" + itoa(v.ID)
		var reps []struct{ ID int64 }
		c.must(http.StatusOK, "GET", base+"/representatives", nil).JSON(t, &reps)
		var docs []struct{ ID int64 }
		c.must(http.StatusOK, "GET", base+"/documents", nil).JSON(t, &docs)
		objects := e.objectCount(t)
		for _, ep := range applicantEndpoints(itoa(v.ID), itoa(reps[0].ID), itoa(docs[0].ID)) {
			if ep.method == "GET" || strings.HasSuffix(ep.path, "/resubmit") {
				continue
			}
			if r := c.call(ep); r.Status != http.StatusConflict {
				t.Errorf("%s %s on a submitted verification: %d, want 409 (%s)", ep.method, ep.path, r.Status, r.Body)
			}
		}
		if e.objectCount(t) != objects {
			t.Errorf("objects %d -> %d", objects, e.objectCount(t))
		}
	})
}

// streamUpload posts a multipart body of n bytes of PDF with chunked encoding, so the server
// cannot refuse it by its Content-Length and must stop reading by itself.
func (c *client) streamUpload(path, filename string, n int) response {
	c.t.Helper()
	pr, pw := io.Pipe()
	go func() {
		head := "--b\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nadditional\r\n" +
			"--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"" + filename + "\"\r\n" +
			"Content-Type: application/pdf\r\n\r\n"
		_, _ = pw.Write([]byte(head + "%PDF-1.4\n"))
		chunk := bytes.Repeat([]byte{'0'}, 1<<20)
		for written := 0; written < n; written += len(chunk) {
			if _, err := pw.Write(chunk); err != nil {
				return
			}
		}
		_, _ = pw.Write([]byte("\r\n--b--\r\n"))
		_ = pw.Close()
	}()
	defer pr.Close()
	return c.raw("POST", path, "multipart/form-data; boundary=b", pr)
}
