package application

import (
	"context"
	"errors"
	"regexp"
	"strings"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/verification"
)

// DocumentCheck is what a counterparty hands in: a PDF, or a text that is a credential (a JWT) or
// a certificate ID.
type DocumentCheck struct {
	PDF  []byte
	Text string
}

// DocumentVerdict is the answer: one verdict, what was checked to reach it, and the company's
// public facts when the document is genuine.
type DocumentVerdict struct {
	verification.Verdict
	Checks      []ProofCheck
	Certificate *PublicCertificate
}

// ProofCheck is one thing the verdict rests on.
type ProofCheck struct {
	Name   string // "Signature", "Signer", "Document", "Live status"
	Passed bool
	Detail string
}

// The limits of what the document check reads.
const (
	MaxCheckedPDF        = 10 << 20
	maxCheckedCredential = 64 << 10
)

// errNoCertificate refuses a document we signed that is about no certificate, such as the
// revocation status list: there is nothing to give a verdict on.
func errNoCertificate(document string) error {
	what := "This document"
	if document != "" {
		what = "This " + strings.ToLower(document[:1]) + document[1:]
	}
	return errs.Invalid("", what+" was signed by TTT Verify but is not a certificate: check the certificate, its CIS or its credential.")
}

var (
	errNothingToCheck = errs.Invalid("", "Upload a PDF, or paste a credential or a certificate ID.")
	errCheckBoth      = errs.Invalid("", "Check one thing at a time: a PDF, or a credential or certificate ID.")
	// A JWT in compact form: three base64url parts.
	compactJWT = regexp.MustCompile(`^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$`)
	// Certificate IDs are short and plain; anything else was never one of ours.
	certificateID = regexp.MustCompile(`^[A-Za-z0-9-]{1,64}$`)
)

// Verify gives the verdict on a document. Nothing handed in is stored; the check reads the
// document, our keys and the certificate's live record.
func (s *Proofs) Verify(ctx context.Context, in DocumentCheck) (*DocumentVerdict, error) {
	text := strings.TrimSpace(in.Text)
	var (
		proof DocumentProof
		err   error
	)
	switch {
	case len(in.PDF) > 0 && text != "":
		return nil, errCheckBoth
	case len(in.PDF) > MaxCheckedPDF:
		return nil, errs.TooLarge("The file is larger than 10 MB; certificates and CIS forms are far smaller.")
	case len(in.PDF) > 0:
		proof, err = s.pdfs.InspectPDF(in.PDF)
	case len(text) > maxCheckedCredential:
		return nil, errs.Invalid("text", "This text is too long to be a credential or a certificate ID.")
	case compactJWT.MatchString(text):
		proof, err = s.credentials.InspectCredential(text)
	case text != "":
		proof = DocumentProof{Seal: verification.SealNone, Document: "Certificate ID", PublicID: text}
		if !certificateID.MatchString(text) {
			proof.PublicID = ""
		}
	default:
		return nil, errNothingToCheck
	}
	if err != nil {
		return nil, err
	}
	if proof.Seal == verification.SealIntact && proof.PublicID == "" {
		return nil, errNoCertificate(proof.Document)
	}
	cert, err := s.certificate(ctx, proof)
	if err != nil {
		return nil, err
	}
	var rec *verification.Record
	if cert != nil {
		rec = &verification.Record{Status: cert.Status, ExpiresAt: cert.ExpiresAt, RevokedAt: cert.RevokedAt}
	}
	out := &DocumentVerdict{Verdict: verification.Judge(proof.Seal, rec), Checks: proofChecks(proof, rec, text)}
	if out.Kind != verification.VerdictModified && out.Kind != verification.VerdictForeign {
		out.Certificate = cert // the facts of a genuine document's certificate, never of a forgery's
	}
	return out, nil
}

// certificate is the live record of the certificate a proof names, nil when there is none to
// ask about (a changed or foreign document names whatever its maker wrote).
func (s *Proofs) certificate(ctx context.Context, p DocumentProof) (*PublicCertificate, error) {
	if p.PublicID == "" || p.Seal == verification.SealBroken || p.Seal == verification.SealForeign {
		return nil, nil
	}
	cert, err := s.public.Public(ctx, p.PublicID)
	if errors.Is(err, ErrNotFound) || errors.Is(err, ErrNotAvailable) {
		return nil, nil
	}
	return cert, err
}

// proofChecks says what the verdict rests on, in the order a careful reader checks.
func proofChecks(p DocumentProof, rec *verification.Record, typed string) []ProofCheck {
	var out []ProofCheck
	switch p.Seal {
	case verification.SealIntact:
		out = append(out, ProofCheck{"Signature", true, "Signed by TTT Verify and unchanged since it was signed"})
	case verification.SealBroken:
		out = append(out, ProofCheck{"Signature", false, "Signed by TTT Verify, but changed after it was signed"})
	case verification.SealForeign:
		out = append(out, ProofCheck{"Signature", false, "No valid signature by TTT Verify"})
	}
	if p.Signer != "" {
		signer := p.Signer
		if p.TestSignature {
			signer += ", a key this server generated for itself: a test signature, which PDF readers do not trust"
		}
		out = append(out, ProofCheck{"Signer", p.Seal != verification.SealForeign, signer})
	}
	switch {
	case p.Seal == verification.SealNone && p.PublicID == "":
		out = append(out, ProofCheck{"Document", false, "“" + typed + "” is not the form of a TTT Verify certificate ID"})
	case p.PublicID != "" && p.Document != "":
		out = append(out, ProofCheck{"Document", true, p.Document + " of certificate " + p.PublicID})
	case p.Document != "":
		out = append(out, ProofCheck{"Document", false, p.Document + " naming no certificate"})
	}
	if p.Seal == verification.SealIntact || p.Seal == verification.SealNone {
		out = append(out, liveStatusCheck(p, rec))
	}
	return out
}

func liveStatusCheck(p DocumentProof, rec *verification.Record) ProofCheck {
	switch {
	case rec == nil && p.PublicID == "":
		return ProofCheck{"Live status", false, "No certificate to look up"}
	case rec == nil:
		return ProofCheck{"Live status", false, "No certificate " + p.PublicID + " is on record"}
	case rec.Status == verification.CertificateRevoked:
		detail := "Revoked"
		if rec.RevokedAt != nil {
			detail += " on " + verification.LongDate(*rec.RevokedAt)
		}
		return ProofCheck{"Live status", false, detail}
	case rec.Status == verification.CertificateExpired:
		return ProofCheck{"Live status", false, "Expired on " + verification.LongDate(rec.ExpiresAt)}
	default:
		return ProofCheck{"Live status", true, "Valid until " + verification.LongDate(rec.ExpiresAt)}
	}
}
