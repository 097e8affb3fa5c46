package api

import "time"

// PublicVerification is the public certificate of an approved verification.
type PublicVerification struct {
	PublicID           string             `json:"publicId"`
	CertificateID      string             `json:"certificateId"`
	CompanyName        string             `json:"companyName"`
	RegistrationNumber string             `json:"registrationNumber"`
	Country            string             `json:"country"`
	RegisteredAddress  string             `json:"registeredAddress"`
	Email              string             `json:"email"`
	Tier               string             `json:"tier" enum:"basic,top"`
	Checks             []CertificateCheck `json:"checks" description:"the checks the certificate claims; a check that did not run is absent"`
	Status             string             `json:"status" enum:"approved"` // the review's outcome
	CertificateStatus  string             `json:"certificateStatus" enum:"valid,expired,revoked"`
	VerifiedAt         time.Time          `json:"verifiedAt"`
	ExpiresAt          time.Time          `json:"expiresAt"`
	RevokedAt          *time.Time         `json:"revokedAt"`
	Fingerprint        string             `json:"fingerprint" pattern:"^[0-9a-f]{64}$"`
	Signature          Signature          `json:"signature" description:"who signs the certificate's PDFs and credential"`
}

// PublicSearchHit is one certificate the public search found, with only what its public page shows.
type PublicSearchHit struct {
	CertificateID     string    `json:"certificateId"`
	CompanyName       string    `json:"companyName"`
	Country           string    `json:"country"`
	Tier              string    `json:"tier" enum:"basic,top"`
	CertificateStatus string    `json:"certificateStatus" enum:"valid,expired"`
	ExpiresAt         time.Time `json:"expiresAt"`
}

// CertificateCheck is one check a certificate states.
type CertificateCheck struct {
	Kind   string  `json:"kind" enum:"verification,sanctions,pep,jurisdiction,kyc,beneficial_ownership,lei,vat"`
	Label  string  `json:"label"`
	Result string  `json:"result"`
	Text   string  `json:"text" description:"the full sentence, e.g. 'Sanctions screening: no match. OFAC SDN of 20 Nov 2026, UN of 19 Nov 2026. Screened 23 Nov 2026, monitored daily'"`
	Date   *string `json:"date" format:"date" description:"when the check ran (the approval date for the verification itself)"`
}

// PublicCompany are the company fields the public page shows.
type PublicCompany struct {
	CompanyName            string `json:"companyName"`
	RegistrationNumber     string `json:"registrationNumber"`
	CountryOfIncorporation string `json:"countryOfIncorporation"`
	RegisteredAddress      string `json:"registeredAddress"`
	Email                  string `json:"email"`
}

// PublicDocument is a document's type and date, never the file.
type PublicDocument struct {
	Type           string    `json:"type"`
	CreatedAt      time.Time `json:"createdAt"`
	Representative *int      `json:"representative,omitempty" required:"false" minimum:"1" description:"a passport's representative by number (1: the first listed), never by name"`
}

// CISForm is where to download a verification's CIS form.
type CISForm struct {
	URL         string    `json:"url"`
	GeneratedAt time.Time `json:"generatedAt"`
}

// Share is a new temporary link to the CIS form.
type Share struct {
	Success   bool      `json:"success"`
	URL       string    `json:"url"`
	ExpiresAt time.Time `json:"expiresAt"`
}

// ShareLink is a live share link as its owner sees it; the token itself is never shown again.
type ShareLink struct {
	ID        int64      `json:"id"`
	CreatedAt time.Time  `json:"createdAt"`
	ExpiresAt time.Time  `json:"expiresAt"`
	Used      bool       `json:"used"`
	UsedAt    *time.Time `json:"usedAt"`
}

// VerifyText is a pasted credential (a JWT) or a typed certificate ID.
type VerifyText struct {
	Text string `json:"text" description:"a verifiable credential in its JWT form, or a certificate ID"`
}

// DocumentVerdict is the answer of the document check: one verdict in plain words, what it rests
// on, and the certificate's public facts when the document is genuine.
type DocumentVerdict struct {
	Verdict     string              `json:"verdict" enum:"valid,revoked,expired,modified,foreign"`
	Message     string              `json:"message" description:"the verdict in plain words, e.g. Genuine and valid until November 27, 2027"`
	Checks      []ProofCheck        `json:"checks"`
	Certificate *PublicVerification `json:"certificate" description:"the certificate's public facts; null unless the document is genuine"`
}

// ProofCheck is one thing a verdict rests on.
type ProofCheck struct {
	Name   string `json:"name" enum:"Signature,Signer,Document,Live status"`
	Passed bool   `json:"passed"`
	Detail string `json:"detail"`
}

// Signature says who signs the platform's PDFs and credentials.
type Signature struct {
	SignedBy      string `json:"signedBy" description:"the signing certificate's subject"`
	TestSignature bool   `json:"testSignature" description:"the signing certificate is the generated self-signed one, which no reader trusts"`
	Notice        string `json:"notice" description:"what the documents print about a test signature; empty for a real one"`
}

// Credential is a certificate's W3C verifiable credential (VC Data Model 2.0 secured as a JWT,
// VC-JOSE-COSE) with what a verifier needs beside it.
type Credential struct {
	Credential           string    `json:"credential" description:"the credential, a compact JWS with typ vc+jwt; GET with Accept: application/vc+jwt answers it alone"`
	MediaType            string    `json:"mediaType" enum:"application/vc+jwt"`
	Issuer               string    `json:"issuer" description:"the issuer's did:web; its document, with the current and previous keys, is at /.well-known/did.json"`
	StatusListIndex      int       `json:"statusListIndex" description:"the certificate's bit in the revocation list (1: revoked)"`
	StatusListCredential string    `json:"statusListCredential" format:"uri" description:"the signed BitstringStatusListCredential"`
	ValidFrom            time.Time `json:"validFrom"`
	ValidUntil           time.Time `json:"validUntil"`
	Signature            Signature `json:"signature"`
}
