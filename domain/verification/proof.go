package verification

import "time"

// Seal is what a document's own proof of origin came to: the signature of a PDF or of a
// credential, checked against the keys we sign with.
type Seal string

// The outcomes of checking a seal.
const (
	// SealIntact: signed with one of our keys and unchanged since.
	SealIntact Seal = "intact"
	// SealBroken: signed with one of our keys, but the bytes changed after signing (an edit, or
	// an update appended after the signature).
	SealBroken Seal = "broken"
	// SealForeign: no signature, or one by a key that is not ours.
	SealForeign Seal = "foreign"
	// SealNone: nothing was sealed, as when a counterparty types a certificate ID; the live record
	// alone decides.
	SealNone Seal = "none"
)

// VerdictKind is the one answer a counterparty gets about a document.
type VerdictKind string

// The five verdicts of the "Verify a document" page.
const (
	VerdictValid    VerdictKind = "valid"
	VerdictRevoked  VerdictKind = "revoked"
	VerdictExpired  VerdictKind = "expired"
	VerdictModified VerdictKind = "modified"
	VerdictForeign  VerdictKind = "foreign"
)

// Record is the live state of the certificate a document names: nil when we issued none under
// that ID (never approved, unknown, or gone).
type Record struct {
	Status    CertificateStatus
	ExpiresAt time.Time
	RevokedAt *time.Time
}

// Verdict is a verdict with its sentence in plain words.
type Verdict struct {
	Kind    VerdictKind
	Message string
}

// Judge gives the verdict on a document from its seal and the live record of its certificate.
// A broken seal outranks the record: a changed document says nothing, whatever the certificate's
// state. A document we sealed whose certificate we no longer hold was issued, but nothing vouches
// for it any more: it counts as revoked.
func Judge(seal Seal, rec *Record) Verdict {
	switch {
	case seal == SealBroken:
		return Verdict{VerdictModified, "Modified after it was issued: do not rely on it"}
	case seal == SealForeign || (seal == SealNone && rec == nil):
		return Verdict{VerdictForeign, "Not issued by TTT Verify"}
	case rec == nil:
		return Verdict{VerdictRevoked, "Genuine, but this certificate was withdrawn: do not rely on it"}
	}
	switch rec.Status {
	case CertificateRevoked:
		on := rec.ExpiresAt
		if rec.RevokedAt != nil {
			on = *rec.RevokedAt
		}
		return Verdict{VerdictRevoked, "Genuine, but this certificate was revoked on " + LongDate(on)}
	case CertificateExpired:
		return Verdict{VerdictExpired, "Genuine, but it expired on " + LongDate(rec.ExpiresAt)}
	default:
		return Verdict{VerdictValid, "Genuine and valid until " + LongDate(rec.ExpiresAt)}
	}
}

// LongDate is a date as the public pages print it: "November 27, 2026" (UTC).
func LongDate(t time.Time) string { return t.UTC().Format("January 02, 2006") }
