package jobs_test

import (
	"context"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/jobs"
	"github.com/tttverify/tttverify/adapters/persistence/dbtest"
	"github.com/tttverify/tttverify/application"
)

// TestJobOfADeadServerRunsAgain leaves a job marked running by a server that no longer exists, as a
// SIGKILL mid-job does, and starts another instance: River's leader gives the job back to a worker
// once it has been running 1.2 x the job timeout, and it completes.
func TestJobOfADeadServerRunsAgain(t *testing.T) {
	db, url := dbtest.Open(t, "postgres")
	ctx := context.Background()
	producer := newQueue(t, db, url, jobs.Config{Workers: 0, Kinds: cisOnly(newRecorder[application.GenerateCIS]().handle)})
	if err := producer.Enqueue(ctx, application.GenerateCIS{VerificationID: 7}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.ExecContext(ctx, `UPDATE river_job SET state = 'running', attempt = 1,
		attempted_at = now() - interval '10 seconds', attempted_by = ARRAY['the-dead-server'] WHERE kind = 'generate_cis'`); err != nil {
		t.Fatal(err)
	}

	cis := newRecorder[application.GenerateCIS]()
	newQueue(t, db, url, jobs.Config{Workers: 1, JobTimeout: time.Second, Kinds: cisOnly(cis.handle)})
	waitFor(t, "the dead server's job to run again", cis.seen)
	if got := cis.jobs(); len(got) != 1 || got[0].VerificationID != 7 {
		t.Fatalf("jobs run: %+v", got)
	}
}
