package application

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/user"
	"github.com/tttverify/tttverify/domain/verification"
)

// FollowConfirmTTL is how long a follow request's confirmation link works.
const FollowConfirmTTL = 24 * time.Hour

// FollowRequestsPerCertificate bounds the follow requests one certificate takes, whoever sends
// them, so that nobody floods strangers' inboxes with confirmation links through one page.
var FollowRequestsPerCertificate = Rate{Burst: 20, Per: time.Hour}

// Errors of following a certificate.
var (
	ErrNoSuchCertificate = errs.NotFound("There is no certificate with this ID")
	ErrFollowLinkInvalid = errs.Invalid("", "This confirmation link is invalid or has expired")
	ErrUnsubscribeToken  = errs.Invalid("token", "This unsubscribe link is incomplete")
	ErrTooManyFollows    = errs.Throttled("Too many requests to follow this certificate. Please try again in an hour.")
)

// FollowEvent is a change of a certificate its followers are told about.
type FollowEvent string

// The changes followers hear of.
const (
	FollowRevoked    FollowEvent = "revoked"
	FollowReinstated FollowEvent = "reinstated"
	FollowExpired    FollowEvent = "expired"
	FollowUpgraded   FollowEvent = "upgraded"  // a paid upgrade sent the certificate back to review
	FollowRenewed    FollowEvent = "renewed"   // approved again, with a new validity
	FollowWithdrawn  FollowEvent = "withdrawn" // the review after an upgrade ended in a rejection
)

// FollowerAlerts tells a certificate's followers about a change of it (Follows): the use case that
// makes the change calls it inside its transaction, so a change that rolls back tells nobody.
type FollowerAlerts interface {
	Alert(ctx context.Context, v *verification.Verification, event FollowEvent, at time.Time) error
}

// Follows holds the use cases of counterparties who follow a certificate by e-mail: the request
// and its confirmation (double opt-in), the messages about changes, and the one-click unsubscribe.
type Follows struct {
	repo     VerificationRepository
	store    FollowerStore
	sections Sections
	jobs     JobQueue
	emails   Emails
	mailer   Mailer
	clock    Clock
	throttle Throttle
}

// FollowsDeps are what the follow use cases need; every field is required.
type FollowsDeps struct {
	Repo     VerificationRepository
	Store    FollowerStore
	Sections Sections // the company's name in the messages
	Jobs     JobQueue
	Emails   Emails
	// Mailer sends the confirmation link and each follower's message from the job's worker, where
	// their tokens are made, never through a queued SendEmail job whose arguments would hold them.
	Mailer Mailer
	Clock  Clock
	// Throttle counts the follow requests per certificate (Unthrottled when AUTH_RATE_LIMIT=0).
	Throttle Throttle
}

// NewFollows wires the follow use cases.
func NewFollows(d FollowsDeps) *Follows {
	return &Follows{repo: d.Repo, store: d.Store, sections: d.Sections, jobs: d.Jobs, emails: d.Emails, mailer: d.Mailer,
		clock: d.Clock, throttle: d.Throttle}
}

// Follow asks for a confirmation link to be sent to email, for following the certificate publicID.
// Every valid request for an existing certificate gets the same answer after the same work, one
// queued job; its worker (SendConfirmation) decides whether a link goes out, so the answer never
// tells whether the address follows already.
func (s *Follows) Follow(ctx context.Context, publicID, email string) error {
	if err := user.ValidateEmail(email); err != nil {
		return err
	}
	v, err := s.certificate(ctx, publicID)
	if err != nil {
		return err
	}
	ok, err := s.throttle.Allow(ctx, "follow|certificate|"+strconv.FormatInt(v.ID(), 10), FollowRequestsPerCertificate, s.clock.Now())
	if err != nil {
		return fmt.Errorf("count follow requests: %w", err)
	}
	if !ok {
		return ErrTooManyFollows
	}
	return s.jobs.Enqueue(ctx, FollowRequested{VerificationID: v.ID(), Email: user.NormalizeEmail(email)})
}

