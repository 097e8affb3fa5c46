package pdf

import (
	"testing"
	"time"
)

func TestCleanKeepsTextAsWritten(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Société Générale Trading", "Société Générale Trading"},
		{"Straße, Søren Ødegård, Łódź", "Straße, Søren Ødegård, Łódź"},
		{"上海海洋贸易有限公司", "上海海洋贸易有限公司"},
		{"ООО «Северный Ветер»", "ООО «Северный Ветер»"},
		{"شركة الخليج للتجارة", "شركة الخليج للتجارة"},
		{"e\u0301te\u0301", "été"}, // decomposed accents are composed
		{"tab\there\r\nnext\rline\u2028sep", "tab here\nnext\nline\nsep"},
		{"zero\u200bwidth\x00\x07bell\u00ad\u202edone", "zerowidthbelldone"},
		{"non\u00a0breaking", "non breaking"},
		{"emoji 🚢 and 𠀀", "emoji \uFFFD and \uFFFD"}, // beyond the BMP
	}
	for _, tt := range tests {
		if got := clean(tt.in); got != tt.want {
			t.Errorf("clean(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestOneLineFoldsWhitespace(t *testing.T) {
	t.Parallel()
	if got, want := oneLine("  Rue du Rhône 42\n1204  Genève\t"), "Rue du Rhône 42 1204 Genève"; got != want {
		t.Errorf("oneLine = %q, want %q", got, want)
	}
}

func TestProducts(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{`["Copper","Gold"]`, "Copper, Gold"},
		{` [ "Copper" , " Gold ", "" ] `, "Copper, Gold"},
		{`["Copper", 42]`, "Copper, 42"},
		{"Copper,Gold , Silver", "Copper, Gold, Silver"},
		{"Crude oil", "Crude oil"},
		{"[not json", "[not json"},
		{"", ""},
		{"[]", ""},
	}
	for _, tt := range tests {
		if got := products(tt.in); got != tt.want {
			t.Errorf("products(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestDates(t *testing.T) {
	t.Parallel()
	if got := longDate(time.Date(2026, 1, 2, 23, 0, 0, 0, time.UTC)); got != "January 2, 2026" {
		t.Errorf("longDate = %q", got)
	}
	if got := longDate(time.Time{}); got != "-" {
		t.Errorf("longDate(zero) = %q", got)
	}
	for in, want := range map[string]string{"2011-06-01": "June 1, 2011", "01/06/2011": "01/06/2011", "": "-"} {
		if got := storedDate(in); got != want {
			t.Errorf("storedDate(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCountryName(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{"CH": "Switzerland (CH)", "gb": "United Kingdom (GB)", "Atlantis": "Atlantis", "": ""} {
		if got := countryName(in); got != want {
			t.Errorf("countryName(%q) = %q, want %q", in, got, want)
		}
	}
}
