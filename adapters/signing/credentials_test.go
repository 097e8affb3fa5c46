package signing

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/tttverify/tttverify/application"
)

func TestDIDWebOfThePublicHost(t *testing.T) {
	for base, want := range map[string]string{"https://verify.example.com": "did:web:verify.example.com",
		"http://localhost:8080": "did:web:localhost%3A8080"} {
		if got, err := DIDWeb(base); err != nil || got != want {
			t.Errorf("DIDWeb(%q) = %q, %v; want %q", base, got, err, want)
		}
	}
}

// TestCredentialsSignedBeforeARotationStillVerify: a credential signed with the old key verifies
// once the old key's certificate is listed as previous, and the issuer's document lists both keys;
// one signed by a key never listed is not ours.
func TestCredentialsSignedBeforeARotationStillVerify(t *testing.T) {
	dir := t.TempDir()
	oldKey, oldCert, _ := issued(t, "Old seal")
	newKey, newCert, _ := issued(t, "New seal")
	strayKey, strayCert, _ := issued(t, "Stray")
	load := func(key, cert string, previous ...string) *Credentials {
		k, err := LoadKeys(KeyConfig{KeyFile: key, CertFile: cert, PreviousCertFiles: previous, DataDir: dir, Now: now})
		if err != nil {
			t.Fatal(err)
		}
		c, err := NewCredentials(k, "https://verify.example.com", "TTT Verify")
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	oldCertFile := writePEM(t, dir, "old.crt", certBlock(oldCert))
	before := load(writePEM(t, dir, "old.key", keyBlock(t, oldKey)), oldCertFile)
	token, err := before.IssueStatusList(application.StatusList{URL: "https://verify.example.com/list", Size: application.StatusListSize})
	if err != nil {
		t.Fatal(err)
	}
	after := load(writePEM(t, dir, "new.key", keyBlock(t, newKey)), writePEM(t, dir, "new.crt", certBlock(newCert)), oldCertFile)
	got, err := after.VerifyCredential(token)
	if err != nil || got.Current {
		t.Fatalf("old credential after the rotation: %+v %v; want it verified by the previous key", got, err)
	}
	var doc struct {
		VerificationMethod []struct{ ID string } `json:"verificationMethod"`
		AssertionMethod    []string              `json:"assertionMethod"`
	}
	raw, _ := after.IssuerDocument()
	if err := json.Unmarshal(raw, &doc); err != nil || len(doc.VerificationMethod) != 2 || len(doc.AssertionMethod) != 2 ||
		doc.VerificationMethod[1].ID != got.KeyID {
		t.Errorf("issuer document %s: want both keys, the previous one second", raw)
	}
	stray := load(writePEM(t, dir, "stray.key", keyBlock(t, strayKey)), writePEM(t, dir, "stray.crt", certBlock(strayCert)))
	foreign, _ := stray.IssueStatusList(application.StatusList{URL: "https://verify.example.com/list"})
	if _, err := after.VerifyCredential(foreign); !errors.Is(err, application.ErrCredentialNotOurs) {
		t.Errorf("a credential of an unknown key: %v, want ErrCredentialNotOurs", err)
	}
}
