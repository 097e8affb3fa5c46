package api

import "time"

// Verification is a verification as its caller sees it.
type Verification struct {
	ID                 int64               `json:"id"`
	UserID             int64               `json:"userId"`
	UserEmail          string              `json:"userEmail,omitempty"`
	CompanyName        string              `json:"companyName,omitempty" description:"the company's name, in list rows and admin views once the company section is saved"`
	Tier               string              `json:"tier" enum:"basic,top"`
	Status             string              `json:"status" enum:"draft,submitted,in_review,approved,rejected"`
	Progress           int                 `json:"progress" minimum:"0" maximum:"100"`
	PublicID           string              `json:"publicId"`
	RejectionReason    *string             `json:"rejectionReason"`
	Deleted            bool                `json:"deleted"`
	PaymentStatus      string              `json:"paymentStatus" enum:"pending,paid,failed"`
	PaymentAmount      *int64              `json:"paymentAmount"`
	PaymentID          *string             `json:"paymentId"`
	PaymentDate        *time.Time          `json:"paymentDate"`
	CISFormPath        *string             `json:"cisFormPath"`
	CISFormGeneratedAt *time.Time          `json:"cisFormGeneratedAt"`
	ApprovedAt         *time.Time          `json:"approvedAt"`
	ExpiresAt          *time.Time          `json:"expiresAt"`
	RevokedAt          *time.Time          `json:"revokedAt"`
	RevocationReason   *string             `json:"revocationReason"`
	CertificateStatus  *string             `json:"certificateStatus" enum:"valid,expired,revoked" description:"approved verifications only: whether the certificate still vouches; screens show revoked and expired in place of approved"`
	CreatedAt          time.Time           `json:"createdAt"`
	UpdatedAt          time.Time           `json:"updatedAt"`
	Actions            Actions             `json:"actions"`
	Screening          *ApplicantScreening `json:"screening" description:"Top only (null for Basic): whether the checks run or are done, never their results"`
	Followers          *int                `json:"followers,omitempty" minimum:"0" description:"how many confirmed followers the certificate has, never who; in the owner's read of one approved verification only"`
}

// Actions are what the caller may do now, so that clients need not re-derive the state machine.
type Actions struct {
	Submit   bool `json:"submit"`
	Resubmit bool `json:"resubmit"`
	Pay      bool `json:"pay"`
	Delete   bool `json:"delete"`
	Upgrade  bool `json:"upgrade"`
	Decide   bool `json:"decide"`
	// The papers of a certificate, offered only while it vouches (not revoked, not expired).
	Certificate bool `json:"certificate" description:"download the certificate PDF"`
	CIS         bool `json:"cis" description:"download the CIS (one exists)"`
	ShareCIS    bool `json:"shareCis" description:"make a temporary CIS link (the owner)"`
	GenerateCIS bool `json:"generateCis" description:"generate or regenerate the CIS (administrators)"`
}

// ApplicantScreening is all an applicant learns about the checks: that they run or are done.
type ApplicantScreening struct {
	Status string `json:"status" enum:"pending,running,done"`
}

// NewVerification starts a verification.
type NewVerification struct {
	Tier string `json:"tier" enum:"basic,top"`
}

// Document is an uploaded file of a verification.
type Document struct {
	ID               int64     `json:"id"`
	VerificationID   int64     `json:"verificationId"`
	Type             string    `json:"type" enum:"incorporation_certificate,business_license,shareholder_info,passport,company_profile,bank_reference,additional"`
	Filename         string    `json:"filename"`
	OriginalFilename string    `json:"originalFilename"`
	MimeType         string    `json:"mimeType" enum:"application/pdf,image/jpeg,image/png"`
	Size             int64     `json:"size"`
	ObjectPath       string    `json:"objectPath"`
	URL              string    `json:"url"`
	CreatedAt        time.Time `json:"createdAt"`
	Owner            *string   `json:"owner" description:"whose identity document a passport is: a representative or beneficial owner, by full name (in lists; null for other documents)"`
}

// Upload is the multipart form of an upload: the file, and for documents their type.
type Upload struct {
	File string `json:"file" format:"binary"`
	Type string `json:"type" required:"false"`
}
