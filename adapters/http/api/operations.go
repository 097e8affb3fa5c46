package api

import (
	"net/http"
	"slices"
)

// Operation is one route of the API as the document describes it.
type Operation struct {
	Method  string
	Path    string // in OpenAPI's form, e.g. /api/verifications/{id}; each {name} is a path parameter
	Tag     string
	Summary string
	Query   []Param
	Body    any  // the JSON request body, as a value of its type; nil: none
	Upload  bool // the body is a multipart/form-data Upload
	// OptionalBody lets the client send no body at all.
	OptionalBody bool
	Answer       Answer   // the successful response
	Also         []Answer // other responses besides Errors: a redirect, or a failure with a body of its own
	Errors       []int    // the failures answered with an Error; every route may also answer 503
}

// Answer is one documented response.
type Answer struct {
	Status  int
	Text    string
	Body    any      // the JSON body, as a value of its type (OneOf for several); nil: none
	Files   []string // the media types of a binary body (a PDF, a stored file) instead of JSON
	Headers []string // names in headers
}

// OneOf is a body that is one of several types.
type OneOf []any

// Param is a query parameter; its value is a string.
type Param struct {
	Name, Description, Pattern string
	Enum                       []string
}

// headers are the response headers an Answer may name.
var headers = map[string]struct {
	text, format, pattern string
	required              bool
}{
	"X-Total-Count":  {text: "Total matching rows", pattern: digits},
	"X-Unread-Count": {text: "How many of the caller's notifications are unread", pattern: digits},
	"Location":       {text: "Where to go: the presigned link, or the page that unsubscribes", format: "uri", required: true},
	"ETag":           {text: "The version of the content, for If-None-Match", required: true},
}

// errorTexts describe each error status.
var errorTexts = map[int]string{
	400: "Bad input", 401: "Not signed in", 402: "Payment declined or not completed", 403: "Not allowed",
	404: "Not found or not yours", 409: "Not allowed in the current state", 410: "Expired", 413: "Too large",
	415: "Unsupported type", 422: "Incomplete", 429: "Throttled", 500: "Server error",
	502: "The payment provider failed or answered unexpectedly", 503: "A dependency is down (the database, the file store); try again shortly",
}

const (
	digits   = "^[0-9]+$"
	dateOnly = "^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
)

var (
	pageParams = []Param{{Name: "page", Pattern: digits}, {Name: "pageSize", Pattern: digits}}
	listSorts  = []string{"id", "status", "tier", "createdAt", "updatedAt"}
	listParams = slices.Concat(pageParams, []Param{
		{Name: "sort", Enum: listSorts}, {Name: "order", Enum: []string{"asc", "desc"}}}, filterParams)
	filterParams = []Param{
		{Name: "status", Description: "one status, or several separated by commas (draft,submitted)"},
		{Name: "tier"}}
	adminParams = slices.Concat(pageParams, []Param{
		{Name: "sort", Enum: slices.Concat(listSorts, []string{"publicId", "company", "email", "reviewSince"}),
			Description: "default updatedAt, newest first; with status=in_review, reviewSince, oldest first"},
		{Name: "order", Enum: []string{"asc", "desc"}}}, filterParams, []Param{
		{Name: "email"}, {Name: "company", Description: "any part of the company name or registration number, case-insensitive"},
		{Name: "publicId"}, {Name: "id", Pattern: digits}, {Name: "screening", Enum: []string{"attention"}},
		{Name: "claim", Enum: []string{"mine", "unclaimed"}, Description: "the caller's claims, or the unclaimed (lapsed claims count as none); absent: all"},
		{Name: "secondReview", Enum: []string{"awaiting"}, Description: "only approvals awaiting a second review (FOUR_EYES)"}})

	pdf   = []string{"application/pdf"}
	csv   = []string{"text/csv"}
	files = []string{"application/pdf", "image/jpeg", "image/png"}
	total = []string{"X-Total-Count"}

	// mine are the failures of a route on one of the caller's verifications; oneAdmin of an
	// administrator's route on any verification.
	mine     = []int{400, 401, 404}
	oneAdmin = []int{400, 401, 403, 404}
)

