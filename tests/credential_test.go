package tests

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/cmd/server/app"
)

// verified is what frontend/scripts/verify-credential.mjs (npm jose, no code of ours) prints.
type verified struct {
	Header      map[string]any `json:"header"`
	Payload     map[string]any `json:"payload"`
	StatusIndex int            `json:"statusIndex"`
	Revoked     int            `json:"revoked"`
}

// nodeVerify checks jwt with the independent Node verifier against the server at base: the key from
// /.well-known/did.json, the revocation bit from the status list. ok is false when it refuses, with
// its message.
func nodeVerify(t *testing.T, base, jwt string) (v verified, ok bool, msg string) {
	t.Helper()
	script, err := filepath.Abs("../frontend/scripts/verify-credential.mjs")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat("../frontend/node_modules/jose/package.json"); err != nil {
		t.Fatal("npm's jose is not installed: cd frontend && npm install (make test does)")
	}
	file := filepath.Join(t.TempDir(), "credential.jwt")
	if err := os.WriteFile(file, []byte(jwt), 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("node", script, base, file) //nolint:gosec // G204: the test's own script
	cmd.Dir = "../frontend"
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee := (*exec.ExitError)(nil); errors.As(err, &ee) {
			stderr = ee.Stderr
		}
		return v, false, string(stderr) + err.Error()
	}
	if err := json.Unmarshal(out, &v); err != nil {
		t.Fatalf("verifier output %s: %v", out, err)
	}
	return v, true, ""
}

// credentialJWT fetches a certificate's credential as a verifier would: the JWT alone.
func credentialJWT(t *testing.T, c *client, publicID string) string {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, c.base+"/api/public/verifications/"+publicID+"/credential", nil)
	req.Header.Set("Accept", "application/vc+jwt")
	resp, err := c.http.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = resp.Body.Close() }()
	body, err := io.ReadAll(resp.Body)
	if err != nil || resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/vc+jwt" {
		t.Fatalf("credential: %d %s %s %v", resp.StatusCode, resp.Header.Get("Content-Type"), body, err)
	}
	return string(body)
}

