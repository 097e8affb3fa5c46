package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strconv"
	"text/tabwriter"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/cmd/server/app"
	"github.com/tttverify/tttverify/domain/pricing"
)

const couponUsage = `usage:
  server coupon create CODE PERCENT [--max N] [--expires YYYY-MM-DD]
  server coupon list
  server coupon disable CODE

CODE is stored upper-case; applicants may type it in any case. PERCENT is 1 to 100 (100 makes the
verification free). --max limits the redemptions (default unlimited). --expires is the last day
the coupon works (UTC).
`

// couponCommand administers discount coupons: create, list and disable.
func couponCommand(ctx context.Context, cfg *app.Config, log *slog.Logger, args []string) error {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, couponUsage)
		return errors.New("coupon needs a subcommand")
	}
	db, err := app.OpenDatabase(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer func() { _ = db.Close() }()
	clock := application.SystemClock{}
	admin := application.NewCouponAdmin(persistence.NewTransactor(db), persistence.NewCoupons(db), clock)

	switch sub, rest := args[0], args[1:]; sub {
	case "create":
		return couponCreate(ctx, admin, rest)
	case "list":
		if len(rest) != 0 {
			return errors.New("coupon list takes no arguments")
		}
		return couponList(ctx, admin, clock.Now())
	case "disable":
		if len(rest) != 1 {
			return errors.New("usage: coupon disable CODE")
		}
		c, err := admin.Disable(ctx, rest[0])
		if err != nil {
			return err
		}
		fmt.Printf("coupon %s disabled\n", c.Code())
		return nil
	case "help", "-h", "--help":
		fmt.Print(couponUsage)
		return nil
	}
	fmt.Fprint(os.Stderr, couponUsage)
	return fmt.Errorf("unknown coupon subcommand %q", args[0])
}

func couponCreate(ctx context.Context, admin *application.CouponAdmin, args []string) error {
	fs := flag.NewFlagSet("coupon create", flag.ContinueOnError)
	maxUses := fs.Int("max", 0, "maximum number of redemptions (0: unlimited)")
	expires := fs.String("expires", "", "last day the coupon works, YYYY-MM-DD (UTC)")
	// Positional arguments come first (coupon create CODE PERCENT --max N); flags may follow them.
	var pos []string
	for len(args) > 0 {
		if err := fs.Parse(args); err != nil {
			return err
		}
		args = fs.Args()
		if len(args) > 0 {
			pos, args = append(pos, args[0]), args[1:]
		}
	}
	if len(pos) != 2 {
		return errors.New("usage: coupon create CODE PERCENT [--max N] [--expires YYYY-MM-DD]")
	}
	percent, err := strconv.Atoi(pos[1])
	if err != nil {
		return fmt.Errorf("PERCENT must be a whole number from 1 to 100, got %q", pos[1])
	}
	var expiresAt *time.Time
	if *expires != "" {
		day, err := time.Parse("2006-01-02", *expires)
		if err != nil {
			return fmt.Errorf("--expires must be a date YYYY-MM-DD, got %q", *expires)
		}
		end := day.AddDate(0, 0, 1) // valid through the whole day
		expiresAt = &end
	}
	c, err := admin.Create(ctx, pos[0], percent, *maxUses, expiresAt)
	if err != nil {
		return err
	}
	fmt.Printf("coupon %s created: %d%% off%s%s\n", c.Code(), c.Percent(), maxText(*maxUses), expiryText(expiresAt))
	return nil
}

func couponList(ctx context.Context, admin *application.CouponAdmin, now time.Time) error {
	coupons, err := admin.List(ctx)
	if err != nil {
		return err
	}
	w := tabwriter.NewWriter(os.Stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "CODE\tPERCENT\tSTATE\tREDEEMED\tMAX\tLAST DAY")
	for _, c := range coupons {
		s := c.Snapshot()
		state := "active"
		switch err := c.Check(now); {
		case errors.Is(err, pricing.ErrCouponDisabled):
			state = "disabled"
		case errors.Is(err, pricing.ErrCouponExpired):
			state = "expired"
		case errors.Is(err, pricing.ErrCouponExhausted):
			state = "used up"
		}
		limit, last := "-", "-"
		if s.MaxRedemptions > 0 {
			limit = strconv.Itoa(s.MaxRedemptions)
		}
		if s.ExpiresAt != nil {
			last = s.ExpiresAt.AddDate(0, 0, -1).Format("2006-01-02")
		}
		fmt.Fprintf(w, "%s\t%d%%\t%s\t%d\t%s\t%s\n", s.Code, s.Percent, state, s.Redemptions, limit, last)
	}
	return w.Flush()
}

func maxText(n int) string {
	if n == 0 {
		return ", unlimited redemptions"
	}
	return fmt.Sprintf(", at most %d redemptions", n)
}

func expiryText(t *time.Time) string {
	if t == nil {
		return ", no expiry"
	}
	return ", last day " + t.AddDate(0, 0, -1).Format("2006-01-02")
}
