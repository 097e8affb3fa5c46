package main

// soak.go is `make soak`: minutes of mixed load on PostgreSQL and MinIO with the server's memory
// and goroutines sampled, then injected faults (soak_faults.go), written to docs/reliability.md.

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"math"
	mrand "math/rand/v2"
	"mime/multipart"
	"net/http"
	"net/http/cookiejar"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// soakOptions shape the run.
type soakOptions struct {
	duration, warmup time.Duration
	out              string
	applicants       int // goroutines filling, uploading, submitting and paying
	admins           int // goroutines listing and deciding
	readers          int // goroutines looking up public certificates
}

// The request classes the report counts separately.
const (
	classSignIn   = "sign-in"
	classSection  = "section save"
	classUpload   = "upload"
	classRead     = "applicant read"
	classDownload = "download"
	classSubmit   = "submit"
	classPayment  = "payment"
	classList     = "admin list"
	classDecision = "admin decision"
	classPublic   = "public lookup"
)

var classes = []string{classSignIn, classSection, classUpload, classRead, classDownload, classSubmit, classPayment,
	classList, classDecision, classPublic}

// classCount is what happened to the requests of one class in one phase.
type classCount struct {
	N, OK, Client, Unavailable, Server, Transport int
	ClientCodes                                   map[int]int // the 4xx answers by status
	lat                                           []float64   // ms
}

// tally counts every request by phase and class, and keeps the 5xx answers' messages.
type tally struct {
	mu       sync.Mutex
	phase    string
	order    []string
	counts   map[string]map[string]*classCount
	messages map[string]map[string]int // phase -> "status message" of every 5xx
	total    atomic.Int64
	fivexx   atomic.Int64
}

func newTally() *tally {
	return &tally{counts: map[string]map[string]*classCount{}, messages: map[string]map[string]int{}}
}

// setPhase makes later requests count under phase.
func (t *tally) setPhase(phase string) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.phase = phase
	if _, ok := t.counts[phase]; !ok {
		t.counts[phase] = map[string]*classCount{}
		t.messages[phase] = map[string]int{}
		t.order = append(t.order, phase)
	}
}

func (t *tally) record(class string, status int, body []byte, d time.Duration) {
	t.total.Add(1)
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.counts[t.phase][class]
	if c == nil {
		c = &classCount{}
		t.counts[t.phase][class] = c
	}
	c.N++
	c.lat = append(c.lat, float64(d.Microseconds())/1000)
	switch {
	case status == 0:
		c.Transport++
	case status < 400:
		c.OK++
	case status < 500:
		c.Client++
		if c.ClientCodes == nil {
			c.ClientCodes = map[int]int{}
		}
		c.ClientCodes[status]++
	default:
		t.fivexx.Add(1)
		if status == http.StatusServiceUnavailable {
			c.Unavailable++
		} else {
			c.Server++
		}
		var msg struct{ Message string }
		_ = json.Unmarshal(body, &msg)
		t.messages[t.phase][fmt.Sprintf("%d %s", status, msg.Message)]++
	}
}

// phaseCounts returns a copy of one phase's counts.
func (t *tally) phaseCounts(phase string) map[string]classCount {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := map[string]classCount{}
	for k, v := range t.counts[phase] {
		out[k] = *v
	}
	return out
}

