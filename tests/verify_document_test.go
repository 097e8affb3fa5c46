package tests

import (
	"bytes"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/cmd/server/app"
)

// verifyFile checks a PDF through the public document check, as the "Verify a document" page does.
func verifyFile(t *testing.T, c *client, pdf []byte) api.DocumentVerdict {
	t.Helper()
	r := c.upload("/api/public/verify/file", "document.pdf", pdf, nil)
	if r.Status != http.StatusOK {
		t.Fatalf("verify file: %d %s", r.Status, r.Body)
	}
	var v api.DocumentVerdict
	r.JSON(t, &v)
	return v
}

func verifyText(t *testing.T, c *client, text string) api.DocumentVerdict {
	t.Helper()
	var v api.DocumentVerdict
	c.must(http.StatusOK, "POST", "/api/public/verify", api.VerifyText{Text: text}).JSON(t, &v)
	return v
}

// checks is a verdict's checks as "name: detail" lines, failed ones marked.
func checks(v api.DocumentVerdict) []string {
	out := make([]string, len(v.Checks))
	for i, c := range v.Checks {
		mark := "✓"
		if !c.Passed {
			mark = "✗"
		}
		out[i] = mark + " " + c.Name + ": " + c.Detail
	}
	return out
}

// TestVerifyADocumentGivesOneVerdict: a counterparty who holds the certificate PDF, the owner's or
// the shared CIS, the credential or only the certificate ID gets "Genuine and valid until …" with
// what was checked and the company's public facts; the same documents read "revoked on …" after a
// revocation and "expired on …" after the expiry; a changed PDF or credential is "Modified after it
// was issued", and a PDF or credential we did not sign, or an unknown ID, is "Not issued by TTT
// Verify", without any company's facts. Bad input is refused in plain words.
func TestVerifyADocumentGivesOneVerdict(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		owner, adm, v := e.withCIS(t, "verify@acme.example")
		certificate, ownCIS, sharedCIS := e.signedDocuments(t, owner, v)
		anon := e.client(t)
		credential := credentialJWT(t, anon, v.PublicID)
		until := publicOf(t, anon, v.PublicID).ExpiresAt.UTC().Format("January 02, 2006")

		genuine := func(what string, got api.DocumentVerdict, document string) {
			t.Helper()
			if got.Verdict != "valid" || got.Message != "Genuine and valid until "+until || got.Certificate == nil ||
				got.Certificate.CompanyName != "Acme Metals Ltd" || got.Certificate.CertificateID != v.PublicID {
				t.Errorf("%s: %+v", what, got)
			}
			want := "✓ Document: " + document + " of certificate " + v.PublicID
			if c := checks(got); len(c) < 2 || !strings.Contains(strings.Join(c, "\n"), want) ||
				c[len(c)-1] != "✓ Live status: Valid until "+until {
				t.Errorf("%s checks:\n%s\nwant %q and the live status last", what, strings.Join(c, "\n"), want)
			}
		}
		genuine("certificate", verifyFile(t, anon, certificate), "Certificate of Verification")
		genuine("owner's CIS", verifyFile(t, anon, ownCIS), "Client Information Sheet")
		genuine("shared CIS", verifyFile(t, anon, sharedCIS), "Client Information Sheet")
		genuine("credential", verifyText(t, anon, credential), "Verifiable credential")
		genuine("the credential the certificate PDF carries", verifyText(t, anon, attachedCredential(t, certificate)),
			"Verifiable credential")
		byID := verifyText(t, anon, " "+v.PublicID+"\n")
		if byID.Verdict != "valid" || byID.Certificate == nil || strings.Join(checks(byID), "\n") !=
			"✓ Document: Certificate ID of certificate "+v.PublicID+"\n✓ Live status: Valid until "+until {
			t.Errorf("by ID: %+v", byID)
		}
		if c := checks(verifyFile(t, anon, certificate)); c[0] != "✓ Signature: Signed by TTT Verify and unchanged since it was signed" ||
			c[1] != "✓ Signer: TTT Verify (test signature), a key this server generated for itself: a test signature, which PDF readers do not trust" {
			t.Errorf("certificate's signature checks: %q", c)
		}

		notOurs := func(what string, got api.DocumentVerdict, verdict, message string) {
			t.Helper()
			if got.Verdict != verdict || got.Message != message || got.Certificate != nil {
				t.Errorf("%s: %+v, want %s (%s) and no company facts", what, got, verdict, message)
			}
		}
		modified := "Modified after it was issued: do not rely on it"
		notOurs("a page changed", verifyFile(t, anon, tamperPageContent(t, certificate)), "modified", modified)
		notOurs("an update appended", verifyFile(t, anon, append(bytes.Clone(ownCIS), "\n1 0 obj\n<<>>\nendobj\n%%EOF\n"...)),
			"modified", modified)
		parts := strings.Split(credential, ".")
		forged := parts[0] + "." + strings.Replace(parts[1], parts[1][10:14], "AAAA", 1) + "." + parts[2]
		notOurs("a changed credential", verifyText(t, anon, forged), "modified", modified)
		notOurs("an unsigned PDF", verifyFile(t, anon, unsignedPDF(t, certificate)), "foreign", "Not issued by TTT Verify")
		notOurs("an unknown ID", verifyText(t, anon, "NOPE-123"), "foreign", "Not issued by TTT Verify")
		notOurs("a JWT of nobody we know", verifyText(t, anon, "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln"), "foreign",
			"Not issued by TTT Verify")

		if r := anon.upload("/api/public/verify/file", "x.pdf", []byte("GIF89a"), nil); r.Status != http.StatusBadRequest ||
			!strings.Contains(string(r.Body), "This file is not a PDF") {
			t.Errorf("not a PDF: %d %s", r.Status, r.Body)
		}
		if r := anon.upload("/api/public/verify/file", "big.pdf", bytes.Repeat([]byte("%PDF-"), 2_200_000), nil); r.Status != http.StatusRequestEntityTooLarge {
			t.Errorf("over 10 MB: %d %s", r.Status, r.Body)
		}
		anon.mustFail(http.StatusBadRequest, api.Error{Message: "Upload a PDF, or paste a credential or a certificate ID."},
			"POST", "/api/public/verify", api.VerifyText{Text: "  "})
		statusList := anon.must(http.StatusOK, "GET", "/api/public/credentials/status/revocation", nil).Body
		if r := anon.do("POST", "/api/public/verify", api.VerifyText{Text: string(statusList)}); r.Status != http.StatusBadRequest ||
			!strings.Contains(string(r.Body), "is not a certificate") {
			t.Errorf("the status list: %d %s", r.Status, r.Body)
		}

		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/revoke", map[string]string{"reason": "Forged"})
		on := e.clock.Now().UTC().Format("January 02, 2006")
		for what, got := range map[string]api.DocumentVerdict{"certificate": verifyFile(t, anon, certificate),
			"shared CIS": verifyFile(t, anon, sharedCIS), "credential": verifyText(t, anon, credential), "ID": verifyText(t, anon, v.PublicID)} {
			if got.Verdict != "revoked" || got.Message != "Genuine, but this certificate was revoked on "+on ||
				checks(got)[len(got.Checks)-1] != "✗ Live status: Revoked on "+on {
				t.Errorf("revoked %s: %+v", what, got)
			}
		}
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/reinstate", map[string]string{"reason": "Registry mix-up"})
		e.clock.Advance(366 * 24 * time.Hour)
		if got := verifyFile(t, anon, certificate); got.Verdict != "expired" || got.Message != "Genuine, but it expired on "+until {
			t.Errorf("expired: %+v", got)
		}
	})
}

