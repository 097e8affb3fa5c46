// Package password hashes passwords with bcrypt and knows the most common passwords.
package password

import (
	"crypto/sha512"
	"encoding/base64"

	"golang.org/x/crypto/bcrypt"
)

// Bcrypt is the PasswordHasher. Cost trades login latency for resistance to offline guessing.
type Bcrypt struct{ Cost int }

// Hash returns the bcrypt hash of password.
func (b Bcrypt) Hash(password string) (string, error) {
	cost := b.Cost
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	h, err := bcrypt.GenerateFromPassword(input(password), cost)
	return string(h), err
}

// Matches reports whether password hashes to hash.
func (Bcrypt) Matches(hash, password string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), input(password)) == nil
}

// input is what bcrypt hashes: the password itself up to bcrypt's 72 bytes (every hash made
// before longer passwords were allowed is of this kind), and a longer one's SHA-384 in base64
// (64 bytes), so that no part of a long passphrase is silently cut off.
func input(password string) []byte {
	if len(password) <= 72 {
		return []byte(password)
	}
	sum := sha512.Sum384([]byte(password))
	return []byte(base64.StdEncoding.EncodeToString(sum[:]))
}
