package persistence

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// SeedOptions says how much demonstration or benchmark data to create.
type SeedOptions struct {
	Verifications int    // spread over users, statuses and tiers
	PerUser       int    // verifications per seeded user
	PasswordHash  string // the hash every seeded user signs in with
	Now           time.Time
	Progress      func(done, total int)
}

// SeedResult names accounts and ids a benchmark or a demo can use.
type SeedResult struct {
	Users             int
	Verifications     int
	ApprovedPublicIDs []string // a sample of approved certificates
	SampleEmail       string   // a seeded user, PerUser verifications
}

// statusMix is the share of each status among seeded verifications, in tenths of a percent.
var statusMix = []struct {
	status verification.Status
	share  int
}{{verification.Draft, 200}, {verification.Submitted, 150}, {verification.InReview, 250},
	{verification.Approved, 300}, {verification.Rejected, 100}}

const seedBatch = 1000

// Seed bulk-inserts realistic data: users, verifications across every status and tier with
// their sections, document records and audit events. It is deterministic for a given size.
func Seed(ctx context.Context, db *DB, o SeedOptions) (*SeedResult, error) {
	if o.PerUser <= 0 {
		o.PerUser = 10
	}
	rng := rand.New(rand.NewPCG(42, uint64(o.Verifications)))
	// The places draw from their own source, so that the rest of the data is what it was before
	// the seed gave places.
	res, places := &SeedResult{}, statusPlaces{rng: rand.New(rand.NewPCG(7, uint64(o.Verifications))), taken: map[int]bool{}}
	for done := 0; done < o.Verifications; done += seedBatch {
		n := min(seedBatch, o.Verifications-done)
		err := db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			users, err := seedUsers(ctx, tx, done/o.PerUser, (done+n-1)/o.PerUser, o)
			if err != nil {
				return err
			}
			if res.SampleEmail == "" {
				res.SampleEmail = users[0].Email
			}
			rows := make([]verificationRow, n)
			for i := range rows {
				rows[i] = seedVerification(rng, users[(done+i)/o.PerUser-done/o.PerUser].ID, o.Now)
			}
			if _, err := tx.NewInsert().Model(&rows).Returning("id").Exec(ctx); err != nil {
				return fmt.Errorf("seed verifications: %w", err)
			}
			if err := seedSections(ctx, tx, rng, rows); err != nil {
				return err
			}
			if err := insertAll(ctx, tx, places.assign(rows)); err != nil {
				return fmt.Errorf("seed status list places: %w", err)
			}
			for _, r := range rows {
				if r.Status == verification.Approved.String() && len(res.ApprovedPublicIDs) < 10000 {
					res.ApprovedPublicIDs = append(res.ApprovedPublicIDs, r.PublicID)
				}
			}
			res.Users = (done+n-1)/o.PerUser + 1
			return nil
		})
		if err != nil {
			return nil, err
		}
		if o.Progress != nil {
			o.Progress(done+n, o.Verifications)
		}
	}
	res.Verifications = o.Verifications
	// Fresh statistics and visibility maps, as a database in service has after autovacuum, so the
	// planner sees the new rows and index-only scans need not visit the table.
	query := "ANALYZE"
	if db.postgres {
		query = "VACUUM ANALYZE"
	}
	if _, err := db.ExecContext(ctx, query); err != nil {
		return nil, fmt.Errorf("analyze after seeding: %w", err)
	}
	return res, nil
}

// statusPlaces are the revocation list places the seed gave, so that each is given once.
type statusPlaces struct {
	rng   *rand.Rand
	taken map[int]bool
}

