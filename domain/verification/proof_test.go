package verification

import (
	"testing"
	"time"
)

func TestJudgeGivesOneVerdictInPlainWords(t *testing.T) {
	expires := time.Date(2027, 11, 27, 9, 0, 0, 0, time.UTC)
	revoked := time.Date(2026, 12, 3, 14, 0, 0, 0, time.UTC)
	valid := &Record{Status: CertificateValid, ExpiresAt: expires}
	for _, c := range []struct {
		name string
		seal Seal
		rec  *Record
		want Verdict
	}{
		{"intact and valid", SealIntact, valid, Verdict{VerdictValid, "Genuine and valid until November 27, 2027"}},
		{"an ID typed in", SealNone, valid, Verdict{VerdictValid, "Genuine and valid until November 27, 2027"}},
		{"revoked", SealIntact, &Record{Status: CertificateRevoked, ExpiresAt: expires, RevokedAt: &revoked},
			Verdict{VerdictRevoked, "Genuine, but this certificate was revoked on December 03, 2026"}},
		{"expired", SealIntact, &Record{Status: CertificateExpired, ExpiresAt: expires},
			Verdict{VerdictExpired, "Genuine, but it expired on November 27, 2027"}},
		{"changed, even if valid", SealBroken, valid, Verdict{VerdictModified, "Modified after it was issued: do not rely on it"}},
		{"changed, certificate unknown", SealBroken, nil, Verdict{VerdictModified, "Modified after it was issued: do not rely on it"}},
		{"someone else's signature", SealForeign, valid, Verdict{VerdictForeign, "Not issued by TTT Verify"}},
		{"an unknown ID", SealNone, nil, Verdict{VerdictForeign, "Not issued by TTT Verify"}},
		{"our seal, no record", SealIntact, nil, Verdict{VerdictRevoked, "Genuine, but this certificate was withdrawn: do not rely on it"}},
	} {
		if got := Judge(c.seal, c.rec); got != c.want {
			t.Errorf("%s: got %+v, want %+v", c.name, got, c.want)
		}
	}
}