// percentile of sorted latencies.
func percentile(sorted []float64, p float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	i := int(math.Ceil(p/100*float64(len(sorted)))) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// apiClient is one browser: a cookie jar and the tally it reports to.
type apiClient struct {
	base string
	http *http.Client
	t    *tally
}

func newAPIClient(base string, t *tally) *apiClient {
	jar, _ := cookiejar.New(nil)
	return &apiClient{base: base, t: t, http: &http.Client{Jar: jar, Timeout: 60 * time.Second}}
}

// call sends a JSON request (nil body: none) and records it under class; status 0 is a
// transport error.
func (c *apiClient) call(class, method, path string, body any) (int, []byte) {
	var r io.Reader
	if body != nil {
		b, _ := json.Marshal(body)
		r = bytes.NewReader(b)
	}
	req, _ := http.NewRequest(method, c.base+path, r)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	return c.send(class, req)
}

func (c *apiClient) send(class string, req *http.Request) (int, []byte) {
	start := time.Now()
	res, err := c.http.Do(req)
	if err != nil {
		c.t.record(class, 0, nil, time.Since(start))
		return 0, nil
	}
	b, _ := io.ReadAll(res.Body)
	res.Body.Close()
	c.t.record(class, res.StatusCode, b, time.Since(start))
	return res.StatusCode, b
}

// upload posts content as the multipart field "file" after the text fields.
func (c *apiClient) upload(path, filename string, content io.Reader, fields map[string]string) (int, []byte) {
	pr, pw := io.Pipe()
	mw := multipart.NewWriter(pw)
	go func() {
		for k, v := range fields {
			_ = mw.WriteField(k, v)
		}
		fw, _ := mw.CreateFormFile("file", filename)
		if _, err := io.Copy(fw, content); err != nil {
			pw.CloseWithError(err)
			return
		}
		_ = mw.Close()
		_ = pw.Close()
	}()
	req, _ := http.NewRequest("POST", c.base+path, pr)
	req.Header.Set("Content-Type", mw.FormDataContentType())
	return c.send(classUpload, req)
}

// The section contents every soak verification gets.
var (
	soakCompany = map[string]string{"companyName": "Soak Metals Ltd", "registrationNumber": "REG-SOAK",
		"registeredAddress": "1 Harbour Road, Singapore", "phoneNumber": "+65 6000 0000", "email": "ops@soak.example",
		"countryOfIncorporation": "SG", "dateOfIncorporation": "2012-05-01", "taxId": "TAX-77"}
	soakRepresentative = map[string]string{"fullName": "Jane Doe", "position": "Director", "nationality": "GB",
		"dateOfBirth": "1980-01-31", "passportNumber": "P1234567", "issuingCountry": "GB", "expiryDate": "2031-01-01",
		"email": "jane@soak.example", "phoneNumber": "+44 20 0000 0000"}
	soakBanking = map[string]string{"bankName": "First Bank", "bankAddress": "2 Bank St", "accountName": "Soak Metals Ltd",
		"accountNumber": "GB29NWBK60161331926819", "swiftCode": "NWBKGB2L", "currency": "USD"}
	soakTrade = map[string]string{"productsTraded": "Copper", "incoterms": "CIF"}
)

// pdfOf is a file the server accepts as a PDF, size bytes long.
func pdfOf(size int) []byte {
	b := make([]byte, size)
	_, _ = rand.Read(b)
	copy(b, "%PDF-1.4\n")
	return b
}

var pngHead = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00")

// load is the running load generator; pause stops new iterations (the faults that need quiet).
type load struct {
	base    string
	t       *tally
	stop    atomic.Bool
	paused  atomic.Bool
	wg      sync.WaitGroup
	mu      sync.Mutex
	public  []string // approved public ids, for the readers
	nextID  atomic.Int64
	adminPw string
}

func (l *load) publicIDs() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.public)
}

func (l *load) addPublic(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.public = append(l.public, id)
}

// think waits a little, as people do between clicks, and while the load is paused.
func (l *load) think(d time.Duration) {
	time.Sleep(d/2 + time.Duration(mrand.Int64N(int64(d))))
	for l.paused.Load() && !l.stop.Load() {
		time.Sleep(100 * time.Millisecond)
	}
}

func (l *load) start(o soakOptions) {
	for range o.applicants {
		l.wg.Go(l.applicant)
	}
	for range o.admins {
		l.wg.Go(l.admin)
	}
	for range o.readers {
		l.wg.Go(l.reader)
	}
}

func (l *load) finish() {
	l.stop.Store(true)
	l.wg.Wait()
}

