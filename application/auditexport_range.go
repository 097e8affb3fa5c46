package application

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
)

// MaxAuditRangeDays bounds a date-range export, so that one request cannot read the whole log.
const MaxAuditRangeDays = 366

// AuditRange calls each, as the rows are read, for every audit event from the start of day from
// to the end of day to (YYYY-MM-DD, UTC, both included, at most MaxAuditRangeDays days): what
// happened to verifications and the administrators' own events (VerificationID 0), oldest first.
// The export is recorded first, so an export whose range includes today lists itself.
func (s *AuditExport) AuditRange(ctx context.Context, actor *User, from, to string, each func(AuditEvent) error) error {
	if err := mustBeAdmin(actor); err != nil {
		return err
	}
	start, err := auditDay("from", from)
	if err != nil {
		return err
	}
	last, err := auditDay("to", to)
	if err != nil {
		return err
	}
	switch days := int(last.Sub(start).Hours()/24) + 1; {
	case days < 1:
		return errs.Invalid("to", "to must not be before from")
	case days > MaxAuditRangeDays:
		return errs.Invalid("to", fmt.Sprintf("A range covers at most %d days", MaxAuditRangeDays))
	}
	if err := s.exported(ctx, actor, fmt.Sprintf("audit events from %s to %s (CSV)", start.Format(time.DateOnly), last.Format(time.DateOnly))); err != nil {
		return err
	}
	return s.archive.Between(ctx, start, last.AddDate(0, 0, 1), each)
}

// auditDay reads the date of field as the start of that day in UTC.
func auditDay(field, value string) (time.Time, error) {
	value = strings.TrimSpace(value)
	if value == "" {
		return time.Time{}, errs.Invalid(field, field+" is required (YYYY-MM-DD)")
	}
	d, err := time.Parse(time.DateOnly, value)
	if err != nil {
		return time.Time{}, errs.Invalid(field, field+" must be a date (YYYY-MM-DD)")
	}
	return d, nil
}
