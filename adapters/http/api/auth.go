package api

import "time"

// Error is every error response: a message, and per-field messages for validation failures.
type Error struct {
	Message string            `json:"message"`
	Errors  map[string]string `json:"errors,omitempty"`
	Missing []string          `json:"missing,omitempty"`
}

// Message is a plain answer with a sentence for people.
type Message struct {
	Message string `json:"message"`
}

// User is an account as its owner sees it. IsAdmin says the account is staff and uses the admin
// area; Role says what it may do there: a reviewer works the queue, an administrator also
// revokes, reinstates and runs the back office.
type User struct {
	ID        int64     `json:"id"`
	Email     string    `json:"email" format:"email"`
	IsAdmin   bool      `json:"isAdmin"`
	Role      string    `json:"role" enum:"applicant,reviewer,admin"`
	CreatedAt time.Time `json:"createdAt"`
}

// Credentials sign in or register.
type Credentials struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

// ChangePassword is a signed-in user's new password, with the current one.
type ChangePassword struct {
	CurrentPassword string `json:"currentPassword"`
	NewPassword     string `json:"newPassword"`
}

// PasswordResetRequest asks for a reset link for an e-mail address.
type PasswordResetRequest struct {
	Email string `json:"email"`
}

// PasswordResetConfirm sets a new password through a reset link's token.
type PasswordResetConfirm struct {
	Token       string `json:"token"`
	NewPassword string `json:"newPassword"`
}
