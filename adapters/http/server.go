// Package http is the HTTP adapter: echo routes, DTOs, middleware, error mapping and the embedded SPA.
package http

import (
	"context"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"net/url"
	"time"

	"github.com/labstack/echo/v5"
	"github.com/labstack/echo/v5/middleware"

	"github.com/tttverify/tttverify/application"
)

// Checker reports whether a dependency (database, object store) is usable.
type Checker interface {
	Ping(ctx context.Context) error
}

// Config is what the HTTP adapter needs besides the use cases.
type Config struct {
	SessionSecret []byte
	SecureCookies bool   // set when served over TLS
	PublicBaseURL string // e.g. https://verify.example.com
	AuthRateLimit int    // login and register attempts per minute per address; 0 turns the limit off
	Logger        *slog.Logger
	SPA           fs.FS // the built frontend (index.html and assets); may be empty
	Readiness     map[string]Checker
	Clock         application.Clock // nil: the system clock
	Baseline      bool              // serve GET /bench/baseline: the framework alone, for make bench
	// TransferTimeout is how long an upload or file download may take (Timeouts.Transfer); the
	// server-wide timeouts are set on the http.Server (Timeouts.Apply).
	TransferTimeout time.Duration
	// PresignedDownloads answers GET /api/files/* with a redirect to a short-lived link into the
	// object store instead of streaming the file; Documents.CanLinkDownloads must be true.
	PresignedDownloads bool

	// Throttle counts the attempts the rate limits allow (every server must see the same counts);
	// required unless AuthRateLimit is 0.
	Throttle application.Throttle
	// TrustedProxies are the networks (the load balancers) whose X-Forwarded-For is believed when
	// finding a client's address; empty: the connection's peer is the client.
	TrustedProxies []*net.IPNet
	// Observe, when set, wraps every request after routing and outside the request log (which
	// writes error responses), so that it sees the route pattern and the status sent: metrics.
	Observe echo.MiddlewareFunc
	// OldSessionSecret, when set, is the secret before a rotation: its cookies stay valid and
	// are signed again with SessionSecret when next used.
	OldSessionSecret []byte
}

// Services are the use cases the routes call.
type Services struct {
	Auth          *application.Auth
	Verifications *application.Verifications
	Sections      *application.SectionsService
	Documents     *application.DocumentsService
	Payments      *application.Payments
	Admin         *application.Admin
	Charts        *application.Charts
	Review        *application.Review
	Certificates  *application.Certificates
	Proofs        *application.Proofs
	Screening     *application.Screening
	TopChecks     *application.TopChecks
	Inbox         *application.Inbox
	Jobs          *application.Jobs
	// PasswordResets are the forgotten-password use cases.
	PasswordResets *application.PasswordResets
	// Follows are the counterparties' follow requests, confirmations and unsubscribes.
	Follows *application.Follows
	// AuditExport is the audit trail's CSV and PDF exports.
	AuditExport *application.AuditExport
	// ReviewClaims are the reviewers' claims on verifications ("Start review").
	ReviewClaims *application.ReviewClaims
}

// Server holds the handlers' dependencies.
type Server struct {
	Services
	auth          *application.Auth
	sessions      sessions
	publicOrigin  string
	secureCookies bool
	log           *slog.Logger
	readiness     map[string]Checker
	clock         application.Clock
	presignedGets bool
	limits        limits
}

// New builds the echo instance with every route.
func New(cfg Config, svc Services) *echo.Echo {
	origin := cfg.PublicBaseURL
	if u, err := url.Parse(cfg.PublicBaseURL); err == nil && u.Host != "" {
		origin = u.Scheme + "://" + u.Host
	}
	s := &Server{Services: svc, auth: svc.Auth, sessions: sessions{secret: cfg.SessionSecret, secure: cfg.SecureCookies,
		previous: cfg.OldSessionSecret},
		publicOrigin: origin, secureCookies: cfg.SecureCookies, log: cfg.Logger, readiness: cfg.Readiness, clock: cfg.Clock,
		presignedGets: cfg.PresignedDownloads}
	if s.clock == nil {
		s.clock = application.SystemClock{}
	}
	s.sessions.clock = s.clock
	s.limits = newLimits(cfg.Throttle, s.clock, cfg.AuthRateLimit)

	e := echo.New()
	e.Logger = cfg.Logger
	e.HTTPErrorHandler = errorHandler(cfg.Logger)
	e.IPExtractor = ipExtractor(cfg.TrustedProxies)
	e.Use(middleware.Recover())
	e.Use(dropUnsafeRequestID, middleware.RequestID())
	if cfg.Observe != nil {
		e.Use(cfg.Observe)
	}
	e.Use(requestLog(cfg.Logger))
	e.Use(s.securityHeaders)
	e.Use(refuseBadText)

	e.GET("/healthz", s.healthz)
	e.GET("/.well-known/did.json", s.issuerDocument)
	e.GET("/readyz", s.readyz)
	if cfg.Baseline {
		e.GET("/bench/baseline", func(c *echo.Context) error {
			return c.JSON(http.StatusOK, map[string]string{"status": "ok", "service": "ttt-verify"})
		})
	}

	api := e.Group("/api", noStore, compressJSON, s.checkOrigin, s.authenticate)
	s.authRoutes(api)
	s.paymentRoutes(api, e)
	s.verificationRoutes(api.Group("", requireUser), transfer(cfg.TransferTimeout))
	s.notificationRoutes(api.Group("/notifications", requireUser))
	s.adminRoutes(api.Group("/admin", requireAdmin))
	s.publicRoutes(api)
	s.followRoutes(api)
	api.GET("/openapi.json", serveOpenAPI)
	api.RouteNotFound("/*", func(*echo.Context) error { return application.ErrNotFound })

	spa := newSPA(cfg.SPA)
	e.GET("/*", spa.serve)
	e.HEAD("/*", spa.serve)
	return e
}