// and is base with more statuses.
// chart is the GET of one dashboard chart, computed over the last 4, 12 or 52 weeks.
func chart(name, summary string) Operation {
	return Operation{Method: http.MethodGet, Path: "/api/admin/charts/" + name, Tag: "admin", Summary: summary,
		Query:  []Param{{Name: "weeks", Enum: []string{"4", "12", "52"}, Description: "the range in weeks, this week included (default 12)"}},
		Answer: ok("The chart", Chart{}), Errors: []int{400, 401, 403}}
}

func and(base []int, more ...int) []int { return slices.Concat(base, more) }

// ok, created, noContent and page are the successful answers most routes give.
func ok(text string, body any) Answer {
	return Answer{Status: http.StatusOK, Text: text, Body: body}
}

func created(text string, body any) Answer {
	return Answer{Status: http.StatusCreated, Text: text, Body: body}
}

func noContent(text string) Answer {
	return Answer{Status: http.StatusNoContent, Text: text}
}

func page(body any) Answer {
	return Answer{Status: http.StatusOK, Text: "One page", Body: body, Headers: total}
}

// Operations are every route of the API but /api/openapi.json itself.
var Operations = slices.Concat(authOperations, verificationOperations, sectionOperations, documentOperations,
	certificateOperations, publicOperations, adminOperations, paymentOperations, screeningOperations,
	notificationOperations)

var authOperations = []Operation{
	{Method: http.MethodGet, Path: "/api/user", Tag: "auth", Summary: "The signed-in user",
		Answer: ok("The user", User{}), Errors: []int{401}},
	{Method: http.MethodPost, Path: "/api/register", Tag: "auth", Summary: "Create an account and sign in", Body: Credentials{},
		Answer: created("Created", User{}), Errors: []int{400, 409, 415, 429}},
	{Method: http.MethodPost, Path: "/api/login", Tag: "auth", Summary: "Sign in", Body: Credentials{},
		Answer: ok("Signed in", User{}), Errors: []int{400, 401, 415, 429}},
	{Method: http.MethodPost, Path: "/api/logout", Tag: "auth", Summary: "Sign out (ends the session on the server)",
		Answer: noContent("Signed out")},
	{Method: http.MethodPost, Path: "/api/change-password", Tag: "auth", Summary: "Change the password; other sessions end",
		Body: ChangePassword{}, Answer: noContent("Changed"), Errors: []int{400, 401, 429}},
	{Method: http.MethodPost, Path: "/api/password-reset/request", Tag: "auth",
		Summary: "Send a one-time reset link to the account with this e-mail, if there is one; the same answer either way",
		Body:    PasswordResetRequest{},
		Answer:  Answer{Status: http.StatusAccepted, Text: "Accepted (whether or not the account exists)", Body: Message{}},
		Errors:  []int{400, 415, 429}},
	{Method: http.MethodPost, Path: "/api/password-reset/confirm", Tag: "auth",
		Summary: "Set a new password through a reset link; every session of the account ends",
		Body:    PasswordResetConfirm{}, Answer: noContent("Password set"), Errors: []int{400, 415, 429}},
}

var verificationOperations = []Operation{
	{Method: http.MethodGet, Path: "/api/verifications", Tag: "verifications", Summary: "List the user's verifications",
		Query: listParams, Answer: page([]Verification{}), Errors: []int{400, 401}},
	{Method: http.MethodPost, Path: "/api/verifications", Tag: "verifications", Summary: "Start a verification",
		Body: NewVerification{}, Answer: created("Created", Verification{}), Errors: []int{400, 401, 409}},
	{Method: http.MethodGet, Path: "/api/verifications/{id}", Tag: "verifications", Summary: "One verification",
		Answer: ok("The verification", Verification{}), Errors: mine},
	{Method: http.MethodDelete, Path: "/api/verifications/{id}", Tag: "verifications",
		Summary: "Delete (owner: a never-paid draft; administrator: any; reviewer: 403)", Answer: noContent("Deleted"), Errors: and(mine, 403, 409)},
	{Method: http.MethodPost, Path: "/api/verifications/{id}/submit", Tag: "verifications", Summary: "Submit a complete draft",
		Answer: ok("Submitted", Verification{}), Errors: and(mine, 409, 422)},
	{Method: http.MethodPost, Path: "/api/verifications/{id}/resubmit", Tag: "verifications",
		Summary: "Reopen a rejected verification", Answer: ok("Back to draft", Verification{}), Errors: and(mine, 409)},
}

