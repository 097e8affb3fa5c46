package http

import (
	"crypto/rand"
	"encoding/base64"
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/user"
)

// SessionCookie is the name of the session cookie.
const SessionCookie = "ttt_session"

// sessionClaims identify a stored session; the signature proves the server issued them.
type sessionClaims struct {
	SessionID string `json:"sid"`
	jwt.RegisteredClaims
}

// DeviceCookie is the name of the device cookie: left by each successful sign-in, it names the
// account, so that this browser's later sign-ins to it are counted on their own (OWASP's "device
// cookies") and guesses from elsewhere cannot lock the owner out.
const DeviceCookie = "ttt_device"

// deviceLifetime is how long a browser stays known to an account after its last sign-in there.
const deviceLifetime = 180 * 24 * time.Hour

// deviceAudience tells a device cookie from a session cookie signed with the same secret.
const deviceAudience = "device"

// sessions issues and reads the signed session and device cookies.
type sessions struct {
	secret []byte
	// previous is the secret before the last rotation (SESSION_SECRET_PREVIOUS): cookies it
	// signed are still accepted, and signed again with secret as they are used.
	previous []byte
	secure   bool
	// clock is the time against which cookies expire, the server's (tests move it).
	clock application.Clock
}

func (s sessions) issue(c *echo.Context, sess *application.Session) error {
	return s.sign(c, sessionClaims{SessionID: sess.ID, RegisteredClaims: jwt.RegisteredClaims{
		Subject:   strconv.FormatInt(sess.UserID, 10),
		IssuedAt:  jwt.NewNumericDate(sess.CreatedAt),
		ExpiresAt: jwt.NewNumericDate(sess.ExpiresAt),
	}})
}

// sign sets the cookie carrying claims, signed with the current secret.
func (s sessions) sign(c *echo.Context, claims sessionClaims) error {
	return s.setCookie(c, SessionCookie, "/", claims, claims.ExpiresAt.Time)
}

// setCookie signs claims into the cookie name on path, ending at expires. Max-Age (which
// browsers prefer to Expires) is counted from the server's clock, so a client's wrong clock
// neither ends the cookie early nor keeps it.
func (s sessions) setCookie(c *echo.Context, name, path string, claims jwt.Claims, expires time.Time) error {
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.secret)
	if err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{Name: name, Value: token, Path: path, Expires: expires,
		MaxAge: max(1, int(expires.Sub(s.clock.Now()).Seconds())), HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode})
	return nil
}

func (s sessions) clear(c *echo.Context) {
	c.SetCookie(&http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, Expires: time.Unix(0, 0),
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode})
}

// session returns the claims of a validly signed, unexpired session cookie.
func (s sessions) session(c *echo.Context) (sessionClaims, error) {
	var claims sessionClaims
	cookie, err := c.Cookie(SessionCookie)
	if err != nil || cookie.Value == "" {
		return claims, application.ErrUnauthenticated
	}
	resigned, err := s.parse(cookie.Value, &claims)
	if err == nil && resigned {
		err = s.sign(c, claims) // move the cookie to the current secret
	}
	if err != nil || claims.SessionID == "" {
		return claims, errors.Join(application.ErrUnauthenticated, err)
	}
	return claims, nil
}

// parse checks token's signature, with the current secret or else the previous one (resigned
// then reports that it should be signed again), and reads its claims.
func (s sessions) parse(token string, claims jwt.Claims, opts ...jwt.ParserOption) (resigned bool, err error) {
	opts = append(opts, jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithExpirationRequired(),
		jwt.WithTimeFunc(s.clock.Now))
	parse := func(secret []byte) error {
		_, err := jwt.ParseWithClaims(token, claims, func(*jwt.Token) (any, error) { return secret, nil }, opts...)
		return err
	}
	err = parse(s.secret)
	if errors.Is(err, jwt.ErrTokenSignatureInvalid) && s.previous != nil {
		return true, parse(s.previous)
	}
	return false, err
}

// issueDevice leaves the device cookie of the account email, under a new random device id.
func (s sessions) issueDevice(c *echo.Context, email string) error {
	id := make([]byte, 16)
	_, _ = rand.Read(id)
	now := s.clock.Now()
	claims := jwt.RegisteredClaims{Subject: user.NormalizeEmail(email), ID: base64.RawURLEncoding.EncodeToString(id),
		Audience: jwt.ClaimStrings{deviceAudience}, IssuedAt: jwt.NewNumericDate(now), ExpiresAt: jwt.NewNumericDate(now.Add(deviceLifetime))}
	// Only the sign-in route reads it; nothing else needs to carry it.
	return s.setCookie(c, DeviceCookie, "/api/login", claims, claims.ExpiresAt.Time)
}

// device returns the device id of a validly signed device cookie naming the account email, or "".
func (s sessions) device(c *echo.Context, email string) string {
	cookie, err := c.Cookie(DeviceCookie)
	if err != nil || cookie.Value == "" {
		return ""
	}
	var claims jwt.RegisteredClaims
	if _, err := s.parse(cookie.Value, &claims, jwt.WithAudience(deviceAudience)); err != nil ||
		claims.Subject != user.NormalizeEmail(email) {
		return ""
	}
	return claims.ID
}
