package tests

import (
	"testing"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/user"
)

// Accounts: one per e-mail whatever its case, sign-in failures look alike, a session ends at
// logout or after its lifetime, and a password change ends every other session.
func TestUseCaseAccounts(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		auth := e.Svc.Auth
		alice, laptop, err := auth.Register(u.ctx, "  Alice@Example.com ", "tangerine-42")
		if err != nil {
			t.Fatal(err)
		}
		if alice.Email != "alice@example.com" || alice.Role != user.NoRole {
			t.Errorf("registered %q role %q, want the normalised e-mail and no staff role", alice.Email, alice.Role)
		}
		_, _, err = auth.Register(u.ctx, "ALICE@example.com", "another123")
		expectIs(t, "register the same e-mail in other case", err, application.ErrEmailTaken)
		_, _, err = auth.Login(u.ctx, "alice@example.com", "wrong-password", "")
		expectIs(t, "login with a wrong password", err, application.ErrBadCredentials)
		_, _, err = auth.Login(u.ctx, "nobody@example.com", "tangerine-42", "")
		expectIs(t, "login with an unknown e-mail", err, application.ErrBadCredentials)

		_, phone, err := auth.Login(u.ctx, "ALICE@example.com", "tangerine-42", "")
		if err != nil {
			t.Fatalf("login: %v", err)
		}
		_, tablet, err := auth.Login(u.ctx, "alice@example.com", "tangerine-42", "")
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range []*application.Session{laptop, phone, tablet} {
			if who, _, err := auth.Authenticate(u.ctx, s.ID); err != nil || who.ID != alice.ID {
				t.Errorf("session %s: %v, %v; want alice", s.ID[:6], who, err)
			}
		}
		if err := auth.Logout(u.ctx, tablet.ID); err != nil {
			t.Fatal(err)
		}
		_, _, err = auth.Authenticate(u.ctx, tablet.ID)
		expectIs(t, "a logged-out session", err, application.ErrUnauthenticated)

		if err := auth.ChangePassword(u.ctx, alice, laptop.ID, "wrong-current", "newsecret456"); err == nil {
			t.Error("password change with a wrong current password was accepted")
		}
		if err := auth.ChangePassword(u.ctx, alice, laptop.ID, "tangerine-42", "newsecret456"); err != nil {
			t.Fatalf("change password: %v", err)
		}
		if _, _, err := auth.Authenticate(u.ctx, laptop.ID); err != nil {
			t.Errorf("the session that changed the password: %v, want it kept", err)
		}
		_, _, err = auth.Authenticate(u.ctx, phone.ID)
		expectIs(t, "another session after the password change", err, application.ErrUnauthenticated)
		_, _, err = auth.Login(u.ctx, "alice@example.com", "tangerine-42", "")
		expectIs(t, "login with the old password", err, application.ErrBadCredentials)
		if _, _, err := auth.Login(u.ctx, "alice@example.com", "newsecret456", ""); err != nil {
			t.Errorf("login with the new password: %v", err)
		}

		e.clock.Advance(application.DefaultApplicantSessions.Idle)
		_, _, err = auth.Authenticate(u.ctx, laptop.ID)
		expectIs(t, "a session idle for its idle time", err, application.ErrUnauthenticated)
	})
}
