package tests

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
	"github.com/tttverify/tttverify/adapters/persistence"
	screeninglists "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/adapters/screening/screeningtest"
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// listFile reads a list file: rel under the committed snapshot (screeningtest.DataDir), or a fixture of the parsers when rel starts with "testdata/".
func listFile(t *testing.T, rel string) application.ListFile {
	t.Helper()
	var p string
	if strings.HasPrefix(rel, "testdata/") {
		p = filepath.Join("..", "adapters", "screening", rel)
	} else {
		p = filepath.Join(screeningtest.DataDir(t), rel)
	}
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatalf("list file %s: %v", rel, err)
	}
	return application.ListFile{Name: filepath.Base(p), Data: b}
}

// importList imports one list through the use case, as the `screening import` subcommand does.
func (e *env) importList(t *testing.T, src screening.Source, files ...application.ListFile) *application.ImportResult {
	t.Helper()
	res, err := e.Svc.Screening.ImportList(context.Background(), application.System, src, files)
	if err != nil {
		t.Fatalf("import %s: %v", src, err)
	}
	return res
}

func TestScreeningLists(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		csl := e.importList(t, screening.USCSL, listFile(t, "us_csl/consolidated.csv")).Version
		eu := e.importList(t, screening.EU, listFile(t, "testdata/eu/export.xml")).Version
		e.importList(t, screening.UK, listFile(t, "testdata/uk/UK-Sanctions-List.xml"))
		if csl.EntryCount != 115 || csl.Added != 115 || !eu.InForce {
			t.Fatalf("versions %+v %+v", csl, eu)
		}
		objects := e.objectCount(t) // the raw files, kept as evidence
		if objects == 0 {
			t.Fatal("the raw files were not kept")
		}

		adm := e.admin(t)
		var lists struct{ InForce, History []api.ListVersion }
		adm.must(http.StatusOK, "GET", "/api/admin/screening/lists", nil).JSON(t, &lists)
		if len(lists.InForce) != 3 || len(lists.History) != 3 {
			t.Fatalf("lists %+v", lists)
		}

		// A listed person and a listed company are found, naming the list version they come from.
		var found api.ScreeningResult
		adm.must(http.StatusOK, "POST", "/api/admin/screening/search", map[string]any{"name": "KUZNETSOV Ivan Sergeyevich",
			"kind": "person", "dateOfBirth": "1971-03-14", "country": "ru"}).JSON(t, &found)
		if len(found.Hits) == 0 || found.Hits[0].Entry.SourceID != "900001" || found.Hits[0].Entry.ListVersion != eu.ID ||
			found.Hits[0].Entry.DatesOfBirth[0] != "1971-03-14" || len(found.Hits[0].Explanation) == 0 || len(found.ListVersions) != 3 {
			t.Fatalf("person search %+v", found)
		}
		found = api.ScreeningResult{}
		adm.must(http.StatusOK, "POST", "/api/admin/screening/search", map[string]any{"name": "200G PSA Holdings LLC",
			"kind": "company", "identifiers": []map[string]string{{"value": "80-0890696"}}, "limit": 5}).JSON(t, &found)
		if len(found.Hits) == 0 || found.Hits[0].Entry.Name != "200G PSA HOLDINGS LLC" || found.Hits[0].Entry.ListVersion != csl.ID {
			t.Fatalf("company search %+v", found)
		}

		// Bad input is refused field by field.
		for body, field := range map[string]map[string]any{
			"name":                 {"name": "  "},
			"kind":                 {"name": "Ivan", "kind": "ship"},
			"limit":                {"name": "Ivan", "limit": 0},
			"dateOfBirth":          {"name": "Ivan", "dateOfBirth": "1971-13-01"},
			"country":              {"name": "Ivan", "country": "Russia"},
			"identifiers[0].value": {"name": "Ivan", "identifiers": []map[string]string{{"type": "passport"}}},
			"identifiers[0].type":  {"name": "Ivan", "identifiers": []map[string]string{{"type": "visa", "value": "1"}}},
		} {
			r := adm.must(http.StatusBadRequest, "POST", "/api/admin/screening/search", field)
			if errs, _ := r.Map(t)["errors"].(map[string]any); errs[body] == nil {
				t.Errorf("%v: errors %s, want one for %s", field, r.Body, body)
			}
		}
		adm.must(http.StatusBadRequest, "POST", "/api/admin/screening/search", map[string]any{"name": "Ivan", "limit": "ten"})

		// Only administrators screen, and see the lists.
		applicant := e.register(t, "applicant@trader.example")
		applicant.must(http.StatusForbidden, "POST", "/api/admin/screening/search", map[string]any{"name": "Ivan"})
		applicant.must(http.StatusForbidden, "GET", "/api/admin/screening/lists", nil)
		e.client(t).must(http.StatusUnauthorized, "POST", "/api/admin/screening/search", map[string]any{"name": "Ivan"})
		if _, err := e.Svc.Screening.Search(ctx, e.user(t, "applicant@trader.example"), application.SearchInput{Name: "Ivan"}); !errors.Is(err, application.ErrForbidden) {
			t.Fatalf("use case lets a non-admin search: %v", err)
		}

		// The same files again make no new version.
		if again := e.importList(t, screening.USCSL, listFile(t, "us_csl/consolidated.csv")); !again.Unchanged || again.Version.ID != csl.ID {
			t.Fatalf("identical import %+v", again)
		}

		// A garbled file fails, and the version in force stays, with its entries searchable.
		garbled := listFile(t, "testdata/eu/export.xml")
		garbled.Data = garbled.Data[:len(garbled.Data)*2/3]
		if _, err := e.Svc.Screening.ImportList(ctx, application.System, screening.EU, []application.ListFile{garbled}); !errors.Is(err, application.ErrInvalidList) ||
			!strings.Contains(err.Error(), "truncated") {
			t.Fatalf("garbled import: %v", err)
		}
		if _, err := e.Svc.Screening.ImportList(ctx, application.System, screening.EU, []application.ListFile{{Name: "export.xml"}}); !errors.Is(err, application.ErrInvalidList) {
			t.Fatalf("empty import: %v", err)
		}
		lists.InForce, lists.History = nil, nil
		adm.must(http.StatusOK, "GET", "/api/admin/screening/lists", nil).JSON(t, &lists)
		if len(lists.History) != 3 || e.objectCount(t) != objects {
			t.Fatalf("after failed imports: %+v, %d files", lists, e.objectCount(t))
		}
		found = api.ScreeningResult{}
		adm.must(http.StatusOK, "POST", "/api/admin/screening/search", map[string]any{"name": "Ivan Kuznetsov"}).JSON(t, &found)
		if len(found.Hits) == 0 || found.Hits[0].Entry.ListVersion != eu.ID {
			t.Fatalf("search after a failed import %+v", found)
		}

		// A new publication records what changed; the per-entry diff is kept.
		next := listFile(t, "testdata/eu/export.xml")
		next.Data = []byte(strings.Replace(string(next.Data), `wholeName="OOO Severmetkom"`, `wholeName="OOO Severmetkom Trade"`, 1))
		v2 := e.importList(t, screening.EU, next).Version
		if v2.PreviousID != eu.ID || v2.Added != 0 || v2.Removed != 0 || v2.Changed != 1 {
			t.Fatalf("second version %+v", v2)
		}
		var diff struct {
			Version api.ListVersion
			Changes []struct{ SourceID, Change, Name string }
		}
		adm.must(http.StatusOK, "GET", "/api/admin/screening/lists/"+itoa(v2.ID)+"/changes", nil).JSON(t, &diff)
		if diff.Version.ID != v2.ID || len(diff.Changes) != 1 || diff.Changes[0].SourceID != "900003" || diff.Changes[0].Change != "changed" {
			t.Fatalf("changes %+v", diff)
		}
		adm.must(http.StatusNotFound, "GET", "/api/admin/screening/lists/999999/changes", nil)
		applicant.must(http.StatusForbidden, "GET", "/api/admin/screening/lists/"+itoa(v2.ID)+"/changes", nil)
		found = api.ScreeningResult{}
		adm.must(http.StatusOK, "POST", "/api/admin/screening/search", map[string]any{"name": "Severmetkom Trade", "kind": "company"}).JSON(t, &found)
		if len(found.Hits) == 0 || found.Hits[0].Entry.ListVersion != v2.ID {
			t.Fatalf("search after the second import %+v", found)
		}
		lists.InForce, lists.History = nil, nil
		adm.must(http.StatusOK, "GET", "/api/admin/screening/lists", nil).JSON(t, &lists)
		if len(lists.InForce) != 3 || len(lists.History) != 4 {
			t.Fatalf("lists after the second import %+v", lists)
		}
	})
}