// applicant registers, then over and over fills a verification, uploads its files, submits and
// pays it by card; now and then it signs in again, replaces a document and downloads one.
func (l *load) applicant() {
	var c *apiClient
	var email string
	for i := 0; !l.stop.Load(); i++ {
		if c == nil || i%4 == 0 {
			c = newAPIClient(l.base, l.t)
			email = fmt.Sprintf("soak-%d-%s@soak.example", l.nextID.Add(1), strings.ToLower(rand.Text()[:6]))
			if st, _ := c.call(classSignIn, "POST", "/api/register", map[string]string{"email": email, "password": "soak-password"}); st != http.StatusCreated {
				c = nil
				l.think(time.Second)
				continue
			}
		} else if i%4 == 2 {
			// Sign in again as on another device. When that fails (the database is down), carry on
			// in the session already held, as a browser would: a client without one would count
			// its refusals (401) against the server.
			fresh := newAPIClient(l.base, l.t)
			if st, _ := fresh.call(classSignIn, "POST", "/api/login", map[string]string{"email": email, "password": "soak-password"}); st == http.StatusOK {
				c = fresh
			}
		}
		l.think(100 * time.Millisecond)
		l.verification(c, i)
	}
}

func (l *load) verification(c *apiClient, i int) {
	tier := []string{"basic", "top"}[i%2]
	st, b := c.call(classSection, "POST", "/api/verifications", map[string]string{"tier": tier})
	var v struct{ ID int64 }
	if st != http.StatusCreated || json.Unmarshal(b, &v) != nil {
		return
	}
	base := "/api/verifications/" + strconv.FormatInt(v.ID, 10)
	for _, s := range []struct {
		path string
		body any
	}{{"/company-info", soakCompany}, {"/banking-info", soakBanking}, {"/trade-info", soakTrade}} {
		l.think(80 * time.Millisecond)
		c.call(classSection, "POST", base+s.path, s.body)
	}
	st, b = c.call(classSection, "POST", base+"/representatives", soakRepresentative)
	var rep struct{ ID int64 }
	if st != http.StatusCreated || json.Unmarshal(b, &rep) != nil {
		return
	}
	l.think(80 * time.Millisecond)
	c.upload(base+"/representatives/"+strconv.FormatInt(rep.ID, 10)+"/passport", "passport.png",
		io.MultiReader(bytes.NewReader(pngHead), bytes.NewReader(make([]byte, 20<<10))), nil)
	var last struct{ ID int64 }
	for j, typ := range []string{"incorporation_certificate", "business_license", "shareholder_info"} {
		size := 40 << 10
		if (i+j)%10 == 0 {
			size = 3 << 20 // now and then a scan of some size, streamed to MinIO in parts
		}
		l.think(80 * time.Millisecond)
		if st, b := c.upload(base+"/documents", typ+".pdf", bytes.NewReader(pdfOf(size)), map[string]string{"type": typ}); st == http.StatusCreated {
			_ = json.Unmarshal(b, &last)
		}
	}
	c.call(classRead, "GET", base, nil)
	if i%3 == 0 && last.ID != 0 { // replace the last document: a soft delete, then a new upload
		c.call(classSection, "DELETE", base+"/documents/"+strconv.FormatInt(last.ID, 10), nil)
		c.upload(base+"/documents", "shareholder_info.pdf", bytes.NewReader(pdfOf(40<<10)), map[string]string{"type": "shareholder_info"})
	}
	st, b = c.call(classRead, "GET", base+"/documents", nil)
	var docs []struct{ URL string }
	if st == http.StatusOK && json.Unmarshal(b, &docs) == nil && len(docs) > 0 {
		c.call(classDownload, "GET", docs[0].URL, nil)
	}
	c.call(classRead, "GET", "/api/verifications?page=1&pageSize=10", nil)
	l.think(100 * time.Millisecond)
	if st, _ := c.call(classSubmit, "POST", base+"/submit", nil); st != http.StatusOK {
		return
	}
	st, b = c.call(classPayment, "POST", "/api/create-payment-intent", map[string]any{"verificationId": v.ID})
	var pi struct{ PaymentIntentID string }
	if st != http.StatusOK || json.Unmarshal(b, &pi) != nil || pi.PaymentIntentID == "" {
		return
	}
	l.think(150 * time.Millisecond)
	c.call(classPayment, "POST", "/api/simulated-payments/"+pi.PaymentIntentID+"/confirm",
		map[string]string{"cardNumber": "4242424242424242", "expiry": "12/34", "cvc": "123"})
	c.call(classRead, "GET", base, nil)
}

