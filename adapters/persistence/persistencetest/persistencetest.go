// Package persistencetest is the contract the repositories must meet on every database engine, as
// one test suite that each engine's tests run against a fresh, migrated database.
package persistencetest

import (
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// Repos are the repositories under test, all on one fresh database.
type Repos struct {
	Tx            application.Transactor
	Users         application.Users
	Sessions      application.Sessions
	Verifications application.VerificationRepository
	Sections      application.Sections
	Documents     application.Documents
	Audit         application.AuditLog
	Coupons       application.Coupons
	Payments      application.PaymentRecords
	ShareLinks    application.ShareLinks
	Followers     application.FollowerStore
	Registry      application.RegistryChecks
	Firsts        application.FirstApprovalStore
	Screening     application.ScreeningRecords
}

// ReposOn returns the bun repositories on db; the section repository stamps times with now.
func ReposOn(db *persistence.DB, now func() time.Time) Repos {
	return Repos{
		Tx: persistence.NewTransactor(db), Users: persistence.NewUsers(db), Sessions: persistence.NewSessions(db),
		Verifications: persistence.NewVerifications(db), Sections: persistence.NewSections(db, now),
		Documents: persistence.NewDocuments(db), Audit: persistence.NewAuditLog(db), Coupons: persistence.NewCoupons(db),
		Payments: persistence.NewPaymentRecords(db), ShareLinks: persistence.NewShareLinks(db),
		Followers: persistence.NewFollowers(db),
		Registry:  persistence.NewRegistryChecks(db),
		Firsts:    persistence.NewFirstApprovals(db),
		Screening: persistence.NewScreeningRecords(db),
	}
}
