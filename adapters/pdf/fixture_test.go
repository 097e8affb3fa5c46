package pdf

import (
	"time"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/verification"
)

const (
	fixtureURL         = "https://verify.tttverify.com/v/k7q3mz2xw4p9c5rt6yb8nd2hfa"
	fixtureID          = "k7q3mz2xw4p9c5rt6yb8nd2hfa"
	fixtureFingerprint = "9f2c4e7a1b3d5f60718293a4b5c6d7e8f90a1b2c3d4e5f60718293a4b5c6d7e8"
	fixtureAccount     = "CH93 0076 2011 6238 5295 7"
	fixturePassport    = "X4829173C"
)

func fixtureCertificate() application.CertificateData {
	issued := time.Date(2026, time.March, 14, 9, 30, 0, 0, time.UTC)
	return application.CertificateData{
		CertificateID:      fixtureID,
		PublicURL:          fixtureURL,
		VerifyURL:          "https://verify.tttverify.com/verify",
		CompanyName:        "Société Générale Trading",
		RegistrationNumber: "CHE-123.456.789",
		Country:            "CH",
		RegisteredAddress:  "Rue du Rhône 42, 1204 Genève, Switzerland",
		Email:              "compliance@sg-trading.example",
		TierLabel:          "Top Tier",
		Checks: append([]verification.CertificateCheck{verification.ReviewCheck(issued)}, screening.Claims(&screening.ScreenedRun{
			Finished: issued.Add(-24 * time.Hour),
			Sanctions: []screening.ListRef{{Label: "OFAC SDN", Date: issued.AddDate(0, 0, -3), Retrieved: true}, {Label: "UN", Date: issued.AddDate(0, 0, -4)},
				{Label: "EU", Date: issued.AddDate(0, 0, -2)}, {Label: "UK", Date: issued.AddDate(0, 0, -5)}},
			PEP:             []screening.ListRef{{Label: "PEP list", Date: issued.AddDate(0, 0, -7)}},
			Jurisdictions:   &screening.JurisdictionList{Publisher: "FATF", Published: time.Date(2025, 6, 13, 0, 0, 0, 0, time.UTC)},
			Representatives: 2,
		}, true)...),
		IssuedAt:    issued,
		ExpiresAt:   issued.AddDate(1, 0, 0),
		Fingerprint: fixtureFingerprint,
	}
}

