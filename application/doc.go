// Package application holds the use cases: one exported method per thing a person asks of the
// product, and the ports (interfaces) the adapters implement for them.
//
// Finding things by rule: a method lives in a file named after its receiver, the service's own
// file <service>.go (its type, constructor and dependencies) or <service>_<use case>.go for one
// use case (Payments.Upgrade in payments_upgrade.go, DocumentsService in documents_*.go). Ports
// live in port_<area>.go, transaction helpers in tx_*.go. tests/application_layout_test.go keeps
// both rules and checks that this page names every use case.
//
// Dependencies come in through the constructor, as a <Service>Deps struct. What a service needs of
// another service is a small interface it declares for that role (ApprovalGate, SubmissionScreening,
// CertificateClaims, OwnerNotifier, ReviewNotifier, AccountNotifier, AdminNotifier, ReviewerNotifier), which
// TopChecks or the Notifier implements; no collaborator is optional, and none is set after
// construction.
//
// A change of a verification is one use case read top to bottom inside one transaction (inTx and
// saveChange in tx_change.go): load for update, check, change, save with its audit event, tell and
// queue. Work that must wait for the commit uses OnCommit (tx_aftercommit.go).
//
// Services and their use cases:
//
//   - Admin (admin_*.go): the reviewers' queue, List, Stats, Get and Events; the decisions
//     Approve, Reject, Revoke and Reinstate, each one transaction that changes the verification,
//     writes its audit entry and queues its jobs (admin_decisions.go). Approve queues the
//     applicant's VerificationApproved e-mail (a SendEmail job) and a GenerateCIS job; Revoke
//     withdraws the CIS's share links. Under FOUR_EYES an approval is first recorded, awaiting a
//     second administrator's Approve, or SendBack with a note (admin_sendback.go).
//   - AuditExport (auditexport*.go): a verification's AuditTrail (for the CSV) and AuditReport (a
//     signed PDF) with its screening decisions, and AuditRange, every event of a date range read
//     as a stream; administrators only, and each export recorded as an administrator's event.
//   - Charts (charts.go): Chart, the admin dashboard's five charts over 4, 12 or 52 weeks, each
//     grouped by the database (ChartReader).
//   - Auth (auth_*.go): Register, Login (with the per-account and per-device sign-in limits),
//     Logout, Authenticate (the session on each request, its idle and absolute ends),
//     ChangePassword, EnsureStaff (the create-admin subcommand: a reviewer or an administrator),
//     EnsureAdmin and PromoteAdmin (ADMIN_EMAIL).
//   - PasswordResets (passwordresets.go): RequestPasswordReset (queues a PasswordResetRequested
//     job for any e-mail), SendResetLink (its worker: the link is made and mailed there, never
//     stored in a job) and ResetPassword.
//   - Verifications (verifications_*.go): an applicant's Create, List, Get, AuditTrail, Submit,
//     Resubmit and Delete.
//   - SectionsService (sections_*.go): the five sections' forms, Company, SaveCompany, Banking,
//     SaveBanking, Trade, SaveTrade, Representatives, AddRepresentative, UpdateRepresentative and
//     DeleteRepresentative; a Top verification's beneficial ownership (sections_owners.go):
//     Ownership, AddOwner, UpdateOwner, DeleteOwner, DeclareNoOwners and WithdrawDeclaration.
//   - DocumentsService (documents_*.go): uploads (MayUpload, Store, Discard, AttachDocument,
//     AttachPassport, AttachOwnerDocument, AttachBankReference), List, Delete, and downloads (Open, DownloadLink,
//     CanLinkDownloads).
//   - Payments (payments_*.go): ValidateCoupon, CreatePaymentIntent, ConfirmCard (the simulated
//     provider), ConfirmPayment and HandleWebhook (settling), Upgrade, Provider.
//   - CouponAdmin (couponadmin.go): the coupon subcommands Create, List and Disable.
//   - Certificates (certificates_*.go): Certificate (the PDF), Public and PublicDocuments (the
//     public page), SearchPublic (the public search for a certificate), CISForm, GenerateCIS and
//     GenerateCISOnApproval, and share links (ShareCIS, ShareLinks, RevokeShareLink, OpenSharedCIS).
//     Every PDF it issues is signed (DocumentSigner); the verifiable credential (Credential), the
//     revocation status list it points into (StatusList) and the issuer's did:web document
//     (IssuerDocument) come from the CredentialIssuer (certificates_credential.go).
//   - Follows (follows*.go): counterparties who follow a certificate by e-mail: Follow (queues a
//     FollowRequested job for any address), SendConfirmation (its worker: the double opt-in link is
//     made and mailed there), Confirm, Unsubscribe (one click, RFC 8058) and Followers (the owner's
//     count, never who); Alert, which the use cases that change a certificate call in their
//     transaction (FollowerAlerts), and SendUpdates, the CertificateChanged job's worker.
//   - Proofs (proofs*.go): Verify, the "Verify a document" check of a PDF, a credential or a
//     certificate ID against our keys and the certificate's live status.
//   - ReviewClaims (reviewclaims*.go): "Start review": Claim, Release and TakeOver (with a reason),
//     each audited, and Holders, the live claims the queue and review page show. MayDecide is the
//     claim rule, asked by Admin's decisions and TopChecks' hit decisions in their transactions
//     (ClaimRule): a claimed verification is decided by its holder alone. LiveSince is the
//     REVIEW_CLAIM_TTL cut-off: a claim idle longer reads as none, its lapse audited when next met.
//   - Review (review*.go): what a reviewer reads, Company, Representatives, Ownership, Banking,
//     Trade, Documents (with the flags of their files), Certificate and CISForm.
//   - Screening (screening_*.go): list data, ImportList, FetchLists (each attempt recorded),
//     RefreshLists (the scheduled refresh, as the Scheduler, and its out-of-date alerts), Freshness
//     (each list's last success and last attempt), ListVersions, ListChanges, Index and Search (the
//     admin search).
//   - TopChecks (topchecks_*.go): the Top tier's checks, Run and Rescreen, the reviewer's
//     Screening view, DecideHit, AcknowledgePEP and CheckIdentifiersAgain (GLEIF, VIES), Summaries,
//     ImportJurisdictions and JurisdictionVersions; and what other services ask of it through
//     their interfaces, ScreenSubmitted, ApprovalBlock and Claims.
//   - ScreeningIndexHolder (screeningindexholder.go): Rebuild of the in-memory name index.
//   - Notifier (notifier.go): Tell, TellOwner, TellAdmins (administrators), TellReviewers (all staff)
//     and ReviewEntered, the e-mails and bell notifications.
//   - Inbox (inbox.go): the bell, List and MarkRead.
//   - Jobs (jobs.go): the failed-jobs page, ListFailed and Discarded.
//   - ExpiryReminders (expiryreminders.go): Scan, the daily job that warns of expiring
//     certificates and expires them.
//   - ReviewDigest (reviewdigest.go): Send, the daily e-mail to the reviewers of what becomes
//     overdue on the next business day.
//   - FileRetention (fileretention.go): Purge of deleted files after their retention, and
//     SweepAbandoned of objects whose upload never finished.
//   - PublicCache (publiccache.go): the public lookup's cache, Forget and Clear.
//
// Jobs are declared in port_jobs.go (each kind's handler is one entry of the table in
// cmd/server/app/jobs.go) and e-mails in port_mail_messages.go (each with one template in
// adapters/mail/templates); both are queued inside the transaction of the change that causes them.
package application
