package screening_test

import (
	"io"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	adapter "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/domain/screening"
)

func byID(t *testing.T, l screening.List, id string) screening.Entry {
	t.Helper()
	for _, e := range l.Entries {
		if e.SourceID == id {
			return e
		}
	}
	t.Fatalf("entry %s not in the list", id)
	return screening.Entry{}
}

func TestOFACFixture(t *testing.T) {
	t.Parallel()
	l, err := adapter.ParseDir(adapter.OFACSDN, "testdata/ofac")
	if err != nil {
		t.Fatal(err)
	}
	if l.Source != screening.OFACSDN || len(l.Entries) != 8 {
		t.Fatalf("source %s, %d entries; want ofac_sdn, 8", l.Source, len(l.Entries))
	}
	p := byID(t, l, "12300")
	if p.Kind != screening.Person || p.Name != "CIFUENTES VILLA, Jorge Milton" {
		t.Errorf("12300: %s %q", p.Kind, p.Name)
	}
	want := []screening.DateOfBirth{
		{From: screening.Date{Year: 1965, Month: 5, Day: 13}, To: screening.Date{Year: 1965, Month: 5, Day: 13}},
		{From: screening.Date{Year: 1968, Month: 4, Day: 13}, To: screening.Date{Year: 1968, Month: 4, Day: 13}},
		{From: screening.Date{Year: 1964, Month: 7, Day: 7}, To: screening.Date{Year: 1964, Month: 7, Day: 7}},
	}
	if !slices.Equal(p.DatesOfBirth, want) {
		t.Errorf("12300 dates of birth %v", p.DatesOfBirth)
	}
	if !slices.Contains(p.Identifiers, screening.Identifier{Type: screening.NationalID, Value: "7548733", Country: "CO", Label: "Cedula No."}) ||
		!slices.Contains(p.Identifiers, screening.Identifier{Type: screening.Passport, Value: "AL720622", Country: "CO", Label: "Passport"}) ||
		!slices.Contains(p.Identifiers, screening.Identifier{Type: screening.TaxID, Value: "CIVJ650513LJA", Country: "MX", Label: "R.F.C."}) {
		t.Errorf("12300 identifiers %+v", p.Identifiers)
	}
	if !strings.HasSuffix(p.Remarks, "R D I S.A.") || !strings.Contains(p.Remarks, "PROMO RAIZ S.A.S.") {
		t.Errorf("12300 remarks do not continue into sdn_comments.csv: %q", p.Remarks[len(p.Remarks)-80:])
	}

	bank := byID(t, l, "906")
	if bank.Kind != screening.Organisation || !slices.Contains(bank.Identifiers, screening.Identifier{Type: screening.SWIFTBIC, Value: "HAVIGB2L", Label: "SWIFT/BIC"}) ||
		!slices.Contains(bank.Identifiers, screening.Identifier{Type: screening.Registration, Value: "01074897", Country: "GB", Label: "Company Number"}) {
		t.Errorf("906: %s %+v", bank.Kind, bank.Identifiers)
	}
	if !slices.Contains(bank.Countries, "GB") {
		t.Errorf("906 countries %v (address in the United Kingdom)", bank.Countries)
	}
	ship := byID(t, l, "15036")
	if ship.Kind != screening.Vessel || !slices.Contains(ship.Countries, "IR") {
		t.Errorf("15036: %s %v", ship.Kind, ship.Countries)
	}
	if !slices.ContainsFunc(ship.Identifiers, func(id screening.Identifier) bool { return id.Type == screening.IMO && id.Value == "9187629" }) {
		t.Errorf("15036 identifiers %+v", ship.Identifiers)
	}
	if got := byID(t, l, "7782").DatesOfBirth; !slices.Equal(got, []screening.DateOfBirth{{From: screening.Date{Year: 1951}, To: screening.Date{Year: 1951}}}) {
		t.Errorf("7782 circa: %v", got)
	}
	naqdi := byID(t, l, "12057")
	if !slices.Contains(naqdi.DatesOfBirth, screening.DateOfBirth{From: screening.Date{Year: 1951}, To: screening.Date{Year: 1953}}) ||
		!slices.Contains(naqdi.DatesOfBirth, screening.DateOfBirth{From: screening.Date{Year: 1961, Month: 4}, To: screening.Date{Year: 1961, Month: 4}}) {
		t.Errorf("12057 ranges: %v", naqdi.DatesOfBirth)
	}
	if !slices.Equal(naqdi.Programs, []string{"SDGT", "NPWMD", "IRGC", "IFSR", "IRAN-HR", "IRAN-EO13876"}) || len(naqdi.Aliases) == 0 {
		t.Errorf("12057 programs %v aliases %v", naqdi.Programs, naqdi.Aliases)
	}
	if li := byID(t, l, "28264"); !slices.Contains(li.Countries, "CN") {
		t.Errorf("28264 nationality: %v", li.Countries)
	}
}