func fixtureCIS() application.CISData {
	cert := fixtureCertificate()
	stamps := application.Stamps{CreatedAt: cert.IssuedAt.AddDate(0, 0, -10), UpdatedAt: cert.IssuedAt.AddDate(0, 0, -9)}
	doc := func(id int64, t verification.DocumentType, name string, daysBefore int) application.Document {
		return application.Document{ID: id, VerificationID: 7, Type: t, Filename: name, OriginalFilename: name,
			MimeType: "application/pdf", Size: 182_344, CreatedAt: cert.IssuedAt.AddDate(0, 0, -daysBefore)}
	}
	owned := func(d application.Document, owner string) application.Document {
		d.Owner = owner
		return d
	}
	return application.CISData{
		Certificate: cert,
		Company: application.CompanyRecord{VerificationID: 7, Stamps: stamps, CompanyInfo: verification.CompanyInfo{
			CompanyName:            "Société Générale Trading",
			RegistrationNumber:     "CHE-123.456.789",
			RegisteredAddress:      "Rue du Rhône 42, 1204 Genève, Switzerland",
			OperatingAddress:       "Quai du Mont-Blanc 5, 1201 Genève, Switzerland",
			PhoneNumber:            "+41 22 555 01 23",
			Email:                  "compliance@sg-trading.example",
			Website:                "https://sg-trading.example",
			CountryOfIncorporation: "CH",
			DateOfIncorporation:    "2011-06-01",
			TaxID:                  "CHE-123.456.789 MWST",
		}},
		Representatives: []application.RepresentativeRecord{
			{ID: 1, VerificationID: 7, Stamps: stamps, Representative: verification.Representative{
				FullName: "José Müller", Position: "Managing Director", Nationality: "DE", DateOfBirth: "1975-02-17",
				PassportNumber: fixturePassport, IssuingCountry: "DE", ExpiryDate: "2031-08-30",
				Email: "j.mueller@sg-trading.example", PhoneNumber: "+41 79 555 44 33"}},
			{ID: 2, VerificationID: 7, Stamps: stamps, Representative: verification.Representative{
				FullName: "Søren Ødegård-Łukasiewicz", Position: "Head of Trade Finance", Nationality: "GB",
				DateOfBirth: "1982-11-05", PassportNumber: "524198377", IssuingCountry: "GB", ExpiryDate: "2029-01-12",
				Email: "s.odegard@sg-trading.example", PhoneNumber: "+44 20 7946 0958"}},
		},
		Banking: &application.BankingRecord{VerificationID: 7, Stamps: stamps, BankingInfo: verification.BankingInfo{
			BankName: "UBS Switzerland AG", BankAddress: "Bahnhofstrasse 45, 8001 Zürich, Switzerland",
			AccountName: "Société Générale Trading SA", AccountNumber: fixtureAccount, SwiftCode: "UBSWCHZH80A",
			Currency: "USD", BankContact: "Anna Keller, Relationship Manager, +41 44 234 11 11"}},
		Trade: &application.TradeRecord{VerificationID: 7, Stamps: stamps, TradeInfo: verification.TradeInfo{
			ProductsTraded:  `["Copper Cathodes","Gold Doré Bars","Aluminium Ingots"]`,
			OtherProducts:   "Zinc concentrate, ferrochrome",
			Incoterms:       "CIF, FOB",
			TargetQuantity:  "5,000 MT per month",
			PreferredOrigin: "Chile, Peru, Zambia",
			TargetPrice:     "LME minus 2.5%",
			PastTransactions: "2024: 12,000 MT copper cathodes CIF Shanghai, buyer Jiangxi Copper.\n" +
				"2025: 3 x 250 kg gold doré FOB Lima, buyer Valcambi SA (Balerna, Switzerland).\n" +
				"Long-standing offtake agreement with a Zambian mine covering 1,500 MT of copper per month, " +
				"financed through a documentary letter of credit confirmed by a Swiss bank.",
		}},
		Documents: []application.Document{
			doc(11, verification.IncorporationCertificate, "certificate_of_incorporation.pdf", 12),
			doc(12, verification.BusinessLicense, "business_license_2025.pdf", 12),
			doc(13, verification.ShareholderInfo, "shareholder_register.pdf", 11),
			owned(doc(14, verification.Passport, "passport_jose_mueller.pdf", 11), "José Müller"),
			owned(doc(16, verification.Passport, "passport.pdf", 11), "Søren Ødegård-Łukasiewicz"),
			doc(15, verification.BankReference, "UBS_bank_reference_letter_2026.pdf", 10),
		},
		GeneratedAt: cert.IssuedAt.Add(2 * time.Hour),
	}
}

// Names and addresses in the scripts of the countries the forms offer, as a company would
// register them.
const (
	fixtureChineseName    = "上海海洋贸易有限公司"
	fixtureChineseAddress = "上海市浦东新区世纪大道100号"
	fixtureJapaneseAddr   = "東京都千代田区丸の内1-1-1 ビル「タワー」"
	fixtureRussianName    = "Алексей Смирнов"
	fixtureRussianRole    = "Генеральный директор"
	fixtureArabicName     = "محمد عبد الله"
	fixtureArabicRole     = "المدير المالي"
	fixtureArabicBank     = "بنك الإمارات دبي الوطني"
	fixtureArabicAddress  = "شارع بني ياس، ديرة، دبي"
	fixtureLatinAddress   = "Rue du Rhône 42, 1204 Genève; Kraków; São Paulo; Ørsted Straße"
)

func fixtureMultilingualCIS() application.CISData {
	d := fixtureCIS()
	d.Certificate.CompanyName = fixtureChineseName
	d.Certificate.RegisteredAddress = fixtureChineseAddress
	d.Certificate.Country = "CN"
	d.Company.CompanyName = fixtureChineseName
	d.Company.RegisteredAddress = fixtureChineseAddress
	d.Company.OperatingAddress = fixtureJapaneseAddr
	d.Company.CountryOfIncorporation = "CN"
	d.Representatives[0].FullName = fixtureRussianName
	d.Representatives[0].Position = fixtureRussianRole
	d.Representatives[1].FullName = fixtureArabicName
	d.Representatives[1].Position = fixtureArabicRole
	d.Banking.BankName = fixtureArabicBank
	d.Banking.BankAddress = fixtureArabicAddress
	d.Banking.AccountName = fixtureLatinAddress
	return d
}
