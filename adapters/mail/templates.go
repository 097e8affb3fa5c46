package mail

import (
	"bytes"
	"embed"
	"fmt"
	htmltemplate "html/template"
	"io/fs"
	"net/url"
	"path"
	"strconv"
	"strings"
	texttemplate "text/template"
	"time"

	"github.com/tttverify/tttverify/application"
)

//go:embed templates
var templateFiles embed.FS

// Templates renders the product's e-mails, HTML and plain text, from the embedded templates.
// Every link is built from the public base URL. It implements application.Emails.
type Templates struct {
	base *url.URL
	text map[string]*texttemplate.Template
	html map[string]*htmltemplate.Template
}

var _ application.Emails = (*Templates)(nil)

// Names lists the e-mails that have a template: templates/<name>.tmpl, named by the data's
// Template, defines the e-mail's "subject", its "text" and its "html", which the layouts
// (layout.txt, layout.html) frame.
func Names() []string {
	files, _ := fs.Glob(templateFiles, "templates/*.tmpl") // the pattern is well-formed
	names := make([]string, len(files))
	for i, f := range files {
		names[i] = strings.TrimSuffix(path.Base(f), ".tmpl")
	}
	return names
}

// NewTemplates parses the templates for links under publicBaseURL (e.g. https://verify.example.com).
func NewTemplates(publicBaseURL string) (*Templates, error) {
	base, err := url.Parse(strings.TrimRight(publicBaseURL, "/"))
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") || base.Host == "" {
		return nil, fmt.Errorf("e-mail links need an http(s) public base URL, got %q", publicBaseURL)
	}
	t := &Templates{base: base, text: map[string]*texttemplate.Template{}, html: map[string]*htmltemplate.Template{}}
	funcs := t.funcs()
	textBase, err := texttemplate.New("").Funcs(funcs).ParseFS(templateFiles, "templates/layout.txt")
	if err != nil {
		return nil, fmt.Errorf("parse text layout: %w", err)
	}
	htmlBase, err := htmltemplate.New("").Funcs(funcs).ParseFS(templateFiles, "templates/layout.html")
	if err != nil {
		return nil, fmt.Errorf("parse HTML layout: %w", err)
	}
	for _, name := range Names() {
		// Each part executes only its own templates: the text the "text" one, the HTML the "html"
		// one and the subject (as its <title>, escaped as HTML).
		file := "templates/" + name + ".tmpl"
		tt, err := texttemplate.Must(textBase.Clone()).ParseFS(templateFiles, file)
		if err != nil {
			return nil, fmt.Errorf("parse %s.tmpl as text: %w", name, err)
		}
		ht, err := htmltemplate.Must(htmlBase.Clone()).ParseFS(templateFiles, file)
		if err != nil {
			return nil, fmt.Errorf("parse %s.tmpl as HTML: %w", name, err)
		}
		t.text[name], t.html[name] = tt, ht
	}
	return t, nil
}

// Render renders data as the message to one recipient.
func (t *Templates) Render(to, idempotencyKey string, data application.Email) (application.Message, error) {
	name := data.Template()
	tt, ok := t.text[name]
	if !ok {
		return application.Message{}, fmt.Errorf("no e-mail template %q", name)
	}
	var subject, text, html bytes.Buffer
	if err := tt.ExecuteTemplate(&subject, "subject", data); err != nil {
		return application.Message{}, fmt.Errorf("render %s subject: %w", name, err)
	}
	if err := tt.ExecuteTemplate(&text, "layout", data); err != nil {
		return application.Message{}, fmt.Errorf("render %s text: %w", name, err)
	}
	if err := t.html[name].ExecuteTemplate(&html, "layout", data); err != nil {
		return application.Message{}, fmt.Errorf("render %s HTML: %w", name, err)
	}
	msg := application.Message{
		To:             []string{to},
		Subject:        strings.Join(strings.Fields(subject.String()), " "),
		Text:           strings.TrimLeft(text.String(), "\n"),
		HTML:           html.String(),
		IdempotencyKey: idempotencyKey,
	}
	if u, ok := data.(application.OneClickUnsubscribe); ok {
		// RFC 8058: a mail client's one-click POST to this link unsubscribes, with no page between.
		msg.Headers = map[string]string{
			"List-Unsubscribe":      "<" + t.unsubscribeLink(u.UnsubscribeToken()) + ">",
			"List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
		}
	}
	return msg, nil
}

// unsubscribePath is the API route a follower's one-click unsubscribe posts to (RFC 8058); a
// browser's GET of it is sent on to the SPA's page, where a button unsubscribes.
const unsubscribePath = "/api/public/follow/unsubscribe"

// unsubscribeLink is the one-click unsubscribe address for token.
func (t *Templates) unsubscribeLink(token string) string {
	u := *t.base
	u.Path += unsubscribePath
	u.RawQuery = url.Values{"token": {token}}.Encode()
	return u.String()
}

// button is what the "button" template shows.
type button struct{ Label, URL string }

func (t *Templates) funcs() map[string]any {
	return map[string]any{
		// link builds an absolute URL from path segments, each escaped: link "v" .PublicID.
		"link": func(segments ...any) string {
			u := *t.base
			for _, s := range segments {
				u.Path += "/" + fmt.Sprint(s)
			}
			if u.Path == "" {
				u.Path = "/"
			}
			return u.String()
		},
		"query": func(link, key, value string) string {
			return link + "?" + url.Values{key: {value}}.Encode()
		},
		"host":   func() string { return t.base.Host },
		"button": func(label, url string) button { return button{label, url} },
		"money":  money,
		"tier": func(tier string) string {
			if tier == "" {
				return ""
			}
			return strings.ToUpper(tier[:1]) + tier[1:]
		},
		"brand": func(b string) string {
			switch strings.ToLower(b) {
			case "amex", "american_express":
				return "American Express"
			case "mastercard":
				return "Mastercard"
			case "":
				return "Card"
			}
			return strings.ToUpper(b[:1]) + strings.ToLower(b[1:])
		},
		"date":     func(t time.Time) string { return t.UTC().Format("2 January 2006") },
		"datetime": func(t time.Time) string { return t.UTC().Format("2 January 2006, 15:04 UTC") },
		"duration": duration,
		"join":     strings.Join,
	}
}

// money shows cents in a currency: $1,234.50 for US dollars, else "1,234.50 EUR".
func money(cents int64, currency string) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	whole := strconv.FormatInt(cents/100, 10)
	for i := len(whole) - 3; i > 0; i -= 3 {
		whole = whole[:i] + "," + whole[i:]
	}
	amount := fmt.Sprintf("%s.%02d", whole, cents%100)
	if strings.EqualFold(currency, "usd") || currency == "" {
		return sign + "$" + amount
	}
	return sign + amount + " " + strings.ToUpper(currency)
}

// duration says a validity period in words: "1 hour", "30 minutes", "2 days".
func duration(d time.Duration) string {
	plural := func(n int64, unit string) string {
		if n == 1 {
			return "1 " + unit
		}
		return strconv.FormatInt(n, 10) + " " + unit + "s"
	}
	switch {
	case d >= 24*time.Hour && d%(24*time.Hour) == 0:
		return plural(int64(d/(24*time.Hour)), "day")
	case d >= time.Hour && d%time.Hour == 0:
		return plural(int64(d/time.Hour), "hour")
	default:
		return plural(int64(d.Round(time.Minute)/time.Minute), "minute")
	}
}
