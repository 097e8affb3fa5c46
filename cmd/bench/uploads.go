package main

import (
	"bufio"
	"bytes"
	"context"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	mathrand "math/rand/v2"
	"mime/multipart"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// uploadRowPrefix starts every row of the upload scenarios in the report.
const uploadRowPrefix = "| upload "

const (
	// uploadRepeats is how many times a one-at-a-time upload and its baseline run, alternately, so
	// that a moment of load from other work on the machine falls on both; the median counts.
	uploadRepeats = 5
	// concurrentUploads is how many uploads run at once in the concurrent scenarios.
	concurrentUploads = 8
)

// uploadSizes are the files the upload scenarios send: the largest the product takes, and
// one tenth of it beside it, to show how the cost grows with size.
var uploadSizes = []int64{30 << 20, 3 << 20}

// uploadEnv lets one account run the concurrent uploads and store every file the scenarios send.
var uploadEnv = []string{"MAX_CONCURRENT_UPLOADS=" + strconv.Itoa(concurrentUploads), "MAX_STORAGE_PER_ACCOUNT=64GiB"}

// uploadsOnly is `-only uploads`: a small database, one applicant, then the upload scenarios.
func uploadsOnly(ctx context.Context, o options) ([]result, error) {
	ws, err := newWorkspace(ctx, o.databaseURL, "bench_uploads")
	if err != nil {
		return nil, err
	}
	defer ws.cleanup()
	seedFile := filepath.Join(ws.dataDir, "seed.json")
	if out, err := command(ws.env, o.server, "seed", "--verifications", "100", "--per-user", "50", "--out", seedFile).CombinedOutput(); err != nil {
		return nil, fmt.Errorf("seed: %w\n%s", err, out)
	}
	var seed struct{ SampleEmail string }
	if b, err := os.ReadFile(seedFile); err != nil || json.Unmarshal(b, &seed) != nil {
		return nil, fmt.Errorf("read seed summary: %w", err)
	}
	return uploadScenarios(ctx, o, ws.env, seed.SampleEmail)
}

// uploadScenarios measures uploads through the API, one at a time and several at once, to local
// files and (with an S3 server) to MinIO, each beside the storage's own speed for the same bytes
// measured in the same run: a plain file copy, a direct minio-go PutObject.
func uploadScenarios(ctx context.Context, o options, env []string, email string) ([]result, error) {
	env = append(slices.Clone(env), uploadEnv...)
	dir, err := os.MkdirTemp("", "ttt-bench-uploads")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	files := map[int64]string{}
	for _, size := range uploadSizes {
		files[size] = filepath.Join(dir, fmt.Sprintf("upload-%d.pdf", size))
		if err := writePDF(files[size], size); err != nil {
			return nil, err
		}
	}
	// The local store's objects live in the server's DATA_DIR; the copies are made beside them.
	dataDir := filepath.Join(dir, "data")
	results, err := uploadsTo(env, o.server, dataDir, email, "local files", files, copyBaseline(filepath.Join(dataDir, "objects")))
	if err != nil || o.s3.endpoint == "" {
		return results, err
	}
	bucket := "ttt-bench-" + strings.ToLower(rand.Text())
	client, err := minio.New(o.s3.endpoint, &minio.Options{Creds: credentials.NewStaticV4(o.s3.accessKey, o.s3.secretKey, "")})
	if err != nil {
		return results, fmt.Errorf("minio client: %w", err)
	}
	defer removeBucket(client, bucket)
	env = append(env, "S3_ENDPOINT="+o.s3.endpoint, "S3_BUCKET="+bucket, "S3_ACCESS_KEY="+o.s3.accessKey, "S3_SECRET_KEY="+o.s3.secretKey)
	rs, err := uploadsTo(env, o.server, filepath.Join(dir, "data-s3"), email, "MinIO", files, putBaseline(ctx, client, bucket))
	return append(results, rs...), err
}

// baseline stores the file src of size bytes the storage's own way, as upload number i.
type baseline struct {
	name  string
	store func(src *os.File, size int64, i int) error
}

// time runs the baseline on the file at path and says how long it took.
func (b baseline) time(path string, i int) (time.Duration, error) {
	start := time.Now()
	f, size, err := openSized(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	if err := b.store(f, size, i); err != nil {
		return 0, err
	}
	return time.Since(start), nil
}

// openSized opens the file at path and says its size.
func openSized(path string) (*os.File, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, st.Size(), nil
}

// copyBaseline copies the file into dir and syncs it, as the local store does with an upload.
func copyBaseline(dir string) baseline {
	return baseline{name: "a plain file copy (io.Copy + fsync)", store: func(src *os.File, _ int64, i int) error {
		dst, err := os.Create(filepath.Join(dir, fmt.Sprintf("copy-%d", i)))
		if err != nil {
			return err
		}
		defer dst.Close()
		if _, err := io.Copy(dst, src); err != nil {
			return err
		}
		return dst.Sync()
	}}
}

// putBaseline uploads the file with minio-go's PutObject, as any S3 client would (size known,
// minio-go's default parts).
func putBaseline(ctx context.Context, client *minio.Client, bucket string) baseline {
	return baseline{name: "a direct minio-go PutObject", store: func(src *os.File, size int64, i int) error {
		_, err := client.PutObject(ctx, bucket, fmt.Sprintf("direct/%d", i), src, size, minio.PutObjectOptions{ContentType: "application/pdf"})
		return err
	}}
}

// uploadsTo starts a server with the environment env (its object store) and runs, for each file
// size, the uploads one at a time and then concurrentUploads at once, each beside base.
func uploadsTo(env []string, bin, dataDir, email, store string, files map[int64]string, base baseline) ([]result, error) {
	if err := os.MkdirAll(filepath.Join(dataDir, "objects"), 0o750); err != nil {
		return nil, err
	}
	s, err := startServer(append(slices.Clone(env), "DATA_DIR="+dataDir), bin, dataDir) // the server creates an S3 bucket
	if err != nil {
		return nil, fmt.Errorf("server on %s: %w", store, err)
	}
	defer s.stop()
	cookie, err := s.login(email, "seed-password")
	if err != nil {
		return nil, err
	}
	id, err := s.createVerification(cookie)
	if err != nil {
		return nil, err
	}
	idle, _ := rss(s.cmd.Process.Pid)
	var results []result
	for _, size := range uploadSizes {
		body, err := writeUploadBody(files[size])
		if err != nil {
			return nil, err
		}
		results = append(results, s.uploadOneAtATime(store, cookie, id, size, body, files[size], base),
			s.uploadConcurrently(store, cookie, id, size, body, files[size], base, idle))
	}
	return results, nil
}

// writePDF writes a file of exactly size bytes that the server takes for a PDF. Its body is
// random bytes, as the compressed streams (scanned pages) that make up a large PDF look to the
// server; the same on every run.
func writePDF(path string, size int64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	_, _ = w.WriteString("%PDF-1.4\n")
	random := mathrand.NewChaCha8([32]byte{})
	if _, err := io.CopyN(w, random, size-9); err != nil {
		f.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// uploadBody is a whole multipart request body on disk, sent with its length as a browser does.
type uploadBody struct{ path, contentType string }

// writeUploadBody writes the body of a document upload of the file at path beside it, so that
// building the form costs the client nothing during the measurement.
func writeUploadBody(path string) (uploadBody, error) {
	b := uploadBody{path: path + ".form"}
	out, err := os.Create(b.path)
	if err != nil {
		return b, err
	}
	defer out.Close()
	in, err := os.Open(path)
	if err != nil {
		return b, err
	}
	defer in.Close()
	mw := multipart.NewWriter(out)
	b.contentType = mw.FormDataContentType()
	_ = mw.WriteField("type", "additional")
	fw, err := mw.CreateFormFile("file", "big.pdf")
	if err != nil {
		return b, err
	}
	if _, err := io.Copy(fw, in); err != nil {
		return b, err
	}
	return b, mw.Close()
}

// createVerification starts a draft for the uploads and returns its id.
func (s *server) createVerification(cookie string) (int64, error) {
	req, _ := http.NewRequest("POST", s.base+"/api/verifications", strings.NewReader(`{"tier":"basic"}`))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Cookie", cookie)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, err
	}
	defer res.Body.Close()
	var v struct{ ID int64 }
	if err := json.NewDecoder(res.Body).Decode(&v); err != nil || res.StatusCode != http.StatusCreated {
		return 0, fmt.Errorf("create verification: status %d: %w", res.StatusCode, err)
	}
	return v.ID, nil
}

// upload sends body as a document of verification id and says how long the server took to answer 201.
func (s *server) upload(cookie string, id int64, body uploadBody) (time.Duration, error) {
	f, size, err := openSized(body.path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	req, _ := http.NewRequest("POST", fmt.Sprintf("%s/api/verifications/%d/documents", s.base, id), f)
	req.ContentLength = size
	req.Header.Set("Content-Type", body.contentType)
	req.Header.Set("Cookie", cookie)
	start := time.Now()
	res, err := http.DefaultClient.Do(req)
	elapsed := time.Since(start)
	if err != nil {
		return 0, err
	}
	msg, _ := io.ReadAll(io.LimitReader(res.Body, 512))
	res.Body.Close()
	if res.StatusCode != http.StatusCreated {
		return 0, fmt.Errorf("upload: status %d %s", res.StatusCode, bytes.TrimSpace(msg))
	}
	return elapsed, nil
}

// sizeLabel is a file size in whole MB, for the rows column.
func sizeLabel(size int64) string { return fmt.Sprintf("%d MB", size>>20) }

// uploadOneAtATime uploads the file uploadRepeats times through the API, each time followed by the
// baseline, and compares the median throughputs; the server's memory is read around them.
func (s *server) uploadOneAtATime(store, cookie string, id, size int64, body uploadBody, file string, base baseline) result {
	r := result{Scenario: "upload via API to " + store + ", one at a time", Size: sizeLabel(size), Budget: "-", Verdict: "-"}
	if size == uploadSizes[0] {
		r.Budget = fmt.Sprintf(">= 0.8x %s, RSS growth < 20 MB", base.name)
	}
	before, peakBefore := rss(s.cmd.Process.Pid)
	var apiTimes, baseTimes []time.Duration
	var serverCPU time.Duration
	for i := range uploadRepeats {
		cpu := cpuTime(s.cmd.Process.Pid)
		t, err := s.upload(cookie, id, body)
		if err != nil {
			return missed(r, err)
		}
		serverCPU += cpuTime(s.cmd.Process.Pid) - cpu
		apiTimes = append(apiTimes, t)
		if t, err = base.time(file, i); err != nil {
			return missed(r, err)
		}
		baseTimes = append(baseTimes, t)
	}
	after, peakAfter := rss(s.cmd.Process.Pid)
	growth := max(after-before, peakAfter-peakBefore, 0)
	api, direct := median(apiTimes), median(baseTimes)
	r.Requests, r.P50, r.Ratio = uploadRepeats, ms(api), direct.Seconds()/api.Seconds()
	if size == uploadSizes[0] {
		r.Verdict = verdict(r.Ratio >= 0.8 && growth < 20)
	}
	r.Note = fmt.Sprintf("%.0f MB/s, %s %.0f MB/s (medians of %d, alternating); server CPU %.0f ms per upload; RSS %.1f -> %.1f MB (peak %.1f -> %.1f), growth %.1f MB",
		throughput(size, api), base.name, throughput(size, direct), uploadRepeats, ms(serverCPU/uploadRepeats), before, after, peakBefore, peakAfter, growth)
	return r
}

// uploadConcurrently starts concurrentUploads uploads at once, then as many baselines at once, and
// compares the slowest upload with the median baseline. Memory is counted from the idle server's
// resident set and shared among the uploads in flight.
func (s *server) uploadConcurrently(store, cookie string, id, size int64, body uploadBody, file string, base baseline, idle float64) result {
	r := result{Scenario: fmt.Sprintf("upload via API to %s, %d at once", store, concurrentUploads), Size: sizeLabel(size), Budget: "-", Verdict: "-"}
	if size == uploadSizes[0] {
		r.Budget = fmt.Sprintf("each >= 0.5x %s (%d at once), RSS growth < 20 MB per upload", base.name, concurrentUploads)
	}
	apiTimes, err := concurrently(func(int) (time.Duration, error) { return s.upload(cookie, id, body) })
	if err != nil {
		return missed(r, err)
	}
	_, peak := rss(s.cmd.Process.Pid)
	baseTimes, err := concurrently(func(i int) (time.Duration, error) { return base.time(file, 100+i) })
	if err != nil {
		return missed(r, err)
	}
	perUpload := max(peak-idle, 0) / concurrentUploads
	slowest, direct := slices.Max(apiTimes), median(baseTimes)
	r.Requests, r.P50, r.P99, r.Ratio = concurrentUploads, ms(median(apiTimes)), ms(slowest), direct.Seconds()/slowest.Seconds()
	if size == uploadSizes[0] {
		r.Verdict = verdict(r.Ratio >= 0.5 && perUpload < 20)
	}
	r.Note = fmt.Sprintf("slowest %.0f MB/s, median %.0f MB/s; %s %d at once: median %.0f MB/s each; peak RSS %.1f MB from %.1f idle, %.1f MB per upload in flight",
		throughput(size, slowest), throughput(size, median(apiTimes)), base.name, concurrentUploads, throughput(size, direct), peak, idle, perUpload)
	return r
}

// cpuTime is the processor time (user and system) a process has used so far: unlike the time an
// upload takes, it hardly changes with the load other work puts on the machine.
func cpuTime(pid int) time.Duration {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	// The fields after the command name, which is in parentheses: utime and stime are the 12th and 13th.
	fields := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(fields) < 13 {
		return 0
	}
	utime, _ := strconv.ParseInt(fields[11], 10, 64)
	stime, _ := strconv.ParseInt(fields[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / clockTicks
}

// clockTicks is the kernel's USER_HZ, the unit of /proc's times (100 on Linux).
const clockTicks = 100

// concurrently runs f concurrentUploads times at once and returns the durations it reports.
func concurrently(f func(i int) (time.Duration, error)) ([]time.Duration, error) {
	times := make([]time.Duration, concurrentUploads)
	errs := make([]error, concurrentUploads)
	var wg sync.WaitGroup
	for i := range concurrentUploads {
		wg.Go(func() { times[i], errs[i] = f(i) })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return times, nil
}

func missed(r result, err error) result {
	r.Note, r.Verdict = err.Error(), "MISS"
	return r
}

func median(ds []time.Duration) time.Duration {
	s := slices.Sorted(slices.Values(ds))
	return s[len(s)/2]
}

// ms is d in milliseconds, to the microsecond.
func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func throughput(size int64, d time.Duration) float64 { return megabytes(size) / d.Seconds() }

// removeBucket empties and removes a bucket the bench made.
func removeBucket(client *minio.Client, bucket string) {
	ctx := context.Background()
	for o := range client.ListObjects(ctx, bucket, minio.ListObjectsOptions{Recursive: true}) {
		if o.Err == nil {
			_ = client.RemoveObject(ctx, bucket, o.Key, minio.RemoveObjectOptions{})
		}
	}
	_ = client.RemoveBucket(ctx, bucket)
}
