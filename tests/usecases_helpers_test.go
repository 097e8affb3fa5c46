package tests

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// useCases drives one environment's application layer directly: commands act, queries check. No
// HTTP is involved; the adapters are the real ones the server is wired with.
type useCases struct {
	t   *testing.T
	e   *env
	ctx context.Context
}

func newUseCases(t *testing.T, e *env) *useCases {
	return &useCases{t: t, e: e, ctx: context.Background()}
}

// applicant registers an account through the Auth use case.
func (u *useCases) applicant(email string) *application.User {
	u.t.Helper()
	user, _, err := u.e.Svc.Auth.Register(u.ctx, email, "tangerine-42")
	if err != nil {
		u.t.Fatalf("register %s: %v", email, err)
	}
	return user
}

// reviewer creates (or finds) an administrator.
func (u *useCases) reviewer(email string) *application.User {
	u.t.Helper()
	user, err := u.e.Svc.Auth.EnsureAdmin(u.ctx, email, "admin-secret")
	if err != nil {
		u.t.Fatalf("ensure admin %s: %v", email, err)
	}
	return user
}

// draft creates a draft verification in tier.
func (u *useCases) draft(owner *application.User, tier string) int64 {
	u.t.Helper()
	v, err := u.e.Svc.Verifications.Create(u.ctx, owner, tier)
	if err != nil {
		u.t.Fatalf("create %s verification: %v", tier, err)
	}
	return v.ID()
}

// The section contents every filled verification gets.
var (
	ucCompany = verification.CompanyInfo{CompanyName: "Acme Metals Ltd", RegistrationNumber: "REG-1001",
		RegisteredAddress: "1 Harbour Road, Singapore", PhoneNumber: "+65 6000 0000", Email: "ops@acme.example",
		CountryOfIncorporation: "SG", DateOfIncorporation: "2012-05-01", TaxID: "TAX-77", Website: "https://acme.example"}
	ucRepresentative = verification.Representative{FullName: "Jane Doe", Position: "Director", Nationality: "GB",
		DateOfBirth: "1980-01-31", PassportNumber: "P1234567", IssuingCountry: "GB", ExpiryDate: "2031-01-01",
		Email: "jane@acme.example", PhoneNumber: "+44 20 0000 0000"}
	ucBanking = verification.BankingInfo{BankName: "First Bank", BankAddress: "2 Bank St", AccountName: "Acme Metals Ltd",
		AccountNumber: "GB29NWBK60161331926819", SwiftCode: "NWBKGB2L", Currency: "USD"}
	ucTrade = verification.TradeInfo{ProductsTraded: `["Copper","Aluminium"]`, Incoterms: "CIF", TargetQuantity: "500 MT"}
)

// Steps that fill one part of a verification each, so tests can leave any of them out.
var (
	ucFillCompany = func(u *useCases, owner *application.User, id int64) error {
		_, err := u.e.Svc.Sections.SaveCompany(u.ctx, owner, id, ucCompany)
		return err
	}
	ucFillRepresentative = func(u *useCases, owner *application.User, id int64) error {
		rep, err := u.e.Svc.Sections.AddRepresentative(u.ctx, owner, id, ucRepresentative)
		if err != nil {
			return err
		}
		f, err := u.e.Svc.Documents.Store(u.ctx, owner, id, "passport.png", bytes.NewReader(pngFile))
		if err != nil {
			return err
		}
		if _, err = u.e.Svc.Documents.AttachPassport(u.ctx, owner, id, rep.ID, f); err != nil {
			return err
		}
		// Top asks for beneficial ownership: here the declaration that names this representative.
		if v, err := u.e.Svc.Verifications.Get(u.ctx, owner, id); err != nil || v.Tier() != verification.Top {
			return err
		}
		_, err = u.e.Svc.Sections.DeclareNoOwners(u.ctx, owner, id, rep.ID)
		return err
	}
	ucFillBanking = func(u *useCases, owner *application.User, id int64) error {
		_, err := u.e.Svc.Sections.SaveBanking(u.ctx, owner, id, ucBanking)
		return err
	}
	ucFillTrade = func(u *useCases, owner *application.User, id int64) error {
		_, err := u.e.Svc.Sections.SaveTrade(u.ctx, owner, id, ucTrade)
		return err
	}
)

// ucUpload returns the step that uploads one document of a type.
func ucUpload(docType verification.DocumentType) func(u *useCases, owner *application.User, id int64) error {
	return func(u *useCases, owner *application.User, id int64) error {
		f, err := u.e.Svc.Documents.Store(u.ctx, owner, id, docType.String()+".pdf", bytes.NewReader(pdfFile))
		if err != nil {
			return err
		}
		_, err = u.e.Svc.Documents.AttachDocument(u.ctx, owner, id, docType.String(), f)
		return err
	}
}

// ucEverySection fills all five sections and uploads the three required documents.
var ucEverySection = []func(u *useCases, owner *application.User, id int64) error{
	ucFillCompany, ucFillRepresentative, ucFillBanking, ucFillTrade,
	ucUpload(verification.IncorporationCertificate), ucUpload(verification.BusinessLicense), ucUpload(verification.ShareholderInfo),
}

