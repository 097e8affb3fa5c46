package http

import (
	"net/url"
	"strings"
	"time"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

type userDTO struct {
	ID        int64     `json:"id"`
	Email     string    `json:"email"`
	IsAdmin   bool      `json:"isAdmin"`
	CreatedAt time.Time `json:"createdAt"`
}

func toUserDTO(u *application.User) userDTO {
	return userDTO{ID: u.ID, Email: u.Email, IsAdmin: u.IsAdmin, CreatedAt: u.CreatedAt}
}

type verificationDTO struct {
	ID                 int64      `json:"id"`
	UserID             int64      `json:"userId"`
	UserEmail          string     `json:"userEmail,omitempty"`
	CompanyName        string     `json:"companyName,omitempty"` // lists and admin views only
	Tier               string     `json:"tier"`
	Status             string     `json:"status"`
	Progress           int        `json:"progress"`
	PublicID           string     `json:"publicId"`
	RejectionReason    *string    `json:"rejectionReason"`
	Deleted            bool       `json:"deleted"`
	PaymentStatus      string     `json:"paymentStatus"`
	PaymentAmount      *int64     `json:"paymentAmount"`
	PaymentID          *string    `json:"paymentId"`
	PaymentDate        *time.Time `json:"paymentDate"`
	CISFormPath        *string    `json:"cisFormPath"`
	CISFormGeneratedAt *time.Time `json:"cisFormGeneratedAt"`
	ApprovedAt         *time.Time `json:"approvedAt"`
	ExpiresAt          *time.Time `json:"expiresAt"`
	RevokedAt          *time.Time `json:"revokedAt"`
	RevocationReason   *string    `json:"revocationReason"`
	CreatedAt          time.Time  `json:"createdAt"`
	UpdatedAt          time.Time  `json:"updatedAt"`
	Actions            actionsDTO `json:"actions"`
	// Screening says whether a Top verification's checks run or are done, never their results.
	Screening *applicantScreeningDTO `json:"screening"`
}

// actionsDTO is what the caller may do now, so that clients need not re-derive the state machine.
type actionsDTO struct {
	Submit   bool `json:"submit"`
	Resubmit bool `json:"resubmit"`
	Pay      bool `json:"pay"`
	Delete   bool `json:"delete"`
	Upgrade  bool `json:"upgrade"`
	Decide   bool `json:"decide"`
}

// toVerificationDTO is v as caller sees it.
func toVerificationDTO(v *verification.Verification, caller *application.User) verificationDTO {
	s := v.Snapshot()
	d := verificationDTO{ID: s.ID, UserID: s.UserID, Tier: s.Tier.String(), Status: s.Status.String(),
		Progress: s.Progress, PublicID: s.PublicID, RejectionReason: optional(s.RejectionReason), Deleted: s.Deleted,
		PaymentStatus: s.Payment.Status.String(), PaymentID: optional(s.Payment.ID), PaymentDate: s.Payment.Date,
		CISFormPath: optional(s.CISFormPath), CISFormGeneratedAt: s.CISFormGenerated, ApprovedAt: s.ApprovedAt,
		ExpiresAt: s.ExpiresAt, RevokedAt: s.RevokedAt, RevocationReason: optional(s.RevokedReason),
		CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt,
		Actions: actionsDTO(v.ActionsFor(verification.Caller{UserID: caller.ID, IsAdmin: caller.IsAdmin}))}
	if s.Payment.Paid() || s.Payment.Amount != 0 {
		amount := s.Payment.Amount
		d.PaymentAmount = &amount
	}
	return d
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

type companyDTO struct {
	CompanyName            string `json:"companyName"`
	RegistrationNumber     string `json:"registrationNumber"`
	RegisteredAddress      string `json:"registeredAddress"`
	OperatingAddress       string `json:"operatingAddress"`
	PhoneNumber            string `json:"phoneNumber"`
	Email                  string `json:"email"`
	Website                string `json:"website"`
	CountryOfIncorporation string `json:"countryOfIncorporation"`
	DateOfIncorporation    string `json:"dateOfIncorporation"`
	TaxID                  string `json:"taxId"`
}

// echoed are read-only fields a client may send back unchanged with a section; they are ignored.
type echoed struct {
	ID             *int64     `json:"id,omitempty"`
	VerificationID *int64     `json:"verificationId,omitempty"`
	CreatedAt      *time.Time `json:"createdAt,omitempty"`
	UpdatedAt      *time.Time `json:"updatedAt,omitempty"`
}

// companyInput is what clients send.
type companyInput struct {
	companyDTO
	echoed
}

func (d companyDTO) toDomain() verification.CompanyInfo {
	return verification.CompanyInfo{CompanyName: trim(d.CompanyName), RegistrationNumber: trim(d.RegistrationNumber),
		RegisteredAddress: trim(d.RegisteredAddress), OperatingAddress: trim(d.OperatingAddress),
		PhoneNumber: trim(d.PhoneNumber), Email: trim(d.Email), Website: trim(d.Website),
		CountryOfIncorporation: trim(d.CountryOfIncorporation), DateOfIncorporation: trim(d.DateOfIncorporation), TaxID: trim(d.TaxID)}
}

type stampsDTO struct {
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

type companyRecordDTO struct {
	VerificationID int64 `json:"verificationId"`
	companyDTO
	stampsDTO
}

func toCompanyDTO(r *application.CompanyRecord) *companyRecordDTO {
	if r == nil {
		return nil
	}
	c := r.CompanyInfo
	return &companyRecordDTO{VerificationID: r.VerificationID, stampsDTO: stampsDTO(r.Stamps), companyDTO: companyDTO{
		CompanyName: c.CompanyName, RegistrationNumber: c.RegistrationNumber, RegisteredAddress: c.RegisteredAddress,
		OperatingAddress: c.OperatingAddress, PhoneNumber: c.PhoneNumber, Email: c.Email, Website: c.Website,
		CountryOfIncorporation: c.CountryOfIncorporation, DateOfIncorporation: c.DateOfIncorporation, TaxID: c.TaxID}}
}

type representativeDTO struct {
	FullName       string `json:"fullName"`
	Position       string `json:"position"`
	Nationality    string `json:"nationality"`
	DateOfBirth    string `json:"dateOfBirth"`
	PassportNumber string `json:"passportNumber"`
	IssuingCountry string `json:"issuingCountry"`
	ExpiryDate     string `json:"expiryDate"`
	Email          string `json:"email"`
	PhoneNumber    string `json:"phoneNumber"`
}

// representativeInput is what clients send: the DTO, plus the read-only fields they echo back.
type representativeInput struct {
	representativeDTO
	echoed
	PassportFileID *int64  `json:"passportFileId,omitempty"`
	DocumentURL    *string `json:"documentUrl,omitempty"`
}

func (d representativeDTO) toDomain() verification.Representative {
	return verification.Representative{FullName: trim(d.FullName), Position: trim(d.Position), Nationality: trim(d.Nationality),
		DateOfBirth: trim(d.DateOfBirth), PassportNumber: trim(d.PassportNumber), IssuingCountry: trim(d.IssuingCountry),
		ExpiryDate: trim(d.ExpiryDate), Email: trim(d.Email), PhoneNumber: trim(d.PhoneNumber)}
}

type representativeRecordDTO struct {
	ID             int64 `json:"id"`
	VerificationID int64 `json:"verificationId"`
	representativeDTO
	PassportFileID *int64  `json:"passportFileId"`
	DocumentURL    *string `json:"documentUrl"`
	stampsDTO
}

func toRepresentativeDTO(r *application.RepresentativeRecord) representativeRecordDTO {
	p := r.Representative
	return representativeRecordDTO{ID: r.ID, VerificationID: r.VerificationID, PassportFileID: r.PassportFileID,
		DocumentURL: fileURLOf(r.PassportPath), stampsDTO: stampsDTO(r.Stamps), representativeDTO: representativeDTO{
			FullName: p.FullName, Position: p.Position, Nationality: p.Nationality, DateOfBirth: p.DateOfBirth,
			PassportNumber: p.PassportNumber, IssuingCountry: p.IssuingCountry, ExpiryDate: p.ExpiryDate,
			Email: p.Email, PhoneNumber: p.PhoneNumber}}
}

func toRepresentativeDTOs(recs []application.RepresentativeRecord) []representativeRecordDTO {
	out := make([]representativeRecordDTO, len(recs))
	for i := range recs {
		out[i] = toRepresentativeDTO(&recs[i])
	}
	return out
}

type bankingDTO struct {
	BankName      string `json:"bankName"`
	BankAddress   string `json:"bankAddress"`
	AccountName   string `json:"accountName"`
	AccountNumber string `json:"accountNumber"`
	SwiftCode     string `json:"swiftCode"`
	Currency      string `json:"currency"`
	BankContact   string `json:"bankContact"`
}

// bankingInput is what clients send; the reference letter is linked by its own upload only.
type bankingInput struct {
	bankingDTO
	echoed
	ReferenceFileID *int64  `json:"referenceFileId,omitempty"`
	ReferenceURL    *string `json:"referenceUrl,omitempty"`
}

func (d bankingDTO) toDomain() verification.BankingInfo {
	return verification.BankingInfo{BankName: trim(d.BankName), BankAddress: trim(d.BankAddress), AccountName: trim(d.AccountName),
		AccountNumber: trim(d.AccountNumber), SwiftCode: strings.ToUpper(trim(d.SwiftCode)), Currency: trim(d.Currency),
		BankContact: trim(d.BankContact)}
}

type bankingRecordDTO struct {
	VerificationID int64 `json:"verificationId"`
	bankingDTO
	ReferenceFileID *int64  `json:"referenceFileId"`
	ReferenceURL    *string `json:"referenceUrl"`
	stampsDTO
}

func toBankingDTO(r *application.BankingRecord) *bankingRecordDTO {
	if r == nil {
		return nil
	}
	b := r.BankingInfo
	return &bankingRecordDTO{VerificationID: r.VerificationID, ReferenceFileID: r.ReferenceFileID,
		ReferenceURL: fileURLOf(r.ReferencePath), stampsDTO: stampsDTO(r.Stamps), bankingDTO: bankingDTO{
			BankName: b.BankName, BankAddress: b.BankAddress, AccountName: b.AccountName, AccountNumber: b.AccountNumber,
			SwiftCode: b.SwiftCode, Currency: b.Currency, BankContact: b.BankContact}}
}

type tradeDTO struct {
	ProductsTraded   string `json:"productsTraded"`
	OtherProducts    string `json:"otherProducts"`
	Incoterms        string `json:"incoterms"`
	TargetQuantity   string `json:"targetQuantity"`
	PreferredOrigin  string `json:"preferredOrigin"`
	TargetPrice      string `json:"targetPrice"`
	PastTransactions string `json:"pastTransactions"`
}

// tradeInput is what clients send.
type tradeInput struct {
	tradeDTO
	echoed
}

func (d tradeDTO) toDomain() verification.TradeInfo {
	return verification.TradeInfo{ProductsTraded: trim(d.ProductsTraded), OtherProducts: trim(d.OtherProducts),
		Incoterms: trim(d.Incoterms), TargetQuantity: trim(d.TargetQuantity), PreferredOrigin: trim(d.PreferredOrigin),
		TargetPrice: trim(d.TargetPrice), PastTransactions: strings.TrimSpace(d.PastTransactions)}
}

type tradeRecordDTO struct {
	VerificationID int64 `json:"verificationId"`
	tradeDTO
	stampsDTO
}

func toTradeDTO(r *application.TradeRecord) *tradeRecordDTO {
	if r == nil {
		return nil
	}
	t := r.TradeInfo
	return &tradeRecordDTO{VerificationID: r.VerificationID, stampsDTO: stampsDTO(r.Stamps), tradeDTO: tradeDTO{
		ProductsTraded: t.ProductsTraded, OtherProducts: t.OtherProducts, Incoterms: t.Incoterms,
		TargetQuantity: t.TargetQuantity, PreferredOrigin: t.PreferredOrigin, TargetPrice: t.TargetPrice,
		PastTransactions: t.PastTransactions}}
}

type documentDTO struct {
	ID               int64     `json:"id"`
	VerificationID   int64     `json:"verificationId"`
	Type             string    `json:"type"`
	Filename         string    `json:"filename"`
	OriginalFilename string    `json:"originalFilename"`
	MimeType         string    `json:"mimeType"`
	Size             int64     `json:"size"`
	ObjectPath       string    `json:"objectPath"`
	URL              string    `json:"url"`
	CreatedAt        time.Time `json:"createdAt"`
}

func toDocumentDTO(d *application.Document) documentDTO {
	return documentDTO{ID: d.ID, VerificationID: d.VerificationID, Type: d.Type.String(), Filename: d.Filename,
		OriginalFilename: verification.SanitizeFilename(d.OriginalFilename), MimeType: d.MimeType, Size: d.Size,
		ObjectPath: d.ObjectPath, URL: fileURL(d.ObjectPath), CreatedAt: d.CreatedAt}
}

func toDocumentDTOs(docs []application.Document) []documentDTO {
	out := make([]documentDTO, len(docs))
	for i := range docs {
		out[i] = toDocumentDTO(&docs[i])
	}
	return out
}

// fileURL is where the file at an object path is downloaded; each segment is escaped.
func fileURL(objectPath string) string {
	parts := strings.Split(objectPath, "/")
	for i, p := range parts {
		parts[i] = url.PathEscape(p)
	}
	return "/api/files/" + strings.Join(parts, "/")
}

func fileURLOf(objectPath string) *string {
	if objectPath == "" {
		return nil
	}
	u := fileURL(objectPath)
	return &u
}

func trim(s string) string { return strings.TrimSpace(s) }