func (s *Server) authRoutes(g *echo.Group) {
	limit := s.limits.byAddress("auth")
	g.GET("/user", s.getUser)
	g.POST("/login", s.login, limit)
	g.POST("/register", s.register, limit)
	g.POST("/logout", s.logout)
	g.POST("/change-password", s.changePassword, requireUser)
	g.POST("/password-reset/request", s.requestPasswordReset, s.limits.byAddress("reset"))
	g.POST("/password-reset/confirm", s.confirmPasswordReset, limit)
}

func (s *Server) verificationRoutes(g *echo.Group, transfer echo.MiddlewareFunc) {
	g.GET("/verifications", s.listVerifications)
	g.POST("/verifications", s.createVerification)
	g.GET("/verifications/:id", s.getVerification)
	g.DELETE("/verifications/:id", s.deleteVerification)
	g.POST("/verifications/:id/submit", s.submitVerification)
	g.POST("/verifications/:id/resubmit", s.resubmitVerification)

	g.GET("/verifications/:id/company-info", s.getCompany)
	g.POST("/verifications/:id/company-info", s.saveCompany)
	g.PUT("/verifications/:id/company-info", s.saveCompany)
	g.GET("/verifications/:id/banking-info", s.getBanking)
	g.POST("/verifications/:id/banking-info", s.saveBanking)
	g.PUT("/verifications/:id/banking-info", s.saveBanking)
	g.POST("/verifications/:id/banking-info/reference", s.uploadBankReference, transfer)
	g.GET("/verifications/:id/trade-info", s.getTrade)
	g.POST("/verifications/:id/trade-info", s.saveTrade)
	g.PUT("/verifications/:id/trade-info", s.saveTrade)

	g.GET("/verifications/:id/representatives", s.listRepresentatives)
	g.POST("/verifications/:id/representatives", s.addRepresentative)
	g.PUT("/verifications/:id/representatives/:repId", s.updateRepresentative)
	g.DELETE("/verifications/:id/representatives/:repId", s.deleteRepresentative)
	g.POST("/verifications/:id/representatives/:repId/passport", s.uploadPassport, transfer)

	g.GET("/verifications/:id/beneficial-owners", s.getOwnership)
	g.POST("/verifications/:id/beneficial-owners", s.addOwner)
	g.PUT("/verifications/:id/beneficial-owners/:ownerId", s.updateOwner)
	g.DELETE("/verifications/:id/beneficial-owners/:ownerId", s.deleteOwner)
	g.POST("/verifications/:id/beneficial-owners/:ownerId/document", s.uploadOwnerDocument, transfer)
	g.PUT("/verifications/:id/ownership-declaration", s.declareNoOwners)
	g.DELETE("/verifications/:id/ownership-declaration", s.withdrawDeclaration)

	g.GET("/verifications/:id/documents", s.listDocuments)
	g.POST("/verifications/:id/documents", s.uploadDocument, transfer)
	g.DELETE("/verifications/:id/documents/:docId", s.deleteDocument)

	g.GET("/files/*", s.downloadFile, transfer)

	g.GET("/verifications/:id/cis-form", s.getCISForm)
	g.POST("/verifications/:id/cis-form/share", s.shareCISForm)
	g.GET("/verifications/:id/cis-form/shares", s.listShareLinks)
	g.DELETE("/verifications/:id/cis-form/shares/:shareId", s.revokeShareLink)
	g.GET("/verifications/:id/certificate", s.downloadCertificate)
}

// publicRoutes need no sign-in: the certificate page and share links.
func (s *Server) publicRoutes(g *echo.Group) {
	g.GET("/public/search", s.publicSearch, s.limits.byAddress("search"))
	g.GET("/public/verifications/:publicId", s.publicVerification)
	g.GET("/public/verifications/:publicId/company-info", s.publicCompany)
	g.GET("/public/verifications/:publicId/documents", s.publicDocuments)
	g.GET("/public/verifications/:publicId/badge.svg", s.publicBadge)
	g.POST("/public/verify", s.verifyText, s.limits.byAddress("verify"))
	g.POST("/public/verify/file", s.verifyFile, s.limits.byAddress("verify"))
	g.GET("/public/verifications/:publicId/credential", s.publicCredential)
	g.GET("/public/credentials/status/revocation", s.statusList)
	g.GET("/shared/cis/:token", s.openSharedCIS)
}

func (s *Server) healthz(c *echo.Context) error {
	return c.JSON(200, map[string]string{"status": "ok"})
}

// readyz pings every dependency; 503 names the ones that are down.
func (s *Server) readyz(c *echo.Context) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 3*time.Second)
	defer cancel()
	checks := map[string]string{}
	status := 200
	for name, chk := range s.readiness {
		if err := chk.Ping(ctx); err != nil {
			checks[name] = "down"
			status = 503
			s.log.Warn("readiness check failed", "dependency", name, "error", err)
		} else {
			checks[name] = "ok"
		}
	}
	state := "ok"
	if status != 200 {
		state = "unavailable"
	}
	return c.JSON(status, map[string]any{"status": state, "checks": checks})
}
