package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/cmd/server/app"
	"github.com/tttverify/tttverify/domain/screening"
)

const screeningUsage = `usage:
  server screening import SOURCE FILE…     import a list from its publisher's files
  server screening fetch [SOURCE…]         download and import the current files (default: every list with an address)
  server screening lists                   the versions in force and the history of every list
  server screening changes VERSION_ID      what a version changed against the version before it
  server screening check NAME [--person|--company] [--dob YYYY[-MM[-DD]]] [--country CC] [--id VALUE]… [--limit N]
                         [--min-score S]
                                           screen a name against the lists in force; --min-score (0 to 1,
                                           default the engine's threshold) shows weaker candidates too
  server screening jurisdictions import FILE
                                           put a FATF high-risk / increased-monitoring list in force
                                           (format: docs/jurisdictions/README.md; a dated file ships
                                           as docs/jurisdictions/fatf-2025-06-13.json)
  server screening jurisdictions           the jurisdiction list versions, newest first

SOURCE is one of ofac_sdn, ofac_consolidated, un, eu, uk, us_csl, ftm, pep_csv, pep_wikidata. OFAC lists
take their files by name (sdn.csv add.csv alt.csv sdn_comments.csv); pep_wikidata takes the SPARQL answers
a fetch keeps (positions-CLASS-NNN.json names-NNNN.json); the others take one file of any name.
pep_wikidata is asked of Wikidata's SPARQL service, one query per class of position and page, then
the names of the people found in batches.
A failed import or fetch keeps the version in force and exits non-zero; every fetch is recorded
(the admin screening page shows each list's last success and last attempt). Once a list is in
use, the server's job workers fetch it again every SCREENING_FETCH_INTERVAL (24h; 0 turns it off)
and tell the administrators when it is older than SCREENING_STALE_AFTER (72h). Every new version, of a
sanctions or PEP list or of the jurisdiction list, queues a re-screening of the Top verifications
that are submitted, in review or approved (worked by the server's job workers).
`

// screeningCommand runs the screening subcommands, writing their report to out.
func screeningCommand(ctx context.Context, cfg *app.Config, log *slog.Logger, args []string, out io.Writer) error {
	if len(args) == 0 {
		fmt.Fprint(os.Stderr, screeningUsage)
		return errors.New("screening needs a subcommand")
	}
	sub, rest := args[0], args[1:]
	if sub == "help" || sub == "-h" || sub == "--help" {
		fmt.Fprint(out, screeningUsage)
		return nil
	}
	a, err := app.Wire(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer a.Close()
	s := a.Svc.Screening
	switch sub {
	case "import":
		return screeningImport(ctx, s, rest, cfg.ScreeningFetchMaxBytes, out)
	case "fetch":
		return screeningFetch(ctx, s, rest, out)
	case "lists":
		if len(rest) != 0 {
			return errors.New("screening lists takes no arguments")
		}
		return screeningLists(ctx, s, out)
	case "changes":
		if len(rest) != 1 {
			return errors.New("usage: screening changes VERSION_ID")
		}
		return screeningChanges(ctx, s, rest[0], out)
	case "check":
		return screeningCheck(ctx, s, rest, out)
	case "jurisdictions":
		return jurisdictionsCommand(ctx, a.Svc.TopChecks, rest, cfg.ScreeningFetchMaxBytes, out)
	}
	fmt.Fprint(os.Stderr, screeningUsage)
	return fmt.Errorf("unknown screening subcommand %q", sub)
}

func screeningImport(ctx context.Context, s *application.Screening, args []string, maxBytes int64, out io.Writer) error {
	if len(args) < 2 {
		return errors.New("usage: screening import SOURCE FILE…")
	}
	src := screening.Source(args[0])
	var files []application.ListFile
	for _, name := range args[1:] {
		data, err := readLimited(name, maxBytes)
		if err != nil {
			return err
		}
		files = append(files, application.ListFile{Name: filepath.Base(name), Data: data})
	}
	res, err := s.ImportList(ctx, application.System, src, files)
	if err != nil {
		return err
	}
	fmt.Fprintln(out, describeImport(res))
	return nil
}

// readLimited reads a list file, refusing one larger than the download limit.
func readLimited(name string, maxBytes int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	if int64(len(data)) > maxBytes {
		return nil, fmt.Errorf("%s is larger than %d bytes (SCREENING_FETCH_MAX_BYTES)", name, maxBytes)
	}
	return data, nil
}

func describeImport(res *application.ImportResult) string {
	v := res.Version
	if res.Unchanged {
		return fmt.Sprintf("%s: the files are those of version %d, in force since %s; no new version", v.Source, v.ID,
			v.ImportedAt.Format("2006-01-02 15:04 MST"))
	}
	against := "the first version of this list"
	if v.PreviousID != 0 {
		against = fmt.Sprintf("against version %d: %d added, %d removed, %d changed", v.PreviousID, v.Added, v.Removed, v.Changed)
	}
	return fmt.Sprintf("%s: version %d in force, %d entries, published %s; %s", v.Source, v.ID, v.EntryCount, published(v), against)
}

// published is the publisher's date of a version, or "undated" when its file carries none.
func published(v *application.ListVersion) string {
	if v.Published.IsZero() {
		return "undated"
	}
	return v.Published.Format("2006-01-02")
}

func screeningFetch(ctx context.Context, s *application.Screening, args []string, out io.Writer) error {
	sources := make([]screening.Source, len(args))
	for i, a := range args {
		sources[i] = screening.Source(a)
	}
	outcomes, err := s.FetchLists(ctx, application.System, sources)
	if err != nil {
		return err
	}
	failed := 0
	for _, o := range outcomes {
		if o.Err == nil {
			fmt.Fprintln(out, describeImport(o.Result))
			continue
		}
		failed++
		kept := "no version of this list is in force"
		if o.Kept != nil {
			kept = fmt.Sprintf("version %d (published %s, imported %s) stays in force", o.Kept.ID, published(o.Kept),
				o.Kept.ImportedAt.Format("2006-01-02 15:04 MST"))
		}
		fmt.Fprintf(out, "%s: FAILED: %v; %s\n", o.Source, o.Err, kept)
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d lists could not be fetched; their last good versions stay in force", failed, len(outcomes))
	}
	return nil
}

func screeningLists(ctx context.Context, s *application.Screening, out io.Writer) error {
	versions, err := s.ListVersions(ctx, application.System)
	if err != nil {
		return err
	}
	if len(versions) == 0 {
		fmt.Fprintln(out, "no list has been imported: run `screening import` or `screening fetch`")
		return nil
	}
	w := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "SOURCE\tVERSION\tIN FORCE\tPUBLISHED\tIMPORTED\tENTRIES\tADDED\tREMOVED\tCHANGED\tSHA256\tPARSER")
	for i := range versions {
		v := &versions[i]
		inForce := ""
		if v.InForce {
			inForce = "yes"
		}
		fmt.Fprintf(w, "%s\t%d\t%s\t%s\t%s\t%d\t%d\t%d\t%d\t%s\t%s\n", v.Source, v.ID, inForce, published(v),
			v.ImportedAt.Format("2006-01-02 15:04"), v.EntryCount, v.Added, v.Removed, v.Changed, v.SHA256[:12], v.ParserVersion)
	}
	return w.Flush()
}

