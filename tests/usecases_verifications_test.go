package tests

import (
	"bytes"
	"errors"
	"io"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// Submitting an incomplete verification is refused with the list of what is missing, and
// changes nothing.
func TestUseCaseSubmitNamesWhatIsMissing(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice := u.applicant("alice@example.com")
		sections := []func(u *useCases, owner *application.User, id int64) error{ucFillCompany, ucFillRepresentative, ucFillBanking, ucFillTrade}
		for _, tc := range []struct {
			name    string
			steps   []func(u *useCases, owner *application.User, id int64) error
			missing []string
		}{
			{"nothing filled", nil, []string{"company information", "representatives", "banking information", "trade information",
				"documents (incorporation_certificate)", "documents (business_license)", "documents (shareholder_info)"}},
			{"sections but one document, and an optional one", append(sections, ucUpload(verification.IncorporationCertificate),
				ucUpload(verification.CompanyProfile)), []string{"documents (business_license)", "documents (shareholder_info)"}},
			{"all but banking", []func(u *useCases, owner *application.User, id int64) error{ucFillCompany, ucFillRepresentative,
				ucFillTrade, ucUpload(verification.IncorporationCertificate), ucUpload(verification.BusinessLicense),
				ucUpload(verification.ShareholderInfo)}, []string{"banking information"}},
		} {
			id := u.draft(alice, "basic")
			u.fill(alice, id, tc.steps...)
			before := u.state(alice, id)
			_, err := e.Svc.Verifications.Submit(u.ctx, alice, id)
			var incomplete verification.IncompleteError
			if !errors.As(err, &incomplete) {
				t.Errorf("%s: submit gave %v, want an IncompleteError", tc.name, err)
				continue
			}
			if diff := cmp.Diff(tc.missing, incomplete.Missing); diff != "" {
				t.Errorf("%s: missing (-want +got):\n%s", tc.name, diff)
			}
			after := u.state(alice, id)
			if after.Status != verification.Draft || after.Version != before.Version || after.Progress != before.Progress {
				t.Errorf("%s: the refused submit changed the verification: %s v%d %d%% -> %s v%d %d%%", tc.name,
					before.Status, before.Version, before.Progress, after.Status, after.Version, after.Progress)
			}
			if a := u.actions(id); a["submit"] != 0 {
				t.Errorf("%s: audit %v records a submit that was refused", tc.name, a)
			}
		}
	})
}

// Progress is 20% per complete section and follows additions and removals; only drafts change.
func TestUseCaseProgressFollowsSections(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice := u.applicant("alice@example.com")
		id := u.draft(alice, "top")
		for i, step := range []func(u *useCases, owner *application.User, id int64) error{ucFillCompany, ucFillRepresentative,
			ucFillBanking, ucUpload(verification.IncorporationCertificate), ucUpload(verification.BusinessLicense),
			ucUpload(verification.ShareholderInfo), ucFillTrade} {
			u.fill(alice, id, step)
			want := []int{20, 40, 60, 60, 60, 80, 100}[i]
			if got := u.state(alice, id).Progress; got != want {
				t.Errorf("after step %d: progress %d, want %d", i+1, got, want)
			}
		}
		docs, err := e.Svc.Documents.List(u.ctx, alice, id)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range docs {
			if d.Type == verification.BusinessLicense {
				if err := e.Svc.Documents.Delete(u.ctx, alice, id, d.ID); err != nil {
					t.Fatal(err)
				}
			}
		}
		if got := u.state(alice, id).Progress; got != 80 {
			t.Errorf("after deleting a required document: progress %d, want 80", got)
		}
		reps, err := e.Svc.Sections.Representatives(u.ctx, alice, id)
		if err != nil || len(reps) != 1 {
			t.Fatalf("representatives %v, %v", reps, err)
		}
		if err := e.Svc.Sections.DeleteRepresentative(u.ctx, alice, id, reps[0].ID); err != nil {
			t.Fatal(err)
		}
		// On Top the declaration of beneficial ownership named that representative, so the third step
		// (banking with ownership) is undone with it.
		if got := u.state(alice, id).Progress; got != 40 {
			t.Errorf("after deleting the only representative (the declaration's senior official): progress %d, want 40", got)
		}
	})
}

