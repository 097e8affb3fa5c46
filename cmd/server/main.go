// Command server runs TTT Verify: `serve` (default), `migrate` and `create-admin`.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"golang.org/x/term"

	"github.com/tttverify/tttverify/adapters/jobs"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/cmd/server/app"
	"github.com/tttverify/tttverify/domain/user"
)

const usage = `usage: server [command]

commands:
  serve                                   run the web server (default); serve --help lists the
                                          environment variables that configure every command
  migrate                                 apply database migrations and exit
  create-admin --email E [--role reviewer|admin] [--promote]
                                          create a staff account, an administrator unless --role
                                          reviewer (reviewers work the queue; administrators also
                                          revoke, reinstate and run lists, jobs and exports); the
                                          password (at least 12 characters) is read from standard
                                          input; --promote also gives an existing account the role
  seed [--verifications N] [--per-user N] [--out FILE]
                                          create demonstration or benchmark data
  coupon create CODE PERCENT [--max N] [--expires YYYY-MM-DD] | coupon list | coupon disable CODE
  screening import SOURCE FILE… | screening fetch [SOURCE…] | screening lists | screening changes VERSION_ID
  screening check NAME [--person|--company] [--dob YYYY[-MM-DD]] [--country CC] [--id VALUE]
                                          sanctions and PEP lists (see screening help)
`

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], log); err != nil {
		log.Error("fatal", "error", err)
		stop()
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, log *slog.Logger) error {
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "help", "-h", "--help":
		fmt.Print(usage)
		return nil
	case "serve":
		if len(args) > 0 { // before the configuration is read, so that help works whatever is set
			return serveHelp(args, os.Stdout)
		}
	}
	cfg, err := app.LoadConfig()
	if err != nil {
		return err
	}
	switch cmd {
	case "serve":
		return serve(ctx, cfg, log)
	case "migrate":
		db, err := app.OpenDatabase(ctx, cfg, log)
		if err != nil {
			return err
		}
		defer func() { _ = db.Close() }()
		return jobs.Migrate(ctx, db, cfg.DatabaseURL, log)
	case "coupon":
		return couponCommand(ctx, cfg, log, args)
	case "create-admin":
		return createAdmin(ctx, cfg, log, args, os.Stdin)
	case "seed":
		return seedCommand(ctx, cfg, log, args)
	case "screening":
		return screeningCommand(ctx, cfg, log, args, os.Stdout)
	}
	fmt.Fprint(os.Stderr, usage)
	return fmt.Errorf("unknown command %q", cmd)
}

// serveHelp answers serve -h and serve --help with every configuration variable; serve takes no
// other argument.
func serveHelp(args []string, out io.Writer) error {
	if len(args) != 1 || (args[0] != "-h" && args[0] != "--help" && args[0] != "-help") {
		return fmt.Errorf("serve takes no arguments, only environment variables (see serve --help); got %q", args)
	}
	if _, err := fmt.Fprint(out, "usage: server serve\n\nRuns the web server.\n\n"); err != nil {
		return err
	}
	return app.WriteHelp(out)
}

func serve(ctx context.Context, cfg *app.Config, log *slog.Logger) error {
	if err := cfg.LoadSessionSecret(); err != nil {
		return err
	}
	a, err := app.Wire(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()
	if cfg.AdminEmail != "" {
		if err := ensureAdmin(ctx, a, cfg); err != nil {
			return fmt.Errorf("ensure admin %s: %w", cfg.AdminEmail, err)
		}
		log.Info("administrator ready", "email", cfg.AdminEmail)
	}
	if err := a.StartWorkers(ctx); err != nil {
		return err
	}
	if err := a.StartMetrics(); err != nil {
		return err
	}
	if err := a.DB.Warm(ctx); err != nil {
		return err
	}
	a.StartScreeningIndex(ctx)
	a.StartSweeper(ctx)
	if cfg.PprofAddr != "" {
		servePprof(ctx, cfg.PprofAddr, log)
	}
	srv := a.HTTPServer(cfg.Addr)
	errc := make(chan error, 1)
	go func() { errc <- srv.ListenAndServe() }()
	log.Info("serving", "addr", cfg.Addr, "public_base_url", cfg.PublicBaseURL)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	log.Info("shutting down")
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 15*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// ensureAdmin creates or updates the administrator of ADMIN_EMAIL (promoting an existing account
// only with ADMIN_PROMOTE). Servers starting together may both try to create it: the one that
// loses the race finds the account on a second try.
func ensureAdmin(ctx context.Context, a *app.App, cfg *app.Config) error {
	ensure := a.Auth.EnsureAdmin
	if cfg.AdminPromote {
		ensure = a.Auth.PromoteAdmin
	}
	_, err := ensure(ctx, cfg.AdminEmail, cfg.AdminPassword)
	if errors.Is(err, application.ErrEmailTaken) {
		_, err = ensure(ctx, cfg.AdminEmail, cfg.AdminPassword)
	}
	return err
}

// createAdmin reads the password from standard input, never from the command line, where other
// users of the machine and the shell history would see it.
func createAdmin(ctx context.Context, cfg *app.Config, log *slog.Logger, args []string, stdin *os.File) error {
	fs := flag.NewFlagSet("create-admin", flag.ContinueOnError)
	email := fs.String("email", "", "staff e-mail")
	roleName := fs.String("role", user.Admin.String(), "reviewer or admin")
	promote := fs.Bool("promote", false, "also give an existing account the role (its sessions end)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *email == "" || fs.NArg() > 0 {
		return errors.New("create-admin needs --email (and reads the password from standard input)")
	}
	role, err := user.ParseRole(*roleName)
	if err != nil || !role.Reviews() {
		return fmt.Errorf("create-admin --role must be reviewer or admin, not %q", *roleName)
	}
	pass, err := readPassword(stdin)
	if err != nil {
		return err
	}
	a, err := app.Wire(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()
	u, err := a.Auth.EnsureStaff(ctx, *email, pass, role, *promote)
	if err != nil {
		return err
	}
	label := "administrator"
	if !role.Administers() {
		label = "reviewer"
	}
	fmt.Printf("%s %s (id %d) is ready\n", label, u.Email, u.ID)
	return nil
}

// readPassword prompts without echo on a terminal, and otherwise reads the first line of a pipe.
func readPassword(f *os.File) (string, error) {
	if term.IsTerminal(int(f.Fd())) { //nolint:gosec // G115: a file descriptor fits in an int
		fmt.Fprint(os.Stderr, "Password (at least 12 characters): ")
		b, err := term.ReadPassword(int(f.Fd())) //nolint:gosec // G115: as above
		fmt.Fprintln(os.Stderr)
		return string(b), err
	}
	line, err := bufio.NewReader(f).ReadString('\n')
	if err != nil && !errors.Is(err, io.EOF) {
		return "", fmt.Errorf("read password: %w", err)
	}
	return strings.TrimRight(line, "\r\n"), nil
}
