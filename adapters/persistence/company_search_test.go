package persistence_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/verification"
)

// TestCompanySearchLooksUpARareWord: once PostgreSQL has counted the words of company names, a
// search of several words looks up its rarest-looking word in the trigram index and checks the
// whole search on what that finds, so it answers exactly as the whole search would: names that
// hold the word elsewhere are not found. Before the count, and on SQLite, the whole search is
// looked up.
func TestCompanySearchLooksUpARareWord(t *testing.T) {
	for _, engine := range dbtest.Engines {
		t.Run(engine, func(t *testing.T) {
			t.Parallel()
			db, _ := dbtest.Open(t, engine)
			ctx := context.Background()
			now := time.Date(2026, 11, 27, 9, 0, 0, 0, time.UTC)
			verifications, sections := persistence.NewVerifications(db), persistence.NewSections(db, func() time.Time { return now })
			owner := &application.User{Email: "ana@acme.test", CreatedAt: now}
			if err := persistence.NewUsers(db).Create(ctx, owner); err != nil {
				t.Fatal(err)
			}
			names := map[int64]string{}
			add := func(name string) {
				t.Helper()
				v, err := verification.New(owner.ID, verification.Basic, now)
				if err == nil {
					err = verifications.Create(ctx, v)
				}
				if err == nil {
					err = sections.SaveCompany(ctx, &application.CompanyRecord{VerificationID: v.ID(),
						CompanyInfo: verification.CompanyInfo{CompanyName: name, RegistrationNumber: fmt.Sprintf("R-%d", len(names))}})
				}
				if err != nil {
					t.Fatal(err)
				}
				names[v.ID()] = name
			}
			// Every name shares "nordic trading ab"; each number is in one name or two.
			for i := range 200 {
				add(fmt.Sprintf("Nordic Trading %d AB", 1000+i))
			}
			add("Nordic 1234 Trading AB") // holds 1234, but not "trading 1234"
			add("Nordic Trading 12345 AB")
			search := func(text string) []int64 {
				t.Helper()
				items, _, err := verifications.List(ctx, application.VerificationFilter{Company: text, Page: 1, PageSize: 500,
					Sort: application.SortID})
				if err != nil {
					t.Fatalf("search %q: %v", text, err)
				}
				var ids []int64
				for _, it := range items {
					ids = append(ids, it.Verification.ID())
				}
				return ids
			}
			want := func(text string) []int64 {
				var ids []int64
				for id, name := range names {
					if strings.Contains(strings.ToLower(name), strings.ToLower(text)) {
						ids = append(ids, id)
					}
				}
				slices.Sort(ids)
				return ids
			}
			check := func() {
				t.Helper()
				for _, text := range []string{"trading 1234", "Trading 1234 AB", "nordic trading", "1234 trading", "trading 12345 ab", "trading 9999"} {
					if got, w := search(text), want(text); !slices.Equal(got, w) {
						t.Errorf("search %q: got %v, want %v", text, got, w)
					}
				}
			}
			check()
			if got := verifications.RareWord(ctx, "trading 1234"); got != "" {
				t.Errorf("before the words are counted, the search looked up %q alone", got)
			}
			if engine != "postgres" {
				return
			}
			if _, err := db.ExecContext(ctx, "ANALYZE company_infos"); err != nil {
				t.Fatal(err)
			}
			if got := verifications.RareWord(ctx, "trading 1234"); got != "" {
				t.Errorf("a minute after finding no counts, the search looked up %q alone", got)
			}
			verifications = persistence.NewVerifications(db) // a server started after the analysis
			for text, word := range map[string]string{
				"trading 1234":      "1234",
				"nordic trading ab": "", // every word is common
				"trad 12345":        "12345",
				"nordi 12":          "", // part of a common word is common too
				"1234":              "", // one word: the whole search
				"ab 12":             "", // too short for the index
			} {
				if got := verifications.RareWord(ctx, text); got != word {
					t.Errorf("search %q looked up %q, want %q", text, got, word)
				}
			}
			check()
		})
	}
}
