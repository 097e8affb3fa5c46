package tests

import (
	"context"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// TestRepresentativeDeleteIsSoftAndAudited: removing a representative keeps the row, marked
// deleted, and says who removed whom in the audit trail; the representative is gone from every read.
func TestRepresentativeDeleteIsSoftAndAudited(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		c := e.register(t, "reps@acme.example")
		v := fillVerification(t, c, "basic")
		base := "/api/verifications/" + itoa(v.ID)
		var reps []struct{ ID int64 }
		c.must(http.StatusOK, "GET", base+"/representatives", nil).JSON(t, &reps)
		c.must(http.StatusNoContent, "DELETE", base+"/representatives/"+itoa(reps[0].ID), nil)
		c.must(http.StatusNotFound, "DELETE", base+"/representatives/"+itoa(reps[0].ID), nil)
		c.must(http.StatusNotFound, "PUT", base+"/representatives/"+itoa(reps[0].ID), representativeBody)
		c.must(http.StatusOK, "GET", base+"/representatives", nil).JSON(t, &reps)
		if len(reps) != 0 {
			t.Fatalf("representatives after the delete: %+v", reps)
		}
		var progress api.Verification
		c.must(http.StatusOK, "GET", base, nil).JSON(t, &progress)
		if progress.Progress == 100 {
			t.Error("progress still counts the deleted representative")
		}
		var deletedAt *time.Time
		if err := e.DB.NewSelect().Table("representatives").Column("deleted_at").Where("verification_id = ?", v.ID).
			Scan(context.Background(), &deletedAt); err != nil || deletedAt == nil {
			t.Fatalf("the representative's row: %v, deleted_at %v", err, deletedAt)
		}
		events, err := e.Svc.Verifications.AuditTrail(context.Background(), v.ID)
		if err != nil {
			t.Fatal(err)
		}
		last := events[len(events)-1]
		if last.Action != "delete-representative" || !strings.Contains(last.Reason, "Jane Doe") || last.ActorEmail != "reps@acme.example" {
			t.Errorf("last audit event %+v, want the representative's removal by the applicant", last)
		}
	})
}
