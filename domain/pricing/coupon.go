package pricing

import (
	"regexp"
	"strings"
	"time"

	"github.com/tttverify/tttverify/domain/errs"
)

// CouponError is a coupon that cannot be used; its message is shown to the applicant as is.
type CouponError struct{ msg string }

func (e *CouponError) Error() string { return e.msg }

// Kind is errs.KindInvalid: the code the applicant typed cannot be used.
func (e *CouponError) Kind() errs.Kind { return errs.KindInvalid }

// couponUnusable is the one message for every code that cannot be used: telling "expired" or "fully
// redeemed" from "unknown" would confirm to someone guessing codes that they found a real one.
const couponUnusable = "Invalid coupon code"

// Reasons a coupon is refused: distinct errors for the code, one message for the applicant.
var (
	ErrCouponInvalid   = &CouponError{couponUnusable}
	ErrCouponExpired   = &CouponError{couponUnusable}
	ErrCouponExhausted = &CouponError{couponUnusable}
	ErrCouponDisabled  = &CouponError{couponUnusable}
)

// Errors from creating a coupon.
var (
	ErrCouponCode    = errs.Invalid("code", "a coupon code is 3 to 32 letters, digits, '-' or '_'")
	ErrCouponPercent = errs.Invalid("percent", "a coupon's percent is between 1 and 100")
	ErrCouponMax     = errs.Invalid("max", "a coupon's maximum redemptions is at least 1")
)

var codePattern = regexp.MustCompile(`^[A-Z0-9_-]{3,32}$`)

// NormalizeCode is how codes are stored and compared: trimmed and upper-case, so that applicants
// may type them in any case.
func NormalizeCode(code string) string { return strings.ToUpper(strings.TrimSpace(code)) }

// Coupon is a percentage discount code with optional expiry and redemption limit.
type Coupon struct {
	code           string
	percent        int
	active         bool
	expiresAt      *time.Time // the coupon is refused from this instant on
	maxRedemptions int        // 0: unlimited
	redemptions    int
	createdAt      time.Time
	updatedAt      time.Time
}

// NewCoupon makes an active coupon. maxRedemptions 0 means unlimited; expiresAt nil means never.
func NewCoupon(code string, percent, maxRedemptions int, expiresAt *time.Time, now time.Time) (*Coupon, error) {
	code = NormalizeCode(code)
	switch {
	case !codePattern.MatchString(code):
		return nil, ErrCouponCode
	case percent < 1 || percent > 100:
		return nil, ErrCouponPercent
	case maxRedemptions < 0:
		return nil, ErrCouponMax
	}
	return &Coupon{code: code, percent: percent, active: true, expiresAt: expiresAt, maxRedemptions: maxRedemptions,
		createdAt: now, updatedAt: now}, nil
}

// CouponSnapshot is a coupon's full state, to store and restore it.
type CouponSnapshot struct {
	Code           string
	Percent        int
	Active         bool
	ExpiresAt      *time.Time
	MaxRedemptions int
	Redemptions    int
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// RestoreCoupon rebuilds a stored coupon. For adapters only.
func RestoreCoupon(s CouponSnapshot) *Coupon {
	return &Coupon{code: s.Code, percent: s.Percent, active: s.Active, expiresAt: s.ExpiresAt,
		maxRedemptions: s.MaxRedemptions, redemptions: s.Redemptions, createdAt: s.CreatedAt, updatedAt: s.UpdatedAt}
}

// Snapshot returns the coupon's full state.
func (c *Coupon) Snapshot() CouponSnapshot {
	return CouponSnapshot{Code: c.code, Percent: c.percent, Active: c.active, ExpiresAt: c.expiresAt,
		MaxRedemptions: c.maxRedemptions, Redemptions: c.redemptions, CreatedAt: c.createdAt, UpdatedAt: c.updatedAt}
}

// Code is the coupon's upper-case code.
func (c *Coupon) Code() string { return c.code }

// Percent is the discount in percent, 1 to 100.
func (c *Coupon) Percent() int { return c.percent }

// Check says whether the coupon can be used now, and if not, why.
func (c *Coupon) Check(now time.Time) error {
	switch {
	case !c.active:
		return ErrCouponDisabled
	case c.expiresAt != nil && !now.Before(*c.expiresAt):
		return ErrCouponExpired
	case c.maxRedemptions > 0 && c.redemptions >= c.maxRedemptions:
		return ErrCouponExhausted
	}
	return nil
}

// Available is Check with the uses that other checkouts hold (reserved, not yet paid) counted as
// taken, so that the last use cannot be promised to two payments at once.
func (c *Coupon) Available(now time.Time, held int) error {
	if err := c.Check(now); err != nil {
		return err
	}
	if c.maxRedemptions > 0 && c.redemptions+held >= c.maxRedemptions {
		return ErrCouponExhausted
	}
	return nil
}

// Quote applies the coupon to base after checking that it is available now, held uses counted.
func (c *Coupon) Quote(base Money, now time.Time, held int) (Quote, error) {
	if err := c.Available(now, held); err != nil {
		return Quote{}, err
	}
	return Apply(base, c.percent), nil
}

// Redeem counts one use, unless that would exceed the coupon's limit with the uses that other
// checkouts hold (ErrCouponExhausted). A payment that was quoted while the coupon was usable is
// honoured even if the coupon expired or was disabled meanwhile, so Redeem checks the limit alone.
func (c *Coupon) Redeem(now time.Time, heldByOthers int) error {
	if c.maxRedemptions > 0 && c.redemptions+heldByOthers >= c.maxRedemptions {
		return ErrCouponExhausted
	}
	c.redemptions++
	c.updatedAt = now
	return nil
}

// Disable stops the coupon from being used again.
func (c *Coupon) Disable(now time.Time) {
	c.active = false
	c.updatedAt = now
}
