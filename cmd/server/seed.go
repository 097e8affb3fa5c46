package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/tttverify/tttverify/adapters/password"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/cmd/server/app"
)

// seedCommand fills the database with demonstration or benchmark data.
func seedCommand(ctx context.Context, cfg *app.Config, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("seed", flag.ContinueOnError)
	n := fs.Int("verifications", 200, "how many verifications to create")
	perUser := fs.Int("per-user", 10, "verifications per seeded user")
	pass := fs.String("password", "seed-password", "password of every seeded user")
	out := fs.String("out", "", "write a JSON summary (sample e-mail, approved public ids) to this file")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *n < 1 || *perUser < 1 {
		return fmt.Errorf("--verifications and --per-user must be positive")
	}
	db, err := app.OpenDatabase(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer db.Close()
	hash, err := password.Bcrypt{}.Hash(*pass)
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := persistence.Seed(ctx, db, persistence.SeedOptions{Verifications: *n, PerUser: *perUser, PasswordHash: hash,
		Now: time.Now().UTC(), Progress: func(done, total int) {
			if done%50000 == 0 || done == total {
				log.Info("seeding", "done", done, "total", total, "elapsed", time.Since(start).Round(time.Second).String())
			}
		}})
	if err != nil {
		return err
	}
	log.Info("seeded", "users", res.Users, "verifications", res.Verifications, "elapsed", time.Since(start).Round(time.Millisecond).String(),
		"sample_user", res.SampleEmail, "password", *pass)
	if *out != "" {
		b, err := json.Marshal(res)
		if err != nil {
			return err
		}
		return os.WriteFile(*out, b, 0o600)
	}
	return nil
}
