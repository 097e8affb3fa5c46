package api

import "time"

// AdminVerification is a verification as administrators see it: with its owner, live certificate
// status and screening.
type AdminVerification struct {
	Verification
	UserEmail string `json:"userEmail"`
	// Screening replaces the applicant's view of the Top checks.
	Screening *AdminScreeningSummary `json:"screening" description:"Top only (null for Basic, and before the first run)"`
	Claim     *ReviewClaim           `json:"claim" description:"the reviewer holding it (null: unclaimed, or the claim lapsed)"`
	Waiting   *ReviewWait            `json:"waiting" description:"in review only (null otherwise): the wait for a decision"`
	// FirstApproval is never in the applicant's view: who approved first is the reviewers' business.
	FourEyes      bool           `json:"fourEyes" description:"approving it needs a second administrator (FOUR_EYES covers its tier)"`
	FirstApproval *FirstApproval `json:"firstApproval" description:"under FOUR_EYES, the latest first approval, awaiting second review or sent back (null: none)"`
}

// FirstApproval is an administrator's approval awaiting a second one, or the latest one sent back.
type FirstApproval struct {
	ApproverEmail string    `json:"approverEmail"`
	ApprovedAt    time.Time `json:"approvedAt"`
	Mine          bool      `json:"mine" description:"the caller gave it, so the caller may not confirm it"`
	Awaiting      bool      `json:"awaiting" description:"awaits a second review (false: sent back)"`
	SentBack      *SendBack `json:"sentBack" description:"null while awaiting"`
}

// SendBack is a second administrator's refusal to confirm a first approval, with their note.
type SendBack struct {
	ByEmail string    `json:"byEmail"`
	At      time.Time `json:"at"`
	Note    string    `json:"note"`
}

// ReviewClaim is who is reviewing a verification, and since when.
type ReviewClaim struct {
	HolderID    int64     `json:"holderId"`
	HolderEmail string    `json:"holderEmail"`
	ClaimedAt   time.Time `json:"claimedAt"`
	ActiveAt    time.Time `json:"activeAt" description:"the holder's last action; the claim lapses REVIEW_CLAIM_TTL after it"`
	Mine        bool      `json:"mine" description:"the caller holds it"`
}

// ReviewWait is how long a verification in review has waited for a decision, in business days
// (BUSINESS_DAYS less HOLIDAYS_FILE, UTC days) since it entered review after payment.
type ReviewWait struct {
	Since        time.Time `json:"since" description:"when it entered review after payment"`
	BusinessDays int       `json:"businessDays" description:"business days waited, a started day counting as one"`
	Overdue      bool      `json:"overdue" description:"waited more than the promised 2 business days"`
}

// AdminDocument is a document as a reviewer sees it, with what its file shows. The applicant's
// and the public's document reads have no flags.
type AdminDocument struct {
	Document
	Flags []DocumentFlag `json:"flags" description:"signals for the reviewer, never blocking; empty when the file shows none"`
}

// DocumentFlag is one thing a reviewer should look at on a document.
type DocumentFlag struct {
	Kind    string `json:"kind" enum:"same_file_elsewhere,modified_after_creation,incremental_updates,editing_software"`
	Message string `json:"message"`
	// VerificationID names the other verification holding the same file.
	VerificationID *int64 `json:"verificationId" description:"the other verification with the same file (same_file_elsewhere; null otherwise)"`
}

// AdminScreeningSummary is a verification's screening in a list row.
type AdminScreeningSummary struct {
	Status    string `json:"status" enum:"pending,running,done,failed"`
	Attention bool   `json:"attention"`
}

// Stats are the counts per status for the admin filters.
type Stats struct {
	Total              int `json:"total"`
	Draft              int `json:"draft"`
	Submitted          int `json:"submitted"`
	InReview           int `json:"in_review"`
	Approved           int `json:"approved" description:"approved verifications whose certificate is valid"`
	Rejected           int `json:"rejected"`
	Revoked            int `json:"revoked" description:"approved verifications whose certificate was revoked"`
	Expired            int `json:"expired" description:"approved verifications whose certificate expired (not revoked)"`
	ScreeningAttention int `json:"screeningAttention" description:"Top verifications whose screening needs a reviewer (the filter screening=attention)"`
	Overdue            int `json:"overdue" description:"verifications in review that have waited more than the promised 2 business days"`
}

// AuditEvent is one entry of a verification's audit trail.
type AuditEvent struct {
	ID         int64     `json:"id"`
	ActorEmail *string   `json:"actorEmail"`
	Action     string    `json:"action"`
	FromStatus *string   `json:"fromStatus"`
	ToStatus   *string   `json:"toStatus"`
	Reason     *string   `json:"reason"`
	CreatedAt  time.Time `json:"createdAt"`
}

// Reason is why an administrator rejects, revokes or reinstates.
type Reason struct {
	Reason string `json:"reason"`
}

// FailedJob is a background job that failed permanently.
type FailedJob struct {
	ID          int64     `json:"id"`
	Kind        string    `json:"kind"`
	Summary     string    `json:"summary" description:"the job's arguments, shortened; an e-mail shows recipients, subject and key, never its body"`
	Attempts    int       `json:"attempts"`
	MaxAttempts int       `json:"maxAttempts"`
	LastError   string    `json:"lastError"`
	FailedAt    time.Time `json:"failedAt"`
	CreatedAt   time.Time `json:"createdAt"`
}

// Notification is one entry of the bell.
type Notification struct {
	ID        int64      `json:"id"`
	Kind      string     `json:"kind"`
	Title     string     `json:"title"`
	Body      string     `json:"body"`
	Link      *string    `json:"link" description:"a path in the SPA, e.g. /verification/12 or /admin/verifications/12"`
	CreatedAt time.Time  `json:"createdAt"`
	ReadAt    *time.Time `json:"readAt"`
}

// MarkRead names the notifications to mark read.
type MarkRead struct {
	IDs *[]int64 `json:"ids" required:"false" minimum:"1" description:"the notifications to mark read; without ids, all of the caller's"`
}
