package api

import "time"

// Stamps are when a section was first and last saved.
type Stamps struct {
	CreatedAt time.Time `json:"createdAt"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// Echoed are read-only fields a client may send back unchanged with a section; they are ignored.
type Echoed struct {
	ID             *int64     `json:"id,omitempty"`
	VerificationID *int64     `json:"verificationId,omitempty"`
	CreatedAt      *time.Time `json:"createdAt,omitempty"`
	UpdatedAt      *time.Time `json:"updatedAt,omitempty"`
}

// CompanyFields are the company section's fields.
type CompanyFields struct {
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
	LEI                    string `json:"lei"`
	VATNumber              string `json:"vatNumber"`
}

// Company is the saved company section.
type Company struct {
	VerificationID int64 `json:"verificationId"`
	CompanyFields
	Stamps
}

// CompanyInput is the company section as clients send it; a draft may leave any field out.
type CompanyInput struct {
	CompanyFields `required:"false"`
	Echoed
}

// RepresentativeFields are a representative's fields.
type RepresentativeFields struct {
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

// Representative is a saved representative, with their passport once uploaded.
type Representative struct {
	ID             int64 `json:"id"`
	VerificationID int64 `json:"verificationId"`
	RepresentativeFields
	PassportFileID *int64  `json:"passportFileId"`
	DocumentURL    *string `json:"documentUrl"`
	Stamps
}

// RepresentativeInput is a representative as clients send it, with the read-only fields they echo
// back; the passport is linked by its own upload only.
type RepresentativeInput struct {
	RepresentativeFields `required:"false"`
	Echoed
	PassportFileID *int64  `json:"passportFileId" required:"false"`
	DocumentURL    *string `json:"documentUrl" required:"false"`
}

// BankingFields are the banking section's fields.
type BankingFields struct {
	BankName      string `json:"bankName"`
	BankAddress   string `json:"bankAddress"`
	AccountName   string `json:"accountName"`
	AccountNumber string `json:"accountNumber"`
	SwiftCode     string `json:"swiftCode"`
	Currency      string `json:"currency"`
	BankContact   string `json:"bankContact"`
}

// Banking is the saved banking section, with the reference letter once uploaded.
type Banking struct {
	VerificationID int64 `json:"verificationId"`
	BankingFields
	ReferenceFileID *int64  `json:"referenceFileId"`
	ReferenceURL    *string `json:"referenceUrl"`
	Stamps
}

// BankingInput is the banking section as clients send it; the reference letter is linked by its
// own upload only.
type BankingInput struct {
	BankingFields `required:"false"`
	Echoed
	ReferenceFileID *int64  `json:"referenceFileId" required:"false"`
	ReferenceURL    *string `json:"referenceUrl" required:"false"`
}

// TradeFields are the trade section's fields.
type TradeFields struct {
	ProductsTraded   string `json:"productsTraded"`
	OtherProducts    string `json:"otherProducts"`
	Incoterms        string `json:"incoterms"`
	TargetQuantity   string `json:"targetQuantity"`
	PreferredOrigin  string `json:"preferredOrigin"`
	TargetPrice      string `json:"targetPrice"`
	PastTransactions string `json:"pastTransactions"`
}

// Trade is the saved trade section.
type Trade struct {
	VerificationID int64 `json:"verificationId"`
	TradeFields
	Stamps
}

// TradeInput is the trade section as clients send it.
type TradeInput struct {
	TradeFields `required:"false"`
	Echoed
}

// OwnerFields are a beneficial owner's fields.
type OwnerFields struct {
	FullName            string   `json:"fullName"`
	DateOfBirth         string   `json:"dateOfBirth"`
	Nationality         string   `json:"nationality"`
	CountryOfResidence  string   `json:"countryOfResidence"`
	OwnershipPercentage float64  `json:"ownershipPercentage" description:"percent held, 0 to 100, at most two decimals"`
	NatureOfControl     []string `json:"natureOfControl" enum:"shares,voting_rights,appoint_board,other"`
	ControlText         string   `json:"controlText" description:"what the other control is (with natureOfControl other)"`
}

// BeneficialOwner is a saved beneficial owner, with their identity document once uploaded.
type BeneficialOwner struct {
	ID             int64 `json:"id"`
	VerificationID int64 `json:"verificationId"`
	OwnerFields
	DocumentFileID *int64  `json:"documentFileId"`
	DocumentURL    *string `json:"documentUrl"`
	Stamps
}

// BeneficialOwnerInput is a beneficial owner as clients send it; the identity document is linked by
// its own upload only.
type BeneficialOwnerInput struct {
	OwnerFields `required:"false"`
	Echoed
	DocumentFileID *int64  `json:"documentFileId" required:"false"`
	DocumentURL    *string `json:"documentUrl" required:"false"`
}

// OwnershipDeclarationInput names the senior managing official of a declaration that no natural
// person reaches the threshold.
type OwnershipDeclarationInput struct {
	SeniorOfficialID int64 `json:"seniorOfficialId" description:"one of the verification's representatives, by id"`
}

// OwnershipDeclaration is the declaration in force.
type OwnershipDeclaration struct {
	SeniorOfficialID   int64  `json:"seniorOfficialId"`
	SeniorOfficialName string `json:"seniorOfficialName"`
	Threshold          int    `json:"threshold" description:"percent, as declared"`
	Text               string `json:"text" description:"the declaration as made"`
	Stamps
}

// Ownership is a verification's beneficial ownership: the owners, or the declaration that there are
// none, and the threshold in force (UBO_THRESHOLD).
type Ownership struct {
	Threshold       int                   `json:"threshold"`
	DeclarationText string                `json:"declarationText" description:"the declaration at the threshold in force"`
	Owners          []BeneficialOwner     `json:"owners"`
	Declaration     *OwnershipDeclaration `json:"declaration"`
}
