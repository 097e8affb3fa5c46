package application

import "context"

// Mailer delivers one e-mail. A message with an IdempotencyKey that was delivered before is not
// delivered again, so a retried job never sends twice.
type Mailer interface {
	Send(ctx context.Context, m Message) error
}

// Message is one rendered e-mail.
type Message struct {
	To      []string `json:"to"`
	Subject string   `json:"subject"`
	Text    string   `json:"text"`
	HTML    string   `json:"html,omitempty"`
	// IdempotencyKey names the message for good, e.g. "receipt:42" or "approved:17:3"; the
	// Message-ID header is derived from it and a delivered key is never delivered again.
	IdempotencyKey string `json:"idempotencyKey"`
	// Headers are extra header fields, e.g. List-Unsubscribe (RFC 8058) on a follower's message.
	Headers map[string]string `json:"headers,omitempty"`
}