// TestVerifyADocumentSignedBeforeAKeyRotation: after the operator moves to a new key and lists the
// old certificate, a PDF and a credential signed with the old key are still genuine; those of a key
// it never listed are not issued by it.
func TestVerifyADocumentSignedBeforeAKeyRotation(t *testing.T) {
	keys := t.TempDir()
	oldKey, oldCert := writeSigningKey(t, keys, "old")
	newKey, newCert := writeSigningKey(t, keys, "new")
	e := newEnv(t, "", func(_ *testing.T, e *env) { e.cfg.Signing.KeyFile, e.cfg.Signing.CertFile = oldKey, oldCert })
	owner := e.register(t, "rotation@acme.example")
	v := e.inReview(t, owner, "basic")
	e.admin(t).must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
	pdf := owner.must(http.StatusOK, "GET", "/api/verifications/"+itoa(v.ID)+"/certificate", nil).Body
	credential := credentialJWT(t, e.client(t), v.PublicID)

	rotate := func(c *app.Config) {
		c.Signing.KeyFile, c.Signing.CertFile, c.Signing.PreviousCertFiles = newKey, newCert, []string{oldCert}
	}
	after := e.restarted(t, rotate)
	if got := verifyFile(t, after, pdf); got.Verdict != "valid" || !strings.Contains(strings.Join(checks(got), "\n"), "✓ Signer: TTT Verify seal old") {
		t.Errorf("a PDF signed with the previous key: %+v", got)
	}
	if got := verifyText(t, after, credential); got.Verdict != "valid" {
		t.Errorf("a credential signed with the previous key: %+v", got)
	}

	stranger := e.restarted(t, func(c *app.Config) { rotate(c); c.Signing.PreviousCertFiles = nil }) // the old key forgotten
	for what, got := range map[string]api.DocumentVerdict{"PDF": verifyFile(t, stranger, pdf), "credential": verifyText(t, stranger, credential)} {
		if got.Verdict != "foreign" || got.Certificate != nil {
			t.Errorf("%s of an unlisted key: %+v", what, got)
		}
	}
}

// unsignedPDF is the certificate's bytes up to its signature's incremental update: the document as
// rendered, before it was signed.
func unsignedPDF(t *testing.T, signed []byte) []byte {
	t.Helper()
	first := bytes.Index(signed, []byte("%%EOF"))
	if first < 0 || first == bytes.LastIndex(signed, []byte("%%EOF")) {
		t.Fatal("the certificate has no incremental update to cut off")
	}
	return signed[:first+len("%%EOF\n")]
}