// assign gives each approved certificate of rows its place in the revocation list, as its approval
// would have, at random; past half the list, places are left to the credentials' first reads.
func (p statusPlaces) assign(rows []verificationRow) []credentialStatusRow {
	var out []credentialStatusRow
	for _, r := range rows {
		if r.Status != verification.Approved.String() || len(p.taken) >= application.StatusListSize/2 {
			continue
		}
		index := p.rng.IntN(application.StatusListSize)
		for p.taken[index] {
			index = p.rng.IntN(application.StatusListSize)
		}
		p.taken[index] = true
		out = append(out, credentialStatusRow{VerificationID: r.ID, StatusIndex: index})
	}
	return out
}

// seedUsers upserts the users numbered first to last (inclusive) and returns them in order.
func seedUsers(ctx context.Context, db bun.IDB, first, last int, o SeedOptions) ([]userRow, error) {
	users := make([]userRow, 0, last-first+1)
	for n := first; n <= last; n++ {
		users = append(users, userRow{Email: fmt.Sprintf("trader%06d@seed.example", n), PasswordHash: o.PasswordHash,
			CreatedAt: o.Now.AddDate(0, 0, -400)})
	}
	if _, err := db.NewInsert().Model(&users).On("CONFLICT (email) DO UPDATE").Set("password_hash = EXCLUDED.password_hash").
		Returning("id").Exec(ctx); err != nil {
		return nil, fmt.Errorf("seed users: %w", err)
	}
	return users, nil
}

func seedVerification(rng *rand.Rand, userID int64, now time.Time) verificationRow {
	pick, status := rng.IntN(1000), verification.Draft
	for _, m := range statusMix {
		if pick < m.share {
			status = m.status
			break
		}
		pick -= m.share
	}
	tier := verification.Basic
	if rng.IntN(10) < 3 {
		tier = verification.Top
	}
	created := now.Add(-time.Duration(rng.IntN(365*24)) * time.Hour)
	updated := created.Add(time.Duration(rng.IntN(72)) * time.Hour)
	row := verificationRow{UserID: userID, Tier: tier.String(), Status: status.String(), PublicID: verification.NewPublicID(),
		PaymentStatus: verification.PaymentPending.String(), Version: 1, CreatedAt: created, UpdatedAt: updated, Progress: 100}
	if status == verification.Draft {
		row.Progress = 20 * rng.IntN(5)
	}
	if status != verification.Draft && status != verification.Submitted {
		amount := int64(4900)
		if tier == verification.Top {
			amount = 29900
		}
		paid := updated
		if status == verification.Approved || status == verification.Rejected {
			// Decided at updated after a wait in review of up to four days (the charts' time to decision).
			if wait := time.Duration(rng.IntN(96*60)) * time.Minute; updated.Add(-wait).After(created) {
				paid = updated.Add(-wait)
			}
		}
		row.PaymentStatus, row.PaymentAmount, row.PaymentID, row.PaymentDate = verification.PaymentPaid.String(), &amount, "pi_seed", &paid
	}
	switch status {
	case verification.InReview:
		row.ReviewSince = &updated
	case verification.Approved:
		expires := updated.AddDate(0, verification.ValidityPeriod, 0)
		row.ApprovedAt, row.ExpiresAt = &updated, &expires
	case verification.Rejected:
		row.RejectionReason = "Business licence has expired"
	}
	return row
}

var seedProducts = []string{`["Copper cathodes"]`, `["Crude oil","Diesel EN590"]`, "Sugar ICUMSA 45", "Urea 46%, DAP", `["Gold dore"]`}

