package signing

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-jose/go-jose/v4"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// Credentials issues W3C Verifiable Credentials 2.0 secured as JWTs (VC-JOSE-COSE: typ vc+jwt)
// under the did:web identity of the public host, and checks them against the current and
// previous keys that the identity's document lists.
type Credentials struct {
	keys     *Keys
	did      string
	operator string
	current  verificationKey
	all      []verificationKey // the current key first
}

type verificationKey struct {
	id  string // the DID URL: did:web:host#key-<JWK thumbprint>
	jwk jose.JSONWebKey
	alg jose.SignatureAlgorithm
}

var _ application.CredentialIssuer = (*Credentials)(nil)

// Media types and contexts of the specifications followed.
const (
	CredentialMediaType = "application/vc+jwt"
	contextV2           = "https://www.w3.org/ns/credentials/v2"
)

// DIDWeb is the did:web identifier of the host of publicBaseURL (a port is percent-encoded).
func DIDWeb(publicBaseURL string) (string, error) {
	u, err := url.Parse(publicBaseURL)
	if err != nil || u.Host == "" {
		return "", fmt.Errorf("no host in %q for the issuer's did:web", publicBaseURL)
	}
	did := "did:web:" + strings.ReplaceAll(u.Host, ":", "%3A")
	if p := strings.Trim(u.Path, "/"); p != "" {
		did += ":" + strings.ReplaceAll(p, "/", ":")
	}
	return did, nil
}

// NewCredentials issues with keys as the issuer of publicBaseURL, named operator.
func NewCredentials(keys *Keys, publicBaseURL, operator string) (*Credentials, error) {
	did, err := DIDWeb(publicBaseURL)
	if err != nil {
		return nil, err
	}
	c := &Credentials{keys: keys, did: did, operator: operator}
	pubs := []crypto.PublicKey{keys.Signer.Public()}
	for _, p := range keys.Previous {
		pubs = append(pubs, p.PublicKey)
	}
	for _, pub := range pubs {
		k, err := c.verificationKey(pub)
		if err != nil {
			return nil, err
		}
		c.all = append(c.all, k)
	}
	c.current = c.all[0]
	return c, nil
}

func (c *Credentials) verificationKey(pub crypto.PublicKey) (verificationKey, error) {
	alg, err := algorithmOf(pub)
	if err != nil {
		return verificationKey{}, err
	}
	jwk := jose.JSONWebKey{Key: pub, Algorithm: string(alg), Use: "sig"}
	thumb, err := jwk.Thumbprint(crypto.SHA256)
	if err != nil {
		return verificationKey{}, fmt.Errorf("key thumbprint: %w", err)
	}
	id := c.did + "#key-" + base64.RawURLEncoding.EncodeToString(thumb)
	jwk.KeyID = id
	return verificationKey{id: id, jwk: jwk, alg: alg}, nil
}

// algorithmOf is the JWS algorithm of a key: ES256 or ES384 for ECDSA, PS256 for RSA.
func algorithmOf(pub crypto.PublicKey) (jose.SignatureAlgorithm, error) {
	switch k := pub.(type) {
	case *ecdsa.PublicKey:
		if k.Curve == elliptic.P384() {
			return jose.ES384, nil
		}
		return jose.ES256, nil
	case *rsa.PublicKey:
		return jose.PS256, nil
	}
	return "", fmt.Errorf("no JWS algorithm for a %T key", pub)
}

// Issuer is the issuer's DID.
func (c *Credentials) Issuer() string { return c.did }

// IssueCertificate signs the credential of an approved certificate: its public facts only.
func (c *Credentials) IssueCertificate(cc application.CertificateCredential) (string, error) {
	d := cc.Certificate
	checks := make([]map[string]string, len(d.Checks))
	for i, ch := range d.Checks {
		checks[i] = map[string]string{"kind": ch.Kind, "label": ch.Label, "result": ch.Result, "text": ch.Text}
		if !ch.Date.IsZero() {
			checks[i]["date"] = ch.Date.UTC().Format(time.DateOnly)
		}
	}
	vc := map[string]any{
		"@context": []string{contextV2},
		"id":       d.PublicURL,
		"type":     []string{"VerifiableCredential", "VerifiedCompanyCredential"},
		"issuer":   map[string]string{"id": c.did, "name": c.operator},
		"name":     "Certificate of Verification " + d.CertificateID,
		"credentialSubject": map[string]any{
			"type":               "VerifiedCompany",
			"certificateId":      d.CertificateID,
			"legalName":          d.CompanyName,
			"registrationNumber": d.RegistrationNumber,
			"country":            d.Country,
			"tier":               d.TierLabel,
			"checks":             checks,
			"issued":             rfc3339(d.IssuedAt),
			"validUntil":         rfc3339(d.ExpiresAt),
			"publicPage":         d.PublicURL,
			"fingerprint":        d.Fingerprint,
		},
		"credentialStatus": map[string]string{
			"id":                   cc.Status.ListURL + "#" + strconv.Itoa(cc.Status.Index),
			"type":                 "BitstringStatusListEntry",
			"statusPurpose":        "revocation",
			"statusListIndex":      strconv.Itoa(cc.Status.Index),
			"statusListCredential": cc.Status.ListURL,
		},
		"validFrom":  rfc3339(d.IssuedAt),
		"validUntil": rfc3339(d.ExpiresAt),
	}
	return c.sign(vc)
}

