package http

import (
	"fmt"
	"net"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/errs"
	"github.com/tttverify/tttverify/domain/user"
)

// The allowances, from AUTH_RATE_LIMIT (n): per client address, n sign-in, registration and
// reset attempts a minute; per account, n password-change attempts a quarter of an hour (the
// sign-in use case counts sign-ins per account and per known device itself); per e-mail address,
// 3 reset requests and then one every 5 minutes; per user, n coupon checks an hour. Follow
// requests are 10 an hour per client address, whatever n (on only when n is not 0).
const (
	couponPeriod     = time.Hour
	followPerAddress = 10 // follow requests an hour

	resetPerEmail      = 3
	resetPerEmailEvery = 5 * time.Minute
)

// The refusals' words.
const (
	tooManyFromAddress = "Too many attempts. Please wait a minute and try again."
	tooManyResets      = "Too many reset requests for this e-mail. Please wait a few minutes and try again."
	tooManyCoupons     = "Too many coupon codes tried. Please wait a while and try again."
	tooManyFollows     = "Too many follow requests from your network. Please try again in an hour."
)

// limits are the throttles of the sign-in, reset and coupon routes. They count in the database
// (application.Throttle), so every server behind a load balancer counts the same attempts; all
// are off when AUTH_RATE_LIMIT is 0.
type limits struct {
	store                                  application.Throttle
	clock                                  application.Clock
	perAddress, perAccount, perEmail, coup application.Rate
	follows                                application.Rate
	off                                    bool
}

func newLimits(store application.Throttle, clock application.Clock, perMinute int) limits {
	return limits{store: store, clock: clock, off: perMinute <= 0,
		perAddress: application.Rate{Burst: perMinute, Per: time.Minute},
		perAccount: application.Rate{Burst: perMinute, Per: application.AccountAttemptsPeriod},
		perEmail:   application.Rate{Burst: resetPerEmail, Per: resetPerEmail * resetPerEmailEvery},
		coup:       application.Rate{Burst: perMinute, Per: couponPeriod},
		follows:    application.Rate{Burst: followPerAddress, Per: time.Hour}}
}

// take counts one attempt on key and refuses it with message when the allowance is used up.
func (l limits) take(c *echo.Context, key string, rate application.Rate, message string) error {
	if l.off {
		return nil
	}
	ok, err := l.store.Allow(c.Request().Context(), key, rate, l.clock.Now())
	if err != nil {
		return fmt.Errorf("throttle %s: %w", strings.SplitN(key, "|", 2)[0], err)
	}
	if !ok {
		return errs.Throttled(message)
	}
	return nil
}

// byAddress throttles a group of routes (scope) per client address.
func (l limits) byAddress(scope string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			if err := l.take(c, scope+"|address|"+addressKey(c.RealIP()), l.perAddress, tooManyFromAddress); err != nil {
				return err
			}
			return next(c)
		}
	}
}

// follow throttles follow requests per client address, so that nobody sends strangers
// confirmation links by the hundred (the use case also limits each certificate's requests).
func (l limits) follow() echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c *echo.Context) error {
			if err := l.take(c, "follow|address|"+addressKey(c.RealIP()), l.follows, tooManyFollows); err != nil {
				return err
			}
			return next(c)
		}
	}
}

// passwordChange counts an attempt to change the signed-in user's password (the current password
// is checked, so a stolen session could otherwise guess it).
func (l limits) passwordChange(c *echo.Context, userID int64) error {
	return l.take(c, application.PasswordChangeKey(userID), l.perAccount, errs.MessageOf(application.ErrTooManySignIns))
}

// resetRequest counts a reset request for email, known or not, so that nobody floods an inbox.
func (l limits) resetRequest(c *echo.Context, email string) error {
	return l.take(c, "reset|email|"+user.NormalizeEmail(email), l.perEmail, tooManyResets)
}

// couponCheck counts a coupon code tried by a user, so that codes cannot be guessed.
func (l limits) couponCheck(c *echo.Context, userID int64) error {
	return l.take(c, "coupon|user|"+strconv.FormatInt(userID, 10), l.coup, tooManyCoupons)
}

// addressKey is what a client address is counted by: an IPv4 address, or the /64 network of an
// IPv6 address (one subscriber usually holds a whole /64 and can pick any address in it).
func addressKey(ip string) string {
	parsed := net.ParseIP(ip)
	if parsed == nil {
		return ip
	}
	if v4 := parsed.To4(); v4 != nil {
		return v4.String()
	}
	return (&net.IPNet{IP: parsed.Mask(net.CIDRMask(64, 128)), Mask: net.CIDRMask(64, 128)}).String()
}

// ipExtractor finds the client's address: the connection's peer, or, when the peer is one of the
// trusted proxies (TRUSTED_PROXIES), the nearest address in X-Forwarded-For that is not a trusted
// proxy. Forwarding headers from anyone else are ignored, so a client cannot pick its own key.
func ipExtractor(trusted []*net.IPNet) echo.IPExtractor {
	if len(trusted) == 0 {
		return echo.ExtractIPDirect()
	}
	opts := []echo.TrustOption{echo.TrustLoopback(false), echo.TrustLinkLocal(false), echo.TrustPrivateNet(false)}
	for _, n := range trusted {
		opts = append(opts, echo.TrustIPRange(n))
	}
	return echo.ExtractIPFromXFFHeader(opts...)
}
