package persistence

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

type companyRow struct {
	bun.BaseModel          `bun:"table:company_infos"`
	VerificationID         int64     `bun:"verification_id,pk"`
	CompanyName            string    `bun:"company_name"`
	RegistrationNumber     string    `bun:"registration_number"`
	RegisteredAddress      string    `bun:"registered_address"`
	OperatingAddress       string    `bun:"operating_address"`
	PhoneNumber            string    `bun:"phone_number"`
	Email                  string    `bun:"email"`
	Website                string    `bun:"website"`
	CountryOfIncorporation string    `bun:"country_of_incorporation"`
	DateOfIncorporation    string    `bun:"date_of_incorporation"`
	TaxID                  string    `bun:"tax_id"`
	LEI                    string    `bun:"lei"`
	VATNumber              string    `bun:"vat_number"`
	CreatedAt              time.Time `bun:"created_at"`
	UpdatedAt              time.Time `bun:"updated_at"`
}

type representativeRow struct {
	bun.BaseModel  `bun:"table:representatives,alias:r"`
	ID             int64      `bun:"id,pk,autoincrement"`
	VerificationID int64      `bun:"verification_id"`
	FullName       string     `bun:"full_name"`
	Position       string     `bun:"position"`
	Nationality    string     `bun:"nationality"`
	DateOfBirth    string     `bun:"date_of_birth"`
	PassportNumber string     `bun:"passport_number"`
	IssuingCountry string     `bun:"issuing_country"`
	ExpiryDate     string     `bun:"expiry_date"`
	Email          string     `bun:"email"`
	PhoneNumber    string     `bun:"phone_number"`
	PassportFileID *int64     `bun:"passport_file_id"`
	PassportPath   string     `bun:"passport_path,scanonly"`
	CreatedAt      time.Time  `bun:"created_at"`
	UpdatedAt      time.Time  `bun:"updated_at"`
	DeletedAt      *time.Time `bun:"deleted_at,scanonly"` // set by DeleteRepresentative only
}

type bankingRow struct {
	bun.BaseModel   `bun:"table:banking_infos,alias:b"`
	VerificationID  int64     `bun:"verification_id,pk"`
	BankName        string    `bun:"bank_name"`
	BankAddress     string    `bun:"bank_address"`
	AccountName     string    `bun:"account_name"`
	AccountNumber   string    `bun:"account_number"`
	SwiftCode       string    `bun:"swift_code"`
	Currency        string    `bun:"currency"`
	BankContact     string    `bun:"bank_contact"`
	ReferenceFileID *int64    `bun:"reference_file_id"`
	ReferencePath   string    `bun:"reference_path,scanonly"`
	CreatedAt       time.Time `bun:"created_at"`
	UpdatedAt       time.Time `bun:"updated_at"`
}

type tradeRow struct {
	bun.BaseModel    `bun:"table:trade_infos"`
	VerificationID   int64     `bun:"verification_id,pk"`
	ProductsTraded   string    `bun:"products_traded"`
	OtherProducts    string    `bun:"other_products"`
	Incoterms        string    `bun:"incoterms"`
	TargetQuantity   string    `bun:"target_quantity"`
	PreferredOrigin  string    `bun:"preferred_origin"`
	TargetPrice      string    `bun:"target_price"`
	PastTransactions string    `bun:"past_transactions"`
	CreatedAt        time.Time `bun:"created_at"`
	UpdatedAt        time.Time `bun:"updated_at"`
}

// Sections is the repository of the five sections.
type Sections struct {
	db  *DB
	now func() time.Time
}

// NewSections returns the section repository on db; now stamps created and updated times.
func NewSections(db *DB, now func() time.Time) *Sections { return &Sections{db: db, now: now} }

// Company returns the company section.
func (r *Sections) Company(ctx context.Context, id int64) (*application.CompanyRecord, error) {
	row := new(companyRow)
	if err := conn(ctx, r.db).NewSelect().Model(row).Where("verification_id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return &application.CompanyRecord{VerificationID: id, Stamps: stamps(row.CreatedAt, row.UpdatedAt),
		CompanyInfo: verification.CompanyInfo{
			CompanyName: row.CompanyName, RegistrationNumber: row.RegistrationNumber, RegisteredAddress: row.RegisteredAddress,
			OperatingAddress: row.OperatingAddress, PhoneNumber: row.PhoneNumber, Email: row.Email, Website: row.Website,
			CountryOfIncorporation: row.CountryOfIncorporation, DateOfIncorporation: row.DateOfIncorporation, TaxID: row.TaxID,
			LEI: row.LEI, VATNumber: row.VATNumber,
		}}, nil
}