var sectionOperations = slices.Concat(
	section("company-info", (*Company)(nil), CompanyInput{}),
	section("banking-info", (*Banking)(nil), BankingInput{}),
	section("trade-info", (*Trade)(nil), TradeInput{}),
	[]Operation{
		upload("/api/verifications/{id}/banking-info/reference", "sections", "Upload the bank reference letter"),
		{Method: http.MethodGet, Path: "/api/verifications/{id}/representatives", Tag: "sections", Summary: "List representatives",
			Answer: ok("Representatives", []Representative{}), Errors: mine},
		{Method: http.MethodPost, Path: "/api/verifications/{id}/representatives", Tag: "sections", Summary: "Add a representative",
			Body: RepresentativeInput{}, Answer: created("Added", Representative{}), Errors: and(mine, 409, 415)},
		{Method: http.MethodPut, Path: "/api/verifications/{id}/representatives/{repId}", Tag: "sections",
			Summary: "Update a representative", Body: RepresentativeInput{}, Answer: ok("Updated", Representative{}),
			Errors: and(mine, 409, 415)},
		{Method: http.MethodDelete, Path: "/api/verifications/{id}/representatives/{repId}", Tag: "sections",
			Summary: "Remove a representative", Answer: noContent("Removed"), Errors: and(mine, 409)},
		upload("/api/verifications/{id}/representatives/{repId}/passport", "sections", "Upload a representative's passport"),
		{Method: http.MethodGet, Path: "/api/verifications/{id}/beneficial-owners", Tag: "sections",
			Summary: "The beneficial owners or the declaration (Top)", Answer: ok("Ownership", Ownership{}), Errors: mine},
		{Method: http.MethodPost, Path: "/api/verifications/{id}/beneficial-owners", Tag: "sections",
			Summary: "Add a beneficial owner (Top draft without a declaration)", Body: BeneficialOwnerInput{},
			Answer: created("Added", BeneficialOwner{}), Errors: and(mine, 409, 415)},
		{Method: http.MethodPut, Path: "/api/verifications/{id}/beneficial-owners/{ownerId}", Tag: "sections",
			Summary: "Update a beneficial owner", Body: BeneficialOwnerInput{}, Answer: ok("Updated", BeneficialOwner{}),
			Errors: and(mine, 409, 415)},
		{Method: http.MethodDelete, Path: "/api/verifications/{id}/beneficial-owners/{ownerId}", Tag: "sections",
			Summary: "Remove a beneficial owner", Answer: noContent("Removed"), Errors: and(mine, 409)},
		upload("/api/verifications/{id}/beneficial-owners/{ownerId}/document", "sections",
			"Upload a beneficial owner's identity document"),
		{Method: http.MethodPut, Path: "/api/verifications/{id}/ownership-declaration", Tag: "sections",
			Summary: "Declare that no natural person owns or controls the threshold (Top draft without owners)",
			Body:    OwnershipDeclarationInput{}, Answer: ok("Declared", OwnershipDeclaration{}), Errors: and(mine, 409, 415)},
		{Method: http.MethodDelete, Path: "/api/verifications/{id}/ownership-declaration", Tag: "sections",
			Summary: "Withdraw the declaration", Answer: noContent("Withdrawn"), Errors: and(mine, 409)},
	})

