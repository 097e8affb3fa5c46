package screening

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// OfficialAddresses are where the publishers put their current files. A list of several files
// (OFAC) has a base address its parser's file names are appended to; pep_wikidata's is the SPARQL
// service its queries go to. FollowTheMoney and PEP CSV data are licensed or in-house: they have no
// default and are fetched only when configured.
var OfficialAddresses = map[screening.Source]string{
	screening.OFACSDN:          "https://www.treasury.gov/ofac/downloads/",
	screening.OFACConsolidated: "https://www.treasury.gov/ofac/downloads/consolidated/",
	screening.UN:               "https://scsanctions.un.org/resources/xml/en/consolidated.xml",
	screening.EU:               "https://webgate.ec.europa.eu/fsd/fsf/public/files/xmlFullSanctionsList_1_1/content?token=dG9rZW4tMjAxNw",
	screening.UK:               "https://sanctionslist.fcdo.gov.uk/docs/UK-Sanctions-List.xml",
	screening.USCSL:            "https://data.trade.gov/downloadable_consolidated_screening_list/v1/consolidated.csv",
	screening.PEPWikidata:      WikidataEndpoint,
}

// AddressVariable names the environment variable that overrides a list's address, e.g.
// SCREENING_URL_OFAC_SDN.
func AddressVariable(src screening.Source) string {
	return "SCREENING_URL_" + strings.ToUpper(string(src))
}

// Fetcher downloads list files over HTTP; it implements application.ListSource.
type Fetcher struct {
	client    *http.Client
	parsers   *Registry
	addresses map[screening.Source]string
	maxBytes  int64
	wikidata  *Wikidata
}

// FetcherConfig sets the addresses and limits of downloads.
type FetcherConfig struct {
	Timeout  time.Duration // for each file, from the request to the last byte
	MaxBytes int64         // per file; a larger file is refused
	// Getenv reads the address overrides (os.Getenv in production).
	Getenv func(string) string
	// Wikidata sets the queries of pep_wikidata; its MaxBytes is MaxBytes.
	Wikidata WikidataConfig
}

var _ application.ListSource = (*Fetcher)(nil)

// NewFetcher returns a fetcher for the lists parsers reads, at their official addresses unless
// an environment variable overrides one.
func NewFetcher(parsers *Registry, cfg FetcherConfig) (*Fetcher, error) {
	f := &Fetcher{client: &http.Client{Timeout: cfg.Timeout}, parsers: parsers, addresses: map[screening.Source]string{},
		maxBytes: cfg.MaxBytes}
	wd := cfg.Wikidata
	wd.MaxBytes = cfg.MaxBytes
	f.wikidata = NewWikidata(wd)
	for _, src := range parsers.Sources() {
		addr := OfficialAddresses[src]
		if v := strings.TrimSpace(cfg.Getenv(AddressVariable(src))); v != "" {
			addr = v
		}
		if addr == "" {
			continue
		}
		if u, err := url.Parse(addr); err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return nil, fmt.Errorf("%s must be an http(s) address, got %q", AddressVariable(src), addr)
		}
		f.addresses[src] = addr
	}
	return f, nil
}

// Sources are the lists with an address.
func (f *Fetcher) Sources() []screening.Source { return sortedSources(f.addresses) }

// Fetch downloads every file of src. A list's first file is required; a later one the
// publisher does not have (404) is left out, as its parser treats it as optional.
func (f *Fetcher) Fetch(ctx context.Context, src screening.Source) ([]application.ListFile, error) {
	addr, ok := f.addresses[src]
	if !ok {
		return nil, fmt.Errorf("%s has no download address: set %s", src, AddressVariable(src))
	}
	p, _, ok := f.parsers.Parser(src)
	if !ok {
		return nil, fmt.Errorf("%s is not a list this server reads", src)
	}
	if src == screening.PEPWikidata {
		files, err := f.wikidata.Fetch(ctx, addr)
		if err != nil {
			return nil, fmt.Errorf("ask %s (%s): %w", host(addr), src, err)
		}
		return files, nil
	}
	names := p.Files()
	if len(names) == 1 {
		data, err := f.get(ctx, addr)
		if err != nil {
			return nil, fmt.Errorf("download %s: %w", src, err)
		}
		return []application.ListFile{{Name: names[0], Data: data}}, nil
	}
	base := strings.TrimSuffix(addr, "/") + "/"
	var files []application.ListFile
	for i, name := range names {
		data, err := f.get(ctx, base+name)
		if i > 0 && errors.Is(err, errAbsent) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("download %s %s: %w", src, name, err)
		}
		files = append(files, application.ListFile{Name: name, Data: data})
	}
	return files, nil
}

var errAbsent = errors.New("the publisher has no such file (404)")

func (f *Fetcher) get(ctx context.Context, addr string) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, addr, nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("User-Agent", "ttt-verify-screening/1")
	res, err := f.client.Do(req)
	if err != nil {
		return nil, unreachable(addr, err)
	}
	defer res.Body.Close()
	switch {
	case res.StatusCode == http.StatusNotFound:
		return nil, errAbsent
	case res.StatusCode != http.StatusOK:
		return nil, fmt.Errorf("the publisher's server (%s) answered %s", host(addr), res.Status)
	}
	data, err := io.ReadAll(io.LimitReader(res.Body, f.maxBytes+1))
	if err != nil {
		return nil, fmt.Errorf("the download from the publisher's server (%s) broke off: %w", host(addr), err)
	}
	if int64(len(data)) > f.maxBytes {
		return nil, fmt.Errorf("the file at the publisher's server (%s) is larger than the limit of %d bytes (SCREENING_FETCH_MAX_BYTES)",
			host(addr), f.maxBytes)
	}
	return data, nil
}

// unreachable says in plain words why a request got no answer; the administrators read it.
func unreachable(addr string, err error) error {
	var timeout interface{ Timeout() bool }
	switch {
	case errors.Is(err, context.Canceled):
		return err
	case errors.Is(err, context.DeadlineExceeded), errors.As(err, &timeout) && timeout.Timeout():
		return fmt.Errorf("the publisher's server (%s) did not answer in time (SCREENING_FETCH_TIMEOUT)", host(addr))
	}
	var uerr *url.Error
	if errors.As(err, &uerr) { // its message repeats the address, which may carry a token
		err = uerr.Err
	}
	return fmt.Errorf("the publisher's server (%s) could not be reached: %w", host(addr), err)
}

// host is the server of an address (checked by NewFetcher), naming the publisher without the
// address's path and query (which may hold a token) and without a link in an e-mail.
func host(addr string) string {
	u, err := url.Parse(addr)
	if err != nil {
		return "an address that cannot be read"
	}
	return u.Host
}