// admin lists the review queue and approves (or now and then rejects) what is in it.
func (l *load) admin() {
	c := newAPIClient(l.base, l.t)
	signedIn := false
	for i := 0; !l.stop.Load(); i++ {
		if !signedIn {
			st, _ := c.call(classSignIn, "POST", "/api/login", map[string]string{"email": benchAdminEmail, "password": l.adminPw})
			signedIn = st == http.StatusOK
		}
		l.think(300 * time.Millisecond)
		c.call(classList, "GET", "/api/admin/verifications/stats", nil)
		st, b := c.call(classList, "GET", "/api/admin/verifications?status=in_review&page=1&pageSize=10", nil)
		if st == http.StatusUnauthorized {
			signedIn = false
		}
		var queue []struct {
			ID       int64
			PublicID string
		}
		if st != http.StatusOK || json.Unmarshal(b, &queue) != nil || len(queue) == 0 {
			continue
		}
		v := queue[mrand.IntN(len(queue))]
		base := "/api/admin/verifications/" + strconv.FormatInt(v.ID, 10)
		c.call(classList, "GET", base, nil)
		c.call(classList, "GET", base+"/company-info", nil)
		c.call(classList, "GET", base+"/documents", nil)
		l.think(200 * time.Millisecond)
		if i%5 == 4 {
			c.call(classDecision, "POST", base+"/reject", map[string]string{"reason": "Passport scan is unreadable"})
			continue
		}
		if st, _ := c.call(classDecision, "POST", base+"/approve", nil); st == http.StatusOK {
			l.addPublic(v.PublicID)
		}
	}
}

// reader looks up approved certificates, as counterparties do.
func (l *load) reader() {
	c := newAPIClient(l.base, l.t)
	for !l.stop.Load() {
		l.think(60 * time.Millisecond)
		ids := l.publicIDs()
		if len(ids) == 0 {
			continue
		}
		id := ids[mrand.IntN(len(ids))]
		c.call(classPublic, "GET", "/api/public/verifications/"+id, nil)
		c.call(classPublic, "GET", "/api/public/verifications/"+id+"/company-info", nil)
	}
}

// sample is the server's state at one moment.
type sample struct {
	At                time.Duration
	RSS               float64 // MB
	Heap              float64 // MB live after a collection
	Goroutines, Files int
	Requests, FiveXX  int64
}

// sampler reads the server's memory, goroutines and open files every interval.
type sampler struct {
	mu      sync.Mutex
	samples []sample
	stop    chan struct{}
	done    chan struct{}
}

func startSampler(pid func() int, pprofAddr string, t *tally, every time.Duration) *sampler {
	s := &sampler{stop: make(chan struct{}), done: make(chan struct{})}
	began := time.Now()
	go func() {
		defer close(s.done)
		tick := time.NewTicker(every)
		defer tick.Stop()
		for {
			p := pid()
			cur, _ := rss(p)
			smp := sample{At: time.Since(began), RSS: cur, Heap: liveHeap(pprofAddr), Goroutines: goroutines(pprofAddr),
				Files: openFiles(p), Requests: t.total.Load(), FiveXX: t.fivexx.Load()}
			s.mu.Lock()
			s.samples = append(s.samples, smp)
			s.mu.Unlock()
			select {
			case <-s.stop:
				return
			case <-tick.C:
			}
		}
	}()
	return s
}

func (s *sampler) finish() []sample {
	close(s.stop)
	<-s.done
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.samples)
}

// goroutines reads the count from the server's profiler (PPROF_ADDR); -1 when it does not answer.
func goroutines(addr string) int {
	res, err := http.Get("http://" + addr + "/debug/pprof/goroutine?debug=1")
	if err != nil {
		return -1
	}
	defer res.Body.Close()
	line, _ := bufio.NewReader(res.Body).ReadString('\n')
	n, err := strconv.Atoi(strings.TrimSpace(strings.TrimPrefix(line, "goroutine profile: total")))
	if err != nil {
		return -1
	}
	return n
}

