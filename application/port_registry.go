package application

import (
	"context"
	"errors"

	"github.com/tttverify/tttverify/domain/screening"
)

// ErrRegistryUnavailable is a register that did not answer: a timeout, a refused connection or
// server errors after the client's retries. The check is recorded as unavailable and can be run
// again; it is never taken for a clean result.
var ErrRegistryUnavailable = errors.New("the registry did not answer")

// Registries looks a company's identifiers up in public registers.
type Registries interface {
	// LEI returns GLEIF's record of an LEI, nil when GLEIF has none, or ErrRegistryUnavailable.
	LEI(ctx context.Context, lei string) (*screening.LEIRecord, error)
	// VAT returns VIES' answer on a number of a member state (country as VIES writes it, "EL" for
	// Greece), or ErrRegistryUnavailable.
	VAT(ctx context.Context, country, number string) (*screening.VATRecord, error)
}

// RegistryCheckRecord is one identifier check as stored: for a verification, from a screening run
// or a reviewer's "check again" (RunID 0).
type RegistryCheckRecord struct {
	ID             int64
	VerificationID int64
	RunID          int64
	screening.RegistryCheck
}

// RegistryChecks stores identifier checks.
type RegistryChecks interface {
	Add(ctx context.Context, r *RegistryCheckRecord) error
	// Latest returns the newest check of each register for a verification, in register order.
	Latest(ctx context.Context, verificationID int64) ([]RegistryCheckRecord, error)
	// Answered is Latest among the checks a register answered (not unavailable), for each of some
	// verifications: a register that is down for a day does not take back what it confirmed.
	Answered(ctx context.Context, verificationIDs []int64) (map[int64][]RegistryCheckRecord, error)
}
