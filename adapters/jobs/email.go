package jobs

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tttverify/tttverify/application"
)

// Email is the e-mail job's entry of the table: send delivers the message. A message without an
// idempotency key is refused when queued, since a retry could send it twice; administrators see a
// failed one's recipients, subject and key, never its body.
func Email(send func(context.Context, application.Message) error) Work[application.SendEmail] {
	return Work[application.SendEmail]{
		Handle: func(ctx context.Context, j application.SendEmail) error { return send(ctx, j.Message) },
		check: func(j application.SendEmail) error {
			if j.Message.IdempotencyKey == "" {
				return fmt.Errorf("the e-mail %q needs an idempotency key", j.Message.Subject)
			}
			return nil
		},
		summary: func(j application.SendEmail) string {
			b, _ := json.Marshal(map[string]any{"to": j.Message.To, "subject": j.Message.Subject,
				"idempotencyKey": j.Message.IdempotencyKey})
			return string(b)
		},
	}
}