// fill runs steps on a draft.
func (u *useCases) fill(owner *application.User, id int64, steps ...func(u *useCases, owner *application.User, id int64) error) {
	u.t.Helper()
	for i, step := range steps {
		if err := step(u, owner, id); err != nil {
			u.t.Fatalf("fill step %d of verification %d: %v", i+1, id, err)
		}
	}
}

// submitted creates, fills and submits a verification.
func (u *useCases) submitted(owner *application.User, tier string) int64 {
	u.t.Helper()
	id := u.draft(owner, tier)
	u.fill(owner, id, ucEverySection...)
	if _, err := u.e.Svc.Verifications.Submit(u.ctx, owner, id); err != nil {
		u.t.Fatalf("submit %d: %v", id, err)
	}
	return id
}

// paid submits a verification and pays for it with the simulated provider's succeeding card.
func (u *useCases) paid(owner *application.User, tier string) int64 {
	u.t.Helper()
	id := u.submitted(owner, tier)
	u.pay(owner, id)
	return id
}

// pay pays for a submitted verification with the simulated provider's succeeding card.
func (u *useCases) pay(owner *application.User, id int64) {
	u.t.Helper()
	in, err := u.e.Svc.Payments.CreatePaymentIntent(u.ctx, owner, id, "", application.PurposeVerification)
	if err != nil {
		u.t.Fatalf("payment intent for %d: %v", id, err)
	}
	if _, err := u.e.Svc.Payments.ConfirmCard(u.ctx, owner, in.IntentID, ucGoodCard); err != nil {
		u.t.Fatalf("pay %d: %v", id, err)
	}
}

// approved pays for a verification and has a reviewer approve it.
func (u *useCases) approved(owner, reviewer *application.User, tier string) int64 {
	u.t.Helper()
	id := u.paid(owner, tier)
	if tier == "top" {
		u.e.clearScreening(u.t, reviewer, id)
	}
	if _, err := u.e.Svc.Admin.Approve(u.ctx, reviewer, id); err != nil {
		u.t.Fatalf("approve %d: %v", id, err)
	}
	return id
}

// Cards of the simulated provider.
var (
	ucGoodCard     = application.Card{Number: "4242424242424242", Expiry: "12/34", CVC: "123"}
	ucDeclinedCard = application.Card{Number: "4000000000000002", Expiry: "12/34", CVC: "123"}
)

// state reads a verification as its owner sees it.
func (u *useCases) state(owner *application.User, id int64) verification.Snapshot {
	u.t.Helper()
	v, err := u.e.Svc.Verifications.Get(u.ctx, owner, id)
	if err != nil {
		u.t.Fatalf("get %d: %v", id, err)
	}
	return v.Snapshot()
}

// expect fails unless the owner sees the verification in status with the payment status.
func (u *useCases) expect(owner *application.User, id int64, status verification.Status, payment verification.PaymentStatus) verification.Snapshot {
	u.t.Helper()
	s := u.state(owner, id)
	if s.Status != status || s.Payment.Status != payment {
		u.t.Errorf("verification %d: %s, payment %s; want %s, payment %s", id, s.Status, s.Payment.Status, status, payment)
	}
	return s
}

// actions counts a verification's audit events by action, as a reviewer reads them.
func (u *useCases) actions(id int64) map[string]int {
	u.t.Helper()
	out := map[string]int{}
	for _, action := range u.trail(id) {
		out[action]++
	}
	return out
}

// trail lists a verification's audit actions, oldest first.
func (u *useCases) trail(id int64) []string {
	u.t.Helper()
	events, err := u.e.Svc.Admin.Events(u.ctx, u.reviewer("trail-reader@example.com"), id)
	if err != nil {
		u.t.Fatalf("events of %d: %v", id, err)
	}
	out := make([]string, len(events))
	for i, ev := range events {
		out[i] = ev.Action
	}
	return out
}

// stats reads the administrators' counts per status, by status name.
func (u *useCases) stats() map[string]int {
	u.t.Helper()
	counts, err := u.e.Svc.Admin.Stats(u.ctx, u.reviewer("stats-reader@example.com"), application.VerificationFilter{})
	if err != nil {
		u.t.Fatalf("stats: %v", err)
	}
	out := map[string]int{"revoked": counts.Revoked, "expired": counts.Expired}
	for st, n := range counts.ByStatus {
		out[st.String()] = n
	}
	return out
}

// expectStats fails unless the admin counts are want (statuses not named are zero).
func (u *useCases) expectStats(step string, want map[string]int) {
	u.t.Helper()
	full := map[string]int{"revoked": want["revoked"], "expired": want["expired"]}
	for _, st := range verification.Statuses {
		full[st.String()] = want[st.String()]
	}
	if diff := cmp.Diff(full, u.stats()); diff != "" {
		u.t.Errorf("%s: admin stats (-want +got):\n%s", step, diff)
	}
}

// race runs the calls at the same moment and returns their errors in order.
func race(calls ...func() error) []error {
	errs := make([]error, len(calls))
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i, call := range calls {
		wg.Go(func() {
			<-start
			errs[i] = call()
		})
	}
	close(start)
	wg.Wait()
	return errs
}

// isRefusedTransition reports whether err is the loser's answer in a race of transitions: the
// state machine refused it, or the version check caught it.
func isRefusedTransition(err error) bool {
	var transition verification.TransitionError
	return errors.As(err, &transition) || errors.Is(err, application.ErrConflict)
}
