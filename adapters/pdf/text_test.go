package pdf

import (
	"testing"
	"time"
)

func TestASCIITransliterates(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"Société Générale Trading", "Societe Generale Trading"},
		{"José Müller", "Jose Muller"},
		{"Straße", "Strasse"},
		{"Søren Ødegård", "Soren Odegard"},
		{"Łódź Œuvre Æther Þór", "Lodz OEuvre AEther Thor"},
		{"Zürich, Genève, São Paulo, Kraków, İstanbul", "Zurich, Geneve, Sao Paulo, Krakow, Istanbul"},
		{"Ångström ñandú çà", "Angstrom nandu ca"},
		{"“Quoted” ‘single’ – dash — em…", `"Quoted" 'single' - dash - em...`},
		{"price: 5 €, 3 £", "price: 5 EUR, 3 GBP"},
		{"ﬁnance Ｆｕｌｌ", "finance Full"}, // ligature and full-width forms decompose
		{"e\u0301te\u0301", "ete"},      // already decomposed accents
		{"tab\there\r\nnext\rline", "tab here\nnext\nline"},
		{"zero\u200bwidth\x00\x07bell", "zerowidthbell"},
		{"北京 Trading", " Trading"},
		{"emoji 🚢 ship", "emoji  ship"},
		{"non\u00a0breaking", "non breaking"},
		{"plain ASCII stays", "plain ASCII stays"},
	}
	for _, tt := range tests {
		if got := ascii(tt.in); got != tt.want {
			t.Errorf("ascii(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestASCIIOutputIsPrintable(t *testing.T) {
	t.Parallel()
	in := "Ünïcödé ÀÁÂÃÄÅàáâãäå ÇçÈÉÊËèéêë ÌÍÎÏìíîï ÑñÒÓÔÕÖØòóôõöø ÙÚÛÜùúûü Ýýÿ ŠšŽž ĄąĘęŚśŹźŻżŃńĆć ŐőŰű ĞğŞş ṭḥ \u2028 \x1b[31m"
	for _, r := range ascii(in) {
		if r != '\n' && (r < 0x20 || r > 0x7e) {
			t.Fatalf("ascii left %q in %q", r, ascii(in))
		}
	}
}

func TestOneLineFoldsWhitespace(t *testing.T) {
	t.Parallel()
	if got, want := oneLine("  Rue du Rhône 42\n1204  Genève\t"), "Rue du Rhone 42 1204 Geneve"; got != want {
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