// section is the read of a section (null when never saved) and its save by POST or PUT.
func section(path string, record, input any) []Operation {
	path = "/api/verifications/{id}/" + path
	save := Operation{Path: path, Tag: "sections", Summary: "Save the section of a draft", Body: input,
		Answer: ok("Saved", record), Errors: and(mine, 409, 413, 415)}
	post, put := save, save
	post.Method, put.Method = http.MethodPost, http.MethodPut
	return []Operation{{Method: http.MethodGet, Path: path, Tag: "sections", Summary: "Read the section (null when never saved)",
		Answer: ok("The section", record), Errors: mine}, post, put}
}

// upload is an upload that stores a file and answers with its Document.
func upload(path, tag, summary string) Operation {
	return Operation{Method: http.MethodPost, Path: path, Tag: tag, Summary: summary, Upload: true,
		Answer: created("Stored", Document{}), Errors: and(mine, 409, 413, 415, 429, 503)}
}

var documentOperations = []Operation{
	{Method: http.MethodGet, Path: "/api/verifications/{id}/documents", Tag: "documents", Summary: "List documents",
		Answer: ok("Documents", []Document{}), Errors: mine},
	upload("/api/verifications/{id}/documents", "documents", "Upload a document (fields: type, then file)"),
	{Method: http.MethodDelete, Path: "/api/verifications/{id}/documents/{docId}", Tag: "documents",
		Summary: "Delete a document of a draft", Answer: noContent("Deleted"), Errors: and(mine, 409)},
	{Method: http.MethodGet, Path: "/api/files/{path}", Tag: "documents",
		Summary: "Download a stored file (owner or admin); the path may span several segments",
		Answer:  Answer{Status: http.StatusOK, Text: "The file, with the type its bytes were recognised as", Files: files},
		Also: []Answer{{Status: http.StatusFound, Headers: []string{"Location"},
			Text: "With S3_PRESIGNED_DOWNLOADS=true: after the same checks, a redirect to a link into the object store, " +
				"valid for 5 minutes, that serves the file as an attachment under its sanitised name"}},
		Errors: []int{401, 404, 409, 503}},
}

var certificateOperations = []Operation{
	{Method: http.MethodGet, Path: "/api/verifications/{id}/cis-form", Tag: "certificates", Summary: "Where to download the CIS form",
		Answer: ok("The CIS form", CISForm{}), Errors: and(mine, 409)},
	{Method: http.MethodPost, Path: "/api/verifications/{id}/cis-form/share", Tag: "certificates",
		Summary: "Create a temporary CIS link", Answer: ok("The link", Share{}), Errors: and(mine, 409)},
	{Method: http.MethodGet, Path: "/api/verifications/{id}/cis-form/shares", Tag: "certificates",
		Summary: "The owner's CIS links that still work, newest first", Answer: ok("Links", []ShareLink{}), Errors: mine},
	{Method: http.MethodDelete, Path: "/api/verifications/{id}/cis-form/shares/{shareId}", Tag: "certificates",
		Summary: "Withdraw a CIS link at once (audited)", Answer: noContent("Withdrawn"), Errors: mine},
	{Method: http.MethodGet, Path: "/api/verifications/{id}/certificate", Tag: "certificates", Summary: "The certificate PDF",
		Answer: Answer{Status: http.StatusOK, Text: "PDF", Files: pdf}, Errors: and(mine, 409)},
	{Method: http.MethodGet, Path: "/api/shared/cis/{token}", Tag: "certificates", Summary: "Open a shared CIS form, no sign-in",
		Answer: Answer{Status: http.StatusOK, Text: "PDF", Files: pdf}, Errors: []int{404, 409, 410}},
}