func TestUNFixture(t *testing.T) {
	t.Parallel()
	l, err := adapter.ParseDir(adapter.UN, "testdata/un")
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2026, 2, 27, 0, 0, 9, 554e6, time.UTC); !l.Published.Equal(want) || len(l.Entries) != 4 {
		t.Fatalf("published %v, %d entries", l.Published, len(l.Entries))
	}
	aziz := byID(t, l, "IQi.025")
	if aziz.Name != "TARIQ AZIZ" || aziz.Kind != screening.Person || !slices.Contains(aziz.Aliases, "طارق عزيز") || !slices.Contains(aziz.Countries, "IQ") {
		t.Errorf("IQi.025: %+v", aziz)
	}
	if !slices.Contains(aziz.DatesOfBirth, screening.DateOfBirth{From: screening.Date{Year: 1936, Month: 7, Day: 1}, To: screening.Date{Year: 1936, Month: 7, Day: 1}}) {
		t.Errorf("IQi.025 dates of birth %v", aziz.DatesOfBirth)
	}
	if len(aziz.Identifiers) == 0 || aziz.Identifiers[0].Type != screening.Passport || aziz.Identifiers[0].Value != "No34409/129" {
		t.Errorf("IQi.025 identifiers %+v", aziz.Identifiers)
	}
	if got := byID(t, l, "CDi.001").DatesOfBirth; !slices.Equal(got, []screening.DateOfBirth{{From: screening.Date{Year: 1971}, To: screening.Date{Year: 1971}}}) {
		t.Errorf("CDi.001 year: %v", got)
	}
	if got := byID(t, l, "CDi.030").DatesOfBirth; !slices.Contains(got, screening.DateOfBirth{From: screening.Date{Year: 1973}, To: screening.Date{Year: 1974}}) {
		t.Errorf("CDi.030 range: %v", got)
	}
	if adf := byID(t, l, "CDe.001"); adf.Kind != screening.Organisation || len(adf.Aliases) == 0 {
		t.Errorf("CDe.001: %+v", adf)
	}
}

