package tests

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/adapters/http/api"
)

// malformedCase is one hostile request of the battery: the route family it aims at, what it sends
// (as the reliability table names it) and how.
type malformedCase struct {
	route string
	sent  string
	send  func() response
}

// TestMalformedInputNeverAnswers5xx sends a battery of malformed requests (control characters and
// invalid UTF-8 in paths, query parameters and JSON fields of every route family, public ones
// included; huge numbers, wrong JSON types, truncated and oversized multipart bodies, wrong content
// types, overlong fields) to the real server. Every answer is a 4xx with a message, and nothing in
// the database, the blob store or what the users read changed. With BADINPUT_DOC set, the test
// writes its table into docs/reliability.md.
func TestMalformedInputNeverAnswers5xx(t *testing.T) {
	forEachBackend(t, func(t *testing.T, e *env) {
		owner := e.register(t, "battery@acme.example")
		v := fillVerification(t, owner, "basic")
		base := "/api/verifications/" + itoa(v.ID)
		var reps []struct{ ID int64 }
		owner.must(http.StatusOK, "GET", base+"/representatives", nil).JSON(t, &reps)
		var docs []api.Document
		owner.must(http.StatusOK, "GET", base+"/documents", nil).JSON(t, &docs)
		rep := base + "/representatives/" + itoa(reps[0].ID)
		adm := e.admin(t)
		anon := e.client(t)
		before := e.snapshot(t, owner, adm, v.ID)

		cases := malformedBattery(owner, adm, anon, base, rep, docs[0].URL)
		rows := make([]string, 0, len(cases))
		for _, tc := range cases {
			r := tc.send()
			msg := errorSummary(r)
			rows = append(rows, fmt.Sprintf("| %s | %s | %d %s |", tc.route, tc.sent, r.Status, msg))
			if r.Status < 400 || r.Status > 499 {
				t.Errorf("%s, %s: status %d, want 4xx (%s)", tc.route, tc.sent, r.Status, r.Body)
			} else if msg == "" && r.Header.Get("Content-Type") == "application/json" {
				t.Errorf("%s, %s: %d without a message", tc.route, tc.sent, r.Status)
			}
		}
		if after := e.snapshot(t, owner, adm, v.ID); after != before {
			t.Errorf("the battery changed something:\nbefore %s\nafter  %s", before, after)
		}
		if os.Getenv("BADINPUT_DOC") != "" && strings.HasSuffix(t.Name(), "sqlite") && !t.Failed() {
			writeBadInputSection(t, rows)
		}
	})
}

// badInputHeading starts the section of docs/reliability.md this test writes (make soak keeps it).
const badInputHeading = "## Bad input\n"

