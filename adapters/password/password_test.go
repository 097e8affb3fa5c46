package password

import (
	"strings"
	"testing"
)

// TestCommonListHoldsTheMostCommonPasswords: the list has at least the 30,000 most common
// passwords, compared without regard to case, and nothing else.
func TestCommonListHoldsTheMostCommonPasswords(t *testing.T) {
	c := NewCommon()
	if c.Len() < 30_000 {
		t.Fatalf("%d passwords on the list, want at least 30,000", c.Len())
	}
	for _, p := range []string{"123456", "password", "Password", "QWERTY", "iloveyou", "trustno1"} {
		if !c.Common(p) {
			t.Errorf("%q is not on the list", p)
		}
	}
	for _, p := range []string{"tangerine-42", "correct-horse-9", ""} {
		if c.Common(p) {
			t.Errorf("%q is on the list", p)
		}
	}
}

// TestLongPasswordsCountWhole: bcrypt reads 72 bytes; a longer password is hashed whole, so that
// two passphrases that differ only past the 72nd byte are different passwords, while a hash made
// before long passwords were allowed still matches.
func TestLongPasswordsCountWhole(t *testing.T) {
	b := Bcrypt{Cost: 4}
	long := strings.Repeat("a", 72) + "-one"
	h, err := b.Hash(long)
	if err != nil {
		t.Fatal(err)
	}
	if !b.Matches(h, long) || b.Matches(h, strings.Repeat("a", 72)+"-two") || b.Matches(h, strings.Repeat("a", 72)) {
		t.Error("a long password's hash does not tell it from another with the same first 72 bytes")
	}
	short, err := b.Hash("tangerine-42")
	if err != nil {
		t.Fatal(err)
	}
	if !b.Matches(short, "tangerine-42") {
		t.Error("a short password no longer matches its hash")
	}
}
