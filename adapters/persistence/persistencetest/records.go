package persistencetest

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/filesignals"
	"github.com/tttverify/tttverify/domain/pricing"
	"github.com/tttverify/tttverify/domain/user"
	"github.com/tttverify/tttverify/domain/verification"
)

func runRecords(t *testing.T, open Open) {
	t.Run("Users", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		u := f.user("alice@acme.example")
		if u.ID == 0 {
			t.Fatal("Create gave no id")
		}
		want := *u
		for name, read := range map[string]func() (*application.User, error){
			"ByEmail": func() (*application.User, error) { return f.r.Users.ByEmail(f.ctx, u.Email) },
			"ByID":    func() (*application.User, error) { return f.r.Users.ByID(f.ctx, u.ID) },
		} {
			got, err := read()
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			if diff := cmp.Diff(&want, got); diff != "" {
				t.Errorf("%s (-want +got):\n%s", name, diff)
			}
		}
		err := f.r.Users.Create(f.ctx, &application.User{Email: u.Email, PasswordHash: "x", CreatedAt: f.tick()})
		expectErr(t, "Create with a taken e-mail", err, application.ErrEmailTaken)
		_, err = f.r.Users.ByEmail(f.ctx, "nobody@acme.example")
		expectErr(t, "ByEmail of an unknown e-mail", err, application.ErrNotFound)
		_, err = f.r.Users.ByID(f.ctx, u.ID+100)
		expectErr(t, "ByID of an unknown id", err, application.ErrNotFound)

		if err := f.r.Users.UpdatePassword(f.ctx, u.ID, "new-hash"); err != nil {
			t.Fatal(err)
		}
		if err := f.r.Users.SetRole(f.ctx, u.ID, user.Reviewer); err != nil {
			t.Fatal(err)
		}
		want.PasswordHash, want.Role = "new-hash", user.Reviewer
		got, err := f.r.Users.ByID(f.ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(&want, got); diff != "" {
			t.Errorf("after UpdatePassword and SetRole (-want +got):\n%s", diff)
		}
		expectErr(t, "UpdatePassword of an unknown user", f.r.Users.UpdatePassword(f.ctx, u.ID+100, "h"), application.ErrNotFound)
		expectErr(t, "SetRole of an unknown user", f.r.Users.SetRole(f.ctx, u.ID+100, user.Admin), application.ErrNotFound)
	})

	t.Run("Sessions", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		alice, bob := f.user("alice@acme.example"), f.user("bob@bolt.example")
		now := f.tick()
		session := func(id string, u *application.User, life time.Duration) application.Session {
			s := application.Session{ID: id, UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(life)}
			if err := f.r.Sessions.Create(f.ctx, s); err != nil {
				t.Fatalf("create session %s: %v", id, err)
			}
			return s
		}
		laptop, phone, tablet := session("laptop-token", alice, time.Hour), session("phone-token", alice, time.Hour),
			session("tablet-token", alice, time.Hour)
		bobs := session("bob-token", bob, time.Hour)
		session("short-token", alice, time.Minute)

		s, u, err := f.r.Sessions.Active(f.ctx, laptop.ID, now)
		if err != nil {
			t.Fatalf("Active: %v", err)
		}
		if diff := cmp.Diff(&laptop, s); diff != "" {
			t.Errorf("Active session (-want +got):\n%s", diff)
		}
		if u.ID != alice.ID || u.Email != alice.Email || u.PasswordHash != alice.PasswordHash {
			t.Errorf("Active user %+v, want %+v", u, alice)
		}
		_, _, err = f.r.Sessions.Active(f.ctx, "short-token", now.Add(time.Minute))
		expectErr(t, "Active at the instant the session expires", err, application.ErrNotFound)
		_, _, err = f.r.Sessions.Active(f.ctx, "unknown-token", now)
		expectErr(t, "Active of an unknown session", err, application.ErrNotFound)
		_, _, err = f.r.Sessions.Active(f.ctx, persistence.HashToken(laptop.ID), now)
		expectErr(t, "Active with the stored form of a token instead of the token", err, application.ErrNotFound)

		later := now.Add(2 * time.Hour)
		if err := f.r.Sessions.Extend(f.ctx, laptop.ID, later); err != nil {
			t.Fatal(err)
		}
		if s, _, err := f.r.Sessions.Active(f.ctx, laptop.ID, now.Add(90*time.Minute)); err != nil || !s.ExpiresAt.Equal(later) {
			t.Errorf("Active after Extend: %v, %v; want the session, ending at %v", s, err, later)
		}
		if err := f.r.Sessions.Extend(f.ctx, "short-token", now); err != nil {
			t.Fatal(err)
		}
		_, _, err = f.r.Sessions.Active(f.ctx, "short-token", now)
		expectErr(t, "Active after Extend to now", err, application.ErrNotFound)

		if err := f.r.Sessions.Revoke(f.ctx, phone.ID); err != nil {
			t.Fatal(err)
		}
		_, _, err = f.r.Sessions.Active(f.ctx, phone.ID, now)
		expectErr(t, "Active after Revoke", err, application.ErrNotFound)

		if err := f.r.Sessions.RevokeAllExcept(f.ctx, alice.ID, laptop.ID); err != nil {
			t.Fatal(err)
		}
		for id, live := range map[string]bool{laptop.ID: true, tablet.ID: false, bobs.ID: true} {
			_, _, err := f.r.Sessions.Active(f.ctx, id, now)
			if (err == nil) != live {
				t.Errorf("after RevokeAllExcept(alice, laptop): session %s active error %v, want live %v", id, err, live)
			}
		}
	})

	t.Run("Sections", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		v := f.draft(f.user("alice@acme.example"), verification.Basic)
		id := v.ID()
		c, err := f.r.Sections.Completeness(f.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(verification.Completeness{}, c); diff != "" {
			t.Errorf("completeness of an empty draft (-want +got):\n%s", diff)
		}
		for name, read := range map[string]func() error{
			"Company": func() error { _, err := f.r.Sections.Company(f.ctx, id); return err },
			"Banking": func() error { _, err := f.r.Sections.Banking(f.ctx, id); return err },
			"Trade":   func() error { _, err := f.r.Sections.Trade(f.ctx, id); return err },
		} {
			expectErr(t, name+" never saved", read(), application.ErrNotFound)
		}

		company := &application.CompanyRecord{VerificationID: id, CompanyInfo: verification.CompanyInfo{
			CompanyName: "Acme Metals Ltd", RegistrationNumber: "REG-1", RegisteredAddress: "1 Harbour Rd",
			OperatingAddress: "2 Dock St", PhoneNumber: "+65 6000 0000", Email: "ops@acme.example",
			Website: "https://acme.example", CountryOfIncorporation: "SG", DateOfIncorporation: "2012-05-01", TaxID: "TAX-7",
			LEI: "5493001KJTIIGC8Y1R12", VATNumber: "DE123456789"}}
		if err := f.r.Sections.SaveCompany(f.ctx, company); err != nil {
			t.Fatal(err)
		}
		first := company.Stamps
		company.CompanyName, company.TaxID = "Acme Metals Pte", ""
		if err := f.r.Sections.SaveCompany(f.ctx, company); err != nil {
			t.Fatal(err)
		}
		if company.CreatedAt != first.CreatedAt || !company.UpdatedAt.After(first.UpdatedAt) {
			t.Errorf("second save stamps %+v after %+v: want the creation time kept and a later update", company.Stamps, first)
		}
		readBack(t, "company", company, func() (*application.CompanyRecord, error) { return f.r.Sections.Company(f.ctx, id) })

		doc := func(typ verification.DocumentType, path string) *application.Document {
			d := &application.Document{VerificationID: id, Type: typ, Filename: "f.pdf", OriginalFilename: "F.pdf",
				MimeType: "application/pdf", Size: 10, ObjectPath: path, CreatedAt: f.tick()}
			if err := f.r.Documents.Create(f.ctx, d); err != nil {
				t.Fatal(err)
			}
			return d
		}
		reference := doc(verification.BankReference, "verifications/x/reference.pdf")
		banking := &application.BankingRecord{VerificationID: id, ReferenceFileID: &reference.ID, BankingInfo: verification.BankingInfo{
			BankName: "First Bank", BankAddress: "2 Bank St", AccountName: "Acme", AccountNumber: "GB29",
			SwiftCode: "NWBKGB2L", Currency: "USD", BankContact: "desk@first.example"}}
		if err := f.r.Sections.SaveBanking(f.ctx, banking); err != nil {
			t.Fatal(err)
		}
		if banking.ReferencePath != reference.ObjectPath {
			t.Errorf("SaveBanking reference path %q, want %q", banking.ReferencePath, reference.ObjectPath)
		}
		readBack(t, "banking", banking, func() (*application.BankingRecord, error) { return f.r.Sections.Banking(f.ctx, id) })

		trade := &application.TradeRecord{VerificationID: id, TradeInfo: verification.TradeInfo{ProductsTraded: `["Copper"]`,
			OtherProducts: "Zinc", Incoterms: "CIF", TargetQuantity: "500 MT", PreferredOrigin: "CL", TargetPrice: "LME-2%",
			PastTransactions: "Three shipments in 2025"}}
		if err := f.r.Sections.SaveTrade(f.ctx, trade); err != nil {
			t.Fatal(err)
		}
		readBack(t, "trade", trade, func() (*application.TradeRecord, error) { return f.r.Sections.Trade(f.ctx, id) })

		person := verification.Representative{FullName: "Jane Doe", Position: "Director", Nationality: "GB",
			DateOfBirth: "1980-01-31", PassportNumber: "P1", IssuingCountry: "GB", ExpiryDate: "2031-01-01",
			Email: "jane@acme.example", PhoneNumber: "+44 20"}
		jane := &application.RepresentativeRecord{VerificationID: id, Representative: person}
		john := &application.RepresentativeRecord{VerificationID: id, Representative: person}
		john.FullName = "John Roe"
		for _, r := range []*application.RepresentativeRecord{jane, john} {
			if err := f.r.Sections.AddRepresentative(f.ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		passport := doc(verification.Passport, "verifications/x/passport.png")
		jane.PassportFileID, jane.Position = &passport.ID, "Chief Executive"
		if err := f.r.Sections.UpdateRepresentative(f.ctx, jane); err != nil {
			t.Fatal(err)
		}
		if jane.PassportPath != passport.ObjectPath {
			t.Errorf("UpdateRepresentative passport path %q, want %q", jane.PassportPath, passport.ObjectPath)
		}
		reps, err := f.r.Sections.Representatives(f.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]application.RepresentativeRecord{*jane, *john}, reps); diff != "" {
			t.Errorf("representatives, oldest first (-want +got):\n%s", diff)
		}
		if one, err := f.r.Sections.Representative(f.ctx, id, john.ID); err != nil || one.FullName != "John Roe" {
			t.Errorf("Representative(john) = %+v, %v", one, err)
		}
		other := f.draft(f.user("bob@bolt.example"), verification.Basic)
		_, err = f.r.Sections.Representative(f.ctx, other.ID(), jane.ID)
		expectErr(t, "Representative through another verification", err, application.ErrNotFound)
		expectErr(t, "DeleteRepresentative through another verification",
			f.r.Sections.DeleteRepresentative(f.ctx, other.ID(), jane.ID), application.ErrNotFound)
		stranger := *john
		stranger.VerificationID = other.ID()
		expectErr(t, "UpdateRepresentative through another verification",
			f.r.Sections.UpdateRepresentative(f.ctx, &stranger), application.ErrNotFound)

		for _, typ := range verification.RequiredDocumentTypes[:2] {
			doc(typ, "verifications/x/"+typ.String()+".pdf")
		}
		c, err = f.r.Sections.Completeness(f.ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if !c.HasCompany || !c.HasBanking || !c.HasTrade || c.Representatives != 2 || c.DocumentsComplete() {
			t.Errorf("completeness %+v: want every section, two representatives and a required document missing", c)
		}

		// Deleting a linked document unlinks it rather than failing or leaving a dangling path.
		if err := f.r.Documents.Delete(f.ctx, id, passport.ID, f.tick()); err != nil {
			t.Fatal(err)
		}
		if err := f.r.Documents.Delete(f.ctx, id, reference.ID, f.tick()); err != nil {
			t.Fatal(err)
		}
		if r, err := f.r.Sections.Representative(f.ctx, id, jane.ID); err != nil || r.PassportFileID != nil || r.PassportPath != "" {
			t.Errorf("representative after its passport was deleted: %+v, %v; want no passport", r, err)
		}
		if b, err := f.r.Sections.Banking(f.ctx, id); err != nil || b.ReferenceFileID != nil || b.ReferencePath != "" {
			t.Errorf("banking after its reference was deleted: %+v, %v; want no reference", b, err)
		}

		if err := f.r.Sections.DeleteRepresentative(f.ctx, id, jane.ID); err != nil {
			t.Fatal(err)
		}
		expectErr(t, "second DeleteRepresentative", f.r.Sections.DeleteRepresentative(f.ctx, id, jane.ID), application.ErrNotFound)
		if c, _ := f.r.Sections.Completeness(f.ctx, id); c.Representatives != 1 {
			t.Errorf("representatives after a delete: %d, want 1", c.Representatives)
		}
	})

	t.Run("SameFiles", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		alice, bob := f.user("alice@acme.example"), f.user("bob@borealis.example")
		mine, mineAgain, theirs, theirsDeleted := f.draft(alice, verification.Basic), f.draft(alice, verification.Top),
			f.draft(bob, verification.Basic), f.draft(bob, verification.Top)
		if err := f.r.Sections.SaveCompany(f.ctx, &application.CompanyRecord{VerificationID: theirs.ID(),
			CompanyInfo: verification.CompanyInfo{CompanyName: "Borealis Trading GmbH"}}); err != nil {
			t.Fatal(err)
		}
		same, other := strings.Repeat("5a", 32), strings.Repeat("6b", 32)
		add := func(v *verification.Verification, sum string) application.Document {
			d := application.Document{VerificationID: v.ID(), Type: verification.Additional, Filename: "a.pdf", OriginalFilename: "a.pdf",
				MimeType: "application/pdf", Size: 9, ObjectPath: "verifications/x/" + sum + strconv.Itoa(int(f.tick().Unix())), CreatedAt: f.tick(), Facts: filesignals.Facts{SHA256: sum}}
			if err := f.r.Documents.Create(f.ctx, &d); err != nil {
				t.Fatal(err)
			}
			return d
		}
		add(mine, same)
		add(mineAgain, same) // the same account's other verification is not another company's
		bobs := add(theirs, same)
		add(theirs, other)
		gone := add(theirs, same)
		if err := f.r.Documents.Delete(f.ctx, theirs.ID(), gone.ID, f.tick()); err != nil {
			t.Fatal(err)
		}
		add(theirsDeleted, same)
		f.save(theirsDeleted, func(s *verification.Snapshot) { s.Deleted = true })
		got, err := f.r.Documents.SameFiles(f.ctx, mine.ID(), []string{same, strings.Repeat("00", 32)}, 10)
		if err != nil {
			t.Fatal(err)
		}
		want := []application.FileElsewhere{{SHA256: same, VerificationID: theirs.ID(), CompanyName: "Borealis Trading GmbH", UploadedAt: bobs.CreatedAt}}
		if diff := cmp.Diff(want, got, domainValues); diff != "" {
			t.Errorf("same files (-want +got):\n%s", diff)
		}
		back, err := f.r.Documents.SameFiles(f.ctx, theirs.ID(), []string{same}, 10)
		if err != nil || len(back) != 2 || back[0].VerificationID != mine.ID() || back[1].VerificationID != mineAgain.ID() || back[0].CompanyName != "" {
			t.Errorf("from the other side: %+v, %v; want both of alice's verifications", back, err)
		}
		// The limit is each file's: the file found twice elsewhere does not crowd out the other one.
		if each, err := f.r.Documents.SameFiles(f.ctx, mine.ID(), []string{same, other}, 1); err != nil || len(each) != 2 ||
			each[0].SHA256 == each[1].SHA256 {
			t.Errorf("one of each file: %+v, %v", each, err)
		}
		if none, err := f.r.Documents.SameFiles(f.ctx, mine.ID(), nil, 10); err != nil || len(none) != 0 {
			t.Errorf("no hashes: %+v, %v", none, err)
		}
	})

	t.Run("Ownership", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		id := f.draft(f.user("alice@acme.example"), verification.Top).ID()
		expectErr(t, "Declaration never made", func() error { _, err := f.r.Sections.Declaration(f.ctx, id); return err }(),
			application.ErrNotFound)
		doc := application.Document{VerificationID: id, Type: verification.Passport, Filename: "id.png", OriginalFilename: "id.png",
			MimeType: "image/png", Size: 10, ObjectPath: "verifications/x/id.png", CreatedAt: f.tick()}
		if err := f.r.Documents.Create(f.ctx, &doc); err != nil {
			t.Fatal(err)
		}
		o := &application.OwnerRecord{VerificationID: id, BeneficialOwner: verification.BeneficialOwner{FullName: "Maria Keller",
			DateOfBirth: "1968-05-09", Nationality: "CH", CountryOfResidence: "DE", Ownership: 3333,
			Controls: []verification.Control{verification.ControlShares, verification.ControlOther}, ControlText: "Veto"}}
		if err := f.r.Sections.AddOwner(f.ctx, o); err != nil {
			t.Fatal(err)
		}
		o.DocumentFileID = &doc.ID
		if err := f.r.Sections.UpdateOwner(f.ctx, o); err != nil {
			t.Fatal(err)
		}
		owners, err := f.r.Sections.Owners(f.ctx, id)
		if err != nil || len(owners) != 1 {
			t.Fatalf("owners %+v, %v", owners, err)
		}
		if diff := cmp.Diff(*o, owners[0]); diff != "" || owners[0].DocumentPath != "verifications/x/id.png" {
			t.Errorf("owner round trip (-want +got):\n%s", diff)
		}
		if docs, _ := f.r.Documents.List(f.ctx, id); len(docs) != 1 || docs[0].Owner != "Maria Keller" || !docs[0].OfBeneficialOwner {
			t.Errorf("the owner's identity document %+v", docs)
		}
		if c, _ := f.r.Sections.Completeness(f.ctx, id); c.Owners != 1 || c.OwnershipDeclared {
			t.Errorf("completeness with an owner %+v", c)
		}
		if err := f.r.Sections.DeleteOwner(f.ctx, id, o.ID); err != nil {
			t.Fatal(err)
		}

		rep := &application.RepresentativeRecord{VerificationID: id, Representative: verification.Representative{FullName: "Jane Doe"}}
		if err := f.r.Sections.AddRepresentative(f.ctx, rep); err != nil {
			t.Fatal(err)
		}
		d := &application.DeclarationRecord{VerificationID: id, OwnershipDeclaration: verification.OwnershipDeclaration{
			SeniorOfficialID: rep.ID, Threshold: 25}}
		if err := f.r.Sections.SaveDeclaration(f.ctx, d); err != nil {
			t.Fatal(err)
		}
		got, err := f.r.Sections.Declaration(f.ctx, id)
		if err != nil || got.SeniorOfficialName != "Jane Doe" || got.Threshold != 25 {
			t.Fatalf("declaration %+v, %v", got, err)
		}
		if c, _ := f.r.Sections.Completeness(f.ctx, id); c.Owners != 0 || !c.OwnershipDeclared {
			t.Errorf("completeness with the declaration %+v", c)
		}
		// The declaration counts only while its senior official is a representative.
		if err := f.r.Sections.DeleteRepresentative(f.ctx, id, rep.ID); err != nil {
			t.Fatal(err)
		}
		if c, _ := f.r.Sections.Completeness(f.ctx, id); c.OwnershipDeclared {
			t.Error("a declaration naming a deleted representative still counts")
		}
		if err := f.r.Sections.WithdrawDeclaration(f.ctx, id); err != nil {
			t.Fatal(err)
		}
		expectErr(t, "withdrawing twice", f.r.Sections.WithdrawDeclaration(f.ctx, id), application.ErrNotFound)
		expectErr(t, "Declaration withdrawn", func() error { _, err := f.r.Sections.Declaration(f.ctx, id); return err }(),
			application.ErrNotFound)
	})

	t.Run("DocumentsAndAudit", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		alice := f.user("alice@acme.example")
		v, other := f.draft(alice, verification.Basic), f.draft(alice, verification.Top)
		var docs []application.Document
		for i, typ := range []verification.DocumentType{verification.ShareholderInfo, verification.IncorporationCertificate} {
			d := application.Document{VerificationID: v.ID(), Type: typ, Filename: "doc.pdf", OriginalFilename: "Döc.pdf",
				MimeType: "application/pdf", Size: int64(100 + i), ObjectPath: "verifications/1/" + typ.String(), CreatedAt: f.tick()}
			if i == 1 { // what the upload read from the file round-trips; the first has none, as before uploads read it
				d.Facts = filesignals.Facts{SHA256: strings.Repeat("ab", 32), Created: f.tick(), Modified: f.tick(), Updates: 2, Software: "GIMP 2.10"}
			}
			if err := f.r.Documents.Create(f.ctx, &d); err != nil {
				t.Fatal(err)
			}
			docs = append(docs, d)
		}
		got, err := f.r.Documents.List(f.ctx, v.ID())
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(docs, got, domainValues); diff != "" {
			t.Errorf("documents, oldest first (-want +got):\n%s", diff)
		}
		if d, err := f.r.Documents.ByObjectPath(f.ctx, docs[1].ObjectPath); err != nil || !cmp.Equal(*d, docs[1], domainValues) {
			t.Errorf("ByObjectPath = %+v, %v; want %+v", d, err, docs[1])
		}
		_, err = f.r.Documents.Get(f.ctx, other.ID(), docs[0].ID)
		expectErr(t, "Get of a document through another verification", err, application.ErrNotFound)
		expectErr(t, "Delete through another verification", f.r.Documents.Delete(f.ctx, other.ID(), docs[0].ID, f.tick()), application.ErrNotFound)
		deletedAt := f.tick()
		if err := f.r.Documents.Delete(f.ctx, v.ID(), docs[0].ID, deletedAt); err != nil {
			t.Fatal(err)
		}
		_, err = f.r.Documents.Get(f.ctx, v.ID(), docs[0].ID)
		expectErr(t, "Get after Delete", err, application.ErrNotFound)
		_, err = f.r.Documents.ByObjectPath(f.ctx, docs[0].ObjectPath)
		expectErr(t, "ByObjectPath after Delete", err, application.ErrNotFound)
		expectErr(t, "second Delete", f.r.Documents.Delete(f.ctx, v.ID(), docs[0].ID, f.tick()), application.ErrNotFound)
		if left, _ := f.r.Documents.List(f.ctx, v.ID()); len(left) != 1 {
			t.Errorf("documents listed after a delete: %d, want 1", len(left))
		}

		// The deleted document stays until the retention rule purges its object, once.
		if due, err := f.r.Documents.DeletedBefore(f.ctx, deletedAt, 10); err != nil || len(due) != 0 {
			t.Errorf("DeletedBefore(deletion time) = %v, %v; want none yet", due, err)
		}
		due, err := f.r.Documents.DeletedBefore(f.ctx, deletedAt.Add(time.Second), 10)
		if err != nil || len(due) != 1 || due[0].ID != docs[0].ID || due[0].ObjectPath != docs[0].ObjectPath {
			t.Fatalf("DeletedBefore = %+v, %v; want the deleted document", due, err)
		}
		if err := f.r.Documents.MarkPurged(f.ctx, docs[0].ID, f.tick()); err != nil {
			t.Fatal(err)
		}
		if due, err := f.r.Documents.DeletedBefore(f.ctx, deletedAt.Add(time.Second), 10); err != nil || len(due) != 0 {
			t.Errorf("DeletedBefore after the purge = %v, %v; want none", due, err)
		}

		events := []application.AuditEvent{
			{VerificationID: v.ID(), ActorID: alice.ID, ActorEmail: alice.Email, Action: "create", To: "draft", CreatedAt: f.tick()},
			{VerificationID: v.ID(), Action: "payment.succeeded", From: "submitted", To: "in_review", Reason: "pi_1 4900 usd", CreatedAt: f.tick()},
			{VerificationID: other.ID(), ActorID: alice.ID, ActorEmail: alice.Email, Action: "create", To: "draft", CreatedAt: f.tick()},
		}
		for _, e := range events {
			if err := f.r.Audit.Record(f.ctx, e); err != nil {
				t.Fatal(err)
			}
		}
		trail, err := f.r.Audit.List(f.ctx, v.ID())
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(events[:2], trail, cmp.FilterPath(func(p cmp.Path) bool { return p.Last().String() == ".ID" }, cmp.Ignore())); diff != "" {
			t.Errorf("audit trail, oldest first, the system as actor 0 (-want +got):\n%s", diff)
		}
		if len(trail) == 2 && (trail[0].ID == 0 || trail[1].ID <= trail[0].ID) {
			t.Errorf("audit event ids %d, %d: want increasing ids", trail[0].ID, trail[1].ID)
		}
	})

	t.Run("CouponsAndPayments", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		alice := f.user("alice@acme.example")
		v := f.in(alice, verification.Basic, verification.Submitted)
		expires := start.AddDate(0, 1, 0)
		coupon, err := pricing.NewCoupon("launch", 25, 2, &expires, f.tick())
		if err != nil {
			t.Fatal(err)
		}
		if err := f.r.Coupons.Create(f.ctx, coupon); err != nil {
			t.Fatal(err)
		}
		expectErr(t, "Create of an existing code", f.r.Coupons.Create(f.ctx, coupon), application.ErrCouponExists)
		got, err := f.r.Coupons.Get(f.ctx, "LAUNCH")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(coupon.Snapshot(), got.Snapshot()); diff != "" {
			t.Errorf("coupon read back (-created +read):\n%s", diff)
		}
		_, err = f.r.Coupons.Get(f.ctx, "NOPE")
		expectErr(t, "Get of an unknown coupon", err, application.ErrNotFound)

		first, err := f.r.Coupons.AddRedemption(f.ctx, "LAUNCH", v.ID(), f.tick())
		if err != nil || !first {
			t.Fatalf("first AddRedemption = %v, %v; want true", first, err)
		}
		again, err := f.r.Coupons.AddRedemption(f.ctx, "LAUNCH", v.ID(), f.tick())
		if err != nil || again {
			t.Errorf("second AddRedemption by the same verification = %v, %v; want false", again, err)
		}

		// Holds: one per verification, counted for others until released, lapsed or not.
		w := f.in(alice, verification.Basic, verification.Submitted)
		now := f.tick()
		held := func(except int64) int {
			t.Helper()
			n, err := f.r.Coupons.Held(f.ctx, "LAUNCH", except)
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		lapsed := func(at time.Time) []application.HeldCoupon {
			t.Helper()
			hs, err := f.r.Coupons.Lapsed(f.ctx, "LAUNCH", at)
			if err != nil {
				t.Fatal(err)
			}
			return hs
		}
		for _, checkout := range []string{"k1", "k2"} { // reserving again moves the one hold instead of adding one
			if err := f.r.Coupons.Reserve(f.ctx, "LAUNCH", w.ID(), checkout, now, now.Add(time.Hour)); err != nil {
				t.Fatal(err)
			}
		}
		want := application.HeldCoupon{VerificationID: w.ID(), Code: "LAUNCH", Checkout: "k2", ExpiresAt: now.Add(time.Hour).Truncate(time.Microsecond)}
		if h, err := f.r.Coupons.Hold(f.ctx, w.ID()); err != nil || !cmp.Equal(*h, want) {
			t.Errorf("Hold = %+v, %v; want %+v", h, err, want)
		}
		_, err = f.r.Coupons.Hold(f.ctx, v.ID())
		expectErr(t, "Hold of a verification without one", err, application.ErrNotFound)
		if got := held(v.ID()); got != 1 {
			t.Errorf("holds seen by another verification = %d, want 1", got)
		}
		if got := held(w.ID()); got != 0 {
			t.Errorf("holds seen by the holder = %d, want 0 (its own is not counted)", got)
		}
		if got := lapsed(now); len(got) != 0 {
			t.Errorf("lapsed before expiry = %v, want none", got)
		}
		if got := lapsed(now.Add(time.Hour)); len(got) != 1 || got[0].Checkout != "k2" {
			t.Errorf("lapsed after expiry = %+v, want the hold of k2", got)
		}
		if got := held(v.ID()); got != 1 {
			t.Errorf("holds after expiry = %d, want 1: a lapsed hold counts until released", got)
		}
		if err := f.r.Coupons.ReleaseCheckout(f.ctx, w.ID(), "k1"); err != nil {
			t.Fatal(err)
		}
		if got := held(v.ID()); got != 1 {
			t.Errorf("holds after releasing another checkout's = %d, want 1", got)
		}
		if err := f.r.Coupons.ReleaseCheckout(f.ctx, w.ID(), "k2"); err != nil {
			t.Fatal(err)
		}
		if got := held(v.ID()); got != 0 {
			t.Errorf("holds after release = %d, want 0", got)
		}
		if err := f.r.Coupons.Reserve(f.ctx, "LAUNCH", w.ID(), "k3", now, now.Add(time.Hour)); err != nil {
			t.Fatal(err)
		}
		if err := f.r.Coupons.Release(f.ctx, w.ID()); err != nil {
			t.Fatal(err)
		}
		if got := held(v.ID()); got != 0 {
			t.Errorf("holds after Release = %d, want 0", got)
		}
		err = f.r.Tx.WithinTx(f.ctx, func(ctx context.Context) error {
			c, err := f.r.Coupons.GetForUpdate(ctx, "LAUNCH")
			if err != nil {
				return err
			}
			if err := c.Redeem(f.tick(), 0); err != nil {
				return err
			}
			c.Disable(f.tick())
			coupon = c
			return f.r.Coupons.Save(ctx, c)
		})
		if err != nil {
			t.Fatal(err)
		}
		listed, err := f.r.Coupons.List(f.ctx)
		if err != nil || len(listed) != 1 {
			t.Fatalf("List = %d coupons, %v; want 1", len(listed), err)
		}
		if diff := cmp.Diff(coupon.Snapshot(), listed[0].Snapshot()); diff != "" {
			t.Errorf("coupon after Save (-saved +listed):\n%s", diff)
		}

		rec := &application.PaymentRecord{IntentID: "pi_1", VerificationID: v.ID(), UserID: alice.ID, Provider: "simulated",
			Purpose: application.PurposeVerification, Amount: 3675, Currency: "usd", CouponCode: "LAUNCH",
			DiscountPercent: 25, Status: application.RecordCreated, Checkout: "k1", CreatedAt: f.tick(), UpdatedAt: f.tick()}
		if err := f.r.Payments.Add(f.ctx, rec); err != nil {
			t.Fatal(err)
		}
		replay := *rec
		replay.Amount, replay.Status = 1, application.RecordSucceeded
		if err := f.r.Payments.Add(f.ctx, &replay); err != nil {
			t.Errorf("Add of a known intent: %v, want a quiet no-op", err)
		}
		gotRec, err := f.r.Payments.Get(f.ctx, "pi_1")
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(rec, gotRec); diff != "" {
			t.Errorf("payment record, first Add kept (-want +got):\n%s", diff)
		}
		later := f.tick()
		if err := f.r.Payments.SetStatus(f.ctx, "pi_1", application.RecordSucceeded, later); err != nil {
			t.Fatal(err)
		}
		rec.Status, rec.UpdatedAt = application.RecordSucceeded, later
		if gotRec, err := f.r.Payments.Get(f.ctx, "pi_1"); err != nil || !cmp.Equal(rec, gotRec) {
			t.Errorf("after SetStatus: %+v, %v; want %+v", gotRec, err, rec)
		}
		expectErr(t, "SetStatus of an unknown intent", f.r.Payments.SetStatus(f.ctx, "pi_none", application.RecordFailed, later), application.ErrNotFound)
		_, err = f.r.Payments.Get(f.ctx, "pi_none")
		expectErr(t, "Get of an unknown intent", err, application.ErrNotFound)

		// A second intent of the verification, cancelled, then one refunded: listed oldest first.
		second := &application.PaymentRecord{IntentID: "pi_2", VerificationID: v.ID(), UserID: alice.ID, Provider: "simulated",
			Purpose: application.PurposeVerification, Amount: 4900, Currency: "usd", Status: application.RecordCreated,
			Checkout: "k2", CreatedAt: f.tick(), UpdatedAt: f.tick()}
		if err := f.r.Payments.Add(f.ctx, second); err != nil {
			t.Fatal(err)
		}
		canceled := f.tick()
		if err := f.r.Payments.Cancel(f.ctx, "pi_2", canceled); err != nil {
			t.Fatal(err)
		}
		if err := f.r.Payments.SetRefund(f.ctx, "pi_1", "re_1", canceled); err != nil {
			t.Fatal(err)
		}
		expectErr(t, "Cancel of an unknown intent", f.r.Payments.Cancel(f.ctx, "pi_none", canceled), application.ErrNotFound)
		second.CanceledAt, second.UpdatedAt = &canceled, canceled
		rec.RefundID, rec.UpdatedAt = "re_1", canceled
		all, err := f.r.Payments.ForVerification(f.ctx, v.ID())
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff([]*application.PaymentRecord{rec, second}, all); diff != "" {
			t.Errorf("ForVerification (-want +got):\n%s", diff)
		}
		if all[0].Open() || all[1].Open() {
			t.Errorf("a refunded and a cancelled intent report Open")
		}

		for i, want := range []bool{true, false} {
			first, err := f.r.Payments.FirstDelivery(f.ctx, "evt_1", application.EventIntentSucceeded, f.tick())
			if err != nil || first != want {
				t.Errorf("FirstDelivery #%d of one event = %v, %v; want %v", i+1, first, err, want)
			}
		}
	})

	t.Run("ShareLinks", func(t *testing.T) {
		t.Parallel()
		f := newFixture(t, open)
		v := f.in(f.user("alice@acme.example"), verification.Top, verification.Approved)
		now := f.tick()
		link := &application.ShareLink{VerificationID: v.ID(), TokenHash: persistence.HashToken("token"), CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		if err := f.r.ShareLinks.Create(f.ctx, link); err != nil {
			t.Fatal(err)
		}
		if link.ID == 0 {
			t.Fatal("Create gave no id")
		}
		got, err := f.r.ShareLinks.ByTokenHash(f.ctx, link.TokenHash)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(link, got); diff != "" {
			t.Errorf("share link read back (-created +read):\n%s", diff)
		}
		_, err = f.r.ShareLinks.ByTokenHash(f.ctx, persistence.HashToken("other"))
		expectErr(t, "ByTokenHash of an unknown token", err, application.ErrNotFound)
		firstUse := f.tick()
		for _, when := range []time.Time{firstUse, f.tick()} {
			if err := f.r.ShareLinks.MarkUsed(f.ctx, link.ID, when); err != nil {
				t.Fatal(err)
			}
		}
		got, err = f.r.ShareLinks.ByTokenHash(f.ctx, link.TokenHash)
		if err != nil {
			t.Fatal(err)
		}
		if !got.IsUsed || got.UsedAt == nil || !got.UsedAt.Equal(firstUse) {
			t.Errorf("after two uses: used %v at %v, want used at the first use %v", got.IsUsed, got.UsedAt, firstUse)
		}

		// RevokeAll withdraws the links that still work, and only this verification's.
		other := f.in(f.user("bob@acme.example"), verification.Basic, verification.Approved)
		now = f.tick()
		second := &application.ShareLink{VerificationID: v.ID(), TokenHash: persistence.HashToken("second"), CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		lapsed := &application.ShareLink{VerificationID: v.ID(), TokenHash: persistence.HashToken("lapsed"), CreatedAt: now, ExpiresAt: now}
		bobs := &application.ShareLink{VerificationID: other.ID(), TokenHash: persistence.HashToken("bob"), CreatedAt: now, ExpiresAt: now.Add(time.Hour)}
		for _, l := range []*application.ShareLink{second, lapsed, bobs} {
			if err := f.r.ShareLinks.Create(f.ctx, l); err != nil {
				t.Fatal(err)
			}
		}
		at := f.tick()
		for i, want := range []int{2, 0} {
			if n, err := f.r.ShareLinks.RevokeAll(f.ctx, v.ID(), at); err != nil || n != want {
				t.Errorf("RevokeAll #%d = %d, %v; want %d", i+1, n, err, want)
			}
		}
		if active, err := f.r.ShareLinks.Active(f.ctx, v.ID(), now); err != nil || len(active) != 0 {
			t.Errorf("after RevokeAll: active %+v, %v; want none", active, err)
		}
		if active, err := f.r.ShareLinks.Active(f.ctx, other.ID(), now); err != nil || len(active) != 1 {
			t.Errorf("another verification's links after RevokeAll: %+v, %v; want its one", active, err)
		}
		if got, err := f.r.ShareLinks.ByTokenHash(f.ctx, link.TokenHash); err != nil || got.RevokedAt == nil || !got.RevokedAt.Equal(at) {
			t.Errorf("a working link after RevokeAll: %+v, %v; want revoked at %v", got, err, at)
		}
		if got, err := f.r.ShareLinks.ByTokenHash(f.ctx, lapsed.TokenHash); err != nil || got.RevokedAt != nil {
			t.Errorf("an expired link after RevokeAll: %+v, %v; want it left as it was", got, err)
		}
	})
}

// readBack fails unless read returns what was saved.
func readBack[T any](t *testing.T, what string, saved *T, read func() (*T, error)) {
	t.Helper()
	got, err := read()
	if err != nil {
		t.Fatalf("read %s back: %v", what, err)
	}
	if diff := cmp.Diff(saved, got, domainValues); diff != "" {
		t.Errorf("%s read back (-saved +read):\n%s", what, diff)
	}
}
