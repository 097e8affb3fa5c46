package http

import (
	"net/url"
	"strings"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

func toUserDTO(u *application.User) api.User {
	role := u.Role.String()
	if role == "" {
		role = "applicant"
	}
	return api.User{ID: u.ID, Email: u.Email, IsAdmin: u.Role.Reviews(), Role: role, CreatedAt: u.CreatedAt}
}

// toVerificationDTO is v as caller sees it at now.
func toVerificationDTO(v *verification.Verification, caller *application.User, now time.Time) api.Verification {
	s := v.Snapshot()
	d := api.Verification{ID: s.ID, UserID: s.UserID, Tier: s.Tier.String(), Status: s.Status.String(),
		Progress: s.Progress, PublicID: s.PublicID, RejectionReason: optional(s.RejectionReason), Deleted: s.Deleted,
		PaymentStatus: s.Payment.Status.String(), PaymentID: optional(s.Payment.ID), PaymentDate: s.Payment.Date,
		CISFormPath: optional(s.CISFormPath), CISFormGeneratedAt: s.CISFormGenerated, ApprovedAt: s.ApprovedAt,
		ExpiresAt: s.ExpiresAt, RevokedAt: s.RevokedAt, RevocationReason: optional(s.RevokedReason),
		CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt,
		Actions: api.Actions(v.ActionsFor(verification.Caller{UserID: caller.ID, Role: caller.Role}, now))}
	if s.Payment.Paid() || s.Payment.Amount != 0 {
		amount := s.Payment.Amount
		d.PaymentAmount = &amount
	}
	if st, ok := v.CertificateStatus(now); ok {
		str := string(st)
		d.CertificateStatus = &str
	}
	return d
}

func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

func companyToDomain(in api.CompanyInput) verification.CompanyInfo {
	d := in.CompanyFields
	return verification.CompanyInfo{CompanyName: trim(d.CompanyName), RegistrationNumber: trim(d.RegistrationNumber),
		RegisteredAddress: trim(d.RegisteredAddress), OperatingAddress: trim(d.OperatingAddress),
		PhoneNumber: trim(d.PhoneNumber), Email: trim(d.Email), Website: trim(d.Website),
		CountryOfIncorporation: trim(d.CountryOfIncorporation), DateOfIncorporation: trim(d.DateOfIncorporation), TaxID: trim(d.TaxID),
		LEI: trim(d.LEI), VATNumber: trim(d.VATNumber)}
}

func toCompanyDTO(r *application.CompanyRecord) *api.Company {
	if r == nil {
		return nil
	}
	c := r.CompanyInfo
	return &api.Company{VerificationID: r.VerificationID, Stamps: api.Stamps(r.Stamps), CompanyFields: api.CompanyFields{
		CompanyName: c.CompanyName, RegistrationNumber: c.RegistrationNumber, RegisteredAddress: c.RegisteredAddress,
		OperatingAddress: c.OperatingAddress, PhoneNumber: c.PhoneNumber, Email: c.Email, Website: c.Website,
		CountryOfIncorporation: c.CountryOfIncorporation, DateOfIncorporation: c.DateOfIncorporation, TaxID: c.TaxID,
		LEI: c.LEI, VATNumber: c.VATNumber}}
}

func representativeToDomain(in api.RepresentativeInput) verification.Representative {
	d := in.RepresentativeFields
	return verification.Representative{FullName: trim(d.FullName), Position: trim(d.Position), Nationality: trim(d.Nationality),
		DateOfBirth: trim(d.DateOfBirth), PassportNumber: trim(d.PassportNumber), IssuingCountry: trim(d.IssuingCountry),
		ExpiryDate: trim(d.ExpiryDate), Email: trim(d.Email), PhoneNumber: trim(d.PhoneNumber)}
}

func toRepresentativeDTO(r *application.RepresentativeRecord) api.Representative {
	p := r.Representative
	return api.Representative{ID: r.ID, VerificationID: r.VerificationID, PassportFileID: r.PassportFileID,
		DocumentURL: fileURLOf(r.PassportPath), Stamps: api.Stamps(r.Stamps), RepresentativeFields: api.RepresentativeFields{
			FullName: p.FullName, Position: p.Position, Nationality: p.Nationality, DateOfBirth: p.DateOfBirth,
			PassportNumber: p.PassportNumber, IssuingCountry: p.IssuingCountry, ExpiryDate: p.ExpiryDate,
			Email: p.Email, PhoneNumber: p.PhoneNumber}}
}

func toRepresentativeDTOs(recs []application.RepresentativeRecord) []api.Representative {
	out := make([]api.Representative, len(recs))
	for i := range recs {
		out[i] = toRepresentativeDTO(&recs[i])
	}
	return out
}

func bankingToDomain(in api.BankingInput) verification.BankingInfo {
	d := in.BankingFields
	return verification.BankingInfo{BankName: trim(d.BankName), BankAddress: trim(d.BankAddress), AccountName: trim(d.AccountName),
		AccountNumber: trim(d.AccountNumber), SwiftCode: strings.ToUpper(trim(d.SwiftCode)), Currency: trim(d.Currency),
		BankContact: trim(d.BankContact)}
}

func toBankingDTO(r *application.BankingRecord) *api.Banking {
	if r == nil {
		return nil
	}
	b := r.BankingInfo
	return &api.Banking{VerificationID: r.VerificationID, ReferenceFileID: r.ReferenceFileID,
		ReferenceURL: fileURLOf(r.ReferencePath), Stamps: api.Stamps(r.Stamps), BankingFields: api.BankingFields{
			BankName: b.BankName, BankAddress: b.BankAddress, AccountName: b.AccountName, AccountNumber: b.AccountNumber,
			SwiftCode: b.SwiftCode, Currency: b.Currency, BankContact: b.BankContact}}
}

func tradeToDomain(in api.TradeInput) verification.TradeInfo {
	d := in.TradeFields
	return verification.TradeInfo{ProductsTraded: trim(d.ProductsTraded), OtherProducts: trim(d.OtherProducts),
		Incoterms: trim(d.Incoterms), TargetQuantity: trim(d.TargetQuantity), PreferredOrigin: trim(d.PreferredOrigin),
		TargetPrice: trim(d.TargetPrice), PastTransactions: strings.TrimSpace(d.PastTransactions)}
}

func toTradeDTO(r *application.TradeRecord) *api.Trade {
	if r == nil {
		return nil
	}
	t := r.TradeInfo
	return &api.Trade{VerificationID: r.VerificationID, Stamps: api.Stamps(r.Stamps), TradeFields: api.TradeFields{
		ProductsTraded: t.ProductsTraded, OtherProducts: t.OtherProducts, Incoterms: t.Incoterms,
		TargetQuantity: t.TargetQuantity, PreferredOrigin: t.PreferredOrigin, TargetPrice: t.TargetPrice,
		PastTransactions: t.PastTransactions}}
}

func toDocumentDTO(d *application.Document) api.Document {
	return api.Document{ID: d.ID, VerificationID: d.VerificationID, Type: d.Type.String(), Filename: d.Filename,
		OriginalFilename: verification.SanitizeFilename(d.OriginalFilename), MimeType: d.MimeType, Size: d.Size,
		ObjectPath: d.ObjectPath, URL: fileURL(d.ObjectPath), CreatedAt: d.CreatedAt, Owner: optional(d.Owner)}
}

func toDocumentDTOs(docs []application.Document) []api.Document {
	out := make([]api.Document, len(docs))
	for i := range docs {
		out[i] = toDocumentDTO(&docs[i])
	}
	return out
}

func toAdminDocumentDTOs(docs []application.ReviewedDocument) []api.AdminDocument {
	out := make([]api.AdminDocument, len(docs))
	for i := range docs {
		flags := make([]api.DocumentFlag, len(docs[i].Flags))
		for j, f := range docs[i].Flags {
			flags[j] = api.DocumentFlag{Kind: string(f.Kind), Message: f.Message}
			if f.VerificationID != 0 {
				flags[j].VerificationID = &f.VerificationID
			}
		}
		out[i] = api.AdminDocument{Document: toDocumentDTO(&docs[i].Document), Flags: flags}
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
