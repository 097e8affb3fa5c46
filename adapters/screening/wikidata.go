package screening

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/tttverify/tttverify/application"
)

// WikidataEndpoint is Wikidata's public SPARQL service (Wikidata Query Service).
const WikidataEndpoint = "https://query.wikidata.org/sparql"

// WikidataConfig sets how the PEP list is asked of a SPARQL service. Zero values take the
// defaults of DefaultWikidata.
type WikidataConfig struct {
	// UserAgent names the product, its version and the operator's contact, as Wikimedia's
	// User-Agent policy asks of every client.
	UserAgent string
	// Timeout bounds one query, from the request to the last byte of the answer. The service
	// itself stops a query after 60 s.
	Timeout time.Duration
	// Attempts is how often one query is tried, the first time included.
	Attempts int
	// Backoff is the wait before the second attempt when the service names none; it doubles for
	// each attempt after that.
	Backoff time.Duration
	// MaxWait is the longest Retry-After honoured: a service that asks for more fails the fetch,
	// and the list in force stays.
	MaxWait time.Duration
	// YearsAfterOffice is how long after leaving a position a person stays politically exposed
	// (PEP_YEARS_AFTER_OFFICE); 0 keeps current holders only.
	YearsAfterOffice int
	// PageSize is the number of rows one positions query asks for (LIMIT); the next page is
	// asked with OFFSET until a page comes back short.
	PageSize int
	// Batch is the number of people one names query asks about.
	Batch int
	// MaxBytes bounds one answer (SCREENING_FETCH_MAX_BYTES; NewFetcher sets it).
	MaxBytes int64
	// Now is the clock the cut-off date of past offices is counted from.
	Now func() time.Time
}

// DefaultWikidata holds the settings a zero WikidataConfig field takes (YearsAfterOffice excepted:
// its zero is a setting).
var DefaultWikidata = WikidataConfig{UserAgent: "TTTVerify/1 (https://tttverify.com; support@tttverify.com)",
	Timeout: 90 * time.Second, Attempts: 4, Backoff: 5 * time.Second, MaxWait: 5 * time.Minute,
	PageSize: 10000, Batch: 500, MaxBytes: 256 << 20, Now: time.Now}

// WikidataUserAgent is the User-Agent of the queries: the product and its version, then the
// operator's site and contact address, as Wikimedia's User-Agent policy asks.
func WikidataUserAgent(site, contact string) string {
	return fmt.Sprintf("TTTVerify/1 (%s; %s) pep_wikidata/1", site, contact)
}

// Wikidata asks a SPARQL service, one query at a time, for the people who hold or held a
// politically exposed position, and returns each answer as a file of the pep_wikidata list.
type Wikidata struct {
	cfg    WikidataConfig
	client *http.Client
}

// NewWikidata returns a client with cfg, its zero fields set from DefaultWikidata.
func NewWikidata(cfg WikidataConfig) *Wikidata {
	d := DefaultWikidata
	if cfg.UserAgent == "" {
		cfg.UserAgent = d.UserAgent
	}
	if cfg.Now == nil {
		cfg.Now = d.Now
	}
	positiveOr(&cfg.Timeout, d.Timeout)
	positiveOr(&cfg.Backoff, d.Backoff)
	positiveOr(&cfg.MaxWait, d.MaxWait)
	positiveOr(&cfg.Attempts, d.Attempts)
	positiveOr(&cfg.PageSize, d.PageSize)
	positiveOr(&cfg.Batch, d.Batch)
	positiveOr(&cfg.MaxBytes, d.MaxBytes)
	return &Wikidata{cfg: cfg, client: &http.Client{Timeout: cfg.Timeout}}
}

// positiveOr sets *v to d unless it is positive.
func positiveOr[T int | int64 | time.Duration](v *T, d T) {
	if *v <= 0 {
		*v = d
	}
}

// maxPages stops a service that ignores OFFSET from being asked for ever.
const maxPages = 500

// Fetch runs every positions query, page by page, then the names queries for the people they
// found, and returns the answers as they came (the version's evidence). Any query that fails
// after its attempts fails the whole fetch: a partial list is never put in force.
func (w *Wikidata) Fetch(ctx context.Context, endpoint string) ([]application.ListFile, error) {
	cutoff := w.cfg.Now().UTC().AddDate(-w.cfg.YearsAfterOffice, 0, 0)
	var files []application.ListFile
	seen := map[string]bool{}
	var people []string
	for _, c := range pepClasses {
		for page := 1; ; page++ {
			if page > maxPages {
				return nil, fmt.Errorf("%s: more than %d pages of answers; the service seems to ignore OFFSET", c.Name, maxPages)
			}
			q := PositionsQuery(c, cutoff, w.cfg.PageSize, (page-1)*w.cfg.PageSize)
			data, res, err := w.ask(ctx, endpoint, q)
			if err != nil {
				return nil, fmt.Errorf("%s, page %d: %w", c.Name, page, err)
			}
			files = append(files, application.ListFile{Name: fmt.Sprintf("positions-%s-%03d.json", c.Name, page), Data: data})
			for _, row := range res.Results.Bindings {
				if id := entityID(row["person"].Value); id != "" && !seen[id] {
					seen[id] = true
					people = append(people, id)
				}
			}
			if len(res.Results.Bindings) < w.cfg.PageSize {
				break
			}
		}
	}
	if len(people) == 0 {
		return nil, errors.New("the service named no person holding any of the positions; nothing to import")
	}
	sort.Strings(people)
	for i := 0; i < len(people); i += w.cfg.Batch {
		batch := people[i:min(i+w.cfg.Batch, len(people))]
		data, _, err := w.ask(ctx, endpoint, NamesQuery(batch))
		if err != nil {
			return nil, fmt.Errorf("names of people %d to %d: %w", i+1, i+len(batch), err)
		}
		files = append(files, application.ListFile{Name: fmt.Sprintf("names-%04d.json", i/w.cfg.Batch+1), Data: data})
	}
	return files, nil
}

