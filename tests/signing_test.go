package tests

import (
	"bytes"
	"crypto"
	"crypto/x509"
	"encoding/asn1"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/digitorus/pdfsign/verify"
	"github.com/digitorus/timestamp"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestIssuedPDFsAreSigned: poppler's pdfsig, a verifier of its own, finds a valid PAdES signature
// by the operator's (here the generated test) certificate on a fresh certificate PDF, the owner's
// CIS and the shared CIS; after one byte of page content changes it no longer says valid. The
// certificate PDF carries its verifiable credential as an attached file, and the documents say the
// signature is a test one, as does the public certificate.
func TestIssuedPDFsAreSigned(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		owner, _, v := e.withCIS(t, "signed@acme.example")
		certificate, ownCIS, sharedCIS := e.signedDocuments(t, owner, v)

		for name, pdf := range map[string][]byte{"certificate": certificate, "owner's CIS": ownCIS, "shared CIS": sharedCIS} {
			out := pdfsig(t, pdf)
			for _, want := range []string{"Signature is Valid.", "Signer Certificate Common Name: TTT Verify (test signature)",
				"Signature Type: ETSI.CAdES.detached", "Total document signed"} {
				if !strings.Contains(out, want) {
					t.Errorf("%s: pdfsig lacks %q:\n%s", name, want, out)
				}
			}
			if text := pdfText(t, pdf); !strings.Contains(text, "Signed with a test certificate") {
				t.Errorf("%s does not say its signature is a test one", name)
			}
			if out := pdfsig(t, tamperPageContent(t, pdf)); strings.Contains(out, "Signature is Valid.") {
				t.Errorf("%s: pdfsig still calls the signature valid after a page changed:\n%s", name, out)
			}
		}

		if list := run(t, "pdfdetach", certificate, "-list"); !strings.Contains(list, "1: credential.jwt") {
			t.Fatalf("the certificate PDF attaches no credential.jwt:\n%s", list)
		}
		header, payload := decodeJWT(t, attachedCredential(t, certificate))
		subject, _ := payload["credentialSubject"].(map[string]any)
		if header["typ"] != "vc+jwt" || subject["certificateId"] != v.PublicID {
			t.Errorf("attached credential: header %v, subject %v", header, subject)
		}

		var pub api.PublicVerification
		e.client(t).must(http.StatusOK, "GET", "/api/public/verifications/"+v.PublicID, nil).JSON(t, &pub)
		if !pub.Signature.TestSignature || !strings.HasPrefix(pub.Signature.Notice, "Signed with a test certificate") {
			t.Errorf("public certificate's signature %+v, want it marked a test signature", pub.Signature)
		}
	})
}

// signedDocuments fetches the PDFs an approved verification hands out: the certificate and the
// owner's CIS as the owner downloads them, and the shared CIS as a counterparty opens its link.
func (e *env) signedDocuments(t *testing.T, owner *client, v api.Verification) (certificate, ownCIS, sharedCIS []byte) {
	t.Helper()
	base := "/api/verifications/" + itoa(v.ID)
	certificate = owner.must(http.StatusOK, "GET", base+"/certificate", nil).Body
	var cis api.CISForm
	owner.must(http.StatusOK, "GET", base+"/cis-form", nil).JSON(t, &cis)
	ownCIS = owner.must(http.StatusOK, "GET", cis.URL, nil).Body
	var share api.Share
	owner.must(http.StatusOK, "POST", base+"/cis-form/share", nil).JSON(t, &share)
	sharedCIS = e.client(t).must(http.StatusOK, "GET", share.URL, nil).Body
	return certificate, ownCIS, sharedCIS
}

// TestPDFSignaturesAreTimestampedWhenATSAIsSet: with TSA_URL the signature carries an RFC 3161
// timestamp from that authority (a responder the test runs); with the authority unreachable no
// certificate is issued, and the answer says why (503).
func TestPDFSignaturesAreTimestampedWhenATSAIsSet(t *testing.T) {
	stamped := time.Date(2026, 11, 22, 9, 30, 0, 0, time.UTC)
	tsa := tsaResponder(t, stamped)
	e := newEnv(t, "", func(_ *testing.T, e *env) { e.cfg.TSAURL = tsa.URL })
	owner := e.register(t, "stamped@acme.example")
	v := e.inReview(t, owner, "basic")
	e.admin(t).must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
	pdf := owner.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID)+"/certificate", nil).Body
	if out := pdfsig(t, pdf); !strings.Contains(out, "Signature is Valid.") {
		t.Fatalf("pdfsig:\n%s", out)
	}
	resp, err := verify.VerifyWithOptions(bytes.NewReader(pdf), int64(len(pdf)), verify.DefaultVerifyOptions())
	if resp == nil || len(resp.Signers) != 1 {
		t.Fatalf("verify: %v", err)
	}
	if ts := resp.Signers[0].TimeStamp; ts == nil || !ts.Time.Equal(stamped) {
		t.Fatalf("timestamp %+v, want one from the test authority at %s", ts, stamped)
	}

	tsa.Close()
	owner.mustFail(http.StatusServiceUnavailable, api.Error{Message: "The timestamp service is unavailable; please try again shortly"},
		"GET", "/api/verifications/"+itoa(v.ID)+"/certificate", nil)
}

