package persistence

import (
	"context"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"time"

	"github.com/uptrace/bun"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

type verificationRow struct {
	bun.BaseModel      `bun:"table:verifications,alias:v"`
	ID                 int64      `bun:"id,pk,autoincrement"`
	UserID             int64      `bun:"user_id"`
	Tier               string     `bun:"tier"`
	Status             string     `bun:"status"`
	Progress           int        `bun:"progress"`
	PublicID           string     `bun:"public_id"`
	RejectionReason    string     `bun:"rejection_reason"`
	Deleted            bool       `bun:"deleted"`
	PaymentStatus      string     `bun:"payment_status"`
	PaymentAmount      *int64     `bun:"payment_amount"`
	PaymentID          string     `bun:"payment_id"`
	PaymentDate        *time.Time `bun:"payment_date"`
	CISFormPath        string     `bun:"cis_form_path"`
	CISFormGeneratedAt *time.Time `bun:"cis_form_generated_at"`
	ApprovedAt         *time.Time `bun:"approved_at"`
	ExpiresAt          *time.Time `bun:"expires_at"`
	RevokedAt          *time.Time `bun:"revoked_at"`
	RevocationReason   string     `bun:"revocation_reason"`
	ReviewSince        *time.Time `bun:"review_since"`
	Version            int64      `bun:"version"`
	CreatedAt          time.Time  `bun:"created_at"`
	UpdatedAt          time.Time  `bun:"updated_at"`
	// The lists read the owner's e-mail with the page, in the same query, and the company's name
	// that triggers on company_infos keep (written by them alone).
	OwnerEmail  string `bun:"owner_email,scanonly"`
	CompanyName string `bun:"company_name,scanonly"`
	// ListedTotal is the filter's total, counted in the page query when the filter is a short list
	// of ids (listedTotal).
	ListedTotal int `bun:"listed_total,scanonly"`
}

func toVerificationRow(v *verification.Verification) *verificationRow {
	s := v.Snapshot()
	row := &verificationRow{
		ID: s.ID, UserID: s.UserID, Tier: s.Tier.String(), Status: s.Status.String(), Progress: s.Progress,
		PublicID: s.PublicID, RejectionReason: s.RejectionReason, Deleted: s.Deleted,
		PaymentStatus: s.Payment.Status.String(), PaymentID: s.Payment.ID, PaymentDate: s.Payment.Date,
		CISFormPath: s.CISFormPath, CISFormGeneratedAt: s.CISFormGenerated, ApprovedAt: s.ApprovedAt,
		ExpiresAt: s.ExpiresAt, RevokedAt: s.RevokedAt, RevocationReason: s.RevokedReason, ReviewSince: s.ReviewSince,
		Version: s.Version, CreatedAt: s.CreatedAt, UpdatedAt: s.UpdatedAt,
	}
	if s.Payment.Paid() || s.Payment.Amount != 0 {
		amount := s.Payment.Amount
		row.PaymentAmount = &amount
	}
	return row
}

func (r *verificationRow) toDomain() (*verification.Verification, error) {
	tier, err := verification.ParseTier(r.Tier)
	if err != nil {
		return nil, err
	}
	status, err := verification.ParseStatus(r.Status)
	if err != nil {
		return nil, err
	}
	pay, err := verification.ParsePaymentStatus(r.PaymentStatus)
	if err != nil {
		return nil, err
	}
	var amount int64
	if r.PaymentAmount != nil {
		amount = *r.PaymentAmount
	}
	return verification.Restore(verification.Snapshot{
		ID: r.ID, UserID: r.UserID, Tier: tier, Status: status, Progress: r.Progress, PublicID: r.PublicID,
		RejectionReason: r.RejectionReason, Deleted: r.Deleted,
		Payment:     verification.Payment{Status: pay, Amount: amount, ID: r.PaymentID, Date: utc(r.PaymentDate)},
		CISFormPath: r.CISFormPath, CISFormGenerated: utc(r.CISFormGeneratedAt), ApprovedAt: utc(r.ApprovedAt),
		ExpiresAt: utc(r.ExpiresAt), RevokedAt: utc(r.RevokedAt), RevokedReason: r.RevocationReason,
		ReviewSince: utc(r.ReviewSince), Version: r.Version, CreatedAt: r.CreatedAt.UTC(), UpdatedAt: r.UpdatedAt.UTC(),
	}), nil
}

func utc(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// Verifications is the verification repository.
type Verifications struct {
	db    *DB
	words commonWords // of company names, for the company search
}

// NewVerifications returns the verification repository on db.
func NewVerifications(db *DB) *Verifications { return &Verifications{db: db} }

// Create inserts v and gives it its id and first version.
func (r *Verifications) Create(ctx context.Context, v *verification.Verification) error {
	row := toVerificationRow(v)
	row.Version = 1
	if _, err := conn(ctx, r.db).NewInsert().Model(row).Returning("id").Exec(ctx); err != nil {
		return fmt.Errorf("insert verification: %w", err)
	}
	s := v.Snapshot()
	s.ID, s.Version = row.ID, 1
	*v = *verification.Restore(s)
	return nil
}

// Get returns a verification that is not deleted.
func (r *Verifications) Get(ctx context.Context, id int64) (*verification.Verification, error) {
	return r.one(ctx, false, "v.id = ?", id)
}

// GetForUpdate returns a verification and, on PostgreSQL, locks its row for the transaction.
// SQLite transactions here take the database write lock when they begin, which serialises them.
func (r *Verifications) GetForUpdate(ctx context.Context, id int64) (*verification.Verification, error) {
	return r.one(ctx, true, "v.id = ?", id)
}

// ByPublicID returns a verification that is not deleted by its public id.
func (r *Verifications) ByPublicID(ctx context.Context, publicID string) (*verification.Verification, error) {
	return r.one(ctx, false, "v.public_id = ?", publicID)
}

// publicCertificateRow is a verification and the company facts its public certificate shows.
type publicCertificateRow struct {
	verificationRow    `bun:",extend"`
	HasCompany         bool   `bun:"has_company,scanonly"`
	CompanyName        string `bun:"company_name,scanonly"`
	RegistrationNumber string `bun:"registration_number,scanonly"`
	RegisteredAddress  string `bun:"registered_address,scanonly"`
	Email              string `bun:"email,scanonly"`
	Country            string `bun:"country_of_incorporation,scanonly"`
	StatusIndex        *int   `bun:"status_index,scanonly"`
}

// verificationColumns are a verification's columns behind alias v, listed once: columnsOf reads the
// row type's fields by reflection, a quarter of an applicant's list when it ran on every request.
var verificationColumns = columnsOf[verificationRow]("v")

// publicCertificates reads the verifications that are not deleted among some public ids, with
// their companies' public facts and their places in the revocation list: certificates' first reads
// after a start or a change.
var publicCertificates = "SELECT " + verificationColumns + `, c.verification_id IS NOT NULL AS has_company,
	COALESCE(c.company_name, '') AS company_name, COALESCE(c.registration_number, '') AS registration_number,
	COALESCE(c.registered_address, '') AS registered_address, COALESCE(c.email, '') AS email,
	COALESCE(c.country_of_incorporation, '') AS country_of_incorporation, cs.status_index
	FROM verifications AS v LEFT JOIN company_infos AS c ON c.verification_id = v.id
	LEFT JOIN credential_status_entries AS cs ON cs.verification_id = v.id
	WHERE v.public_id %s AND NOT v.deleted`

// ByPublicIDsWithCompany returns the verifications that are not deleted among publicIDs, each with
// the public facts of its company section (nil when it has none) and its place in the revocation
// list (nil before it has one), in one query by the public id's unique index and the primary keys of
// the section and the place. Unknown ids are left out.
func (r *Verifications) ByPublicIDsWithCompany(ctx context.Context, publicIDs []string) ([]application.CertificateRecord, error) {
	if len(publicIDs) == 0 {
		return nil, nil
	}
	var rows []publicCertificateRow
	if err := scanAllIn(ctx, r.db, publicCertificates, &rows, publicIDs); err != nil {
		return nil, fmt.Errorf("certificates by public id: %w", err)
	}
	out := make([]application.CertificateRecord, len(rows))
	for i, row := range rows {
		v, err := row.toDomain()
		if err != nil {
			return nil, err
		}
		out[i].Verification, out[i].StatusIndex = v, row.StatusIndex
		if row.HasCompany {
			out[i].Company = &application.CompanyRecord{VerificationID: v.ID(), CompanyInfo: verification.CompanyInfo{
				CompanyName: row.CompanyName, RegistrationNumber: row.RegistrationNumber, RegisteredAddress: row.RegisteredAddress,
				Email: row.Email, CountryOfIncorporation: row.Country}}
		}
	}
	return out, nil
}

// ByCISPath returns the verification whose CIS form is stored at path.
func (r *Verifications) ByCISPath(ctx context.Context, path string) (*verification.Verification, error) {
	if path == "" {
		return nil, application.ErrNotFound
	}
	return r.one(ctx, false, "v.cis_form_path = ?", path)
}

func (r *Verifications) one(ctx context.Context, lock bool, where string, arg any) (*verification.Verification, error) {
	row := new(verificationRow)
	q := conn(ctx, r.db).NewSelect().Model(row).Where(where, arg).Where("v.deleted = ?", false)
	if lock && r.db.postgres {
		q = q.For("UPDATE")
	}
	if err := q.Scan(ctx); err != nil {
		return nil, notFound(err)
	}
	return row.toDomain()
}

// Save writes v only if its stored version is the one it was read at, then bumps the version.
func (r *Verifications) Save(ctx context.Context, v *verification.Verification) error {
	row := toVerificationRow(v)
	read := row.Version
	row.Version = read + 1
	res, err := conn(ctx, r.db).NewUpdate().Model(row).ExcludeColumn("id", "user_id", "public_id", "created_at").
		WherePK().Where("version = ?", read).Exec(ctx)
	if err != nil {
		return fmt.Errorf("update verification %d: %w", row.ID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return application.ErrConflict
	}
	s := v.Snapshot()
	s.Version = row.Version
	*v = *verification.Restore(s)
	return nil
}

// sortColumns maps API sort fields to columns; anything else is refused before the query.
var sortColumns = map[application.SortField]string{
	application.SortID: "v.id", application.SortStatus: "v.status", application.SortTier: "v.tier",
	application.SortCreatedAt: "v.created_at", application.SortUpdatedAt: "v.updated_at",
	application.SortPublicID: "v.public_id", application.SortReviewSince: "v.review_since",
	// The company name the triggers keep, on its index; the e-mail, which the dashboard offers no
	// sort by, a correlated lookup rather than a join: the page query keeps its shape, and the
	// filters' fast paths (an id list, the fenced subquery) stay as they are.
	application.SortCompany: "v.company_name",
	application.SortEmail:   "(SELECT u.email FROM users AS u WHERE u.id = v.user_id)",
}

// List returns one page of verifications with their owners' e-mails, and the total count.
func (r *Verifications) List(ctx context.Context, f application.VerificationFilter) ([]application.VerificationListItem, int, error) {
	var rows []verificationRow
	col, ok := sortColumns[f.Sort]
	if !ok {
		col = "v.updated_at"
	}
	dir := "ASC"
	if f.Desc {
		dir = "DESC"
	}
	q := conn(ctx, r.db).NewSelect().Model(&rows)
	m, err := r.search(ctx, f)
	if err != nil {
		return nil, 0, err
	}
	few := r.applyFilter(q, f, true, m)
	q = q.OrderExpr(col + " " + dir).OrderExpr("v.id " + dir).Limit(int64(f.PageSize)).Offset(int64((f.Page - 1) * f.PageSize))
	var total int
	switch l, ok := listedOnly(f, m); {
	case ok:
		total, err = r.listedPage(ctx, &rows, q, f, l, col, dir)
	case few:
		// The total comes with the page's ids, from rows as narrow as an index can give them (one
		// on the owner, status and creation date needs no table row at all).
		total, err = listedTotal(ctx, r.pageByIDs(ctx, &rows, q, col, dir, true), q, &rows, f)
	case countable(f) && (f.Page-1)*f.PageSize >= deepOffset:
		// The rows a deep page skips are read from an index alone, not from the table.
		total, err = r.total(ctx, r.pageByIDs(ctx, &rows, q, col, dir, false), f)
	default:
		total, err = r.total(ctx, q.ColumnExpr("v.*").ColumnExpr(pageOwnerEmail), f)
	}
	if err != nil {
		return nil, 0, fmt.Errorf("list verifications: %w", err)
	}
	items := make([]application.VerificationListItem, 0, len(rows))
	for i := range rows {
		v, err := rows[i].toDomain()
		if err != nil {
			return nil, 0, err
		}
		items = append(items, application.VerificationListItem{Verification: v, UserEmail: rows[i].OwnerEmail, CompanyName: rows[i].CompanyName})
	}
	return items, total, nil
}

// deepOffset is how many rows a page must skip before its ids are read first: each skipped row costs
// the one-step query a table read and an e-mail lookup (3.5 µs at 1,000,000 verifications), the
// two steps a fixed 0.2 ms.
const deepOffset = 100

// pageByIDs is the page of the filtered, sorted, limited query q in two steps: its ids first (with
// the filter's total in every row when withTotal), then those verifications' rows.
func (r *Verifications) pageByIDs(ctx context.Context, rows *[]verificationRow, q *bun.SelectQuery, col, dir string, withTotal bool) *bun.SelectQuery {
	ids := "v.id, " + col + " AS sort_key"
	if withTotal {
		ids += ", COUNT(*) OVER () AS listed_total"
	}
	page := conn(ctx, r.db).NewSelect().Model(rows).
		ModelTableExpr("(?) AS p JOIN verifications AS v ON v.id = p.id", q.ColumnExpr(ids)).
		ColumnExpr("v.*").ColumnExpr(pageOwnerEmail)
	if withTotal {
		page.ColumnExpr("p.listed_total")
	}
	return page.OrderExpr("p.sort_key " + dir).OrderExpr("p.id " + dir)
}

// listing is how a filter that lists few verifications picks them: by their owners (ownerColumn) or
// by their own ids, and which.
type listing struct {
	column string
	ids    []int64
}

const ownerColumn = "v.user_id"

// listedOnly says f selects by a short list of owners or verifications and at most one status
// alone, and returns the list: an applicant's own list (the dashboard's, read on every visit), a
// reviewer's e-mail search that matched few users (a company's verifications), or a company search
// that matched few companies, with what the search matched in m.
func listedOnly(f application.VerificationFilter, m searchMatch) (listing, bool) {
	plain := application.VerificationFilter{UserID: f.UserID, Status: f.Status, Email: f.Email, Company: f.Company, Now: f.Now,
		ClaimHolder: f.ClaimHolder, ClaimsLiveSince: f.ClaimsLiveSince, Sort: f.Sort, Desc: f.Desc, Page: f.Page, PageSize: f.PageSize}
	if !reflect.DeepEqual(f, plain) || m.emailBroad {
		return listing{}, false
	}
	switch {
	case f.Email != "" && f.UserID == 0 && f.Company == "":
		return listing{ownerColumn, m.emailUsers}, len(m.emailUsers) > 0
	case f.Company != "" && f.UserID == 0 && f.Email == "":
		return listing{"v.id", m.companyIDs}, len(m.companyIDs) > 0
	case f.Email == "" && f.Company == "" && f.UserID != 0:
		return listing{ownerColumn, []int64{f.UserID}}, true
	}
	return listing{}, false
}

// listedPage reads a page of the listed verifications with its total, as pageByIDs does, in one
// prepared statement per sort and for any number of owners or verifications: planning took most of
// the query's time (three quarters of an applicant's list, 0.7–1.2 of 2.5 ms for an e-mail search
// matching 100 users, 0.9 of 1.5 ms for a company search matching 111 companies). filtered is the
// list's query, counted only for a page past the end.
func (r *Verifications) listedPage(ctx context.Context, rows *[]verificationRow, filtered *bun.SelectQuery, f application.VerificationFilter,
	l listing, col, dir string) (int, error) {
	var args []any
	if f.Status != nil {
		args = append(args, f.Status.String())
	}
	query := "SELECT " + verificationColumns + ", v.company_name, " + pageOwnerEmail +
		", p.listed_total FROM (SELECT v.id, " + col + " AS sort_key, COUNT(*) OVER () AS listed_total " +
		"FROM " + r.listedRows(l.column, f.Status != nil) + " ORDER BY " + col + " " + dir + ", v.id " + dir + " LIMIT ? OFFSET ?" +
		") AS p JOIN verifications AS v ON v.id = p.id ORDER BY p.sort_key " + dir + ", p.id " + dir
	if err := scanAllIn(ctx, r.db, query, rows, l.ids, append(args, f.PageSize, (f.Page-1)*f.PageSize)...); err != nil {
		return 0, err
	}
	return pageTotal(ctx, *rows, filtered, f)
}

// listedRows is a subquery aliased v: the live verifications whose column (the owner's or their own
// id) is one of the ids written %s (see scanAllIn), in the status of a ? parameter when withStatus.
// OFFSET 0 keeps PostgreSQL reading the listed rows through their index, as applyFilter's fence
// does; SQLite has no OFFSET without a LIMIT.
func (r *Verifications) listedRows(column string, withStatus bool) string {
	where := "v.deleted = FALSE AND " + column + " %s"
	if withStatus {
		where += " AND v.status = ?"
	}
	if r.db.postgres {
		where += " OFFSET 0"
	}
	return "(SELECT * FROM verifications AS v WHERE " + where + ") AS v"
}

// listedTotal runs the page query of a filter that reads a short list of ids, whose total the
// page's rows carry: one query reads those rows once, where a count beside it would read them again.
func listedTotal(ctx context.Context, page, filtered *bun.SelectQuery, rows *[]verificationRow, f application.VerificationFilter) (int, error) {
	if err := page.Scan(ctx); err != nil {
		return 0, err
	}
	return pageTotal(ctx, *rows, filtered, f)
}

// pageTotal is the total the rows of a page read with listed_total carry. Only a page past the end,
// which has no rows, needs the filter counted on its own.
func pageTotal(ctx context.Context, rows []verificationRow, filtered *bun.SelectQuery, f application.VerificationFilter) (int, error) {
	switch {
	case len(rows) > 0:
		return rows[0].ListedTotal, nil
	case f.Page <= 1:
		return 0, nil
	}
	n, err := filtered.Count(ctx)
	return int(n), err
}

// total runs the page query q and returns the filter's total: from the maintained counts when the
// filter allows, else by counting.
func (r *Verifications) total(ctx context.Context, q *bun.SelectQuery, f application.VerificationFilter) (int, error) {
	if !countable(f) {
		n, err := q.ScanAndCount(ctx)
		return int(n), err
	}
	counts, err := r.counted(ctx, f)
	if err != nil {
		return 0, err
	}
	total := 0
	for st, n := range counts {
		if (f.Status == nil || *f.Status == st) && (len(f.Statuses) == 0 || slices.Contains(f.Statuses, st)) {
			if st == verification.Approved && len(f.Certificates) > 0 {
				n, err = r.countCertificates(ctx, f, n)
				if err != nil {
					return 0, err
				}
			}
			total += n
		}
	}
	return total, q.Scan(ctx)
}

// countCertificates counts the filter's approved verifications whose certificate is in one of
// f.Certificates, of approved in all: the withdrawn ones (revoked, expired) are few and indexed, and
// the valid ones are the rest.
func (r *Verifications) countCertificates(ctx context.Context, f application.VerificationFilter, approved int) (int, error) {
	withdrawn, err := r.countWithdrawn(ctx, f)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, c := range f.Certificates {
		if c == verification.CertificateValid {
			n += approved - withdrawn[verification.CertificateRevoked] - withdrawn[verification.CertificateExpired]
		} else {
			n += withdrawn[c]
		}
	}
	return n, nil
}

// pageOwnerEmail is the page's e-mails, read in the page query: PostgreSQL evaluates it after the
// LIMIT, for the rows of the page alone, and the request saves a round trip.
const pageOwnerEmail = "(SELECT u.email FROM users AS u WHERE u.id = v.user_id) AS owner_email"

// CountByStatus counts the filter's verifications per status, ignoring its status fields.
func (r *Verifications) CountByStatus(ctx context.Context, f application.VerificationFilter) (map[verification.Status]int, error) {
	if countable(f) {
		return r.counted(ctx, f)
	}
	var rows []statusCount
	q := conn(ctx, r.db).NewSelect().Model((*verificationRow)(nil)).ColumnExpr("v.status, COUNT(*) AS n").GroupExpr("v.status")
	if _, err := r.filter(ctx, q, f, false); err != nil {
		return nil, err
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("count verifications: %w", err)
	}
	return byStatus(rows)
}

// countedOverdue counts the filter's verifications in review waiting since before overdueBefore as
// inReview, the maintained count in review, less those that began waiting since: a long queue is
// mostly overdue, and counting the few recent ones reads a short stretch of the review_since index
// instead of the whole queue. One in review without a review_since (set by hand) is not overdue.
func (r *Verifications) countedOverdue(ctx context.Context, f application.VerificationFilter, inReview int, overdueBefore time.Time) (int, error) {
	unclaimed := f.Claim == application.ClaimUnclaimed
	f.Claim = application.ClaimAny
	cond, args := conditions(f, false)
	// Two counts rather than an OR, so that each reads its index alone. The text is one of a few,
	// prepared: planning it took longer than counting.
	const waits = "SELECT COUNT(*) FROM verifications AS v WHERE v.status = 'in_review' AND "
	query := "SELECT (" + waits + "v.review_since >= ? AND " + cond + ") + (" + waits + "v.review_since IS NULL AND " + cond + ")"
	params := slices.Concat([]any{overdueBefore}, args, args)
	if unclaimed {
		// The unclaimed recent waits are the recent waits less the claimed ones, counted from the
		// live claims (as many as reviewers at work): testing every recent wait for a claim cost
		// a probe of review_claims each, 5 ms for 2,400 waits at 1,000,000 verifications.
		query += " - (SELECT COUNT(*) FROM review_claims AS rc JOIN verifications AS v ON v.id = rc.verification_id" +
			" WHERE rc.active_at >= ? AND v.status = 'in_review' AND (v.review_since >= ? OR v.review_since IS NULL) AND " + cond + ")"
		params = slices.Concat(params, []any{f.ClaimsLiveSince.UTC(), overdueBefore}, args)
	}
	var recent int
	if err := r.db.scanOne(ctx, query, &recent, params...); err != nil {
		return 0, fmt.Errorf("count the recent waits: %w", err)
	}
	return inReview - recent, nil
}

// statusCount is one status's count in a GROUP BY result.
type statusCount struct {
	Status string `bun:"status"`
	N      int    `bun:"n"`
}

// byStatus maps counted rows to every status, zero where none.
func byStatus(rows []statusCount) (map[verification.Status]int, error) {
	counts := make(map[verification.Status]int, len(verification.Statuses))
	for _, st := range verification.Statuses {
		counts[st] = 0
	}
	for _, row := range rows {
		st, err := verification.ParseStatus(row.Status)
		if err != nil {
			return nil, err
		}
		counts[st] = row.N
	}
	return counts, nil
}

// countable reports whether the filter's counts can come from the maintained counts (status, tier,
// certificate and unclaimed filters) instead of counting rows.
func countable(f application.VerificationFilter) bool {
	return f.UserID == 0 && f.Email == "" && f.Company == "" && f.PublicID == "" && f.ID == 0 && !f.ScreeningAttention &&
		f.Claim != application.ClaimMine && f.WaitingBefore.IsZero()
}

// counted reads the live counts per status for the filter's tier (or both); triggers keep them in
// step with the verifications table in the same transaction. The unclaimed filter takes away the
// verifications with a live claim: there are as many as reviewers at work.
func (r *Verifications) counted(ctx context.Context, f application.VerificationFilter) (map[verification.Status]int, error) {
	var rows []statusCount
	q := conn(ctx, r.db).NewSelect().Table("verification_counts").ColumnExpr("status, SUM(n) AS n").GroupExpr("status")
	if f.Tier != nil {
		q = q.Where("tier = ?", f.Tier.String())
	}
	if err := q.Scan(ctx, &rows); err != nil {
		return nil, fmt.Errorf("read verification counts: %w", err)
	}
	counts, err := byStatus(rows)
	if err != nil || f.Claim != application.ClaimUnclaimed {
		return counts, err
	}
	var claimed []statusCount
	q = conn(ctx, r.db).NewSelect().TableExpr("review_claims AS rc").Join("JOIN verifications AS v ON v.id = rc.verification_id").
		ColumnExpr("v.status, COUNT(*) AS n").Where("rc.active_at >= ?", f.ClaimsLiveSince.UTC()).Where("v.deleted = ?", false).
		GroupExpr("v.status")
	if f.Tier != nil {
		q = q.Where("v.tier = ?", f.Tier.String())
	}
	if err := q.Scan(ctx, &claimed); err != nil {
		return nil, fmt.Errorf("count claimed verifications: %w", err)
	}
	taken, err := byStatus(claimed)
	for st, n := range taken {
		counts[st] -= n
	}
	return counts, err
}

// filter applies f to a query on verifications aliased v; byStatus false ignores the status fields.
// few reports that the filter reads a short list: one applicant's own verifications, or those of the
// few users or companies a search matched.
func (r *Verifications) filter(ctx context.Context, q *bun.SelectQuery, f application.VerificationFilter, byStatus bool) (few bool, err error) {
	m, err := r.search(ctx, f)
	if err != nil {
		return false, err
	}
	return r.applyFilter(q, f, byStatus, m), nil
}

// searchMatch is what a filter's searches matched, looked up once for every query of the filter.
type searchMatch struct {
	company       string // the condition on v of a company search, "" for none
	companyArgs   []any
	companyListed bool    // the company search matched few and lists their ids
	companyIDs    []int64 // the verifications it matched, when listed
	// Reviewers search by any part of an e-mail. A search that matches few users (the usual case:
	// one company) looks them up first and reads only their verifications; a broad one filters with
	// a subquery instead of a long id list.
	emailPattern string  // the LIKE pattern of an e-mail search, "" for none
	emailUsers   []int64 // the users it matched, unless broad
	emailBroad   bool
}

// search looks up the users and companies f's searches match.
func (r *Verifications) search(ctx context.Context, f application.VerificationFilter) (searchMatch, error) {
	var m searchMatch
	var err error
	if f.Company != "" {
		if m.company, m.companyArgs, m.companyIDs, m.companyListed, err = r.companyCond(ctx, f.Company); err != nil {
			return searchMatch{}, err
		}
	}
	if f.Email == "" {
		return m, nil
	}
	m.emailPattern = "%" + escapeLike(strings.ToLower(f.Email)) + "%"
	err = conn(ctx, r.db).NewSelect().Table("users").Column("id").Where("email LIKE ? ESCAPE '\\'", m.emailPattern).
		Limit(maxListedUsers+1).Scan(ctx, &m.emailUsers)
	if err != nil {
		return searchMatch{}, fmt.Errorf("find users matching %q: %w", f.Email, err)
	}
	if len(m.emailUsers) > maxListedUsers {
		m.emailUsers, m.emailBroad = nil, true
	}
	return m, nil
}

// applyFilter applies f to q with what its searches matched; see filter.
func (r *Verifications) applyFilter(q *bun.SelectQuery, f application.VerificationFilter, byStatus bool, m searchMatch) (few bool) {
	cond, args := conditions(f, byStatus)
	few = f.UserID != 0
	if m.company != "" {
		cond, args, few = cond+" AND "+m.company, append(args, m.companyArgs...), few || m.companyListed
	}
	switch {
	case m.emailPattern == "":
		q.Where(cond, args...)
		return few
	case m.emailBroad:
		q.Where(cond+" AND v.user_id IN (SELECT id FROM users WHERE email LIKE ? ESCAPE '\\')", append(args, m.emailPattern)...)
		return few
	case len(m.emailUsers) == 0:
		q.Where("1 = 0")
	default:
		// OFFSET 0 keeps PostgreSQL from flattening the subquery: it reads these users' rows through
		// the per-user index instead of walking a sorted index in the hope of meeting them.
		fence := ""
		if r.db.postgres {
			fence = " OFFSET 0"
		}
		q.ModelTableExpr("(SELECT * FROM verifications AS v WHERE v.user_id IN (?) AND "+cond+fence+") AS v",
			append([]any{bun.List(m.emailUsers)}, args...)...)
	}
	return true
}

// conditions are the filter's SQL conditions on alias v, without the e-mail search.
func conditions(f application.VerificationFilter, byStatus bool) (string, []any) {
	parts, args := []string{"v.deleted = FALSE"}, []any(nil) // a constant, so that a prepared count's plan can use the indexes of live rows
	add := func(cond string, arg any) {
		parts, args = append(parts, cond), append(args, arg)
	}
	if f.UserID != 0 {
		add("v.user_id = ?", f.UserID)
	}
	if byStatus && f.Status != nil {
		add("v.status = ?", f.Status.String())
	}
	if byStatus && len(f.Statuses) > 0 {
		names := make([]string, len(f.Statuses))
		for i, s := range f.Statuses {
			names[i] = s.String()
		}
		add("v.status IN (?)", bun.List(names))
	}
	if byStatus && len(f.Certificates) > 0 {
		certs, certArgs := certificateConditions(f.Certificates, f.Now)
		if f.Status != nil && *f.Status == verification.Approved {
			// Approved alone: the certificate conditions without the other statuses' escape, which
			// would keep PostgreSQL off the withdrawn certificates' indexes.
			parts, args = append(parts, certs), append(args, certArgs...)
		} else {
			parts, args = append(parts, "(v.status <> ? OR "+certs+")"), append(append(args, verification.Approved.String()), certArgs...)
		}
	}
	if f.Tier != nil {
		add("v.tier = ?", f.Tier.String())
	}
	if f.PublicID != "" {
		add("v.public_id = ?", f.PublicID)
	}
	if f.ID != 0 {
		add("v.id = ?", f.ID)
	}
	if f.ScreeningAttention {
		parts = append(parts, attentionCond)
	}
	switch f.Claim {
	case application.ClaimMine:
		parts, args = append(parts, "EXISTS ("+liveClaim+" AND rc.holder_id = ?)"), append(args, f.ClaimsLiveSince.UTC(), f.ClaimHolder)
	case application.ClaimUnclaimed:
		add("NOT EXISTS ("+liveClaim+")", f.ClaimsLiveSince.UTC())
	}
	if f.AwaitingSecond {
		parts = append(parts, "EXISTS (SELECT 1 FROM first_approvals AS fa WHERE fa.verification_id = v.id AND fa.sent_back_at IS NULL)")
	}
	if !f.WaitingBefore.IsZero() {
		add("v.status = ?", verification.InReview.String())
		add("v.review_since < ?", f.WaitingBefore)
		if !f.WaitingFrom.IsZero() {
			add("v.review_since >= ?", f.WaitingFrom)
		}
	}
	return strings.Join(parts, " AND "), args
}

// liveClaim selects the live claim of verification v (ClaimsLiveSince is its argument).
const liveClaim = "SELECT 1 FROM review_claims AS rc WHERE rc.verification_id = v.id AND rc.active_at >= ?"

// certificateConditions select approved verifications (on alias v) whose certificate is in any of the
// states at now; the same rules as verification.CertificateStatus.
func certificateConditions(states []verification.CertificateStatus, now time.Time) (string, []any) {
	var parts []string
	var args []any
	for _, st := range states {
		switch st {
		case verification.CertificateRevoked:
			parts = append(parts, "v.revoked_at IS NOT NULL")
		case verification.CertificateExpired:
			parts, args = append(parts, "(v.revoked_at IS NULL AND v.expires_at <= ?)"), append(args, now)
		case verification.CertificateValid:
			parts, args = append(parts, "(v.revoked_at IS NULL AND (v.expires_at IS NULL OR v.expires_at > ?))"), append(args, now)
		}
	}
	return "(" + strings.Join(parts, " OR ") + ")", args
}

// Tally counts the filter's verifications as the admin queue shows them. The maintained counts
// answer a filter they can; any other (a search, the claim "mine", screening attention) is counted
// in one pass over its rows. A search's users or companies are looked up once for both counts.
func (r *Verifications) Tally(ctx context.Context, f application.VerificationFilter, overdueBefore time.Time) (application.StatusCounts, error) {
	f.Status, f.Statuses, f.Certificates = nil, nil, nil
	m, err := r.search(ctx, f)
	if err != nil {
		return application.StatusCounts{}, err
	}
	var out application.StatusCounts
	if countable(f) {
		out, err = r.tallyCounted(ctx, f, overdueBefore)
	} else {
		out, err = r.tallyRows(ctx, f, overdueBefore, m)
	}
	if err != nil {
		return application.StatusCounts{}, err
	}
	out.ByStatus[verification.Approved] -= out.Revoked + out.Expired
	return out, nil
}

// countAttention counts the verifications of a filter without a search whose screening needs a
// reviewer. The count's text is one of a few, prepared: planning it took 0.4 ms of its 0.5, on the
// dashboard's every read of the stats.
func (r *Verifications) countAttention(ctx context.Context, f application.VerificationFilter) (int, error) {
	f.ScreeningAttention = true
	cond, args := conditions(f, false)
	var n int
	if err := r.db.scanOne(ctx, "SELECT count(*) FROM verifications AS v WHERE "+cond, &n, args...); err != nil {
		return 0, fmt.Errorf("count screening attention: %w", err)
	}
	return n, nil
}

// tallyCounted is Tally from the maintained counts, the few withdrawn certificates and the recent waits.
func (r *Verifications) tallyCounted(ctx context.Context, f application.VerificationFilter, overdueBefore time.Time) (application.StatusCounts, error) {
	counts, err := r.counted(ctx, f)
	if err != nil {
		return application.StatusCounts{}, err
	}
	withdrawn, err := r.countWithdrawn(ctx, f)
	if err != nil {
		return application.StatusCounts{}, err
	}
	overdue, err := r.countedOverdue(ctx, f, counts[verification.InReview], overdueBefore)
	if err != nil {
		return application.StatusCounts{}, err
	}
	attention, err := r.countAttention(ctx, f)
	if err != nil {
		return application.StatusCounts{}, err
	}
	return application.StatusCounts{ByStatus: counts, Revoked: withdrawn[verification.CertificateRevoked],
		Expired: withdrawn[verification.CertificateExpired], Overdue: overdue, Attention: attention}, nil
}

// tallyColumns count a tally's rows by status; their parameters are the time the certificates
// expire by and the start of an overdue wait. The screening states are tallyJoin's.
const tallyColumns = "v.status, COUNT(*) AS n, SUM(CASE WHEN v.revoked_at IS NOT NULL THEN 1 ELSE 0 END) AS revoked, " +
	"SUM(CASE WHEN v.revoked_at IS NULL AND v.expires_at <= ? THEN 1 ELSE 0 END) AS expired, " +
	"SUM(CASE WHEN v.review_since < ? THEN 1 ELSE 0 END) AS overdue, " +
	"SUM(CASE WHEN " + attentionJoined + " THEN 1 ELSE 0 END) AS attention"

const tallyJoin = "LEFT JOIN screening_states AS st ON st.verification_id = v.id"

// tallyRows is Tally counted over the filter's rows in one query. The screening states are joined
// for the attention count (one row per verification at most), rather than looked up row by row as
// attentionCond does, so that a broad search's tally stays one pass.
func (r *Verifications) tallyRows(ctx context.Context, f application.VerificationFilter, overdueBefore time.Time, m searchMatch) (application.StatusCounts, error) {
	var rows []struct {
		statusCount
		Revoked   int `bun:"revoked"`
		Expired   int `bun:"expired"`
		Overdue   int `bun:"overdue"`
		Attention int `bun:"attention"`
	}
	var err error
	if l, ok := listedOnly(f, m); ok && l.column == ownerColumn && r.db.postgres {
		return r.tallyOwners(ctx, l.ids, f.Now, overdueBefore)
	} else if ok {
		// Prepared, as listedPage is: planning took a quarter of an e-mail search's tally.
		err = scanAllIn(ctx, r.db, "SELECT "+tallyColumns+" FROM "+r.listedRows(l.column, false)+" "+tallyJoin+" GROUP BY v.status",
			&rows, l.ids, f.Now, overdueBefore)
	} else {
		q := conn(ctx, r.db).NewSelect().Model((*verificationRow)(nil)).ColumnExpr(tallyColumns, f.Now, overdueBefore).
			Join(tallyJoin).GroupExpr("v.status")
		r.applyFilter(q, f, false, m)
		err = q.Scan(ctx, &rows)
	}
	if err != nil {
		return application.StatusCounts{}, fmt.Errorf("tally verifications: %w", err)
	}
	perStatus := make([]statusCount, len(rows))
	var out application.StatusCounts
	for i, row := range rows {
		perStatus[i] = row.statusCount
		out.Attention += row.Attention
		switch row.Status {
		case verification.Approved.String():
			out.Revoked, out.Expired = row.Revoked, row.Expired
		case verification.InReview.String():
			out.Overdue = row.Overdue
		}
	}
	counts, err := byStatus(perStatus)
	out.ByStatus = counts
	return out, err
}

// ownersTally reads the owners' maintained counts per status, one row each, every row carrying the
// counts those cannot say, each from an index of its own over the few rows it counts (one row with
// no status when the owners have no verification). Its parameters: the owners, the time the
// certificates expire by, the owners, the start of an overdue wait, the owners, the owners.
const ownersTally = `SELECT COALESCE(c.status, '') AS status, COALESCE(c.n, 0) AS n, x.revoked, x.expired, x.recent, x.attention
FROM (SELECT
  (SELECT COUNT(*) FROM verifications AS v WHERE v.user_id = ANY(?) AND NOT v.deleted
     AND v.status = 'approved' AND v.revoked_at IS NOT NULL) AS revoked,
  (SELECT COUNT(*) FROM verifications AS v WHERE v.user_id = ANY(?) AND NOT v.deleted
     AND v.status = 'approved' AND v.revoked_at IS NULL AND v.expires_at <= ?) AS expired,
  (SELECT COUNT(*) FROM verifications AS v WHERE v.user_id = ANY(?) AND NOT v.deleted
     AND v.status = 'in_review' AND (v.review_since >= ? OR v.review_since IS NULL)) AS recent,
  (SELECT COUNT(*) FROM screening_states AS st JOIN verifications AS v ON v.id = st.verification_id
     WHERE v.user_id = ANY(?) AND NOT v.deleted AND ` + attentionJoined + `) AS attention) AS x
LEFT JOIN (SELECT status, SUM(n) AS n FROM verification_owner_counts WHERE user_id = ANY(?) GROUP BY status) AS c ON TRUE`

// tallyOwners is Tally for the verifications of a few owners (an e-mail search), on PostgreSQL, in
// one statement: the counts per status are the owners' maintained counts (verification_owner_counts),
// so no owner's verifications are read but the few revoked, expired, recently queued or flagged ones.
func (r *Verifications) tallyOwners(ctx context.Context, owners []int64, now, overdueBefore time.Time) (application.StatusCounts, error) {
	var rows []struct {
		statusCount
		Revoked   int `bun:"revoked"`
		Expired   int `bun:"expired"`
		Recent    int `bun:"recent"`
		Attention int `bun:"attention"`
	}
	if err := r.db.scanAll(ctx, ownersTally, &rows, owners, owners, now, owners, overdueBefore, owners, owners); err != nil {
		return application.StatusCounts{}, fmt.Errorf("tally the owners' verifications: %w", err)
	}
	perStatus := make([]statusCount, 0, len(rows))
	for _, row := range rows {
		if row.Status != "" {
			perStatus = append(perStatus, row.statusCount)
		}
	}
	counts, err := byStatus(perStatus)
	if err != nil {
		return application.StatusCounts{}, err
	}
	x := rows[0] // the statement always returns a row
	return application.StatusCounts{ByStatus: counts, Revoked: x.Revoked, Expired: x.Expired,
		Overdue: counts[verification.InReview] - x.Recent, Attention: x.Attention}, nil
}

// countWithdrawn counts the filter's approved verifications whose certificate is revoked or expired
// at f.Now, ignoring its status fields.
func (r *Verifications) countWithdrawn(ctx context.Context, f application.VerificationFilter) (map[verification.CertificateStatus]int, error) {
	f.Status, f.Statuses, f.Certificates = nil, nil, nil
	var rows []struct {
		Revoked int `bun:"revoked"`
		Expired int `bun:"expired"`
	}
	const counts = "COALESCE(SUM(CASE WHEN v.revoked_at IS NOT NULL THEN 1 ELSE 0 END), 0) AS revoked, " +
		"COALESCE(SUM(CASE WHEN v.revoked_at IS NULL AND v.expires_at <= ? THEN 1 ELSE 0 END), 0) AS expired"
	const withdrawn = "v.status = 'approved' AND (v.revoked_at IS NOT NULL OR v.expires_at <= ?)"
	var err error
	if countable(f) {
		// Without a search the count's text is one of a few, prepared (see countAttention).
		cond, args := conditions(f, false)
		err = r.db.scanAll(ctx, "SELECT "+counts+" FROM verifications AS v WHERE "+withdrawn+" AND "+cond, &rows,
			append([]any{f.Now, f.Now}, args...)...)
	} else {
		q := conn(ctx, r.db).NewSelect().Model((*verificationRow)(nil)).ColumnExpr(counts, f.Now).Where(withdrawn, f.Now)
		if _, err := r.filter(ctx, q, f, false); err != nil {
			return nil, err
		}
		err = q.Scan(ctx, &rows)
	}
	if err != nil {
		return nil, fmt.Errorf("count withdrawn certificates: %w", err)
	}
	out := map[verification.CertificateStatus]int{verification.CertificateRevoked: 0, verification.CertificateExpired: 0}
	if len(rows) == 1 {
		out[verification.CertificateRevoked], out[verification.CertificateExpired] = rows[0].Revoked, rows[0].Expired
	}
	return out, nil
}

// maxListedUsers is how many users an e-mail search may match and still be looked up first.
const maxListedUsers = 500

// escapeLike makes user input match literally inside a LIKE pattern.
func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// SearchApproved implements application.VerificationRepository: only exact matches and name
// prefixes, so the public search cannot list the register; the lower() indexes serve it.
func (r *Verifications) SearchApproved(ctx context.Context, text string, limit int) ([]*verification.Verification, error) {
	var rows []verificationRow
	t := strings.ToLower(text)
	err := conn(ctx, r.db).NewSelect().Model(&rows).Join("LEFT JOIN company_infos AS ci ON ci.verification_id = v.id").
		Where("v.deleted = ?", false).Where("v.status = ?", verification.Approved.String()).Where("v.revoked_at IS NULL").
		Where("(v.public_id = ? OR lower(ci.registration_number) = ? OR lower(ci.company_name) LIKE ? ESCAPE '\\')", t, t, escapeLike(t)+"%").
		OrderExpr("ci.company_name, v.id").Limit(int64(limit)).Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("search approved certificates: %w", err)
	}
	return toDomainAll(rows)
}

// Expiring returns the approved, unrevoked certificates that expire before the given time
// (including the expired ones), soonest first.
func (r *Verifications) Expiring(ctx context.Context, before time.Time) ([]*verification.Verification, error) {
	var rows []verificationRow
	err := conn(ctx, r.db).NewSelect().Model(&rows).Where("v.deleted = ?", false).
		Where("v.status = ?", verification.Approved.String()).Where("v.revoked_at IS NULL").
		Where("v.expires_at IS NOT NULL").Where("v.expires_at <= ?", before).OrderExpr("v.expires_at, v.id").Scan(ctx)
	if err != nil {
		return nil, fmt.Errorf("list expiring certificates: %w", err)
	}
	return toDomainAll(rows)
}

// toDomainAll rebuilds the verifications of rows, in their order.
func toDomainAll(rows []verificationRow) ([]*verification.Verification, error) {
	out := make([]*verification.Verification, 0, len(rows))
	for i := range rows {
		v, err := rows[i].toDomain()
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}