// permanent marks an answer that asking again will not change (a query the service refuses).
type permanent struct{ error }

// ask runs one query, trying again after a refusal that may pass (429, 5xx, no answer in time,
// a cut answer): after the wait the service names in Retry-After, else after a backoff that
// doubles, at most Attempts times.
func (w *Wikidata) ask(ctx context.Context, endpoint, query string) ([]byte, *sparqlResults, error) {
	backoff := w.cfg.Backoff
	for attempt := 1; ; attempt++ {
		data, retryAfter, err := w.post(ctx, endpoint, query)
		var res *sparqlResults
		if err == nil {
			if res, err = decodeSPARQL(data); err == nil {
				return data, res, nil
			}
		}
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		var p permanent
		if errors.As(err, &p) {
			return nil, nil, p.error
		}
		if attempt >= w.cfg.Attempts {
			if attempt == 1 {
				return nil, nil, err
			}
			return nil, nil, fmt.Errorf("%w (tried %d times)", err, attempt)
		}
		wait := backoff
		if retryAfter > 0 {
			wait = retryAfter
		}
		if wait > w.cfg.MaxWait {
			return nil, nil, fmt.Errorf("%w; the service asks to wait %s, longer than %s", err, wait, w.cfg.MaxWait)
		}
		backoff *= 2
		select {
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		case <-time.After(wait):
		}
	}
}

// post sends one query as a form (long VALUES lists do not fit in a URL) and reads the answer.
// retryAfter is the wait a 429 or 503 asked for, 0 when it named none.
func (w *Wikidata) post(ctx context.Context, endpoint, query string) (data []byte, retryAfter time.Duration, err error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, strings.NewReader(url.Values{"query": {query}}.Encode()))
	if err != nil {
		return nil, 0, permanent{err}
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/sparql-results+json")
	req.Header.Set("User-Agent", w.cfg.UserAgent)
	res, err := w.client.Do(req)
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return nil, 0, fmt.Errorf("the service did not answer within %s", w.cfg.Timeout)
		}
		return nil, 0, fmt.Errorf("the service cannot be reached: %w", err)
	}
	defer res.Body.Close()
	data, err = io.ReadAll(io.LimitReader(res.Body, w.cfg.MaxBytes+1))
	switch {
	case err != nil:
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			return nil, 0, fmt.Errorf("the service did not finish its answer within %s", w.cfg.Timeout)
		}
		return nil, 0, fmt.Errorf("read the answer: %w", err)
	case res.StatusCode == http.StatusTooManyRequests || res.StatusCode == http.StatusServiceUnavailable:
		return nil, retryAfterOf(res.Header.Get("Retry-After"), time.Now()), fmt.Errorf("the service answered %s", res.Status)
	case res.StatusCode >= 500:
		return nil, 0, fmt.Errorf("the service answered %s: %s", res.Status, firstLine(data))
	case res.StatusCode != http.StatusOK:
		return nil, 0, permanent{fmt.Errorf("the service answered %s: %s", res.Status, firstLine(data))}
	case int64(len(data)) > w.cfg.MaxBytes:
		return nil, 0, permanent{fmt.Errorf("an answer is larger than the limit of %d bytes (SCREENING_FETCH_MAX_BYTES)", w.cfg.MaxBytes)}
	}
	return data, 0, nil
}

// retryAfterOf reads Retry-After: a number of seconds or an HTTP date.
func retryAfterOf(v string, now time.Time) time.Duration {
	v = strings.TrimSpace(v)
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		return time.Duration(n) * time.Second
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return t.Sub(now)
	}
	return 0
}

// firstLine is the start of an error page, for a message.
func firstLine(b []byte) string {
	s, _, _ := strings.Cut(strings.TrimSpace(string(b)), "\n")
	if len(s) > 200 {
		s = s[:200] + "…"
	}
	return s
}

// sparqlResults is an answer in the SPARQL 1.1 Query Results JSON Format.
type sparqlResults struct {
	Head struct {
		Vars []string `json:"vars"`
	} `json:"head"`
	Results *struct {
		Bindings []map[string]sparqlTerm `json:"bindings"`
	} `json:"results"`
}

// sparqlTerm is one bound value: an IRI ("uri") or a literal with its language or datatype.
type sparqlTerm struct {
	Type     string `json:"type"`
	Value    string `json:"value"`
	Lang     string `json:"xml:lang"`
	Datatype string `json:"datatype"`
}

// decodeSPARQL reads an answer, refusing anything else (an error page, a cut answer).
func decodeSPARQL(data []byte) (*sparqlResults, error) {
	var r sparqlResults
	if err := json.Unmarshal(data, &r); err != nil {
		return nil, fmt.Errorf("the answer is not SPARQL results JSON (%w)", err)
	}
	if r.Results == nil || r.Head.Vars == nil {
		return nil, errors.New("the answer is not SPARQL results JSON (no head.vars or results.bindings)")
	}
	return &r, nil
}

// entityID is the Q-number of a Wikidata entity IRI, or "" for anything else.
func entityID(iri string) string {
	id := strings.TrimPrefix(iri, "http://www.wikidata.org/entity/")
	if len(id) < 2 || id == iri || id[0] != 'Q' {
		return ""
	}
	for _, r := range id[1:] {
		if r < '0' || r > '9' {
			return ""
		}
	}
	return id
}
