package screening

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tttverify/tttverify/domain/screening"
)

// fixture reads a file under testdata.
func fixture(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", path))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func parse(p Parser, data []byte) (screening.List, error) {
	return p.Parse(map[string]io.Reader{p.Files()[0]: bytes.NewReader(data)})
}

func entryByID(t *testing.T, l screening.List, id string) screening.Entry {
	t.Helper()
	for _, e := range l.Entries {
		if e.SourceID == id {
			return e
		}
	}
	t.Fatalf("%s: no entry %s", l.Source, id)
	return screening.Entry{}
}

func dob(y, m, d int) screening.DateOfBirth {
	return screening.DateOfBirth{From: screening.Date{Year: y, Month: m, Day: d}, To: screening.Date{Year: y, Month: m, Day: d}}
}

func years(from, to int) screening.DateOfBirth {
	return screening.DateOfBirth{From: screening.Date{Year: from}, To: screening.Date{Year: to}}
}

func TestEUParser(t *testing.T) {
	l, err := parse(EU, fixture(t, "eu/export.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 3 || !l.Published.Equal(time.Date(2026, 11, 20, 16, 31, 4, 512e6, time.UTC)) {
		t.Fatalf("%d entries, published %v", len(l.Entries), l.Published)
	}
	p := entryByID(t, l, "900001")
	if p.Kind != screening.Person || p.Name != "Ivan Sergeyevich Kuznetsov" || !slices.Equal(p.Aliases, []string{"Иван Сергеевич Кузнецов"}) ||
		!slices.Equal(p.DatesOfBirth, []screening.DateOfBirth{dob(1971, 3, 14)}) || !slices.Equal(p.Countries, []string{"RU"}) ||
		!slices.Equal(p.Programs, []string{"UKR"}) || !slices.Equal(p.Topics, []screening.Topic{screening.Sanction}) {
		t.Fatalf("person %+v", p)
	}
	if want := (screening.Identifier{Type: screening.Passport, Value: "7204 556677", Country: "RU", Label: "National passport"}); !slices.Equal(p.Identifiers, []screening.Identifier{want}) {
		t.Fatalf("identifiers %+v", p.Identifiers)
	}
	if !strings.Contains(p.Remarks, "EU.9001.11") || !strings.Contains(p.Remarks, "Head of procurement") {
		t.Fatalf("remarks %q", p.Remarks)
	}
	circa := entryByID(t, l, "900002")
	if !slices.Equal(circa.DatesOfBirth, []screening.DateOfBirth{years(1965, 1967), years(1960, 1962)}) ||
		!slices.Equal(circa.Countries, []string{"AF"}) || !slices.Equal(circa.Aliases, []string{"Abu Example"}) {
		t.Fatalf("circa %+v", circa)
	}
	co := entryByID(t, l, "900003")
	if co.Kind != screening.Organisation || len(co.Identifiers) != 3 || co.Identifiers[0].Type != screening.Registration ||
		co.Identifiers[1].Type != screening.TaxID || co.Identifiers[2] != (screening.Identifier{Type: screening.SWIFTBIC, Value: "SVMKRUMM", Country: "RU", Label: "SWIFT BIC"}) ||
		!slices.Equal(co.Programs, []string{"UKR", "RUS"}) {
		t.Fatalf("company %+v", co)
	}
}

func TestUKParser(t *testing.T) {
	l, err := parse(UK, fixture(t, "uk/UK-Sanctions-List.xml"))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 3 || !l.Published.Equal(time.Date(2026, 11, 21, 0, 0, 0, 0, time.UTC)) {
		t.Fatalf("%d entries, published %v", len(l.Entries), l.Published)
	}
	p := entryByID(t, l, "RUS9001")
	if p.Kind != screening.Person || p.Name != "Oleg Viktorovich SOKOLOV" ||
		!slices.Equal(p.Aliases, []string{"Oleg SOKOLOFF", "Олег Викторович СОКОЛОВ"}) ||
		!slices.Equal(p.DatesOfBirth, []screening.DateOfBirth{dob(1968, 11, 2), years(1969, 1969)}) ||
		!slices.Equal(p.Countries, []string{"RU"}) || len(p.Identifiers) != 2 || p.Identifiers[0].Value != "753311999" ||
		p.Identifiers[1].Type != screening.NationalID || !strings.Contains(p.Remarks, "Board member") ||
		!slices.Equal(p.Programs, []string{"The Russia (Sanctions) (EU Exit) Regulations 2019"}) {
		t.Fatalf("person %+v", p)
	}
	co := entryByID(t, l, "RUS9002")
	if co.Kind != screening.Organisation || co.Name != "BALTIC STEEL TRADING LIMITED" || !slices.Equal(co.Aliases, []string{"BALTSTEEL"}) ||
		!slices.Equal(co.Countries, []string{"CY"}) || co.Identifiers[0].Type != screening.Registration {
		t.Fatalf("company %+v", co)
	}
	ship := entryByID(t, l, "RUS9003")
	if ship.Kind != screening.Vessel || ship.Identifiers[0] != (screening.Identifier{Type: screening.IMO, Value: "9123456", Label: "IMO number"}) ||
		!slices.Equal(ship.Countries, []string{"GA"}) {
		t.Fatalf("ship %+v", ship)
	}
}

func TestUSCSLParser(t *testing.T) {
	l, err := parse(USCSL, fixture(t, "us_csl/consolidated.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 115 || !l.Published.IsZero() {
		t.Fatalf("%d entries", len(l.Entries))
	}
	if d := screening.DuplicateIDs(l.Entries); len(d) != 0 {
		t.Fatalf("duplicate ids %v", d)
	}
	co := entryByID(t, l, "20264")
	if co.Kind != screening.Organisation || co.Name != "200G PSA HOLDINGS LLC" || !slices.Equal(co.Countries, []string{"US"}) ||
		!slices.Equal(co.Identifiers, []screening.Identifier{{Type: screening.TaxID, Value: "80-0890696", Country: "US", Label: "Tax ID No."}}) {
		t.Fatalf("company %+v", co)
	}
	p := entryByID(t, l, "PLC-9696")
	if p.Kind != screening.Person || p.Name != "ABDUL JAWAD, Naser" || !slices.Equal(p.Aliases, []string{"ABDEL JAWAD, Nasir Abdullah Odeh"}) ||
		!slices.Equal(p.DatesOfBirth, []screening.DateOfBirth{years(1965, 1965)}) || !slices.Equal(p.Programs, []string{"NS-PLC"}) {
		t.Fatalf("person %+v", p)
	}
	var vessel *screening.Entry
	for i, e := range l.Entries {
		if e.Kind == screening.Vessel && len(e.Identifiers) > 0 && e.Identifiers[0].Type == screening.IMO {
			vessel = &l.Entries[i]
		}
	}
	if vessel == nil || vessel.Identifiers[0].Value != "8898831" && vessel.Identifiers[0].Value != "9116412" {
		t.Fatalf("no vessel with an IMO number: %+v", vessel)
	}
}

func TestFTMParser(t *testing.T) {
	l, err := parse(FTM, fixture(t, "ftm/entities.ftm.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(l.Entries) != 4 {
		t.Fatalf("%d entries (the address must be skipped)", len(l.Entries))
	}
	if nested := entryByID(t, l, "pep-nested-4"); nested.Name != "Petar Primerov" || len(nested.Aliases) != 0 {
		t.Fatalf("nested entity %+v", nested)
	}
	p := entryByID(t, l, "pep-example-1")
	if p.Kind != screening.Person || !slices.Equal(p.Topics, []screening.Topic{screening.PEP}) || !slices.Equal(p.Countries, []string{"BG"}) ||
		!slices.Equal(p.DatesOfBirth, []screening.DateOfBirth{dob(1975, 6, 2)}) || len(p.Aliases) != 2 ||
		p.Identifiers[0].Type != screening.Passport || p.Remarks != "Deputy Minister of Finance" {
		t.Fatalf("pep %+v", p)
	}
	if co := entryByID(t, l, "co-example-2"); co.Kind != screening.Organisation || co.Identifiers[0].Type != screening.Registration ||
		!slices.Equal(co.Topics, []screening.Topic{screening.Sanction}) {
		t.Fatalf("company %+v", co)
	}
	if v := entryByID(t, l, "vessel-3"); v.Kind != screening.Vessel || v.Identifiers[0].Value != "9234567" || !slices.Equal(v.Countries, []string{"PA"}) {
		t.Fatalf("vessel %+v", v)
	}
}

func TestPEPCSVParser(t *testing.T) {
	l, err := parse(PEPCSV, fixture(t, "pep/pep.csv"))
	if err != nil {
		t.Fatal(err)
	}
	p := entryByID(t, l, "P-0001")
	if p.Kind != screening.Person || !slices.Equal(p.Topics, []screening.Topic{screening.PEP}) || len(p.Aliases) != 2 ||
		p.Identifiers[0] != (screening.Identifier{Type: screening.Passport, Value: "41234567", Country: "CZ"}) ||
		p.Remarks != "Member of Parliament; In office since 2021" {
		t.Fatalf("pep %+v", p)
	}
	if p2 := entryByID(t, l, "P-0002"); !slices.Equal(p2.Countries, []string{"PT", "BR"}) || !slices.Equal(p2.DatesOfBirth, []screening.DateOfBirth{years(1970, 1972)}) {
		t.Fatalf("pep 2 %+v", p2)
	}
	if co := entryByID(t, l, "P-0003"); co.Kind != screening.Organisation {
		t.Fatalf("organisation %+v", co)
	}
}

// TestParsersRefuseBadFiles: an empty, truncated or garbled file fails with a message saying
// what is wrong, and never yields a partial list.
func TestParsersRefuseBadFiles(t *testing.T) {
	eu, uk := fixture(t, "eu/export.xml"), fixture(t, "uk/UK-Sanctions-List.xml")
	csl, ftm, pep := fixture(t, "us_csl/consolidated.csv"), fixture(t, "ftm/entities.ftm.json"), fixture(t, "pep/pep.csv")
	half := func(b []byte) []byte { return b[:len(b)/2] }
	cases := []struct {
		name string
		p    Parser
		data []byte
		want string
	}{
		{"eu empty", EU, nil, "is empty"},
		{"eu truncated", EU, half(eu), "may be truncated"},
		{"eu other list", EU, uk, "want <export>"},
		{"eu garbage", EU, []byte("<<<%%% not xml"), "not well-formed XML"},
		{"eu binary", EU, []byte{0xff, 0xfe, 0x00, 0x01}, "not UTF-8"},
		{"eu no entities", EU, []byte(`<export generationDate="2026-01-01T00:00:00Z"></export>`), "no sanctionEntity"},
		{"uk empty", UK, []byte("  \n"), "is empty"},
		{"uk truncated", UK, half(uk), "may be truncated"},
		{"uk other list", UK, eu, "want <Designations>"},
		{"us_csl truncated", USCSL, append(half(csl), '"'), "not a complete CSV"},
		{"us_csl other csv", USCSL, pep, `no column "source"`},
		{"us_csl header only", USCSL, csl[:bytes.IndexByte(csl, '\n')+1], "no entries"},
		{"ftm garbled", FTM, append(append([]byte{}, ftm...), []byte("{\"id\": \"x\", \"sch")...), "line 6 is not a JSON entity"},
		{"ftm csv", FTM, pep, "line 1 is not a JSON entity"},
		{"pep unknown column", PEPCSV, []byte("id,name,birthday\n1,A,1970\n"), `unknown column "birthday"`},
		{"pep bad date", PEPCSV, []byte("id,name,dates_of_birth\n1,A,March 1970\n"), "line 2: entry 1: date of birth"},
		{"pep duplicate id", PEPCSV, []byte("id,name\n1,A\n1,B\n"), "appears twice"},
		{"pep truncated quote", PEPCSV, []byte("id,name\n1,\"A\n"), "not a complete CSV"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, err := parse(c.p, c.data)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("error %v, want one containing %q", err, c.want)
			}
			if !strings.HasPrefix(err.Error(), string(c.p.Source())+": ") || len(l.Entries) != 0 {
				t.Fatalf("error %q must name the list and return no entries (%d)", err, len(l.Entries))
			}
		})
	}
	if _, err := EU.Parse(map[string]io.Reader{}); err == nil || !strings.Contains(err.Error(), "export.xml is missing") {
		t.Fatalf("missing file: %v", err)
	}
}

func TestCountryCodeOf(t *testing.T) {
	for name, want := range map[string]string{"Russia": "RU", "Russian Federation": "RU", "United Kingdom": "GB", "Iran": "IR",
		"Korea, North": "KP", "Cyprus": "CY", "Côte d’Ivoire": "CI", "de": "DE", "Atlantis": "", "": ""} {
		if got := countryCodeOf(name); got != want {
			t.Errorf("countryCodeOf(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestRegistry(t *testing.T) {
	r := NewRegistry()
	for _, src := range []screening.Source{screening.OFACSDN, screening.OFACConsolidated, screening.UN, screening.EU, screening.UK, screening.USCSL, screening.FTM, screening.PEPCSV} {
		p, version, ok := r.Parser(src)
		if !ok || p.Source() != src || version == "" {
			t.Errorf("%s: %v %q %v", src, p, version, ok)
		}
	}
}