// writeBadInputSection puts the battery's table into docs/reliability.md, in place of the section
// an earlier run wrote or before "## How to run it".
func writeBadInputSection(t *testing.T, rows []string) {
	t.Helper()
	const doc = "../docs/reliability.md"
	old, err := os.ReadFile(doc)
	if err != nil {
		t.Fatal(err)
	}
	section := badInputHeading + "\n" + fmt.Sprintf("Written by `BADINPUT_DOC=1 go test -run TestMalformedInputNeverAnswers5xx ./tests/` "+
		"on %s. The test sends each request below to the real server, on SQLite and on PostgreSQL, as the owner of a "+
		"filled draft, as an administrator or anonymously, and fails on any answer outside 4xx; afterwards the row counts "+
		"of every table the API writes, the stored objects and what the owner and the administrator read are as before.\n\n"+
		"- **pass** %d malformed requests: 0 answered 5xx, nothing changed\n\n", time.Now().UTC().Format("2006-01-02"), len(rows)) +
		"| route | what was sent | answer |\n|---|---|---|\n" + strings.Join(rows, "\n") + "\n\n"
	text := string(old)
	if start := strings.Index(text, badInputHeading); start >= 0 {
		end := strings.Index(text[start+len(badInputHeading):], "\n## ")
		text = text[:start] + section + text[start+len(badInputHeading)+end+1:]
	} else {
		at := strings.Index(text, "## How to run it")
		if at < 0 {
			at = len(text)
		}
		text = text[:at] + section + text[at:]
	}
	if err := os.WriteFile(doc, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// malformedBattery is every request of the battery, sent as owner (the applicant who owns base),
// adm (an administrator) or anon (nobody signed in).
func malformedBattery(owner, adm, anon *client, base, rep, fileURL string) []malformedCase {
	get := func(c *client, path string) func() response { return func() response { return c.do("GET", path, nil) } }
	send := func(c *client, method, path string, body any) func() response {
		return func() response { return c.do(method, path, body) }
	}
	rawJSON := func(c *client, method, path, body string) func() response {
		return func() response { return c.raw(method, path, "application/json", strings.NewReader(body)) }
	}
	company := func(field, value string) map[string]string {
		m := map[string]string{}
		for k, v := range companyBody {
			m[k] = v
		}
		m[field] = value
		return m
	}
	filePartCutOff := "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"cut.pdf\"\r\nContent-Type: application/pdf\r\n\r\n" +
		string(pdfFile)
	multipartBody := "--b\r\nContent-Disposition: form-data; name=\"type\"\r\n\r\nadditional\r\n" + filePartCutOff
	giantHeader := "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"h.pdf\"\r\nX-Padding: " +
		strings.Repeat("a", 1<<20) + "\r\n\r\n" + string(pdfFile) + "\r\n--b--\r\n"
	return []malformedCase{
		// Paths.
		{"public certificate", "NUL in the public id (`a%00b`), anonymous", get(anon, "/api/public/verifications/a%00b")},
		{"public company fields", "control character U+0001 in the public id", get(anon, "/api/public/verifications/a%01b/company-info")},
		{"public documents", "invalid UTF-8 (`%FF%FE`) in the public id", get(anon, "/api/public/verifications/%FF%FE/documents")},
		{"shared CIS link", "NUL inside a 24-character token", get(anon, "/api/shared/cis/abcdefghij%00klmnopqrstuv")},
		{"verification", "NUL after the id (`1%00`)", get(owner, "/api/verifications/1%00")},
		{"verification", "id of 23 digits (beyond int64)", get(owner, "/api/verifications/99999999999999999999999")},
		{"representative", "ESC (U+001B) as the representative id", send(owner, "PUT", base+"/representatives/%1B", representativeBody)},
		{"document", "NUL as the document id", send(owner, "DELETE", base+"/documents/%00", nil)},
		{"file download", "NUL in the object path", get(owner, fileURL+"%00")},
		{"file download", "invalid UTF-8 in the object path", get(owner, "/api/files/%FF%FE.pdf")},
		{"simulated card payment", "NUL in the payment intent id", send(owner, "POST", "/api/simulated-payments/pi_%00/confirm",
			map[string]string{"cardNumber": "4242424242424242", "expiry": "12/30", "cvc": "123"})},
		{"admin verification", "ESC after the id", get(adm, "/api/admin/verifications/1%1B")},
		{"admin screening decision", "NUL as the hit id", send(adm, "POST", "/api/admin/verifications/1/screening/hits/%00/decision",
			map[string]string{"outcome": "false_positive", "note": "x"})},
		{"single-page app", "NUL in a page path", get(anon, "/v/%00")},
		// Query parameters.
		{"verification list", "NUL in `status`", get(owner, "/api/verifications?status=draft%00")},
		{"verification list", "NUL as `page`", get(owner, "/api/verifications?page=%00")},
		{"verification list", "invalid UTF-8 in `sort`", get(owner, "/api/verifications?sort=%FF")},
		{"verification list", "`page` of 30 digits", get(owner, "/api/verifications?page=999999999999999999999999999999")},
		{"admin list", "NUL in the `email` filter", get(adm, "/api/admin/verifications?email=a%00b")},
		{"admin list", "NUL in the `publicId` filter", get(adm, "/api/admin/verifications?publicId=%00")},
		{"admin list", "invalid UTF-8 in the `email` filter", get(adm, "/api/admin/verifications?email=%C3%28")},
		{"admin status counts", "U+0007 in the `email` filter", get(adm, "/api/admin/verifications/stats?email=%07")},
		{"admin failed jobs", "`page` of 20 digits", get(adm, "/api/admin/jobs/failed?page=99999999999999999999")},
		{"notifications", "NUL in an unknown query parameter", get(owner, "/api/notifications?x=%00")},
		{"public certificate", "NUL in a query parameter, anonymous", get(anon, "/api/public/verifications/abc?lang=%00")},
		// JSON fields.
		{"register", "NUL in `email`", send(anon, "POST", "/api/register", map[string]string{"email": "nul\x00@acme.example", "password": "tangerine-42"})},
		{"login", "NUL in `email`", send(anon, "POST", "/api/login", map[string]string{"email": "battery@acme.example\x00", "password": "tangerine-42"})},
		{"password reset request", "NUL in `email`", send(anon, "POST", "/api/password-reset/request", map[string]string{"email": "battery\x00@acme.example"})},
		{"password reset confirm", "NUL in `token`", send(anon, "POST", "/api/password-reset/confirm", map[string]string{"token": "\x00", "newPassword": "secret456"})},
		{"change password", "NUL in `newPassword`", send(owner, "POST", "/api/change-password", map[string]string{"currentPassword": "tangerine-42", "newPassword": "new\x00secret"})},
		{"create verification", "NUL after the tier", send(owner, "POST", "/api/verifications", map[string]string{"tier": "basic\x00"})},
		{"company information", "NUL in `companyName`", send(owner, "POST", base+"/company-info", company("companyName", "Acme\x00Metals"))},
		{"company information", "line break in `companyName` (one-line field)", send(owner, "PUT", base+"/company-info", company("companyName", "Acme\nMetals"))},
		{"company information", "U+001F in `registeredAddress` (multi-line field)", send(owner, "PUT", base+"/company-info", company("registeredAddress", "1 Road\x1f"))},
		{"banking information", "U+0001 in `accountNumber`", send(owner, "PUT", base+"/banking-info", map[string]string{
			"bankName": "First Bank", "bankAddress": "2 Bank St", "accountName": "Acme", "accountNumber": "\x01GB29", "swiftCode": "NWBKGB2L", "currency": "USD"})},
		{"trade information", "NUL in `pastTransactions` (multi-line field)", send(owner, "POST", base+"/trade-info", map[string]string{
			"productsTraded": `["Copper"]`, "incoterms": "CIF", "pastTransactions": "2025\x00"})},
		{"representative", "ESC sequence in `fullName`", send(owner, "POST", base+"/representatives", func() map[string]string {
			m := map[string]string{}
			for k, v := range representativeBody {
				m[k] = v
			}
			m["fullName"] = "\x1b[31mJane"
			return m
		}())},
		{"coupon check", "NUL in `couponCode`", send(owner, "POST", "/api/validate-coupon", map[string]any{"couponCode": "\x00", "verificationId": 1})},
		{"payment intent", "`verificationId` of 1e400", rawJSON(owner, "POST", "/api/create-payment-intent", `{"verificationId":1e400}`)},
		{"payment intent", "`verificationId` of 30 digits", rawJSON(owner, "POST", "/api/create-payment-intent", `{"verificationId":999999999999999999999999999999}`)},
		{"payment intent", "`verificationId` as an object", rawJSON(owner, "POST", "/api/create-payment-intent", `{"verificationId":{"id":1}}`)},
		{"payment success", "NUL in `paymentIntentId`", send(owner, "POST", "/api/payment-success", map[string]any{"verificationId": 1, "paymentIntentId": "pi_\x00"})},
		{"notifications read", "`ids` as a string", rawJSON(owner, "POST", "/api/notifications/read", `{"ids":"all"}`)},
		{"notifications read", "an id of 1e30", rawJSON(owner, "POST", "/api/notifications/read", `{"ids":[1e30]}`)},
		{"admin reject", "NUL in `reason` (multi-line field)", send(adm, "POST", "/api/admin/verifications/1/reject", map[string]string{"reason": "bad\x00"})},
		{"admin screening search", "NUL in `name`", send(adm, "POST", "/api/admin/screening/search", map[string]string{"name": "Ivan\x00"})},
		{"company information", "invalid UTF-8 in `companyName`", rawJSON(owner, "PUT", base+"/company-info", "{\"companyName\":\"\xff\xfe\"}")},
		{"company information", "`companyName` as a number", rawJSON(owner, "PUT", base+"/company-info", `{"companyName":5}`)},
		{"company information", "a JSON array instead of an object", rawJSON(owner, "PUT", base+"/company-info", `[]`)},
		{"company information", "10,000 nested arrays", rawJSON(owner, "PUT", base+"/company-info", strings.Repeat("[", 10001)+strings.Repeat("]", 10001))},
		{"company information", "`companyName` of 5,000 characters", send(owner, "PUT", base+"/company-info", company("companyName", strings.Repeat("A", 5000)))},
		{"company information", "a 100 KB body", send(owner, "PUT", base+"/company-info", company("companyName", strings.Repeat("A", 100<<10)))},
		{"company information", "JSON cut off mid-string", rawJSON(owner, "PUT", base+"/company-info", `{"companyName":"Acme`)},
		{"create verification", "NUL in a key", rawJSON(owner, "POST", "/api/verifications", `{"tier\u0000":"basic"}`)},
		// Content types and bodies.
		{"company information", "Content-Type application/xml", func() response {
			return owner.raw("PUT", base+"/company-info", "application/xml", strings.NewReader(`<a/>`))
		}},
		{"company information", "a Content-Type that does not parse", func() response {
			return owner.raw("PUT", base+"/company-info", "application/json; charset", strings.NewReader(`{}`))
		}},
		{"document upload", "multipart without a boundary", func() response {
			return owner.raw("POST", base+"/documents", "multipart/form-data", strings.NewReader(multipartBody))
		}},
		{"document upload", "file part cut off (no closing boundary)", func() response {
			return owner.raw("POST", base+"/documents", "multipart/form-data; boundary=b", strings.NewReader(multipartBody))
		}},
		{"document upload", "body shorter than its Content-Length (client stops sending)", func() response {
			return owner.cutOff("POST", base+"/documents", "multipart/form-data; boundary=b", multipartBody, len(multipartBody)+4096)
		}},
		{"company information", "JSON body shorter than its Content-Length", func() response {
			return owner.cutOff("PUT", base+"/company-info", "application/json", `{"companyName":"Acme"`, 400)
		}},
		{"document upload", "1 MB part header block", func() response {
			return owner.raw("POST", base+"/documents", "multipart/form-data; boundary=b", strings.NewReader(giantHeader))
		}},
		{"document upload", "NUL in the `type` field", func() response {
			return owner.upload(base+"/documents", "x.pdf", pdfFile, map[string]string{"type": "additional\x00"})
		}},
		{"passport upload", "NUL as the representative id", func() response {
			return owner.upload(base+"/representatives/%00/passport", "p.pdf", pdfFile, nil)
		}},
		{"passport upload", "file part cut off", func() response {
			return owner.raw("POST", rep+"/passport", "multipart/form-data; boundary=b", strings.NewReader(filePartCutOff))
		}},
		{"Stripe webhook", "NUL in the body, no signature (simulated provider: no webhook)", func() response {
			return anon.raw("POST", "/api/webhooks/stripe", "application/json", strings.NewReader(`{"id":"evt_\u0000"}`))
		}},
	}
}

// errorSummary is an error answer's message and field messages, for the table.
func errorSummary(r response) string {
	var body api.Error
	if r.Header.Get("Content-Type") != "application/json" || json.Unmarshal(r.Body, &body) != nil {
		return ""
	}
	s := strings.ReplaceAll(body.Message, "|", `\|`)
	if len(body.Errors) > 0 {
		fields := make([]string, 0, len(body.Errors))
		for f := range body.Errors {
			fields = append(fields, f)
		}
		sort.Strings(fields)
		s += " (field " + strings.Join(fields, ", ") + ")"
	}
	if len(s) > 120 {
		s = s[:117] + "..."
	}
	return `"` + s + `"`
}

// snapshot is what a change would show: the row count of every table the API writes, the stored
// objects, and what the owner and an administrator read about verification id.
func (e *env) snapshot(t *testing.T, owner, adm *client, id int64) string {
	t.Helper()
	var b strings.Builder
	for _, table := range []string{"users", "verifications", "company_infos", "banking_infos", "trade_infos", "representatives",
		"documents", "audit_events", "account_events", "payments", "coupon_reservations", "notifications",
		"password_reset_tokens", "temporary_urls", "screening_hit_decisions", "pending_objects", "sent_emails"} {
		n, err := e.DB.NewSelect().Table(table).Count(context.Background())
		if err != nil {
			t.Fatalf("count %s: %v", table, err)
		}
		fmt.Fprintf(&b, "%s=%d ", table, n)
	}
	fmt.Fprintf(&b, "objects=%d\n", e.objectCount(t))
	base := "/api/verifications/" + itoa(id)
	for _, path := range []string{base, base + "/company-info", base + "/banking-info", base + "/trade-info",
		base + "/representatives", base + "/documents", "/api/verifications", "/api/notifications"} {
		b.Write(owner.must(http.StatusOK, "GET", path, nil).Body)
	}
	b.Write(adm.must(http.StatusOK, "GET", "/api/admin/verifications/"+itoa(id)+"/events", nil).Body)
	return b.String()
}

// cutOff sends a request that announces length bytes of body but sends only body, then closes its
// sending side, as a client that drops the connection mid-upload; it reads the answer.
func (c *client) cutOff(method, path, contentType, body string, length int) response {
	c.t.Helper()
	u, _ := url.Parse(c.base + path)
	conn, err := net.Dial("tcp", u.Host)
	if err != nil {
		c.t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(30 * time.Second))
	fmt.Fprintf(conn, "%s %s HTTP/1.1\r\nHost: %s\r\nContent-Type: %s\r\nContent-Length: %d\r\nCookie: %s\r\nConnection: close\r\n\r\n%s",
		method, u.RequestURI(), u.Host, contentType, length, sessionCookie(c, u), body)
	_ = conn.(*net.TCPConn).CloseWrite()
	req, _ := http.NewRequest(method, c.base+path, nil)
	res, err := http.ReadResponse(bufio.NewReader(conn), req)
	if err != nil {
		c.t.Fatalf("%s %s cut off: %v", method, path, err)
	}
	defer res.Body.Close()
	var out bytes.Buffer
	_, _ = out.ReadFrom(res.Body)
	checkOpenAPI(c.t, req, res.StatusCode, res.Header, out.Bytes())
	return response{Status: res.StatusCode, Body: out.Bytes(), Header: res.Header}
}