// Who may delete what: an applicant only their own draft that was never paid, an administrator
// anything; a deleted verification is gone for everyone, though its row stays.
func TestUseCaseDeleteRules(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice, mallory := u.applicant("alice@example.com"), u.applicant("mallory@example.com")
		admin := u.reviewer("admin@ttt.example")
		draft, submitted, paid := u.draft(alice, "basic"), u.submitted(alice, "basic"), u.paid(alice, "top")

		expectIs(t, "another applicant deleting a draft", e.Svc.Verifications.Delete(u.ctx, mallory, draft), application.ErrNotFound)
		expectIs(t, "the owner deleting a submitted verification", e.Svc.Verifications.Delete(u.ctx, alice, submitted), verification.ErrNotDeletable)
		expectIs(t, "the owner deleting a paid one", e.Svc.Verifications.Delete(u.ctx, alice, paid), verification.ErrNotDeletable)
		u.expectStats("nothing deleted yet", map[string]int{"draft": 1, "submitted": 1, "in_review": 1})

		if err := e.Svc.Verifications.Delete(u.ctx, alice, draft); err != nil {
			t.Fatalf("the owner deleting a never-paid draft: %v", err)
		}
		if err := e.Svc.Verifications.Delete(u.ctx, admin, paid); err != nil {
			t.Fatalf("an administrator deleting a paid verification: %v", err)
		}
		for _, id := range []int64{draft, paid} {
			_, err := e.Svc.Verifications.Get(u.ctx, alice, id)
			expectIs(t, "the owner reading a deleted verification", err, application.ErrNotFound)
			_, err = e.Svc.Sections.SaveCompany(u.ctx, alice, id, ucCompany)
			expectIs(t, "editing a deleted verification", err, application.ErrNotFound)
			expectIs(t, "deleting it again", e.Svc.Verifications.Delete(u.ctx, admin, id), application.ErrNotFound)
		}
		items, total, err := e.Svc.Verifications.List(u.ctx, alice, application.VerificationFilter{Page: 1, PageSize: 10, Sort: application.SortID})
		if err != nil || total != 1 || len(items) != 1 || items[0].Verification.ID() != submitted {
			t.Errorf("alice's list after the deletions: %d items, total %d, %v; want only %d", len(items), total, err, submitted)
		}
		u.expectStats("two deleted", map[string]int{"submitted": 1})
		// The audit trail outlives the deletion (reviewers' Events hides deleted verifications).
		if diff := cmp.Diff(map[string]int{"create": 1, "delete": 1}, e.audit(t, draft)); diff != "" {
			t.Errorf("the deleted draft's audit trail, kept (-want +got):\n%s", diff)
		}
	})
}

// An applicant reaches only their own verifications; another applicant is told they do not
// exist, whatever the use case. Administrators read everyone's.
func TestUseCaseApplicantsReachOnlyTheirOwn(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		u := newUseCases(t, e)
		alice, mallory := u.applicant("alice@example.com"), u.applicant("mallory@example.com")
		admin := u.reviewer("admin@ttt.example")
		id := u.draft(alice, "basic")
		u.fill(alice, id, ucFillCompany, ucFillRepresentative, ucUpload(verification.BusinessLicense))
		docs, err := e.Svc.Documents.List(u.ctx, alice, id)
		if err != nil || len(docs) != 2 {
			t.Fatalf("alice's documents: %v, %v", docs, err)
		}
		svc := e.Svc
		for name, call := range map[string]func() error{
			"Get":              func() error { _, err := svc.Verifications.Get(u.ctx, mallory, id); return err },
			"Submit":           func() error { _, err := svc.Verifications.Submit(u.ctx, mallory, id); return err },
			"Resubmit":         func() error { _, err := svc.Verifications.Resubmit(u.ctx, mallory, id); return err },
			"Company":          func() error { _, err := svc.Sections.Company(u.ctx, mallory, id); return err },
			"SaveCompany":      func() error { _, err := svc.Sections.SaveCompany(u.ctx, mallory, id, ucCompany); return err },
			"SaveTrade":        func() error { _, err := svc.Sections.SaveTrade(u.ctx, mallory, id, ucTrade); return err },
			"Representatives":  func() error { _, err := svc.Sections.Representatives(u.ctx, mallory, id); return err },
			"Documents.List":   func() error { _, err := svc.Documents.List(u.ctx, mallory, id); return err },
			"Documents.Delete": func() error { return svc.Documents.Delete(u.ctx, mallory, id, docs[0].ID) },
			"Documents.Open":   func() error { _, err := svc.Documents.Open(u.ctx, mallory, docs[0].ObjectPath); return err },
			"Store": func() error {
				_, err := svc.Documents.Store(u.ctx, mallory, id, "x.pdf", bytes.NewReader(pdfFile))
				return err
			},
			"Upgrade": func() error { _, err := svc.Payments.Upgrade(u.ctx, mallory, id); return err },
		} {
			expectIs(t, "mallory: "+name, call(), application.ErrNotFound)
		}
		if items, total, err := svc.Verifications.List(u.ctx, mallory, application.VerificationFilter{Page: 1, PageSize: 10}); err != nil || total != 0 || len(items) != 0 {
			t.Errorf("mallory's list: %d items, total %d, %v; want none", len(items), total, err)
		}
		s := u.state(alice, id)
		if s.Status != verification.Draft || s.Progress != 40 {
			t.Errorf("alice's draft after mallory's attempts: %s %d%%, want draft 40%%", s.Status, s.Progress)
		}

		company, err := svc.Sections.Company(u.ctx, admin, id)
		if err != nil || company == nil || company.CompanyName != ucCompany.CompanyName {
			t.Errorf("an administrator reading the company section: %+v, %v", company, err)
		}
		f, err := svc.Documents.Open(u.ctx, admin, docs[1].ObjectPath)
		if err != nil {
			t.Fatalf("an administrator opening a document: %v", err)
		}
		defer f.Content.Close()
		if b, _ := io.ReadAll(f.Content); !bytes.Equal(b, pdfFile) || f.ContentType != "application/pdf" {
			t.Errorf("document opened by the administrator: %q as %s, want the uploaded PDF", b, f.ContentType)
		}
	})
}
