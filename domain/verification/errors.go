package verification

import (
	"fmt"
	"strings"

	"github.com/tttverify/tttverify/domain/errs"
)

// Sentinel errors callers test with errors.Is; their messages are what people read.
var (
	ErrUnknownValue    = errs.Invalid("", "unknown value")
	ErrNotEditable     = errs.Conflict("The verification can only be edited while it is a draft")
	ErrDeleted         = errs.NotFound("Not found")
	ErrNotDeletable    = errs.Conflict("Only a draft that was never paid can be deleted")
	ErrAlreadyPaid     = errs.Conflict("The verification is already paid")
	ErrPaymentNotDue   = errs.Conflict("Payment is only possible for a submitted verification")
	ErrFileTooLarge    = errs.TooLarge("The file size should not exceed 30MB")
	ErrUnsupportedFile = errs.UnsupportedType("Only PDF, JPG, and PNG files are allowed")

	// ErrReasonRequired is a decision that needs a reason and has none; the ones below name which.
	ErrReasonRequired           = errs.Invalid("reason", "A reason is required")
	ErrRejectionReasonRequired  = ErrReasonRequired.Refine("Rejection reason is required")
	ErrRevocationReasonRequired = ErrReasonRequired.Refine("Revocation reason is required")
	ErrReinstateReasonRequired  = ErrReasonRequired.Refine("Reinstatement reason is required")
)

// TransitionError says that an action is not allowed from the verification's current status.
type TransitionError struct {
	From   Status
	Action string
}

func (e TransitionError) Error() string {
	return fmt.Sprintf("cannot %s a verification that is %s", e.Action, strings.ReplaceAll(e.From.String(), "_", " "))
}

// Kind is errs.KindConflict: the status forbids the action.
func (e TransitionError) Kind() errs.Kind { return errs.KindConflict }

// IncompleteError lists the sections still missing when a submission is refused.
type IncompleteError struct{ Missing []string }

func (e IncompleteError) Error() string {
	return "verification is incomplete: missing " + strings.Join(e.Missing, ", ")
}

// Kind is errs.KindIncomplete.
func (e IncompleteError) Kind() errs.Kind { return errs.KindIncomplete }

// MissingParts names the missing sections.
func (e IncompleteError) MissingParts() []string { return e.Missing }