// tsaResponder is a minimal RFC 3161 timestamp authority answering every request at the time at.
func tsaResponder(t *testing.T, at time.Time) *httptest.Server {
	t.Helper()
	key, cert := selfSigned(t, "Test TSA", at, x509.ExtKeyUsageTimeStamping)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		req, err := timestamp.ParseRequest(body)
		if err != nil || r.Header.Get("Content-Type") != "application/timestamp-query" {
			http.Error(w, "bad request", http.StatusBadRequest)
			return
		}
		ts := timestamp.Timestamp{HashAlgorithm: req.HashAlgorithm, HashedMessage: req.HashedMessage, Time: at,
			Nonce: req.Nonce, Policy: asn1.ObjectIdentifier{1, 3, 6, 1, 4, 1, 99999, 1}, Accuracy: time.Second,
			AddTSACertificate: req.Certificates}
		reply, err := ts.CreateResponseWithOpts(cert, key, crypto.SHA256)
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", "application/timestamp-reply")
		_, _ = w.Write(reply)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// pdfsig is poppler's report on a PDF's signatures.
func pdfsig(t *testing.T, pdf []byte) string {
	t.Helper()
	return run(t, "pdfsig", pdf)
}

// run runs a poppler tool on pdf (written to a file, given as the first argument) and returns its
// output; a failing exit is part of the answer, not an error.
func run(t *testing.T, tool string, pdf []byte, args ...string) string {
	t.Helper()
	if _, err := exec.LookPath(tool); err != nil {
		t.Fatalf("%s is missing: make test installs poppler-utils", tool)
	}
	file := filepath.Join(t.TempDir(), "doc.pdf")
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out, _ := exec.Command(tool, append([]string{file}, args...)...).CombinedOutput() //nolint:gosec // G204: the test's own tools
	return string(out)
}

// tamperPageContent changes one byte inside the first page's content stream.
func tamperPageContent(t *testing.T, pdf []byte) []byte {
	t.Helper()
	page := bytes.Index(pdf, []byte("/Type /Page\n"))
	if page < 0 {
		page = bytes.Index(pdf, []byte("/Type /Page"))
	}
	at := bytes.Index(pdf[page:], []byte("stream\n"))
	if page < 0 || at < 0 {
		t.Fatal("no page content stream found")
	}
	out := bytes.Clone(pdf)
	out[page+at+len("stream\n")+10] ^= 0x01
	return out
}

// attachedCredential extracts the first attached file (credential.jwt) from a PDF with poppler's
// pdfdetach.
func attachedCredential(t *testing.T, pdf []byte) string {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "doc.pdf")
	if err := os.WriteFile(file, pdf, 0o600); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "credential.jwt")
	if msg, err := exec.Command("pdfdetach", "-save", "1", "-o", out, file).CombinedOutput(); err != nil {
		t.Fatalf("pdfdetach: %v: %s", err, msg)
	}
	jwt, err := os.ReadFile(out) //nolint:gosec // G304: the test's temporary file
	if err != nil {
		t.Fatal(err)
	}
	return string(jwt)
}

// decodeJWT decodes a compact JWS's header and payload without checking it (Node's jose checks).
func decodeJWT(t *testing.T, jwt string) (header, payload map[string]any) {
	t.Helper()
	parts := strings.Split(strings.TrimSpace(jwt), ".")
	if len(parts) != 3 {
		t.Fatalf("not a compact JWS: %q", jwt)
	}
	for i, v := range []*map[string]any{&header, &payload} {
		raw, err := base64.RawURLEncoding.DecodeString(parts[i])
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(raw, v); err != nil {
			t.Fatal(err)
		}
	}
	return header, payload
}
