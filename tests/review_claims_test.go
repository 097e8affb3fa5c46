package tests

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/persistence"
	"github.com/tttverify/tttverify/application"
)

// reviewer creates another administrator and returns a client signed in as them.
func (e *env) reviewer(t *testing.T, email string) *client {
	t.Helper()
	if _, err := e.Auth.EnsureAdmin(context.Background(), email, "reviewer-secret"); err != nil {
		t.Fatal(err)
	}
	c := e.client(t)
	c.must(http.StatusOK, "POST", "/api/login", map[string]string{"email": email, "password": "reviewer-secret"})
	return c
}

// adminView reads one verification as administrators see it.
func adminView(t *testing.T, c *client, id int64) api.AdminVerification {
	t.Helper()
	var v api.AdminVerification
	c.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(id), nil).JSON(t, &v)
	return v
}

// queueIDs lists the ids of the admin queue with the query, in its order.
func queueIDs(t *testing.T, c *client, query string) []int64 {
	t.Helper()
	var page []api.AdminVerification
	c.must(http.StatusOK, "GET", "/api/admin/verifications?sort=id&order=asc&pageSize=100"+query, nil).JSON(t, &page)
	ids := make([]int64, len(page))
	for i, v := range page {
		ids[i] = v.ID
	}
	return ids
}

// claimTrail is the verification's audit actions with their actors and reasons, oldest first.
func claimTrail(t *testing.T, c *client, id int64) []string {
	t.Helper()
	var events []api.AuditEvent
	c.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(id)+"/events", nil).JSON(t, &events)
	var out []string
	for _, ev := range events {
		line := ev.Action
		if ev.ActorEmail != nil {
			line += " by " + *ev.ActorEmail
		}
		if ev.Reason != nil {
			line += ": " + *ev.Reason
		}
		out = append(out, line)
	}
	return out
}

// claimedBy checks that err tells who holds the verification and how to decide anyway.
func claimedBy(t *testing.T, r response, holder string) {
	t.Helper()
	var got api.Error
	r.JSON(t, &got)
	if r.Status != http.StatusConflict || !strings.HasPrefix(got.Message, "Claimed by "+holder+" since ") ||
		!strings.HasSuffix(got.Message, "; take it over to decide") {
		t.Fatalf("status %d, message %q; want 409 naming %s", r.Status, got.Message, holder)
	}
}

// TestReviewClaimRace: two reviewers claim the same verification at once; exactly one wins and
// the other is told who has it, and both then see the winner on the verification.
func TestReviewClaimRace(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		v := e.inReview(t, e.register(t, "race@claims.example"), "basic")
		reviewers := map[string]*client{"ana@ttt.example": e.reviewer(t, "ana@ttt.example"),
			"ben@ttt.example": e.reviewer(t, "ben@ttt.example")}
		var wg sync.WaitGroup
		var mu sync.Mutex
		answers := map[string]response{}
		for email, c := range reviewers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r := c.do("POST", "/api/admin/verifications/"+itoa(v.ID)+"/claim", nil)
				mu.Lock()
				answers[email] = r
				mu.Unlock()
			}()
		}
		wg.Wait()
		var winner, loser string
		for email, r := range answers {
			switch r.Status {
			case http.StatusOK:
				winner = email
			default:
				loser = email
			}
		}
		if winner == "" || loser == "" {
			t.Fatalf("want one winner and one loser, got ana %d %s, ben %d %s", answers["ana@ttt.example"].Status,
				answers["ana@ttt.example"].Body, answers["ben@ttt.example"].Status, answers["ben@ttt.example"].Body)
		}
		claimedBy(t, answers[loser], winner)
		seen := adminView(t, reviewers[loser], v.ID).Claim
		if seen == nil || seen.HolderEmail != winner || seen.Mine {
			t.Fatalf("the loser sees claim %+v, want %s's", seen, winner)
		}
		if mine := adminView(t, reviewers[winner], v.ID).Claim; mine == nil || !mine.Mine {
			t.Fatalf("the winner sees claim %+v, want theirs", mine)
		}
		claimedBy(t, reviewers[loser].do("POST", "/api/admin/verifications/"+itoa(v.ID)+"/claim", nil), winner)
	})
}