var publicOperations = []Operation{
	{Method: http.MethodGet, Path: "/api/public/search", Tag: "public",
		Summary: "Find approved, unrevoked certificates by certificate ID or registration number (exactly) or by the beginning of the company name; at most 10, throttled per client address",
		Query:   []Param{{Name: "q", Description: "at least 3 characters"}},
		Answer:  ok("Certificates found", []PublicSearchHit{}), Errors: []int{400, 429}},
	{Method: http.MethodGet, Path: "/api/public/verifications/{publicId}", Tag: "public",
		Summary: "Public certificate (approved only)", Answer: ok("Certificate", PublicVerification{}), Errors: []int{403, 404}},
	{Method: http.MethodGet, Path: "/api/public/verifications/{publicId}/company-info", Tag: "public",
		Summary: "Public company fields", Answer: ok("Company", PublicCompany{}), Errors: []int{403, 404}},
	{Method: http.MethodGet, Path: "/api/public/verifications/{publicId}/documents", Tag: "public",
		Summary: "Document types and dates, never files", Answer: ok("Documents", []PublicDocument{}), Errors: []int{403, 404}},
	{Method: http.MethodPost, Path: "/api/public/verifications/{publicId}/follow", Tag: "public",
		Summary: "Ask for an e-mail whenever the certificate changes; a confirmation link is e-mailed first (double opt-in), and the answer is the same whether or not the address follows already; throttled per client address and per certificate",
		Body:    FollowRequest{},
		Answer:  Answer{Status: http.StatusAccepted, Text: "Accepted (whether or not the address follows already)", Body: Message{}},
		Errors:  []int{400, 404, 415, 429}},
	{Method: http.MethodPost, Path: "/api/public/follow/confirm", Tag: "public",
		Summary: "Confirm a follow request through its e-mailed link (valid 24 hours)",
		Body:    FollowConfirm{}, Answer: ok("Followed", FollowConfirmed{}), Errors: []int{400, 415}},
	{Method: http.MethodPost, Path: "/api/public/follow/unsubscribe", Tag: "public",
		Summary: "One-click unsubscribe (RFC 8058) from a follower's e-mail: no sign-in, no body needed; the same answer for a token used before",
		Query:   []Param{{Name: "token", Description: "the token of the message's List-Unsubscribe link"}},
		Answer:  ok("Unsubscribed", Message{}), Errors: []int{400}},
	{Method: http.MethodGet, Path: "/api/public/follow/unsubscribe", Tag: "public",
		Summary: "A browser opening the List-Unsubscribe link is sent to the page that unsubscribes with a button (a GET changes nothing: mail scanners open links)",
		Query:   []Param{{Name: "token"}},
		Answer:  Answer{Status: http.StatusSeeOther, Text: "To the unsubscribe page", Headers: []string{"Location"}},
		Errors:  []int{400}},
	{Method: http.MethodGet, Path: "/api/public/verifications/{publicId}/badge.svg", Tag: "public",
		Summary: "The live badge for a company's website: name, tier, status and date; cacheable for 60 s, revalidated by ETag",
		Answer:  Answer{Status: http.StatusOK, Text: "The badge", Files: []string{"image/svg+xml"}, Headers: []string{"ETag"}},
		Also:    []Answer{{Status: http.StatusNotModified, Text: "The badge is unchanged (If-None-Match)"}},
		Errors:  []int{403, 404}},
	{Method: http.MethodPost, Path: "/api/public/verify", Tag: "public",
		Summary: "Verify a pasted credential or a certificate ID: one verdict, what it rests on, the live status; throttled per client address",
		Body:    VerifyText{}, Answer: ok("The verdict", DocumentVerdict{}), Errors: []int{400, 415, 429}},
	{Method: http.MethodPost, Path: "/api/public/verify/file", Tag: "public",
		Summary: "Verify a certificate or CIS PDF (at most 10 MB; never stored): its signature, the certificate it names and the live status; throttled per client address",
		Upload:  true, Answer: ok("The verdict", DocumentVerdict{}), Errors: []int{400, 413, 429}},
	{Method: http.MethodGet, Path: "/api/public/verifications/{publicId}/credential", Tag: "public",
		Summary: "The certificate's W3C verifiable credential (vc+jwt): JSON, or the JWT alone with Accept: application/vc+jwt; " +
			"a revoked or expired certificate has none",
		Answer: Answer{Status: http.StatusOK, Text: "The credential", Body: Credential{}, Files: []string{CredentialMediaType}},
		Errors: []int{403, 404, 409}},
	{Method: http.MethodGet, Path: "/api/public/credentials/status/revocation", Tag: "public",
		Summary: "The revocation status list every credential points into: a BitstringStatusListCredential as a JWT (vc+jwt)",
		Answer:  Answer{Status: http.StatusOK, Text: "The status list credential", Files: []string{CredentialMediaType}}},
}

