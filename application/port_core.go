// Package application holds the use cases (one exported method per user intent) and the ports
// they need. It imports the domain only; adapters implement the ports.
package application

import (
	"context"
	"io"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/filesignals"
	"github.com/tttverify/tttverify/domain/user"
	"github.com/tttverify/tttverify/domain/verification"
)

// Errors the adapters and use cases return; their kinds decide the status a client receives.
var (
	ErrNotFound         = errs.NotFound("Not found")
	ErrConflict         = errs.Conflict("The record was changed by someone else; reload and try again")
	ErrEmailTaken       = errs.Conflict("An account with this email already exists").On("email")
	ErrBadCredentials   = errs.Unauthenticated("Invalid email or password")
	ErrUnauthenticated  = errs.Unauthenticated("Not signed in")
	ErrForbidden        = errs.Forbidden("You are not allowed to do this")
	ErrStoreUnavailable = errs.Unavailable("File storage is unavailable; please try again shortly")
)

// Transactor runs fn in one database transaction; repositories called with the ctx it passes
// take part in that transaction.
type Transactor interface {
	WithinTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// Clock tells the time; tests control it.
type Clock interface{ Now() time.Time }

// SystemClock is the real clock, in UTC.
type SystemClock struct{}

// Now returns the current time in UTC, truncated to microseconds as the databases store it.
func (SystemClock) Now() time.Time { return time.Now().UTC().Truncate(time.Microsecond) }

// User is an account.
type User struct {
	ID           int64
	Email        string
	PasswordHash string
	Role         user.Role // staff only: reviewer or administrator
	CreatedAt    time.Time
}

// Session is one signed-in browser.
type Session struct {
	ID        string
	UserID    int64
	CreatedAt time.Time
	ExpiresAt time.Time
}

// Users stores accounts.
type Users interface {
	Create(ctx context.Context, u *User) error // ErrEmailTaken when the e-mail exists
	ByEmail(ctx context.Context, email string) (*User, error)
	ByID(ctx context.Context, id int64) (*User, error)
	UpdatePassword(ctx context.Context, id int64, hash string) error
	SetRole(ctx context.Context, id int64, role user.Role) error
}

// Sessions stores signed-in sessions so that logout and password changes can end them.
type Sessions interface {
	Create(ctx context.Context, s Session) error
	// Active returns the session and its user when the session exists, is not revoked and has not expired.
	Active(ctx context.Context, id string, now time.Time) (*Session, *User, error)
	// Extend sets when a live session ends without another request (the idle deadline).
	Extend(ctx context.Context, id string, expiresAt time.Time) error
	Revoke(ctx context.Context, id string) error
	RevokeAllExcept(ctx context.Context, userID int64, keepID string) error
}

// PasswordHasher hashes and checks passwords.
type PasswordHasher interface {
	Hash(password string) (string, error)
	Matches(hash, password string) bool
}

// CommonPasswords knows the most common passwords, which a new password may not be.
type CommonPasswords interface {
	Common(password string) bool
}

// SortField is a column the verification lists can be ordered by.
type SortField string

// The sort fields of spec section 2.
const (
	SortID        SortField = "id"
	SortStatus    SortField = "status"
	SortTier      SortField = "tier"
	SortCreatedAt SortField = "createdAt"
	SortUpdatedAt SortField = "updatedAt"
	// The administrators' list also sorts by what its other columns show.
	SortPublicID SortField = "publicId"
	SortCompany  SortField = "company"
	SortEmail    SortField = "email"
	// SortReviewSince orders by when the wait for a decision began: the review queue's oldest first.
	SortReviewSince SortField = "reviewSince"
)

// ListSorts are the sort fields of an applicant's list; AdminSorts those of the administrators' list.
var (
	ListSorts  = []SortField{SortID, SortStatus, SortTier, SortCreatedAt, SortUpdatedAt}
	AdminSorts = append(ListSorts[:len(ListSorts):len(ListSorts)], SortPublicID, SortCompany, SortEmail,
		SortReviewSince)
)

// VerificationFilter selects and pages a verification list.
type VerificationFilter struct {
	UserID   int64 // 0: every user (admin)
	Status   *verification.Status
	Statuses []verification.Status // any of these; used with Status unset
	// Certificates narrows the approved verifications the status fields select to those whose
	// certificate is in one of these states at Now: screens show a revoked or expired certificate
	// as such, not as approved, and filter the same way.
	Certificates []verification.CertificateStatus
	Now          time.Time
	Tier         *verification.Tier
	Email        string // case-insensitive substring of the owner's e-mail
	Company      string // case-insensitive substring of the company name or registration number
	PublicID     string
	ID           int64
	// ScreeningAttention keeps the Top verifications whose screening needs a reviewer
	// (screening.NeedsAttention).
	ScreeningAttention bool
	// Claim keeps the verifications a reviewer holds (ClaimMine, with ClaimHolder) or nobody
	// holds (ClaimUnclaimed); a claim counts while active at or after ClaimsLiveSince.
	Claim           ClaimFilter
	ClaimHolder     int64
	ClaimsLiveSince time.Time
	// AwaitingSecond keeps the verifications whose first approval awaits a second review.
	AwaitingSecond bool
	// WaitingBefore, when set, keeps the verifications in review whose wait began before it (and
	// not before WaitingFrom, when that is set too): the overdue ones, or those due on a day.
	WaitingBefore, WaitingFrom time.Time
	Sort                       SortField
	Desc                       bool
	Page                       int // 1-based
	PageSize                   int
}

// StatusCounts are the admin queue's counts per status, where an approved verification whose
// certificate was revoked or has expired counts as Revoked or Expired instead of approved.
type StatusCounts struct {
	ByStatus         map[verification.Status]int
	Revoked, Expired int
	// Overdue counts the verifications in review that have waited more than the promised business days.
	Overdue int
	// Attention counts the verifications whose screening needs a reviewer (screening.NeedsAttention).
	Attention int
}

// VerificationListItem is a verification with its owner's e-mail and its company's name (empty until
// the company section is saved), as lists show it.
type VerificationListItem struct {
	Verification *verification.Verification
	UserEmail    string
	CompanyName  string
	// Waiting is how long a verification in review has waited for a decision (nil otherwise); the
	// administrators' reads fill it.
	Waiting *ReviewWait
	// FirstApproval is its latest first approval under four eyes, awaiting a second review or sent
	// back (nil: none); the administrators' reads fill it.
	FirstApproval *FirstApproval
	// FourEyes says an approval of it needs a second administrator (FOUR_EYES covers its tier).
	FourEyes bool
}

// ReviewWait is a verification's wait for a decision, measured in business days since it entered
// review after payment.
type ReviewWait struct {
	Since        time.Time
	BusinessDays int // a started business day counts as one
	Overdue      bool
}

// VerificationRepository stores the verification aggregate.
type VerificationRepository interface {
	Create(ctx context.Context, v *verification.Verification) error
	// Get returns a verification that is not deleted, or ErrNotFound.
	Get(ctx context.Context, id int64) (*verification.Verification, error)
	// GetForUpdate is Get that locks the row until the transaction ends.
	GetForUpdate(ctx context.Context, id int64) (*verification.Verification, error)
	ByPublicID(ctx context.Context, publicID string) (*verification.Verification, error)
	// ByPublicIDsWithCompany returns the verifications that are not deleted among publicIDs (unknown
	// ids left out), each with its company section's public facts and its place in the revocation
	// list, read in one query: the public certificates that are not cached.
	ByPublicIDsWithCompany(ctx context.Context, publicIDs []string) ([]CertificateRecord, error)
	ByCISPath(ctx context.Context, path string) (*verification.Verification, error)
	// Save writes v if nobody saved it since it was read (ErrConflict otherwise) and bumps its version.
	Save(ctx context.Context, v *verification.Verification) error
	List(ctx context.Context, f VerificationFilter) ([]VerificationListItem, int, error)
	// CountByStatus counts verifications per status for the filter, ignoring its status fields.
	CountByStatus(ctx context.Context, f VerificationFilter) (map[verification.Status]int, error)
	// Tally counts the filter's verifications as the admin queue shows them, ignoring its status
	// fields: per status, the certificates revoked or expired at f.Now apart from the approved ones,
	// those in review since before overdueBefore, and those whose screening needs a reviewer.
	Tally(ctx context.Context, f VerificationFilter, overdueBefore time.Time) (StatusCounts, error)
	// SearchApproved returns at most limit approved, unrevoked verifications whose public id or
	// registration number is text, or whose company name begins with it, case-insensitively.
	SearchApproved(ctx context.Context, text string, limit int) ([]*verification.Verification, error)
}

// Stamps are a section's creation and update times.
type Stamps struct{ CreatedAt, UpdatedAt time.Time }

// CompanyRecord is a stored company section.
type CompanyRecord struct {
	VerificationID int64
	verification.CompanyInfo
	Stamps
}

// CertificateRecord is a verification and the public facts of its company section (nil when it has
// none): what a public certificate is made from.
type CertificateRecord struct {
	Verification *verification.Verification
	Company      *CompanyRecord
	// StatusIndex is the certificate's place in the revocation list, nil before it has one.
	StatusIndex *int
}

// RepresentativeRecord is a stored representative.
type RepresentativeRecord struct {
	ID             int64
	VerificationID int64
	verification.Representative
	PassportFileID *int64
	PassportPath   string // object path of the passport document, when one is linked
	Stamps
}

// BankingRecord is a stored banking section.
type BankingRecord struct {
	VerificationID int64
	verification.BankingInfo
	ReferenceFileID *int64
	ReferencePath   string
	Stamps
}

// TradeRecord is a stored trade section.
type TradeRecord struct {
	VerificationID int64
	verification.TradeInfo
	Stamps
}

// OwnerRecord is a stored beneficial owner.
type OwnerRecord struct {
	ID             int64
	VerificationID int64
	verification.BeneficialOwner
	DocumentFileID *int64
	DocumentPath   string // object path of the identity document, when one is linked
	Stamps
}

// DeclarationRecord is a stored declaration that no natural person reaches the threshold.
type DeclarationRecord struct {
	VerificationID int64
	verification.OwnershipDeclaration
	SeniorOfficialName string // the representative's full name, as read
	Stamps
}

// Sections stores the five sections of a verification.
type Sections interface {
	Company(ctx context.Context, verificationID int64) (*CompanyRecord, error)
	SaveCompany(ctx context.Context, r *CompanyRecord) error // insert or update
	Banking(ctx context.Context, verificationID int64) (*BankingRecord, error)
	SaveBanking(ctx context.Context, r *BankingRecord) error
	Trade(ctx context.Context, verificationID int64) (*TradeRecord, error)
	SaveTrade(ctx context.Context, r *TradeRecord) error
	Representatives(ctx context.Context, verificationID int64) ([]RepresentativeRecord, error)
	Representative(ctx context.Context, verificationID, id int64) (*RepresentativeRecord, error)
	AddRepresentative(ctx context.Context, r *RepresentativeRecord) error
	UpdateRepresentative(ctx context.Context, r *RepresentativeRecord) error
	DeleteRepresentative(ctx context.Context, verificationID, id int64) error
	// Owners lists the beneficial owners that are not deleted, oldest first.
	Owners(ctx context.Context, verificationID int64) ([]OwnerRecord, error)
	Owner(ctx context.Context, verificationID, id int64) (*OwnerRecord, error)
	AddOwner(ctx context.Context, r *OwnerRecord) error
	UpdateOwner(ctx context.Context, r *OwnerRecord) error
	DeleteOwner(ctx context.Context, verificationID, id int64) error
	// Declaration returns the declaration in force, ErrNotFound when there is none.
	Declaration(ctx context.Context, verificationID int64) (*DeclarationRecord, error)
	SaveDeclaration(ctx context.Context, r *DeclarationRecord) error // insert or replace
	WithdrawDeclaration(ctx context.Context, verificationID int64) error
	// Completeness counts the owners, and a declaration only while its senior official is a
	// representative who is not deleted.
	Completeness(ctx context.Context, verificationID int64) (verification.Completeness, error)
}

// Document is a stored file's record.
type Document struct {
	ID               int64
	VerificationID   int64
	Type             verification.DocumentType
	Filename         string // the sanitised name
	OriginalFilename string
	MimeType         string
	Size             int64
	ObjectPath       string
	CreatedAt        time.Time
	// Owner is the full name of the representative or beneficial owner whose identity document this
	// is (List only; "" otherwise); OfBeneficialOwner tells which.
	Owner             string
	OfBeneficialOwner bool
	// Facts are what the upload read from the file; an empty SHA256 for files uploaded before it did.
	Facts filesignals.Facts
}

// FileElsewhere is a document, in a verification of another account, with the same SHA-256 as one
// under review.
type FileElsewhere struct {
	SHA256         string
	VerificationID int64
	CompanyName    string // "" before the company section is saved
	UploadedAt     time.Time
}

// Documents stores document records.
type Documents interface {
	Create(ctx context.Context, d *Document) error
	List(ctx context.Context, verificationID int64) ([]Document, error)
	Get(ctx context.Context, verificationID, id int64) (*Document, error)
	ByObjectPath(ctx context.Context, path string) (*Document, error)
	// Delete marks a document deleted and clears links to it; its row and object stay (see FileRetention).
	Delete(ctx context.Context, verificationID, id int64, at time.Time) error
	// DeletedBefore lists up to limit documents deleted before t whose objects are still stored.
	DeletedBefore(ctx context.Context, t time.Time, limit int) ([]Document, error)
	// MarkPurged records that a deleted document's object was removed.
	MarkPurged(ctx context.Context, id int64, at time.Time) error
	// SameFiles lists, for each of hashes, up to limit documents, not deleted, of verifications
	// (not deleted) of an account other than verificationID's with that SHA-256, oldest first.
	SameFiles(ctx context.Context, verificationID int64, hashes []string, limit int) ([]FileElsewhere, error)
}

// AuditEvent is one entry of a verification's audit trail.
type AuditEvent struct {
	ID             int64
	VerificationID int64
	ActorID        int64 // 0 for the system (a payment webhook)
	ActorEmail     string
	Action         string
	From, To       string // statuses; equal when the action changed none
	Reason         string
	CreatedAt      time.Time
}

// AuditLog records what happened to verifications, in the transaction of the change.
type AuditLog interface {
	Record(ctx context.Context, e AuditEvent) error
	List(ctx context.Context, verificationID int64) ([]AuditEvent, error)
}

// BlobInfo describes a stored object.
type BlobInfo struct {
	Size        int64
	ContentType string
}

// BlobStore keeps file contents. Put streams r to key and stores nothing when r fails or
// yields more than limit bytes (verification.ErrFileTooLarge); keys come from the server only.
type BlobStore interface {
	Put(ctx context.Context, key string, r io.Reader, limit int64, contentType string) (int64, error)
	Get(ctx context.Context, key string) (io.ReadCloser, BlobInfo, error) // ErrNotFound when missing
	Stat(ctx context.Context, key string) (BlobInfo, error)
	Delete(ctx context.Context, key string) error // deleting a missing key is not an error
	Ping(ctx context.Context) error
}

// Presigner is what a BlobStore offers when it can hand out links that download an object
// straight from the store: PresignGet returns a URL, valid for expiry, that serves key as an
// attachment named filename.
type Presigner interface {
	PresignGet(ctx context.Context, key, filename string, expiry time.Duration) (string, error)
}