// TestReviewClaimDecisions: a claimed verification is decided by its holder alone; another
// reviewer takes it over with a reason and then decides it; the audit trail shows it all.
func TestReviewClaimDecisions(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		applicant := e.register(t, "decide@claims.example")
		v := e.inReview(t, applicant, "basic")
		ana, ben := e.reviewer(t, "ana@ttt.example"), e.reviewer(t, "ben@ttt.example")
		path := "/api/admin/verifications/" + itoa(v.ID)
		claimed := ana.must(http.StatusOK, "POST", path+"/claim", nil)
		var got api.AdminVerification
		claimed.JSON(t, &got)
		if got.Claim == nil || got.Claim.HolderEmail != "ana@ttt.example" || got.Claim.ClaimedAt.After(e.clock.Now()) || e.clock.Now().Sub(got.Claim.ClaimedAt) > time.Second {
			t.Fatalf("claim answer %+v, want ana's since now", got.Claim)
		}

		claimedBy(t, ben.do("POST", path+"/approve", nil), "ana@ttt.example")
		claimedBy(t, ben.do("POST", path+"/reject", api.Reason{Reason: "No"}), "ana@ttt.example")
		ben.mustFail(http.StatusConflict, api.Error{Message: "You do not hold this verification; there is nothing to release"},
			"POST", path+"/release", nil)
		ben.mustFail(http.StatusBadRequest, api.Error{Message: "A reason is required to take over a review",
			Errors: map[string]string{"reason": "A reason is required to take over a review"}}, "POST", path+"/takeover", api.Reason{Reason: " "})
		if st := adminView(t, ben, v.ID).Status; st != "in_review" {
			t.Fatalf("status after refused decisions %s, want in_review", st)
		}

		ben.must(http.StatusOK, "POST", path+"/takeover", api.Reason{Reason: "Ana is on leave"})
		claimedBy(t, ana.do("POST", path+"/approve", nil), "ben@ttt.example")
		approved := ben.must(http.StatusOK, "POST", path+"/approve", nil)
		approved.JSON(t, &got)
		if got.Status != "approved" || got.Claim != nil {
			t.Fatalf("after ben's approval: status %s, claim %+v; want approved and no claim", got.Status, got.Claim)
		}
		want := []string{"claim by ana@ttt.example", "takeover by ben@ttt.example: from ana@ttt.example: Ana is on leave",
			"approve by ben@ttt.example"}
		if diff := cmp.Diff(want, claimTrail(t, ben, v.ID)[len(claimTrail(t, ben, v.ID))-3:]); diff != "" {
			t.Errorf("audit trail (-want +got):\n%s", diff)
		}

		// Unclaimed, anyone decides as before; a decided verification cannot be claimed.
		w := e.inReview(t, applicant, "basic")
		ben.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(w.ID)+"/reject", api.Reason{Reason: "Blurred"})
		ana.mustFail(http.StatusConflict, api.Error{Message: "Only a verification awaiting a decision can be claimed"},
			"POST", "/api/admin/verifications/"+itoa(w.ID)+"/claim", nil)
	})
}

// TestReviewClaimReleaseAndExpiry: a released claim frees the verification at once; a claim left
// idle for REVIEW_CLAIM_TTL lapses (read as unclaimed, its lapse audited when next met), and the
// holder's activity keeps it.
func TestReviewClaimReleaseAndExpiry(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		v := e.inReview(t, e.register(t, "idle@claims.example"), "basic")
		ana, ben := e.reviewer(t, "ana@ttt.example"), e.reviewer(t, "ben@ttt.example")
		path := "/api/admin/verifications/" + itoa(v.ID)

		ana.must(http.StatusOK, "POST", path+"/claim", nil)
		released := ana.must(http.StatusOK, "POST", path+"/release", nil)
		var got api.AdminVerification
		released.JSON(t, &got)
		if got.Claim != nil {
			t.Fatalf("claim after release %+v, want none", got.Claim)
		}
		ben.must(http.StatusOK, "POST", path+"/claim", nil)

		// An administrator's session ends after 30 idle minutes: each signs in again after the clock moves.
		e.clock.Advance(time.Hour + 59*time.Minute)
		ben = e.reviewer(t, "ben@ttt.example")
		ben.must(http.StatusOK, "POST", path+"/claim", nil) // activity: the claim runs two more hours
		e.clock.Advance(time.Hour + 59*time.Minute)
		ana = e.reviewer(t, "ana@ttt.example")
		claimedBy(t, ana.do("POST", path+"/claim", nil), "ben@ttt.example")
		e.clock.Advance(2 * time.Minute)
		if c := adminView(t, ana, v.ID).Claim; c != nil {
			t.Fatalf("claim after two idle hours %+v, want none", c)
		}
		if ids := queueIDs(t, ana, "&claim=unclaimed"); !cmp.Equal(ids, []int64{v.ID}) {
			t.Fatalf("unclaimed queue %v, want the lapsed %d", ids, v.ID)
		}
		ana.must(http.StatusOK, "POST", path+"/claim", nil)
		trail := claimTrail(t, ana, v.ID)
		want := []string{"claim by ana@ttt.example", "release by ana@ttt.example", "claim by ben@ttt.example",
			"claim-expired: claim by ben@ttt.example lapsed: no activity since " +
				e.clock.Now().Add(-2*time.Hour-time.Minute).UTC().Format(application.ClaimTimeFormat),
			"claim by ana@ttt.example"}
		if diff := cmp.Diff(want, trail[len(trail)-5:]); diff != "" {
			t.Errorf("audit trail (-want +got):\n%s", diff)
		}
	})
}