// CredentialMediaType is the media type of a verifiable credential secured as a JWT.
const CredentialMediaType = "application/vc+jwt"

var adminOperations = []Operation{
	{Method: http.MethodGet, Path: "/api/admin/verifications", Tag: "admin", Summary: "Every verification, filtered and paged",
		Query: adminParams, Answer: page([]AdminVerification{}), Errors: []int{400, 401, 403}},
	{Method: http.MethodGet, Path: "/api/admin/verifications/stats", Tag: "admin", Summary: "Counts per status for the filters",
		Query: adminParams, Answer: ok("Counts", Stats{}), Errors: []int{400, 401, 403}},
	chart("decisions", "Verifications submitted, approved and rejected per week"),
	chart("decision-time", "Hours from payment to decision per week: median and 90th percentile (nearest rank) and the number of decisions, with the promised 48 hours"),
	chart("queue-age", "The verifications in review today by whole days since payment (the range is not used)"),
	chart("screening-hits", "Screening hits first found in the range, by list and outcome"),
	chart("revenue", "Settled revenue per week by tier, in cents, and what coupons took off the full price"),
	adminRead("", "One verification with its owner", ok("The verification", AdminVerification{})),
	adminRead("/company-info", "Read a section", ok("The section", (*Company)(nil))),
	adminRead("/banking-info", "Read a section", ok("The section", (*Banking)(nil))),
	adminRead("/trade-info", "Read a section", ok("The section", (*Trade)(nil))),
	adminRead("/representatives", "Representatives", ok("Representatives", []Representative{})),
	adminRead("/beneficial-owners", "Beneficial owners or the declaration", ok("Ownership", Ownership{})),
	adminRead("/documents", "Documents with the reviewer's flags", ok("Documents", []AdminDocument{})),
	{Method: http.MethodGet, Path: "/api/admin/verifications/{id}/cis-form", Tag: "admin", Summary: "The CIS form",
		Answer: ok("The CIS form", CISForm{}), Errors: and(oneAdmin, 409)},
	{Method: http.MethodGet, Path: "/api/admin/verifications/{id}/certificate", Tag: "admin", Summary: "The certificate PDF",
		Answer: Answer{Status: http.StatusOK, Text: "PDF", Files: pdf}, Errors: and(oneAdmin, 409)},
	adminRead("/events", "The audit trail, oldest first", ok("Events", []AuditEvent{})),
	adminRead("/audit.csv", "The audit trail and the screening decisions as CSV (RFC 4180, UTC times; cells a spreadsheet would read as a formula start with an apostrophe); the export is audited",
		Answer{Status: http.StatusOK, Text: "CSV", Files: csv}),
	adminRead("/audit.pdf", "The audit trail and the screening decisions as a PDF report signed like the certificates; the export is audited",
		Answer{Status: http.StatusOK, Text: "PDF", Files: pdf}),
	{Method: http.MethodGet, Path: "/api/admin/audit.csv", Tag: "admin",
		Summary: "Every audit event of a date range (UTC days, both included, at most 366), streamed as CSV, oldest first; the export is itself an audit event",
		Query: []Param{{Name: "from", Description: "first day, YYYY-MM-DD", Pattern: dateOnly},
			{Name: "to", Description: "last day, YYYY-MM-DD", Pattern: dateOnly}},
		Answer: Answer{Status: http.StatusOK, Text: "CSV", Files: csv}, Errors: []int{400, 401, 403}},
	adminDecision("/approve", "Approve; under FOUR_EYES the first approval awaits a second review and another administrator's approval confirms it (403 for the same one)", "Approved", nil),
	adminDecision("/send-back", "Send a first approval awaiting second review back to the queue, with a note for the reviewers (403 for its approver); audited", "Sent back", Reason{}),
	adminDecision("/reject", "Reject with a reason", "Rejected", Reason{}),
	adminDecision("/revoke", "Revoke an approved certificate", "Revoked", Reason{}),
	adminDecision("/claim", "Start review: claim it (409 names the holder when another reviewer has it); audited", "Claimed", nil),
	adminDecision("/release", "Release the caller's claim; audited", "Released", nil),
	adminDecision("/takeover", "Take over another reviewer's claim, with a reason; audited", "Taken over", Reason{}),
	adminDecision("/reinstate", "Lift a revocation, with a reason (audited); nothing else clears one", "Reinstated", Reason{}),
	{Method: http.MethodPost, Path: "/api/admin/verifications/{id}/generate-cis", Tag: "admin", Summary: "Generate the CIS form",
		Answer: ok("Generated", AdminVerification{}), Errors: and(oneAdmin, 409)},
	{Method: http.MethodGet, Path: "/api/admin/jobs/failed", Tag: "admin",
		Summary: "Background jobs that failed permanently, last failed first", Query: pageParams, Answer: page([]FailedJob{}),
		Errors: []int{400, 401, 403}},
}