// IssueStatusList signs the revocation list as a BitstringStatusListCredential.
func (c *Credentials) IssueStatusList(l application.StatusList) (string, error) {
	size := max(l.Size, application.StatusListSize)
	encoded, err := EncodeBitstring(size, l.Set)
	if err != nil {
		return "", err
	}
	return c.sign(map[string]any{
		"@context":  []string{contextV2},
		"id":        l.URL,
		"type":      []string{"VerifiableCredential", "BitstringStatusListCredential"},
		"issuer":    c.did,
		"validFrom": rfc3339(l.IssuedAt),
		"credentialSubject": map[string]string{
			"id":            l.URL + "#list",
			"type":          "BitstringStatusList",
			"statusPurpose": "revocation",
			"encodedList":   encoded,
		},
	})
}

func (c *Credentials) sign(vc map[string]any) (string, error) {
	payload, err := json.Marshal(vc)
	if err != nil {
		return "", err
	}
	opts := (&jose.SignerOptions{}).WithType("vc+jwt").WithHeader("cty", "vc").WithHeader("kid", c.current.id)
	signer, err := jose.NewSigner(jose.SigningKey{Algorithm: c.current.alg, Key: c.keys.Signer}, opts)
	if err != nil {
		return "", fmt.Errorf("credential signer: %w", err)
	}
	jws, err := signer.Sign(payload)
	if err != nil {
		return "", fmt.Errorf("sign credential: %w", err)
	}
	return jws.CompactSerialize()
}

// VerifyCredential checks a credential's signature against the key its kid names, which must be
// one the issuer's document lists; anything else is application.ErrCredentialNotOurs.
func (c *Credentials) VerifyCredential(token string) (application.VerifiedCredential, error) {
	algs := []jose.SignatureAlgorithm{jose.ES256, jose.ES384, jose.PS256}
	jws, err := jose.ParseSignedCompact(strings.TrimSpace(token), algs)
	if err != nil || len(jws.Signatures) != 1 {
		return application.VerifiedCredential{}, application.ErrCredentialNotOurs
	}
	h := jws.Signatures[0].Protected
	if typ, _ := h.ExtraHeaders[jose.HeaderType].(string); typ != "vc+jwt" {
		return application.VerifiedCredential{}, application.ErrCredentialNotOurs
	}
	for i, k := range c.all {
		if k.id != h.KeyID || jose.SignatureAlgorithm(h.Algorithm) != k.alg {
			continue
		}
		payload, err := jws.Verify(k.jwk.Key)
		if err != nil {
			return application.VerifiedCredential{}, application.ErrCredentialNotOurs
		}
		return application.VerifiedCredential{Payload: payload, KeyID: k.id, Current: i == 0}, nil
	}
	return application.VerifiedCredential{}, application.ErrCredentialNotOurs
}

// IssuerDocument is the did:web document: every key, current and previous, as a JsonWebKey2020
// verification method the issuer asserts with.
func (c *Credentials) IssuerDocument() ([]byte, error) {
	methods := make([]map[string]any, len(c.all))
	ids := make([]string, len(c.all))
	for i, k := range c.all {
		pub, err := k.jwk.Public().MarshalJSON()
		if err != nil {
			return nil, err
		}
		methods[i] = map[string]any{"id": k.id, "type": "JsonWebKey2020", "controller": c.did,
			"publicKeyJwk": json.RawMessage(pub)}
		ids[i] = k.id
	}
	return json.MarshalIndent(map[string]any{
		"@context":           []string{"https://www.w3.org/ns/did/v1", "https://w3id.org/security/suites/jws-2020/v1"},
		"id":                 c.did,
		"verificationMethod": methods,
		"assertionMethod":    ids,
	}, "", "  ")
}

func rfc3339(t time.Time) string { return t.UTC().Format(time.RFC3339) }

// InspectCredential says whether one of our keys signed a credential and which certificate it is
// about: the proof the "Verify a document" check judges. A token that names one of our keys but
// does not verify was changed after signing; any other failure is not ours.
func (c *Credentials) InspectCredential(token string) (application.DocumentProof, error) {
	proof := application.DocumentProof{Seal: verification.SealForeign, Document: "Verifiable credential"}
	v, err := c.VerifyCredential(token)
	if err != nil {
		if c.namesOurKey(token) {
			proof.Seal = verification.SealBroken
		}
		return proof, nil
	}
	var vc struct {
		Type              []string  `json:"type"`
		ValidFrom         time.Time `json:"validFrom"`
		CredentialSubject struct {
			CertificateID string `json:"certificateId"`
		} `json:"credentialSubject"`
	}
	if err := json.Unmarshal(v.Payload, &vc); err != nil {
		return proof, fmt.Errorf("read a credential we signed: %w", err)
	}
	proof.Seal, proof.Signer = verification.SealIntact, c.operator
	proof.TestSignature = v.Current && c.keys.Test
	if !vc.ValidFrom.IsZero() {
		proof.SignedAt = &vc.ValidFrom
	}
	if slices.Contains(vc.Type, "VerifiedCompanyCredential") {
		proof.PublicID = vc.CredentialSubject.CertificateID
	} else {
		proof.Document = "Revocation status list"
	}
	return proof, nil
}

// namesOurKey reports whether a compact JWS's header names one of our keys.
func (c *Credentials) namesOurKey(token string) bool {
	jws, err := jose.ParseSignedCompact(strings.TrimSpace(token), []jose.SignatureAlgorithm{jose.ES256, jose.ES384, jose.PS256})
	if err != nil || len(jws.Signatures) != 1 {
		return false
	}
	kid := jws.Signatures[0].Protected.KeyID
	return slices.ContainsFunc(c.all, func(k verificationKey) bool { return k.id == kid })
}

var _ application.CredentialSeals = (*Credentials)(nil)