// liveHeap is the server's heap in MB right after a collection (the profiler's gc=1), which,
// unlike RSS, does not rise and fall with the collector's cycle; -1 when it does not answer.
func liveHeap(addr string) float64 {
	res, err := http.Get("http://" + addr + "/debug/pprof/heap?gc=1&debug=1")
	if err != nil {
		return -1
	}
	defer res.Body.Close()
	sc := bufio.NewScanner(res.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "# HeapAlloc = "); ok {
			n, err := strconv.ParseFloat(v, 64)
			if err == nil {
				return n / (1 << 20)
			}
		}
	}
	return -1
}

// openFiles counts the process's open file descriptors (sockets included).
func openFiles(pid int) int {
	entries, err := os.ReadDir(filepath.Join("/proc", strconv.Itoa(pid), "fd"))
	if err != nil {
		return -1
	}
	return len(entries)
}

// trend is the least-squares slope of ys over xs (per unit of x).
func trend(xs, ys []float64) float64 {
	n := float64(len(xs))
	if n < 2 {
		return 0
	}
	var sx, sy, sxx, sxy float64
	for i := range xs {
		sx, sy, sxx, sxy = sx+xs[i], sy+ys[i], sxx+xs[i]*xs[i], sxy+xs[i]*ys[i]
	}
	d := n*sxx - sx*sx
	if d == 0 {
		return 0
	}
	return (n*sxy - sx*sy) / d
}

// steady summarises the samples after the warm-up: the means of its first and last minute, the
// range and the least-squares trend per minute of RSS, live heap and goroutines.
type steady struct {
	RSS, Heap, Goroutines drift
}

// drift is one measure over the steady part of the run.
type drift struct {
	FirstMinute, LastMinute, Min, Max, PerMinute float64
}

// flat holds when the last minute's mean is within tolerance (a fraction) of the first's, or within
// slack in absolute terms for small values.
func (d drift) flat(tolerance, slack float64) bool {
	return d.LastMinute <= d.FirstMinute*(1+tolerance) || d.LastMinute-d.FirstMinute <= slack
}

func summarise(samples []sample, warmup time.Duration) steady {
	var after []sample
	for _, s := range samples {
		if s.At >= warmup && s.Heap >= 0 && s.Goroutines >= 0 {
			after = append(after, s)
		}
	}
	measure := func(get func(sample) float64) drift {
		if len(after) == 0 {
			return drift{}
		}
		d := drift{Min: math.Inf(1), Max: math.Inf(-1)}
		var xs, ys []float64
		var first, last []float64
		end := after[len(after)-1].At
		for _, s := range after {
			v := get(s)
			d.Min, d.Max = math.Min(d.Min, v), math.Max(d.Max, v)
			xs, ys = append(xs, s.At.Minutes()), append(ys, v)
			if s.At < warmup+time.Minute {
				first = append(first, v)
			}
			if s.At > end-time.Minute {
				last = append(last, v)
			}
		}
		d.FirstMinute, d.LastMinute, d.PerMinute = mean(first), mean(last), trend(xs, ys)
		return d
	}
	return steady{RSS: measure(func(s sample) float64 { return s.RSS }), Heap: measure(func(s sample) float64 { return s.Heap }),
		Goroutines: measure(func(s sample) float64 { return float64(s.Goroutines) })}
}

func mean(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	sum := 0.0
	for _, x := range v {
		sum += x
	}
	return sum / float64(len(v))
}

// latencies of a class: p50, p95, p99 in ms.
func latencies(c classCount) (float64, float64, float64) {
	l := slices.Clone(c.lat)
	sort.Float64s(l)
	return percentile(l, 50), percentile(l, 95), percentile(l, 99)
}

// waitFor polls cond every interval until it holds or timeout passes; it reports how long it took.
func waitFor(ctx context.Context, timeout, interval time.Duration, cond func() bool) (time.Duration, bool) {
	start := time.Now()
	for {
		if cond() {
			return time.Since(start), true
		}
		if time.Since(start) > timeout || ctx.Err() != nil {
			return time.Since(start), false
		}
		time.Sleep(interval)
	}
}