func screeningChanges(ctx context.Context, s *application.Screening, arg string, out io.Writer) error {
	id, err := strconv.ParseInt(arg, 10, 64)
	if err != nil || id <= 0 {
		return fmt.Errorf("VERSION_ID must be a version number from `screening lists`, got %q", arg)
	}
	v, changes, err := s.ListChanges(ctx, application.System, id)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "%s version %d: %d added, %d removed, %d changed\n", v.Source, v.ID, v.Added, v.Removed, v.Changed)
	for _, c := range changes {
		fmt.Fprintf(out, "%-8s %s  %s\n", c.Kind, c.SourceID, c.Name)
	}
	return nil
}

func screeningCheck(ctx context.Context, s *application.Screening, args []string, out io.Writer) error {
	var in application.SearchInput
	var names []string
	for i := 0; i < len(args); i++ {
		arg := args[i]
		value := func() (string, error) {
			if i+1 >= len(args) {
				return "", fmt.Errorf("%s needs a value", arg)
			}
			i++
			return args[i], nil
		}
		var err error
		switch arg {
		case "--person":
			in.Kind = string(screening.QueryPerson)
		case "--company":
			in.Kind = string(screening.QueryCompany)
		case "--dob":
			in.DateOfBirth, err = value()
		case "--country":
			in.Country, err = value()
		case "--id":
			var v string
			v, err = value()
			in.Identifiers = append(in.Identifiers, application.SearchIdentifier{Value: v})
		case "--limit":
			var v string
			if v, err = value(); err == nil {
				n, convErr := strconv.Atoi(v)
				if convErr != nil {
					return fmt.Errorf("--limit must be a number, got %q", v)
				}
				in.Limit = &n
			}
		case "--min-score":
			var v string
			if v, err = value(); err == nil {
				f, convErr := strconv.ParseFloat(v, 64)
				if convErr != nil {
					return fmt.Errorf("--min-score must be a number from 0 to 1, got %q", v)
				}
				in.MinScore = &f
			}
		default:
			if strings.HasPrefix(arg, "--") {
				return fmt.Errorf("unknown option %s\n%s", arg, screeningUsage)
			}
			names = append(names, arg)
		}
		if err != nil {
			return err
		}
	}
	in.Name = strings.Join(names, " ")
	res, err := s.Search(ctx, application.System, in)
	if err != nil {
		return err
	}
	lists := make([]string, len(res.ListVersions))
	for i, v := range res.ListVersions {
		lists[i] = fmt.Sprintf("%s v%d (%s)", v.Source, v.ID, published(&res.ListVersions[i]))
	}
	if len(lists) == 0 {
		lists = []string{"none: import a list first"}
	}
	fmt.Fprintf(out, "%d hits for %q; lists searched: %s\n", len(res.Hits), in.Name, strings.Join(lists, ", "))
	fmt.Fprintf(out, "threshold: %.2f\n", res.Threshold)
	for _, h := range res.Hits {
		e := h.Entry
		fmt.Fprintf(out, "\n%.2f  %s  %s %s  %s\n", h.Score, e.Kind, e.Source, e.SourceID, e.Name)
		if h.MatchedName != e.Name {
			fmt.Fprintf(out, "      matched alias: %s\n", h.MatchedName)
		}
		if len(e.Programs) > 0 {
			fmt.Fprintf(out, "      programmes: %s\n", strings.Join(e.Programs, ", "))
		}
		for _, f := range h.Explanation {
			fmt.Fprintf(out, "      %-14s %+.2f  %s\n", f.Name, f.Contribution, f.Detail)
		}
	}
	return nil
}