// adminRead is an administrator's GET of something of one verification.
func adminRead(path, summary string, answer Answer) Operation {
	return Operation{Method: http.MethodGet, Path: "/api/admin/verifications/{id}" + path, Tag: "admin", Summary: summary,
		Answer: answer, Errors: oneAdmin}
}

// adminDecision is an administrator's decision on one verification, with a reason when reason is
// not nil; it answers with the changed verification.
func adminDecision(path, summary, text string, reason any) Operation {
	op := Operation{Method: http.MethodPost, Path: "/api/admin/verifications/{id}" + path, Tag: "admin", Summary: summary,
		Answer: ok(text, AdminVerification{}), Errors: and(oneAdmin, 409)}
	if reason != nil {
		op.Body, op.Errors = reason, and(op.Errors, 415)
	}
	return op
}

var paymentOperations = []Operation{
	{Method: http.MethodGet, Path: "/api/config", Tag: "payments",
		Summary: "Which card provider is active (and Stripe's publishable key)", Answer: ok("Config", Config{})},
	{Method: http.MethodPost, Path: "/api/validate-coupon", Tag: "payments", Summary: "Price a coupon for a submitted verification",
		Body: CouponRequest{}, Answer: ok("Valid", CouponValidation{}),
		Also:   []Answer{{Status: http.StatusBadRequest, Text: "Invalid coupon, or bad input", Body: OneOf{CouponError{}, Error{}}}},
		Errors: []int{401, 404, 409, 415, 429}},
	{Method: http.MethodPost, Path: "/api/create-payment-intent", Tag: "payments",
		Summary: "Open (or reuse) the payment for a submitted verification", Body: PaymentIntentRequest{},
		Answer: ok("The intent", PaymentIntent{}), Errors: []int{400, 401, 404, 409, 415, 429, 502}},
	{Method: http.MethodPost, Path: "/api/payment-success", Tag: "payments", Summary: "Record a payment the provider confirms",
		Body: PaymentSuccess{}, Answer: ok("Paid", PaymentSuccessResult{}), Errors: []int{400, 401, 402, 404, 409, 415, 502}},
	{Method: http.MethodPost, Path: "/api/simulated-payments/{intentId}/confirm", Tag: "payments",
		Summary: "Pay a simulated intent with a test card", Body: CardConfirmation{}, Answer: ok("Succeeded", CardResult{}),
		Also:   []Answer{{Status: http.StatusPaymentRequired, Text: "Card declined, or the payment has not gone through", Body: OneOf{CardDeclined{}, Error{}}}},
		Errors: []int{400, 401, 404, 409, 415}},
	{Method: http.MethodPost, Path: "/api/verifications/{id}/upgrade", Tag: "payments", Summary: "Upgrade a Basic verification to Top",
		Answer: ok("Upgraded or payment required", Upgrade{}), Errors: and(mine, 409, 502, 503)},
	// 404: no webhook secret is configured (the simulated provider, or Stripe without STRIPE_WEBHOOK_SECRET).
	{Method: http.MethodPost, Path: "/api/webhooks/stripe", Tag: "payments", Summary: "Stripe events (signature verified)",
		Answer: ok("Received", WebhookResult{}), Errors: []int{400, 404, 413}},
}