// TestCredentialVerifiesIndependently: an approved certificate's credential, fetched from its public
// route, verifies with npm's jose against the key in /.well-known/did.json; it states the public
// facts only; its bit in the signed status list is 0, 1 once the certificate is revoked and 0 again
// once it is reinstated. The JSON form names the same index and list, the place the approval gave.
func TestCredentialVerifiesIndependently(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		_, adm, v := e.withCIS(t, "credential@acme.example")
		var placed []int // before anyone asked for the credential
		if err := e.DB.NewSelect().Table("credential_status_entries").Column("status_index").
			Where("verification_id = ?", v.ID).Scan(context.Background(), &placed); err != nil {
			t.Fatal(err)
		}
		anon := e.client(t)
		var info api.Credential
		anon.must(http.StatusOK, "GET", "/api/public/verifications/"+v.PublicID+"/credential", nil).JSON(t, &info)
		if len(placed) != 1 || placed[0] != info.StatusListIndex {
			t.Errorf("the approval gave the place %v; the credential names %d", placed, info.StatusListIndex)
		}
		jwt := credentialJWT(t, anon, v.PublicID)

		got, ok, msg := nodeVerify(t, e.srv.URL, jwt)
		if !ok {
			t.Fatalf("the independent verifier refused the credential: %s", msg)
		}
		if got.Revoked != 0 || got.StatusIndex != info.StatusListIndex || info.StatusListCredential != "http://verify.test/api/public/credentials/status/revocation" {
			t.Errorf("status: bit %d at %d; JSON says index %d in %s", got.Revoked, got.StatusIndex, info.StatusListIndex, info.StatusListCredential)
		}
		if got.Header["alg"] != "ES256" || !strings.HasPrefix(got.Header["kid"].(string), "did:web:verify.test#key-") || info.Issuer != "did:web:verify.test" {
			t.Errorf("header %v, issuer %s", got.Header, info.Issuer)
		}
		subject, _ := got.Payload["credentialSubject"].(map[string]any)
		for field, want := range map[string]string{"legalName": "Acme Metals Ltd", "certificateId": v.PublicID, "tier": "Basic",
			"publicPage": "http://verify.test/v/" + v.PublicID} {
			if subject[field] != want {
				t.Errorf("credentialSubject.%s = %v, want %q", field, subject[field], want)
			}
		}
		if got.Payload["validUntil"] == nil || got.Payload["validUntil"] != info.ValidUntil.UTC().Format(time.RFC3339) {
			t.Errorf("validUntil %v, JSON says %s", got.Payload["validUntil"], info.ValidUntil)
		}
		raw, _ := json.Marshal(got.Payload)
		for _, personal := range []string{"Jane Doe", "P1234567", "GB29NWBK60161331926819", "credential@acme.example"} {
			if strings.Contains(string(raw), personal) {
				t.Errorf("the credential states %q", personal)
			}
		}

		anon.mustFail(http.StatusNotFound, api.Error{Message: "Not found"}, "GET", "/api/public/verifications/nosuchid/credential", nil)

		vid := itoa(v.ID)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/revoke", map[string]string{"reason": "Documents found forged"})
		if got, ok, msg := nodeVerify(t, e.srv.URL, jwt); !ok || got.Revoked != 1 {
			t.Errorf("after the revocation: bit %d (%s), want 1", got.Revoked, msg)
		}
		anon.must(http.StatusConflict, "GET", "/api/public/verifications/"+v.PublicID+"/credential", nil)
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/reinstate", map[string]string{"reason": "The registry had confused two companies"})
		if got, ok, msg := nodeVerify(t, e.srv.URL, jwt); !ok || got.Revoked != 0 {
			t.Errorf("after the reinstatement: bit %d (%s), want 0", got.Revoked, msg)
		}
		if again, _, _ := nodeVerify(t, e.srv.URL, credentialJWT(t, anon, v.PublicID)); again.StatusIndex != got.StatusIndex {
			t.Errorf("a second credential has status index %d, the first %d", again.StatusIndex, got.StatusIndex)
		}
	})
}

// TestCredentialSignedBeforeAKeyRotationStillVerifies: after the operator moves to a new key and
// lists the old certificate in SIGNING_PREVIOUS_CERT_FILES, did.json lists both keys, a credential
// signed with the old key still verifies, new ones are signed with the new key, and one signed by a
// key never listed does not verify.
func TestCredentialSignedBeforeAKeyRotationStillVerifies(t *testing.T) {
	keys := t.TempDir()
	oldKey, oldCert := writeSigningKey(t, keys, "old")
	newKey, newCert := writeSigningKey(t, keys, "new")
	e := newEnv(t, "", func(_ *testing.T, e *env) { e.cfg.Signing.KeyFile, e.cfg.Signing.CertFile = oldKey, oldCert })
	owner := e.register(t, "rotation@acme.example")
	v := e.inReview(t, owner, "basic")
	e.admin(t).must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(v.ID)+"/approve", nil)
	before := credentialJWT(t, e.client(t), v.PublicID)

	// The same database and data directory, restarted with the new key.
	rotated := e.restarted(t, func(c *app.Config) {
		c.Signing.KeyFile, c.Signing.CertFile, c.Signing.PreviousCertFiles = newKey, newCert, []string{oldCert}
	})

	old, ok, msg := nodeVerify(t, rotated.base, before)
	if !ok || old.Revoked != 0 {
		t.Fatalf("the credential signed before the rotation: %s", msg)
	}
	after := credentialJWT(t, rotated, v.PublicID)
	fresh, ok, msg := nodeVerify(t, rotated.base, after)
	if !ok || fresh.Header["kid"] == old.Header["kid"] || fresh.StatusIndex != old.StatusIndex {
		t.Errorf("after the rotation: kid %v (before %v), index %d (before %d), %s", fresh.Header["kid"], old.Header["kid"],
			fresh.StatusIndex, old.StatusIndex, msg)
	}

	stray := newEnv(t, "") // a generated key that the rotated server never listed
	so := stray.register(t, "stray@acme.example")
	sv := stray.inReview(t, so, "basic")
	stray.admin(t).must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(sv.ID)+"/approve", nil)
	if _, ok, _ := nodeVerify(t, rotated.base, credentialJWT(t, stray.client(t), sv.PublicID)); ok {
		t.Error("a credential signed by an unlisted key verified")
	}
}