// SaveCompany inserts or replaces the company section and fills in its time stamps.
func (r *Sections) SaveCompany(ctx context.Context, rec *application.CompanyRecord) error {
	c := rec.CompanyInfo
	row := &companyRow{VerificationID: rec.VerificationID, CompanyName: c.CompanyName, RegistrationNumber: c.RegistrationNumber,
		RegisteredAddress: c.RegisteredAddress, OperatingAddress: c.OperatingAddress, PhoneNumber: c.PhoneNumber,
		Email: c.Email, Website: c.Website, CountryOfIncorporation: c.CountryOfIncorporation,
		DateOfIncorporation: c.DateOfIncorporation, TaxID: c.TaxID, LEI: c.LEI, VATNumber: c.VATNumber}
	created, err := r.upsert(ctx, row, "company_infos", rec.VerificationID, &row.CreatedAt, &row.UpdatedAt)
	rec.Stamps = stamps(created, row.UpdatedAt)
	return err
}

// Banking returns the banking section with the path of its reference letter.
func (r *Sections) Banking(ctx context.Context, id int64) (*application.BankingRecord, error) {
	row := new(bankingRow)
	err := conn(ctx, r.db).NewSelect().Model(row).ColumnExpr("b.*").ColumnExpr("COALESCE(d.object_path, '') AS reference_path").
		Join("LEFT JOIN documents AS d ON d.id = b.reference_file_id").Where("b.verification_id = ?", id).Scan(ctx)
	if err != nil {
		return nil, notFound(err)
	}
	return &application.BankingRecord{VerificationID: id, ReferenceFileID: row.ReferenceFileID, ReferencePath: row.ReferencePath,
		Stamps: stamps(row.CreatedAt, row.UpdatedAt),
		BankingInfo: verification.BankingInfo{BankName: row.BankName, BankAddress: row.BankAddress, AccountName: row.AccountName,
			AccountNumber: row.AccountNumber, SwiftCode: row.SwiftCode, Currency: row.Currency, BankContact: row.BankContact}}, nil
}

// SaveBanking inserts or replaces the banking section, including its reference link.
func (r *Sections) SaveBanking(ctx context.Context, rec *application.BankingRecord) error {
	b := rec.BankingInfo
	row := &bankingRow{VerificationID: rec.VerificationID, BankName: b.BankName, BankAddress: b.BankAddress,
		AccountName: b.AccountName, AccountNumber: b.AccountNumber, SwiftCode: b.SwiftCode, Currency: b.Currency,
		BankContact: b.BankContact, ReferenceFileID: rec.ReferenceFileID}
	created, err := r.upsert(ctx, row, "banking_infos", rec.VerificationID, &row.CreatedAt, &row.UpdatedAt)
	rec.Stamps = stamps(created, row.UpdatedAt)
	if err == nil && rec.ReferenceFileID != nil {
		rec.ReferencePath, err = r.objectPath(ctx, *rec.ReferenceFileID)
	}
	return err
}

// Trade returns the trade section.
func (r *Sections) Trade(ctx context.Context, id int64) (*application.TradeRecord, error) {
	row := new(tradeRow)
	if err := conn(ctx, r.db).NewSelect().Model(row).Where("verification_id = ?", id).Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return &application.TradeRecord{VerificationID: id, Stamps: stamps(row.CreatedAt, row.UpdatedAt),
		TradeInfo: verification.TradeInfo{ProductsTraded: row.ProductsTraded, OtherProducts: row.OtherProducts,
			Incoterms: row.Incoterms, TargetQuantity: row.TargetQuantity, PreferredOrigin: row.PreferredOrigin,
			TargetPrice: row.TargetPrice, PastTransactions: row.PastTransactions}}, nil
}

// SaveTrade inserts or replaces the trade section.
func (r *Sections) SaveTrade(ctx context.Context, rec *application.TradeRecord) error {
	t := rec.TradeInfo
	row := &tradeRow{VerificationID: rec.VerificationID, ProductsTraded: t.ProductsTraded, OtherProducts: t.OtherProducts,
		Incoterms: t.Incoterms, TargetQuantity: t.TargetQuantity, PreferredOrigin: t.PreferredOrigin,
		TargetPrice: t.TargetPrice, PastTransactions: t.PastTransactions}
	created, err := r.upsert(ctx, row, "trade_infos", rec.VerificationID, &row.CreatedAt, &row.UpdatedAt)
	rec.Stamps = stamps(created, row.UpdatedAt)
	return err
}

