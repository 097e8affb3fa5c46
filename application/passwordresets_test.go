package application

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"
)

// Fakes of the reset use cases' ports; what a test does not call is left to the embedded nil
// interface (calling it panics).

type resetUsers struct {
	Users
	accounts map[string]*User
	lookups  int
}

func (u *resetUsers) ByEmail(_ context.Context, email string) (*User, error) {
	u.lookups++
	if a, ok := u.accounts[email]; ok {
		return a, nil
	}
	return nil, ErrNotFound
}

type resetTokens struct {
	ResetTokens
	tokens     []ResetToken
	superseded map[int64]bool
}

func (r *resetTokens) Supersede(_ context.Context, userID int64, _ time.Time) error {
	for _, t := range r.tokens {
		if t.UserID == userID {
			r.superseded[t.ID] = true
		}
	}
	return nil
}

func (r *resetTokens) Create(_ context.Context, t *ResetToken) error {
	t.ID = int64(len(r.tokens) + 1)
	r.tokens = append(r.tokens, *t)
	return nil
}

type queued struct{ jobs []Job }

func (q *queued) Enqueue(_ context.Context, jobs ...Job) error {
	q.jobs = append(q.jobs, jobs...)
	return nil
}

type passthroughTx struct{}

func (passthroughTx) WithinTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return fn(ctx)
}

type noEvents struct{}

func (noEvents) Record(context.Context, int64, string, time.Time) error { return nil }

type linkEmails struct{}

func (linkEmails) Render(to, key string, data Email) (Message, error) {
	return Message{To: []string{to}, Text: "token=" + data.(PasswordReset).Token, IdempotencyKey: key}, nil
}

// flakyMailer fails its first fails sends, then keeps what it sends.
type flakyMailer struct {
	fails int
	sent  []Message
}

func (m *flakyMailer) Send(_ context.Context, msg Message) error {
	if m.fails > 0 {
		m.fails--
		return errors.New("smtp down")
	}
	m.sent = append(m.sent, msg)
	return nil
}

func newResets(users *resetUsers, tokens *resetTokens, jobs *queued, mailer *flakyMailer) *PasswordResets {
	return NewPasswordResets(PasswordResetDeps{Tx: passthroughTx{}, Users: users, Tokens: tokens, Events: noEvents{},
		Clock: SystemClock{}, Jobs: jobs, Emails: linkEmails{}, Mailer: mailer})
}

// The request looks nobody up: known and unknown e-mails each queue one job naming the address.
func TestRequestPasswordResetLooksNobodyUp(t *testing.T) {
	users := &resetUsers{accounts: map[string]*User{"ana@acme.test": {ID: 1, Email: "ana@acme.test"}}}
	jobs := &queued{}
	p := newResets(users, &resetTokens{superseded: map[int64]bool{}}, jobs, &flakyMailer{})
	for _, email := range []string{"Ana@Acme.test", "nobody@acme.test"} {
		if err := p.RequestPasswordReset(context.Background(), email); err != nil {
			t.Fatal(err)
		}
	}
	want := []Job{PasswordResetRequested{Email: "ana@acme.test"}, PasswordResetRequested{Email: "nobody@acme.test"}}
	if users.lookups != 0 || !slices.Equal(jobs.jobs, want) {
		t.Errorf("%d lookups and jobs %v; want none and %v", users.lookups, jobs.jobs, want)
	}
}

// The worker sends one link per attempt; a retry after a failed send makes a new link and ends the
// one before, so that exactly one link works. An unknown e-mail sends nothing.
func TestSendResetLinkRetryLeavesOneWorkingLink(t *testing.T) {
	users := &resetUsers{accounts: map[string]*User{"ana@acme.test": {ID: 1, Email: "ana@acme.test"}}}
	tokens, mailer := &resetTokens{superseded: map[int64]bool{}}, &flakyMailer{fails: 1}
	p := newResets(users, tokens, &queued{}, mailer)
	ctx := context.Background()
	if err := p.SendResetLink(ctx, "ana@acme.test"); err == nil {
		t.Fatal("the failed send was not reported, so the job would not be retried")
	}
	if err := p.SendResetLink(ctx, "ana@acme.test"); err != nil {
		t.Fatal(err)
	}
	if err := p.SendResetLink(ctx, "nobody@acme.test"); err != nil {
		t.Fatal(err)
	}
	if len(mailer.sent) != 1 || len(tokens.tokens) != 2 {
		t.Fatalf("%d messages sent and %d tokens made; want 1 and 2", len(mailer.sent), len(tokens.tokens))
	}
	sent, live := mailer.sent[0], tokens.tokens[1]
	if !tokens.superseded[tokens.tokens[0].ID] || tokens.superseded[live.ID] {
		t.Errorf("superseded %v; want only the first attempt's token ended", tokens.superseded)
	}
	if token := strings.TrimPrefix(sent.Text, "token="); hashToken(token) != live.TokenHash || sent.IdempotencyKey != "password-reset:2" {
		t.Errorf("sent %+v; want the live token's link, keyed by its id", sent)
	}
}