// restarted serves e's database and data directory again with the settings change makes, as an
// operator's restart would, and returns a client of that server.
func (e *env) restarted(t *testing.T, change func(*app.Config)) *client {
	t.Helper()
	cfg := *e.cfg
	change(&cfg)
	a, err := wire(&cfg, e.hooks)
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(a.Handler())
	t.Cleanup(func() { srv.Close(); a.Close() })
	return &client{t: t, base: srv.URL, http: http.DefaultClient}
}

// writeSigningKey writes a self-signed ECDSA P-256 key and certificate as PEM files.
func writeSigningKey(t *testing.T, dir, name string) (keyFile, certFile string) {
	t.Helper()
	key, cert := selfSigned(t, "TTT Verify seal "+name, time.Now())
	keyDER, _ := x509.MarshalPKCS8PrivateKey(key)
	keyFile, certFile = filepath.Join(dir, name+".key"), filepath.Join(dir, name+".crt")
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: cert.Raw}), 0o600); err != nil {
		t.Fatal(err)
	}
	return keyFile, certFile
}

// selfSigned is an ECDSA P-256 key and a self-signed certificate for it, valid around at, for the
// extended key usages given.
func selfSigned(t *testing.T, cn string, at time.Time, usages ...x509.ExtKeyUsage) (*ecdsa.PrivateKey, *x509.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	subject := pkix.Name{CommonName: cn}
	tmpl := &x509.Certificate{SerialNumber: big.NewInt(at.UnixNano()), Subject: subject, Issuer: subject,
		NotBefore: at.AddDate(-1, 0, 0), NotAfter: at.AddDate(3, 0, 0), KeyUsage: x509.KeyUsageDigitalSignature,
		ExtKeyUsage: usages}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, key.Public(), key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	return key, cert
}

// TestSeededCertificatesHaveTheirPlaces: the seed gives each approved certificate its place in the
// revocation list, as an approval does, each place once, so a benchmark's credentials are read,
// not assigned, on their first request.
func TestSeededCertificatesHaveTheirPlaces(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		seeded, err := persistence.Seed(ctx, e.DB, persistence.SeedOptions{Verifications: 300, PerUser: 10, PasswordHash: "x", Now: e.clock.Now()})
		if err != nil {
			t.Fatal(err)
		}
		var approved, places, distinct, outside int
		for query, into := range map[string]*int{
			"SELECT count(*) FROM verifications WHERE status = 'approved'":                                     &approved,
			"SELECT count(*) FROM credential_status_entries":                                                   &places,
			"SELECT count(DISTINCT status_index) FROM credential_status_entries":                               &distinct,
			"SELECT count(*) FROM credential_status_entries WHERE status_index < 0 OR status_index >= 1048576": &outside,
		} {
			if err := e.DB.NewRaw(query).Scan(ctx, into); err != nil {
				t.Fatal(err)
			}
		}
		if approved == 0 || places != approved || distinct != places || outside != 0 {
			t.Fatalf("%d approved certificates, %d places, %d distinct, %d outside the list", approved, places, distinct, outside)
		}
		var info api.Credential
		id := seeded.ApprovedPublicIDs[0]
		e.client(t).must(http.StatusOK, "GET", "/api/public/verifications/"+id+"/credential", nil).JSON(t, &info)
		var placed int
		if err := e.DB.NewRaw("SELECT e.status_index FROM credential_status_entries e JOIN verifications v ON v.id = e.verification_id "+
			"WHERE v.public_id = ?", id).Scan(ctx, &placed); err != nil || placed != info.StatusListIndex {
			t.Errorf("seeded certificate %s: place %d (%v), credential names %d", id, placed, err, info.StatusListIndex)
		}
	})
}
