// Package password hashes passwords with bcrypt.
package password

import "golang.org/x/crypto/bcrypt"

// Bcrypt is the PasswordHasher. Cost trades login latency for resistance to offline guessing.
type Bcrypt struct{ Cost int }

// Hash returns the bcrypt hash of password.
func (b Bcrypt) Hash(password string) (string, error) {
	cost := b.Cost
	if cost == 0 {
		cost = bcrypt.DefaultCost
	}
	h, err := bcrypt.GenerateFromPassword([]byte(password), cost)
	return string(h), err
}

// Matches reports whether password hashes to hash.
func (Bcrypt) Matches(hash, password string) bool {
	return bcrypt.CompareHashAndPassword([]byte(hash), []byte(password)) == nil
}
