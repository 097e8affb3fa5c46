package application

import "context"

// Review holds the administrators' reads of what an applicant filed: the sections, the documents,
// the CIS form and the certificate. The applicants' own reads of the same things are
// SectionsService's, DocumentsService's and Certificates'.
type Review struct {
	sections *SectionsService
	docs     *DocumentsService
	certs    *Certificates
	files    Documents // for the same file in other accounts' verifications
}

// NewReview wires the reviewers' reads; files is the document repository.
func NewReview(sections *SectionsService, docs *DocumentsService, certs *Certificates, files Documents) *Review {
	return &Review{sections: sections, docs: docs, certs: certs, files: files}
}

// Company returns any verification's company section, or nil.
func (r *Review) Company(ctx context.Context, actor *User, id int64) (*CompanyRecord, error) {
	return asReviewer(actor, func() (*CompanyRecord, error) { return r.sections.Company(ctx, actor, id) })
}

// Representatives lists any verification's representatives.
func (r *Review) Representatives(ctx context.Context, actor *User, id int64) ([]RepresentativeRecord, error) {
	return asReviewer(actor, func() ([]RepresentativeRecord, error) { return r.sections.Representatives(ctx, actor, id) })
}

// Ownership returns any verification's beneficial owners and declaration.
func (r *Review) Ownership(ctx context.Context, actor *User, id int64) (*Ownership, error) {
	return asReviewer(actor, func() (*Ownership, error) { return r.sections.Ownership(ctx, actor, id) })
}

// Banking returns any verification's banking section, or nil.
func (r *Review) Banking(ctx context.Context, actor *User, id int64) (*BankingRecord, error) {
	return asReviewer(actor, func() (*BankingRecord, error) { return r.sections.Banking(ctx, actor, id) })
}

// Trade returns any verification's trade section, or nil.
func (r *Review) Trade(ctx context.Context, actor *User, id int64) (*TradeRecord, error) {
	return asReviewer(actor, func() (*TradeRecord, error) { return r.sections.Trade(ctx, actor, id) })
}

// CISForm returns any approved verification's current CIS.
func (r *Review) CISForm(ctx context.Context, actor *User, id int64) (*CISForm, error) {
	return asReviewer(actor, func() (*CISForm, error) { return r.certs.CISForm(ctx, actor, id) })
}

// Certificate renders any approved verification's certificate.
func (r *Review) Certificate(ctx context.Context, actor *User, id int64) (*File, error) {
	return asReviewer(actor, func() (*File, error) { return r.certs.Certificate(ctx, actor, id) })
}