// TestScreeningIndexSwap: searches keep answering from the old index while an import builds the
// new one, and a server notices an import made by another process (the `screening` subcommand).
func TestScreeningIndexSwap(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		e.importList(t, screening.EU, listFile(t, "testdata/eu/export.xml"))
		search := func() (*application.SearchResult, error) {
			return e.Svc.Screening.Search(ctx, application.System, application.SearchInput{Name: "Ivan Kuznetsov", Kind: "person"})
		}
		if _, err := search(); err != nil {
			t.Fatal(err)
		}

		stop := make(chan struct{})
		failures := make(chan string, 4)
		var wg sync.WaitGroup
		for range 4 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					select {
					case <-stop:
						return
					default:
					}
					res, err := search()
					if err != nil || len(res.Hits) == 0 {
						failures <- fmt.Sprintf("search during an import: %v, %d hits", err, len(res.Hits))
						return
					}
				}
			}()
		}
		next := listFile(t, "testdata/eu/export.xml")
		next.Data = []byte(strings.Replace(string(next.Data), "Head of procurement of", "Former head of procurement of", 1))
		v2 := e.importList(t, screening.EU, next).Version
		e.importList(t, screening.UK, listFile(t, "testdata/uk/UK-Sanctions-List.xml"))
		close(stop)
		wg.Wait()
		close(failures)
		for f := range failures {
			t.Error(f)
		}
		if res, _ := search(); len(res.ListVersions) != 2 || res.Hits[0].ListVersion.ID != v2.ID {
			t.Fatalf("after the imports the index has %+v", res.ListVersions)
		}

		// Another process imports; this server's next searches find the new version.
		other, err := wire(e.cfg, e.hooks)
		if err != nil {
			t.Fatal(err)
		}
		defer other.Close()
		third := listFile(t, "testdata/eu/export.xml")
		third.Data = []byte(strings.Replace(string(third.Data), "Tula", "Tula Oblast", 1))
		v3, err := other.Svc.Screening.ImportList(ctx, application.System, screening.EU, []application.ListFile{third})
		if err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(10 * time.Second)
		for {
			res, err := search()
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Hits) > 0 && res.Hits[0].ListVersion.ID == v3.Version.ID {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the server still searches %+v after another process imported version %d", res.ListVersions, v3.Version.ID)
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// failingLists fails an import after writing it, inside the transaction.
type failingLists struct{ application.ScreeningLists }

func (f failingLists) Create(ctx context.Context, nv application.NewListVersion) error {
	if err := f.ScreeningLists.Create(ctx, nv); err != nil {
		return err
	}
	return errors.New("the disk is full")
}

// rendezvousLists holds an import, once it has read the version in force for update, until a
// second import has done the same or half a second has passed.
type rendezvousLists struct {
	application.ScreeningLists
	arrived chan struct{}
}

func (r *rendezvousLists) InForce(ctx context.Context, src screening.Source, forUpdate bool) (*application.ListVersion, error) {
	v, err := r.ScreeningLists.InForce(ctx, src, forUpdate)
	if forUpdate {
		r.arrived <- struct{}{}
		deadline := time.After(500 * time.Millisecond)
		for len(r.arrived) < 2 {
			select {
			case <-deadline:
				return v, err
			case <-time.After(5 * time.Millisecond):
			}
		}
	}
	return v, err
}

// TestScreeningImportIsAllOrNothing: a failure inside the transaction leaves the previous version
// in force with its entries and removes the raw file; two imports of one list at once both land,
// one after the other, with exactly one version in force.
func TestScreeningImportIsAllOrNothing(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		ctx := context.Background()
		v1 := e.importList(t, screening.EU, listFile(t, "testdata/eu/export.xml")).Version
		objects := e.objectCount(t)
		repo := persistence.NewScreeningLists(e.DB)
		holder := application.NewScreeningIndexHolder(repo, screeninglists.BuildIndex, 0, nil)
		deps := application.ScreeningDeps{Tx: persistence.NewTransactor(e.DB), Lists: failingLists{repo}, Blobs: e.Blobs,
			Parsers: screeninglists.NewRegistry(), Index: holder, Clock: e.clock, Log: slog.New(slog.NewTextHandler(io.Discard, nil)),
			Jobs: e.Messaging.Jobs}
		changed := listFile(t, "testdata/eu/export.xml")
		changed.Data = []byte(strings.Replace(string(changed.Data), "Tula", "Tula Oblast", 1))
		if _, err := application.NewScreening(deps).ImportList(ctx, application.System, screening.EU, []application.ListFile{changed}); err == nil ||
			!strings.Contains(err.Error(), "the disk is full") {
			t.Fatalf("failing import: %v", err)
		}
		inForce, err := repo.InForce(ctx, screening.EU, false)
		if err != nil || inForce.ID != v1.ID {
			t.Fatalf("in force after a failed import: %+v %v", inForce, err)
		}
		if versions, _ := repo.Versions(ctx); len(versions) != 1 {
			t.Fatalf("versions after a failed import: %+v", versions)
		}
		if entries, _ := repo.Entries(ctx, v1.ID); len(entries) != 3 || entries[0].DatesOfBirth[0].From.Year != 1971 {
			t.Fatalf("entries after a failed import: %+v", entries)
		}
		if n := e.objectCount(t); n != objects {
			t.Fatalf("%d stored files after a failed import, want %d", n, objects)
		}

		// Two publications imported at once: both become versions, chained, one in force. Each
		// import waits inside its transaction, after reading the version in force, for the other
		// to get there too (a while at most): without a lock on the list they would overlap.
		deps.Lists = &rendezvousLists{ScreeningLists: repo, arrived: make(chan struct{}, 2)}
		racing := application.NewScreening(deps)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for i, city := range []string{"Tula Oblast", "Tula City"} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				f := listFile(t, "testdata/eu/export.xml")
				f.Data = []byte(strings.Replace(string(f.Data), "Tula", city, 1))
				_, errs[i] = racing.ImportList(ctx, application.System, screening.EU, []application.ListFile{f})
			}()
		}
		wg.Wait()
		if errs[0] != nil || errs[1] != nil {
			t.Fatalf("concurrent imports: %v", errs)
		}
		versions, err := repo.Versions(ctx)
		if err != nil || len(versions) != 3 {
			t.Fatalf("versions %+v %v", versions, err)
		}
		inForceCount := 0
		for _, v := range versions {
			if v.InForce {
				inForceCount++
			}
		}
		// Newest first: each new version was compared with the one in force when it committed.
		if inForceCount != 1 || !versions[0].InForce || versions[0].PreviousID != versions[1].ID || versions[1].PreviousID != v1.ID {
			t.Fatalf("versions after concurrent imports: %+v", versions)
		}
	})
}