// TestBrokenFilesFail checks that a truncated, empty or garbled file fails with a message naming the
// problem instead of returning part of a list.
func TestBrokenFilesFail(t *testing.T) {
	t.Parallel()
	sdn, _ := os.ReadFile("testdata/ofac/sdn.csv")
	unXML, _ := os.ReadFile("testdata/un/consolidated.xml")
	cases := []struct {
		name   string
		parser adapter.Parser
		files  map[string]string
		want   string
	}{
		{"ofac empty", adapter.OFACSDN, map[string]string{"sdn.csv": ""}, "no entries"},
		{"ofac missing", adapter.OFACSDN, map[string]string{"alt.csv": ""}, "missing"},
		{"ofac truncated mid-record", adapter.OFACSDN, map[string]string{"sdn.csv": string(sdn[:len(sdn)/2])}, "sdn.csv"},
		{"ofac garbled", adapter.OFACSDN, map[string]string{"sdn.csv": "<html><body>Service unavailable</body></html>\n"}, "fields"},
		{"ofac alias of unknown entry", adapter.OFACSDN, map[string]string{"sdn.csv": string(sdn), "alt.csv": "999999,1,\"aka\",\"X\",-0-\n"}, "not in the primary file"},
		{"ofac binary", adapter.OFACSDN, map[string]string{"sdn.csv": "\x00\x01\x02"}, "not text"},
		{"un empty", adapter.UN, map[string]string{"consolidated.xml": ""}, "empty"},
		{"un truncated", adapter.UN, map[string]string{"consolidated.xml": string(unXML[:len(unXML)/2])}, "truncated"},
		{"un garbled", adapter.UN, map[string]string{"consolidated.xml": "{\"json\": true}"}, "garbled"},
		{"un no entries", adapter.UN, map[string]string{"consolidated.xml": `<CONSOLIDATED_LIST dateGenerated="2026-01-01T00:00:00Z"><INDIVIDUALS/><ENTITIES/></CONSOLIDATED_LIST>`}, "no individuals"},
		{"un wrong root", adapter.UN, map[string]string{"consolidated.xml": `<OTHER/>`}, "CONSOLIDATED_LIST"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			files := map[string]io.Reader{}
			for n, s := range c.files {
				files[n] = strings.NewReader(s)
			}
			l, err := c.parser.Parse(files)
			if err == nil {
				t.Fatalf("no error; %d entries", len(l.Entries))
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
		})
	}
}

// TestRealFiles parses the publishers' real files of the committed snapshot.
func TestRealFiles(t *testing.T) {
	t.Parallel()
	sdn, un := loadSnapshotLists(t)
	if len(sdn.Entries) < 8000 || len(un.Entries) < 1000 {
		t.Fatalf("%d SDN and %d UN entries; want about 8,970 and 1,003", len(sdn.Entries), len(un.Entries))
	}
	count := func(l screening.List, f func(screening.Entry) bool) int {
		n := 0
		for _, e := range l.Entries {
			if f(e) {
				n++
			}
		}
		return n
	}
	persons := count(sdn, func(e screening.Entry) bool { return e.Kind == screening.Person })
	withDOB := count(sdn, func(e screening.Entry) bool { return e.Kind == screening.Person && len(e.DatesOfBirth) > 0 })
	withIDs := count(sdn, func(e screening.Entry) bool { return len(e.Identifiers) > 0 })
	withCountry := count(sdn, func(e screening.Entry) bool { return len(e.Countries) > 0 })
	t.Logf("SDN: %d entries, %d persons (%d with a date of birth), %d with identifiers, %d with countries", len(sdn.Entries), persons, withDOB, withIDs, withCountry)
	if withDOB < persons*9/10 || withIDs < len(sdn.Entries)/3 || withCountry < len(sdn.Entries)*8/10 {
		t.Errorf("remarks parsing found too little")
	}
	unDOB := count(un, func(e screening.Entry) bool { return len(e.DatesOfBirth) > 0 })
	if unDOB < 650 || un.Published.IsZero() {
		t.Errorf("UN: %d entries with a date of birth, published %v", unDOB, un.Published)
	}
}

// TestOFACConsolidated reads the same layout under the consolidated list's file names.
func TestOFACConsolidated(t *testing.T) {
	t.Parallel()
	files := map[string]io.Reader{}
	for cons, sdn := range map[string]string{"cons_prim.csv": "sdn.csv", "cons_alt.csv": "alt.csv", "cons_add.csv": "add.csv", "cons_comments.csv": "sdn_comments.csv"} {
		data, err := os.ReadFile("testdata/ofac/" + sdn)
		if err != nil {
			t.Fatal(err)
		}
		files[cons] = strings.NewReader(string(data))
	}
	l, err := adapter.OFACConsolidated.Parse(files)
	if err != nil {
		t.Fatal(err)
	}
	if l.Source != screening.OFACConsolidated || len(l.Entries) != 8 || l.Entries[0].Source != screening.OFACConsolidated {
		t.Errorf("source %s, %d entries", l.Source, len(l.Entries))
	}
	if e := byID(t, l, "12057"); len(e.Aliases) == 0 {
		t.Errorf("aliases from cons_alt.csv missing: %+v", e)
	}
}
