package http

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"github.com/golang-jwt/jwt/v5"
	"github.com/labstack/echo/v5"

	"github.com/tttverify/tttverify/application"
)

// SessionCookie is the name of the session cookie.
const SessionCookie = "ttt_session"

// sessionClaims identify a stored session; the signature proves the server issued them.
type sessionClaims struct {
	SessionID string `json:"sid"`
	jwt.RegisteredClaims
}

// sessions issues and reads the signed session cookie.
type sessions struct {
	secret []byte
	// previous is the secret before the last rotation (SESSION_SECRET_PREVIOUS): cookies it
	// signed are still accepted, and signed again with secret as they are used.
	previous []byte
	secure   bool
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
	token, err := jwt.NewWithClaims(jwt.SigningMethodHS256, claims).SignedString(s.secret)
	if err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{Name: SessionCookie, Value: token, Path: "/", Expires: claims.ExpiresAt.Time,
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode})
	return nil
}

func (s sessions) clear(c *echo.Context) {
	c.SetCookie(&http.Cookie{Name: SessionCookie, Value: "", Path: "/", MaxAge: -1, Expires: time.Unix(0, 0),
		HttpOnly: true, Secure: s.secure, SameSite: http.SameSiteLaxMode})
}

// sessionID returns the session id of a validly signed, unexpired cookie.
func (s sessions) sessionID(c *echo.Context) (string, error) {
	cookie, err := c.Cookie(SessionCookie)
	if err != nil || cookie.Value == "" {
		return "", application.ErrUnauthenticated
	}
	claims, err := parseSession(cookie.Value, s.secret)
	if errors.Is(err, jwt.ErrTokenSignatureInvalid) && s.previous != nil {
		if claims, err = parseSession(cookie.Value, s.previous); err == nil {
			err = s.sign(c, claims) // move the cookie to the current secret
		}
	}
	if err != nil || claims.SessionID == "" {
		return "", errors.Join(application.ErrUnauthenticated, err)
	}
	return claims.SessionID, nil
}

// parseSession checks a cookie's signature with secret and reads its claims.
func parseSession(token string, secret []byte) (sessionClaims, error) {
	var claims sessionClaims
	_, err := jwt.ParseWithClaims(token, &claims, func(*jwt.Token) (any, error) { return secret, nil },
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}), jwt.WithExpirationRequired())
	return claims, err
}