// upsert writes a one-per-verification section row, keeping its original creation time.
func (r *Sections) upsert(ctx context.Context, row any, table string, id int64, createdAt, updatedAt *time.Time) (time.Time, error) {
	db := conn(ctx, r.db)
	now := r.now()
	var existing []time.Time
	if err := db.NewSelect().Table(table).Column("created_at").Where("verification_id = ?", id).Scan(ctx, &existing); err != nil {
		return time.Time{}, fmt.Errorf("read %s of %d: %w", table, id, err)
	}
	*updatedAt = now
	if len(existing) == 0 {
		*createdAt = now
		_, err := db.NewInsert().Model(row).Exec(ctx)
		return now, wrap(err, "insert %s of %d", table, id)
	}
	*createdAt = existing[0]
	_, err := db.NewUpdate().Model(row).ExcludeColumn("created_at").WherePK().Exec(ctx)
	return existing[0].UTC(), wrap(err, "update %s of %d", table, id)
}

// Representatives lists a verification's representatives, oldest first, with passport paths.
func (r *Sections) Representatives(ctx context.Context, id int64) ([]application.RepresentativeRecord, error) {
	var rows []representativeRow
	if err := r.representatives(ctx).Where("r.verification_id = ?", id).OrderExpr("r.id").Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("list representatives of %d: %w", id, err)
	}
	out := make([]application.RepresentativeRecord, len(rows))
	for i := range rows {
		out[i] = rows[i].toApp()
	}
	return out, nil
}

// Representative returns one representative of a verification.
func (r *Sections) Representative(ctx context.Context, id, repID int64) (*application.RepresentativeRecord, error) {
	row := new(representativeRow)
	if err := r.representatives(ctx).Where("r.verification_id = ?", id).Where("r.id = ?", repID).Scan(ctx, row); err != nil {
		return nil, notFound(err)
	}
	rec := row.toApp()
	return &rec, nil
}

// representatives selects the representatives that are not deleted, with their passports' paths.
func (r *Sections) representatives(ctx context.Context) *bun.SelectQuery {
	return conn(ctx, r.db).NewSelect().Model((*representativeRow)(nil)).ColumnExpr("r.*").
		ColumnExpr("COALESCE(d.object_path, '') AS passport_path").
		Join("LEFT JOIN documents AS d ON d.id = r.passport_file_id").Where("r.deleted_at IS NULL")
}

func (row *representativeRow) toApp() application.RepresentativeRecord {
	return application.RepresentativeRecord{ID: row.ID, VerificationID: row.VerificationID,
		PassportFileID: row.PassportFileID, PassportPath: row.PassportPath, Stamps: stamps(row.CreatedAt, row.UpdatedAt),
		Representative: verification.Representative{FullName: row.FullName, Position: row.Position,
			Nationality: row.Nationality, DateOfBirth: row.DateOfBirth, PassportNumber: row.PassportNumber,
			IssuingCountry: row.IssuingCountry, ExpiryDate: row.ExpiryDate, Email: row.Email, PhoneNumber: row.PhoneNumber}}
}

func toRepresentativeRow(rec *application.RepresentativeRecord) *representativeRow {
	p := rec.Representative
	return &representativeRow{ID: rec.ID, VerificationID: rec.VerificationID, FullName: p.FullName, Position: p.Position,
		Nationality: p.Nationality, DateOfBirth: p.DateOfBirth, PassportNumber: p.PassportNumber,
		IssuingCountry: p.IssuingCountry, ExpiryDate: p.ExpiryDate, Email: p.Email, PhoneNumber: p.PhoneNumber,
		PassportFileID: rec.PassportFileID, CreatedAt: rec.CreatedAt, UpdatedAt: rec.UpdatedAt}
}

// AddRepresentative inserts a representative and sets its id and time stamps.
func (r *Sections) AddRepresentative(ctx context.Context, rec *application.RepresentativeRecord) error {
	now := r.now()
	rec.Stamps = stamps(now, now)
	row := toRepresentativeRow(rec)
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert representative: %w", err)
	}
	rec.ID = row.ID
	return nil
}