// TestReviewClaimQueueFilters: the queue shows the caller's claims, the unclaimed, or all, and
// each row names its holder.
func TestReviewClaimQueueFilters(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		applicant := e.register(t, "queue@claims.example")
		a, b, free := e.inReview(t, applicant, "basic"), e.inReview(t, applicant, "basic"), e.inReview(t, applicant, "basic")
		ana, ben := e.reviewer(t, "ana@ttt.example"), e.reviewer(t, "ben@ttt.example")
		ana.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(a.ID)+"/claim", nil)
		ben.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(b.ID)+"/claim", nil)

		for _, tc := range []struct {
			who   *client
			query string
			want  []int64
		}{
			{ana, "&claim=mine", []int64{a.ID}},
			{ben, "&claim=mine", []int64{b.ID}},
			{ana, "&claim=unclaimed", []int64{free.ID}},
			{ana, "", []int64{a.ID, b.ID, free.ID}},
		} {
			if got := queueIDs(t, tc.who, tc.query); !cmp.Equal(got, tc.want) {
				t.Errorf("queue%s: %v, want %v", tc.query, got, tc.want)
			}
		}
		var stats api.Stats
		ana.must(http.StatusOK, "GET", "/api/admin/verifications/stats?claim=mine", nil).JSON(t, &stats)
		if stats.InReview != 1 {
			t.Errorf("in review among ana's claims: %d, want 1", stats.InReview)
		}
		var page []api.AdminVerification
		ana.must(http.StatusOK, "GET", "/api/admin/verifications?sort=id&order=asc", nil).JSON(t, &page)
		holders := []string{}
		for _, row := range page {
			h := "-"
			if row.Claim != nil {
				h = row.Claim.HolderEmail
			}
			holders = append(holders, h)
		}
		if want := []string{"ana@ttt.example", "ben@ttt.example", "-"}; !cmp.Equal(holders, want) {
			t.Errorf("holders in the queue %v, want %v", holders, want)
		}
		ana.mustFail(http.StatusBadRequest, api.Error{Message: "claim must be mine or unclaimed"}, "GET",
			"/api/admin/verifications?claim=theirs", nil)
	})
}

// TestReviewClaimStoreTakesOnce: the store's Take is the conditional write that settles a race
// between reviewers who both read "unclaimed": a second Take loses while the first claim is live
// and wins once it has lapsed.
func TestReviewClaimStoreTakesOnce(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		v := e.inReview(t, e.register(t, "store@claims.example"), "basic")
		e.reviewer(t, "ana@ttt.example")
		e.reviewer(t, "ben@ttt.example")
		store := persistence.NewReviewClaims(e.DB)
		now := e.clock.Now().UTC()
		take := func(email string, at, liveSince time.Time) bool {
			won, err := store.Take(ctx, application.ReviewClaim{VerificationID: v.ID, HolderID: e.user(t, email).ID,
				ClaimedAt: at, ActiveAt: at}, liveSince)
			if err != nil {
				t.Fatal(err)
			}
			return won
		}
		if !take("ana@ttt.example", now, now.Add(-2*time.Hour)) {
			t.Fatal("the first take lost")
		}
		if take("ben@ttt.example", now, now.Add(-2*time.Hour)) {
			t.Fatal("a second take won over a live claim")
		}
		if c, _ := store.Get(ctx, v.ID); c == nil || c.HolderEmail != "ana@ttt.example" {
			t.Fatalf("claim %+v, want ana's", c)
		}
		later := now.Add(3 * time.Hour)
		if !take("ben@ttt.example", later, later.Add(-2*time.Hour)) {
			t.Fatal("a take lost to a lapsed claim")
		}
		if c, _ := store.Get(ctx, v.ID); c == nil || c.HolderEmail != "ben@ttt.example" || !c.ClaimedAt.Equal(later) {
			t.Fatalf("claim %+v, want ben's since %s", c, later)
		}
	})
}

// TestReviewClaimScreeningActions: the claim rule covers screening decisions too: another reviewer's
// PEP acknowledgement is refused by name, the holder's is their activity and keeps the claim alive.
func TestReviewClaimScreeningActions(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		v := e.inReview(t, e.register(t, "top@claims.example"), "top")
		e.screenQueued(t)
		ana, ben := e.reviewer(t, "ana@ttt.example"), e.reviewer(t, "ben@ttt.example")
		path := "/api/admin/verifications/" + itoa(v.ID)
		ana.must(http.StatusOK, "POST", path+"/claim", nil)
		ack := map[string]string{"note": "No PEP list licensed in this test"}
		claimedBy(t, ben.do("POST", path+"/screening/pep-acknowledgement", ack), "ana@ttt.example")

		e.clock.Advance(90 * time.Minute)
		ana = e.reviewer(t, "ana@ttt.example") // an administrator's session ends after 30 idle minutes
		ana.must(http.StatusOK, "POST", path+"/screening/pep-acknowledgement", ack)
		e.clock.Advance(90 * time.Minute) // three hours after the claim, ninety minutes after the activity
		ben = e.reviewer(t, "ben@ttt.example")
		claimedBy(t, ben.do("POST", path+"/approve", nil), "ana@ttt.example")
	})
}