// certificate is the approved verification (valid, revoked or expired) with this public id.
func (s *Follows) certificate(ctx context.Context, publicID string) (*verification.Verification, error) {
	v, err := s.repo.ByPublicID(ctx, publicID)
	if isNotFound(err) {
		return nil, ErrNoSuchCertificate
	}
	if err != nil {
		return nil, err
	}
	if _, ok := v.CertificateStatus(s.clock.Now()); !ok {
		return nil, ErrNoSuchCertificate
	}
	return v, nil
}

// SendConfirmation works a FollowRequested job: it e-mails a confirmation link to an address that
// neither follows the certificate nor holds a live link for it, and stores only the link's hash.
// An address that follows already, or got a link in the last FollowConfirmTTL, gets nothing more.
func (s *Follows) SendConfirmation(ctx context.Context, verificationID int64, email string) error {
	now := s.clock.Now()
	v, err := s.repo.Get(ctx, verificationID)
	if isNotFound(err) {
		return nil // deleted since
	}
	if err != nil {
		return fmt.Errorf("load verification %d: %w", verificationID, err)
	}
	if _, ok := v.CertificateStatus(now); !ok {
		return nil // in review again since (a paid upgrade): nothing to follow for now
	}
	f, err := s.store.Find(ctx, verificationID, email)
	switch {
	case err == nil && f.ConfirmedAt != nil:
		return nil
	case err == nil && f.ConfirmExpiresAt != nil && now.Before(*f.ConfirmExpiresAt):
		return nil
	case err != nil && !isNotFound(err):
		return fmt.Errorf("find follower: %w", err)
	}
	token := randomToken(32)
	hash := hashToken(token)
	id, err := s.store.Pending(ctx, verificationID, email, hash, now.Add(FollowConfirmTTL), now)
	if err != nil {
		return fmt.Errorf("store follow request: %w", err)
	}
	msg, err := s.emails.Render(email, fmt.Sprintf("follow-confirm:%d:%s", id, hash[:16]), FollowConfirmation{
		CompanyName: companyName(ctx, s.sections, verificationID), PublicID: v.PublicID(), Token: token,
		ValidFor: FollowConfirmTTL})
	if err != nil {
		return fmt.Errorf("render the follow confirmation: %w", err)
	}
	if err := s.mailer.Send(ctx, msg); err != nil {
		// Withdraw the link that did not go out, so that the job's next attempt makes and sends one.
		_, _ = s.store.Pending(context.WithoutCancel(ctx), verificationID, email, hashToken(randomToken(32)), now, now)
		return err
	}
	return nil
}

// FollowedCertificate is what a confirmation tells the page: which certificate is followed now.
type FollowedCertificate struct {
	PublicID    string
	CompanyName string
}

// Confirm confirms a follow request through its link. Opening the link again within its validity
// answers the same; an unknown or expired link is ErrFollowLinkInvalid.
func (s *Follows) Confirm(ctx context.Context, token string) (*FollowedCertificate, error) {
	if token == "" {
		return nil, ErrFollowLinkInvalid
	}
	f, err := s.store.Confirm(ctx, hashToken(token), s.clock.Now())
	if isNotFound(err) {
		return nil, ErrFollowLinkInvalid
	}
	if err != nil {
		return nil, fmt.Errorf("confirm follower: %w", err)
	}
	v, err := s.repo.Get(ctx, f.VerificationID)
	if err != nil {
		return nil, fmt.Errorf("load verification %d: %w", f.VerificationID, err)
	}
	return &FollowedCertificate{PublicID: v.PublicID(), CompanyName: companyName(ctx, s.sections, v.ID())}, nil
}

// Unsubscribe stops the messages to the follower one of its messages' token names and forgets its
// address. It answers the same for a token used before or unknown, so it can be repeated safely
// (RFC 8058's one-click POST, then a click on the page).
func (s *Follows) Unsubscribe(ctx context.Context, token string) error {
	if token == "" {
		return ErrUnsubscribeToken
	}
	if _, err := s.store.Unsubscribe(ctx, hashToken(token)); err != nil {
		return fmt.Errorf("unsubscribe follower: %w", err)
	}
	return nil
}

// Followers counts the confirmed followers of one of the actor's certificates; who they are is
// never told.
func (s *Follows) Followers(ctx context.Context, actor *User, id int64) (int, error) {
	v, err := ownedBy(ctx, s.repo.Get, actor, id)
	if err != nil {
		return 0, err
	}
	return s.store.Count(ctx, v.ID())
}