// seedSections adds the sections a verification in its status has.
func seedSections(ctx context.Context, db bun.IDB, rng *rand.Rand, vs []verificationRow) error {
	var companies []companyRow
	var reps []representativeRow
	var banks []bankingRow
	var trades []tradeRow
	var docs []documentRow
	var events []auditRow
	for _, v := range vs {
		n := v.ID
		companies = append(companies, companyRow{VerificationID: n, CompanyName: fmt.Sprintf("Seed Trading %d Ltd", n),
			RegistrationNumber: fmt.Sprintf("REG-%08d", n), RegisteredAddress: fmt.Sprintf("%d Harbour Road, Singapore", n%900+1),
			PhoneNumber: "+65 6000 0000", Email: fmt.Sprintf("contact%d@seed.example", n),
			CountryOfIncorporation: verification.Countries[rng.IntN(len(verification.Countries))],
			DateOfIncorporation:    "2010-06-01", TaxID: fmt.Sprintf("TAX-%d", n), CreatedAt: v.CreatedAt, UpdatedAt: v.CreatedAt})
		events = append(events, auditRow{VerificationID: n, Action: "create", ToStatus: "draft", CreatedAt: v.CreatedAt})
		if v.Status == verification.Draft.String() {
			continue
		}
		reps = append(reps, representativeRow{VerificationID: n, FullName: "Alex Morgan", Position: "Director", Nationality: "GB",
			DateOfBirth: "1975-03-02", PassportNumber: fmt.Sprintf("P%08d", n), IssuingCountry: "GB", ExpiryDate: "2031-01-01",
			Email: "alex@seed.example", PhoneNumber: "+44 20 0000 0000", CreatedAt: v.CreatedAt, UpdatedAt: v.CreatedAt})
		banks = append(banks, bankingRow{VerificationID: n, BankName: "Seed Bank", BankAddress: "1 Bank Street", AccountName: "Seed Trading",
			AccountNumber: fmt.Sprintf("GB%020d", n), SwiftCode: "SEEDGB2L", Currency: verification.Currencies[rng.IntN(3)],
			CreatedAt: v.CreatedAt, UpdatedAt: v.CreatedAt})
		trades = append(trades, tradeRow{VerificationID: n, ProductsTraded: seedProducts[rng.IntN(len(seedProducts))],
			Incoterms: verification.Incoterms[rng.IntN(len(verification.Incoterms))], CreatedAt: v.CreatedAt, UpdatedAt: v.CreatedAt})
		for _, t := range verification.RequiredDocumentTypes {
			docs = append(docs, documentRow{VerificationID: n, Type: t.String(), Filename: t.String() + ".pdf",
				OriginalFilename: t.String() + ".pdf", MimeType: "application/pdf", Size: 180_000,
				ObjectPath: fmt.Sprintf("seed/%d/%s.pdf", n, t), CreatedAt: v.CreatedAt})
		}
		if v.PaymentDate == nil {
			events = append(events, auditRow{VerificationID: n, Action: "submit", FromStatus: "draft", ToStatus: "submitted", CreatedAt: v.UpdatedAt})
			continue
		}
		// Submitted and paid at once, then, unless still in review, decided: the trail the charts read.
		events = append(events, auditRow{VerificationID: n, Action: "submit", FromStatus: "draft", ToStatus: "submitted", CreatedAt: *v.PaymentDate},
			auditRow{VerificationID: n, Action: "payment.succeeded", FromStatus: "submitted", ToStatus: "in_review", CreatedAt: *v.PaymentDate})
		if decision := map[string]string{"approved": "approve", "rejected": "reject"}[v.Status]; decision != "" {
			events = append(events, auditRow{VerificationID: n, Action: decision, FromStatus: "in_review", ToStatus: v.Status, CreatedAt: v.UpdatedAt})
		}
	}
	for _, err := range []error{insertAll(ctx, db, companies), insertAll(ctx, db, reps), insertAll(ctx, db, banks),
		insertAll(ctx, db, trades), insertAll(ctx, db, docs), insertAll(ctx, db, events)} {
		if err != nil {
			return fmt.Errorf("seed sections: %w", err)
		}
	}
	return nil
}

// insertAll bulk-inserts rows; bun refuses an empty bulk insert, so none is a no-op.
func insertAll[T any](ctx context.Context, db bun.IDB, rows []T) error {
	if len(rows) == 0 {
		return nil
	}
	_, err := db.NewInsert().Model(&rows).Exec(ctx)
	return err
}
