package api

// FollowRequest asks for an e-mail whenever a certificate changes; the address confirms first.
type FollowRequest struct {
	Email string `json:"email"`
}

// FollowConfirm confirms a follow request with the token of its e-mailed link.
type FollowConfirm struct {
	Token string `json:"token"`
}

// FollowConfirmed names the certificate that is followed now.
type FollowConfirmed struct {
	CertificateID string `json:"certificateId"`
	CompanyName   string `json:"companyName"`
}
