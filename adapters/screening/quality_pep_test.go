package screening_test

import (
	"testing"

	adapter "github.com/tttverify/tttverify/adapters/screening"
	"github.com/tttverify/tttverify/adapters/screening/screeningtest"
	"github.com/tttverify/tttverify/domain/screening"
	"github.com/tttverify/tttverify/domain/screening/screeningeval"
)

// pepCase is a query for a PEP of the Wikidata fixture (id), or for nobody listed (id "").
type pepCase struct{ class, query, id string }

// pepCases are people of adapters/screening/testdata/wikidata typed the way applicants type them:
// in the script of their own language, in another script, in Latin letters by an alias or a
// transliteration, names reordered or cut; and other people with similar names in the same scripts.
var pepCases = []pepCase{
	{"pep cyrillic", "Иван Петрович Сидоров", "Q900000001"},
	{"pep cyrillic", "Сидоров Иван Петрович", "Q900000001"},
	{"pep cyrillic", "СИДОРОВ Иван", "Q900000001"},
	{"pep cyrillic", "Іван Сидоров", "Q900000001"},
	{"pep cyrillic", "Павел Морозов", "Q900000012"},
	{"pep cyrillic", "Олена Коваленко", "Q900000006"},
	{"pep cyrillic", "Елена Коваленко", "Q900000006"},
	{"pep cyrillic", "Милан Јовановић", "Q900000010"},
	{"pep cyrillic", "Милан Йованович", "Q900000010"},
	{"pep arabic", "خالد سعيد المنصوري", "Q900000002"},
	{"pep arabic", "خالد المنصوري", "Q900000002"},
	{"pep arabic", "أحمد حسن فاروق", "Q900000007"},
	{"pep arabic", "احمد حسن فاروق", "Q900000007"},
	{"pep chinese", "王建国", "Q900000003"},
	{"pep chinese", "王建國", "Q900000003"},
	{"pep chinese", "李伟明", "Q900000008"},
	{"pep chinese", "李偉明", "Q900000008"},
	{"pep greek", "Κωνσταντίνος Αλεξανδράκης", "Q900000004"},
	{"pep greek", "Κώστας Αλεξανδράκης", "Q900000004"},
	{"pep greek", "ΑΛΕΞΑΝΔΡΑΚΗΣ Κωνσταντίνος", "Q900000004"},
	{"pep greek", "Δήμητρα Νικολαΐδου", "Q900000009"},
	{"pep greek", "Δημητρα Νικολαιδου", "Q900000009"},
	{"pep latin", "Ivan Sidorov", "Q900000001"},
	{"pep latin", "Sidorov, Ivan Petrovich", "Q900000001"},
	{"pep latin", "Khaled Said Almansouri", "Q900000002"},
	{"pep latin", "Khalid Al Mansouri", "Q900000002"},
	{"pep latin", "Wang Jianguo", "Q900000003"},
	{"pep latin", "Konstantinos Alexandrakis", "Q900000004"},
	{"pep latin", "Kostas Alexandrakis", "Q900000004"},
	{"pep latin", "Maria Elena Fuentes Rojas", "Q900000005"},
	{"pep latin", "Olena Kovalenko", "Q900000006"},
	{"pep latin", "Elena Kovalenko", "Q900000006"},
	{"pep latin", "Milan Jovanovic", "Q900000010"},
	{"pep latin", "Ahmed Hassan Farouk", "Q900000007"},
	{"pep latin", "Li Weiming", "Q900000008"},
	{"pep latin", "Dimitra Nikolaidou", "Q900000009"},
	{"pep latin", "Pavel Andreevich Morozov", "Q900000012"},

	{"pep negative", "Иван Петрович Смирнов", ""},
	{"pep negative", "Сергей Сидоренко", ""},
	{"pep negative", "Олег Коваль", ""},
	{"pep negative", "Павел Соколов", ""},
	{"pep negative", "Милан Петровић", ""},
	{"pep negative", "خالد عبد الله", ""},
	{"pep negative", "محمد حسن علي", ""},
	{"pep negative", "أحمد فاروق منصور", ""},
	{"pep negative", "王建平", ""},
	{"pep negative", "张伟", ""},
	{"pep negative", "李明", ""},
	{"pep negative", "Κωνσταντίνος Παπαδάκης", ""},
	{"pep negative", "Δήμητρα Γεωργίου", ""},
	{"pep negative", "Maria Elena Torres", ""},
	{"pep negative", "Ivan Petrov", ""},
	{"pep negative", "Khalid Rahman", ""},
	{"pep negative", "Wang Lei", ""},
	{"pep negative", "Milan Novak", ""},
	{"pep negative", "Elena Popescu", ""},
	{"pep negative", "Konstantin Alexandrov", ""},
}

// pepHits keeps the hits on PEP entries: a negative here is a name that must not be taken for one of
// the PEPs (some, like Zhang Wei, are rightly found on the sanctions lists beside them).
type pepHits struct{ ix *screening.Index }

func (p pepHits) Search(q screening.Query, threshold float64) []screening.Hit {
	var out []screening.Hit
	for _, h := range p.ix.Search(q, threshold) {
		if h.Entry.Source == screening.PEPWikidata {
			out = append(out, h)
		}
	}
	return out
}

// TestPEPQuality measures the engine on the Wikidata PEP entries, indexed beside the OFAC SDN and UN
// lists, at the default threshold: names typed in Cyrillic, Arabic, Chinese, Greek or Latin letters
// find the person, and other people of similar names are not taken for one of them.
func TestPEPQuality(t *testing.T) {
	pep, err := adapter.ParseDir(adapter.PEPWikidata, screeningtest.WikidataDir(t))
	if err != nil {
		t.Fatal(err)
	}
	entries := append(loadSnapshotEntries(t), pep.Entries...)
	cases := make([]screeningeval.Case, len(pepCases))
	for i, c := range pepCases {
		cases[i] = screeningeval.Case{Class: c.class, Query: c.query, Kind: "person", SourceID: c.id}
		if c.id != "" {
			cases[i].Source = string(screening.PEPWikidata)
		}
	}
	// The evaluation set's unrelated names, against the PEP entries.
	all, err := screeningeval.Cases()
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range all {
		if !c.Positive() {
			c.Class = "unrelated names"
			cases = append(cases, c)
		}
	}
	ix := screening.NewIndex(entries, screening.IndexOptions{Transliterate: adapter.Transliterate})
	scored := screeningeval.Score(pepHits{ix}, cases)
	r := screeningeval.At(scored, screening.DefaultThreshold)
	t.Logf("PEP cases at the default threshold %.2f:\n%s", screening.DefaultThreshold, r.Table())
	t.Logf("threshold sweep:\n%s", screeningeval.Sweep(scored, []float64{0.75, 0.80, 0.85, 0.90}))
	for _, m := range r.Missed {
		t.Logf("missed %s: %q score %.3f", m.Class, m.Query, m.Score)
	}
	for _, f := range r.FalseHits {
		t.Logf("false hit: %q score %.3f", f.Query, f.Score)
	}
	for _, problem := range screeningeval.ProductBudget.Check(r) {
		t.Error(problem)
	}
	// One near-miss is known: 李明 (Li Ming) is taken for 李伟明 (Li Weiming), two of his three
	// syllables; the reviewer sees what differs. No other name may be.
	if len(r.FalseHits) > 1 {
		t.Errorf("%d names taken for a PEP, want at most the one known near-miss", len(r.FalseHits))
	}
}
