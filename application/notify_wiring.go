package application

// The use cases that tell people about events take the Notifier after they are built, so that
// use cases built without messaging (unit tests, subcommands) tell nobody.

// WithNotifier makes the account use cases tell users about their accounts.
func (a *Auth) WithNotifier(n *Notifier) *Auth { a.notify = n; return a }

// WithNotifier makes submissions tell applicants and administrators.
func (s *Verifications) WithNotifier(n *Notifier) *Verifications { s.notify = n; return s }

// WithNotifier makes settled payments send receipts.
func (s *Payments) WithNotifier(n *Notifier) *Payments { s.notify = n; return s }

// WithNotifier makes a generated CIS tell the applicant.
func (s *Certificates) WithNotifier(n *Notifier) *Certificates { s.notify = n; return s }