var screeningOperations = []Operation{
	{Method: http.MethodGet, Path: "/api/admin/screening/lists", Tag: "screening",
		Summary: "Sanctions and PEP list versions in force, and every import", Answer: ok("Versions", ScreeningLists{}),
		Errors: []int{401, 403}},
	{Method: http.MethodGet, Path: "/api/admin/screening/freshness", Tag: "screening",
		Summary: "How up to date each list is: its last successful fetch or import and its last fetch attempt",
		Answer:  ok("Each list in force or ever fetched", ListsFreshness{}), Errors: []int{401, 403}},
	{Method: http.MethodGet, Path: "/api/admin/screening/lists/{id}/changes", Tag: "screening",
		Summary: "What a version added, removed and changed against the one before, by the publisher's entry id",
		Answer:  ok("The changes", ListChanges{}), Errors: oneAdmin},
	{Method: http.MethodPost, Path: "/api/admin/screening/search", Tag: "screening",
		Summary: "Screen a name against the lists in force (POST: personal data stays out of URLs and logs)",
		Body:    ScreeningSearch{}, Answer: ok("Hits, best first", ScreeningResult{}), Errors: []int{400, 401, 403, 413, 415}},
	{Method: http.MethodGet, Path: "/api/admin/verifications/{id}/screening", Tag: "screening",
		Summary: "The Top-tier checks of a verification: subjects, checks, hits and what is open",
		Answer:  ok("The screening", VerificationScreening{}), Errors: oneAdmin},
	{Method: http.MethodPost, Path: "/api/admin/verifications/{id}/screening/hits/{hitId}/decision", Tag: "screening",
		Summary: "Decide a hit (note required); audited", Body: HitDecisionInput{},
		Answer: ok("The screening", VerificationScreening{}), Errors: and(oneAdmin, 409, 415)},
	{Method: http.MethodPost, Path: "/api/admin/verifications/{id}/screening/pep-acknowledgement", Tag: "screening",
		Summary: "Acknowledge that PEP screening was unavailable (note required); audited", Body: NoteInput{},
		Answer: ok("The screening", VerificationScreening{}), Errors: and(oneAdmin, 409, 415)},
	{Method: http.MethodPost, Path: "/api/admin/verifications/{id}/screening/identifiers/check", Tag: "screening",
		Summary: "Look the LEI and VAT number up again in GLEIF and VIES (after an unavailable answer); audited",
		Answer:  ok("The screening", VerificationScreening{}), Errors: and(oneAdmin, 409)},
}

var notificationOperations = []Operation{
	{Method: http.MethodGet, Path: "/api/notifications", Tag: "notifications", Summary: "The caller's notifications, newest first",
		Query: pageParams, Answer: Answer{Status: http.StatusOK, Text: "One page", Body: []Notification{},
			Headers: []string{"X-Total-Count", "X-Unread-Count"}},
		Errors: []int{400, 401}},
	{Method: http.MethodPost, Path: "/api/notifications/read", Tag: "notifications",
		Summary: "Mark the caller's notifications read (the listed ones, or all)", Body: MarkRead{}, OptionalBody: true,
		Answer: noContent("Marked"), Errors: []int{400, 401, 415}},
}