// UpdateRepresentative replaces a representative's details and passport link.
func (r *Sections) UpdateRepresentative(ctx context.Context, rec *application.RepresentativeRecord) error {
	rec.UpdatedAt = r.now()
	row := toRepresentativeRow(rec)
	res, err := conn(ctx, r.db).NewUpdate().Model(row).ExcludeColumn("id", "verification_id", "created_at").
		Where("id = ?", rec.ID).Where("verification_id = ?", rec.VerificationID).Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return fmt.Errorf("update representative %d: %w", rec.ID, err)
	}
	if err := oneRow(res); err != nil {
		return err
	}
	if rec.PassportFileID != nil {
		rec.PassportPath, err = r.objectPath(ctx, *rec.PassportFileID)
	}
	return err
}

// DeleteRepresentative marks a representative deleted; the row stays for the audit trail.
func (r *Sections) DeleteRepresentative(ctx context.Context, id, repID int64) error {
	res, err := conn(ctx, r.db).NewUpdate().Model((*representativeRow)(nil)).Set("deleted_at = ?", r.now().UTC()).
		Where("id = ?", repID).Where("verification_id = ?", id).Where("deleted_at IS NULL").Exec(ctx)
	if err != nil {
		return fmt.Errorf("delete representative %d: %w", repID, err)
	}
	return oneRow(res)
}

// Completeness gathers what the completeness rules need in one round trip.
func (r *Sections) Completeness(ctx context.Context, id int64) (verification.Completeness, error) {
	var c verification.Completeness
	var counts struct {
		Company  int `bun:"company"`
		Reps     int `bun:"reps"`
		Banking  int `bun:"banking"`
		Trade    int `bun:"trade"`
		Owners   int `bun:"owners"`
		Declared int `bun:"declared"`
	}
	err := conn(ctx, r.db).NewSelect().
		ColumnExpr("(SELECT COUNT(*) FROM company_infos WHERE verification_id = ?) AS company", id).
		ColumnExpr("(SELECT COUNT(*) FROM representatives WHERE verification_id = ? AND deleted_at IS NULL) AS reps", id).
		ColumnExpr("(SELECT COUNT(*) FROM banking_infos WHERE verification_id = ?) AS banking", id).
		ColumnExpr("(SELECT COUNT(*) FROM trade_infos WHERE verification_id = ?) AS trade", id).
		ColumnExpr("(SELECT COUNT(*) FROM beneficial_owners WHERE verification_id = ? AND deleted_at IS NULL) AS owners", id).
		ColumnExpr(`(SELECT COUNT(*) FROM ownership_declarations AS od JOIN representatives AS r ON r.id = od.senior_official_id
			WHERE od.verification_id = ? AND od.withdrawn_at IS NULL AND r.deleted_at IS NULL) AS declared`, id).
		Scan(ctx, &counts)
	if err != nil {
		return c, fmt.Errorf("count sections of %d: %w", id, err)
	}
	var types []string
	if err := conn(ctx, r.db).NewSelect().Table("documents").ColumnExpr("DISTINCT type").
		Where("verification_id = ?", id).Where("deleted_at IS NULL").Scan(ctx, &types); err != nil {
		return c, fmt.Errorf("document types of %d: %w", id, err)
	}
	c = verification.Completeness{HasCompany: counts.Company > 0, Representatives: counts.Reps,
		HasBanking: counts.Banking > 0, HasTrade: counts.Trade > 0, Owners: counts.Owners, OwnershipDeclared: counts.Declared > 0}
	for _, t := range types {
		if dt, err := verification.ParseDocumentType(t); err == nil {
			c.DocumentTypes = append(c.DocumentTypes, dt)
		}
	}
	return c, nil
}

func (r *Sections) objectPath(ctx context.Context, docID int64) (string, error) {
	var path string
	err := conn(ctx, r.db).NewSelect().Table("documents").Column("object_path").Where("id = ?", docID).Scan(ctx, &path)
	return path, notFound(err)
}

func stamps(created, updated time.Time) application.Stamps {
	return application.Stamps{CreatedAt: created.UTC(), UpdatedAt: updated.UTC()}
}

func wrap(err error, format string, args ...any) error {
	if err == nil {
		return nil
	}
	return fmt.Errorf(format+": %w", append(args, err)...)
}
