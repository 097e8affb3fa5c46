package screening

import (
	"slices"
	"strings"
	"sync"
	"testing"
)

// fakeTranslit stands in for the adapter's transliterator: the domain only needs some function.
func fakeTranslit(s string) string {
	r := strings.NewReplacer("Игорь", "Igor'", "Сечин", "Sechin", "ООО", "OOO", "Ромашка", "Romashka")
	return r.Replace(s)
}

func TestNormalize(t *testing.T) {
	t.Parallel()
	n := normalizer{transliterate: fakeTranslit}
	plain := normalizer{}
	cases := []struct {
		name, in, want string
		norm           normalizer
	}{
		{"case folded", "JORGE Milton", "jorge milton", n},
		{"diacritics removed", "José Müller Łódź Ørsted Ñandú Şükrü", "jose muller lodz orsted nandu sukru", plain},
		{"sharp s and ligatures", "Straße Æsir Œuvre", "strasse aesir oeuvre", plain},
		{"combining marks dropped", "Jose\u0301", "jose", plain},
		{"apostrophes dropped", "O'Brien D’Angelo 'ALI", "obrien dangelo ali", plain},
		{"punctuation unified", "AL-TIKRITI,  Abid\tHamid/Mahmud", "al tikriti abid hamid mahmud", plain},
		{"dotted abbreviations joined", "S.A. de C.V.", "sa de cv", plain},
		{"spaced initials kept apart", "J. R. Smith", "j r smith", plain},
		{"particles kept", "Abu Bakr al-Baghdadi bin Laden van der Berg", "abu bakr al baghdadi bin laden van der berg", plain},
		{"transliterated when injected", "Игорь Сечин", "igor sechin", n},
		{"other scripts kept without a transliterator", "Игорь", "игорь", plain},
		{"digits kept", "EP-MHG 7 Seas", "ep mhg 7 seas", plain},
		{"empty", " ,.- ", "", plain},
	}
	for _, c := range cases {
		if got := c.norm.Normalize(c.in); got != c.want {
			t.Errorf("%s: Normalize(%q) = %q, want %q", c.name, c.in, got, c.want)
		}
	}
}

func TestCompanyTokens(t *testing.T) {
	t.Parallel()
	n := normalizer{transliterate: fakeTranslit}
	buildLegalForms(&n)
	cases := []struct{ in, company, person string }{
		{"S.A.C.", "sac", "sac"},
		{"S. A. C.", "sac", "s a c"},
		{"S A C", "sac", "s a c"},
		{"SAC", "sac", "sac"},
		{"K K", "kk", "k k"},
		{"L.T.D.", "ltd", "ltd"},
		{"Cia S C S", "cia scs", "cia s c s"},
		{"Inmobiliaria U M V S A", "inmobiliaria umv sa", "inmobiliaria u m v s a"}, // a legal form ends the run
		{"Inmobiliaria U.M.V. S.A.", "inmobiliaria umv sa", "inmobiliaria umv sa"},
		{"S.A. C.I. Global", "sa ci global", "sa ci global"}, // two dotted abbreviations stay two
		{"A K Difusion", "ak difusion", "a k difusion"},
		{"J. R. Smith", "jr smith", "j r smith"}, // a person's initials stay apart
		{"7 Seas", "7 seas", "7 seas"},
	}
	for _, c := range cases {
		if got := strings.Join(n.companyTokens(c.in), " "); got != c.company {
			t.Errorf("companyTokens(%q) = %q, want %q", c.in, got, c.company)
		}
		if got := n.Normalize(c.in); got != c.person {
			t.Errorf("Normalize(%q) = %q, want %q", c.in, got, c.person)
		}
	}
}

func TestLegalForms(t *testing.T) {
	t.Parallel()
	n := normalizer{transliterate: fakeTranslit}
	forms := buildLegalForms(&n)
	cases := []struct {
		in, core string
		forms    []string
	}{
		{"Romashka LLC", "romashka", []string{"LLC"}},
		{"Romashka Limited Liability Company", "romashka", []string{"LLC"}},
		{"OOO Romashka", "romashka", []string{"LLC"}},
		{"ООО Ромашка", "romashka", []string{"LLC"}},
		{"Havin Bank Ltd.", "havin bank", []string{"Ltd"}},
		{"Havin Bank Limited", "havin bank", []string{"Ltd"}},
		{"Dawn Marine Management Co., Ltd.", "dawn marine management", []string{"Ltd", "Co"}},
		{"Acme Corporation", "acme", []string{"Corp"}},
		{"Acme Inc.", "acme", []string{"Inc"}},
		{"Gazprom PJSC", "gazprom", []string{"PJSC"}},
		{"PAO Gazprom", "gazprom", []string{"PJSC"}},
		{"Sberbank Public Joint Stock Company", "sberbank", []string{"PJSC"}},
		{"AO Rosoboronexport", "rosoboronexport", []string{"JSC"}},
		{"Open Joint-Stock Company Belaruskali", "belaruskali", []string{"OJSC"}},
		{"Siemens Aktiengesellschaft", "siemens", []string{"AG"}},
		{"Nordlicht Handels GmbH", "nordlicht handels", []string{"GmbH"}},
		{"Geofarma S.A. de C.V.", "geofarma", []string{"S.A. de C.V."}},
		{"Banco Nacional S.A.", "banco nacional", []string{"S.A."}},
		{"Atelier Breton SARL", "atelier breton", []string{"SARL"}},
		{"Westfield Logistics Pte. Ltd.", "westfield logistics", []string{"Pte Ltd"}},
		{"Shree Textiles Pvt Ltd", "shree textiles", []string{"Pte Ltd"}},
		{"Golden Falcon FZE", "golden falcon", []string{"FZE"}},
		{"Golden Falcon FZCO", "golden falcon", []string{"FZCO"}},
		{"Pearl Coast DMCC", "pearl coast", []string{"DMCC"}},
		{"Hollandia Transport B.V.", "hollandia transport", []string{"B.V."}},
		{"Maju Jaya Sdn. Bhd.", "maju jaya", []string{"Sdn Bhd"}},
		{"Spejd Transportation Lmiited", "spejd transportation", []string{"Ltd"}},
		{"Jint Stock Company Sanatorium", "sanatorium", []string{"JSC"}},
		{"Akktsionernoe Obshchestvo Pasit", "pasit", []string{"JSC"}},
		{"Inttrafik EOD", "inttrafik", []string{"EOOD"}},
		{"Davar Shipping Co Lt", "davar shipping", []string{"Ltd", "Co"}},
		{"D.G.I. Israel Ldt", "dgi israel", []string{"Ltd"}},
		{"Comoil Ltf", "comoil", []string{"Ltd"}},
		{"Hoeryong Shipping Co Ktd", "hoeryong shipping", []string{"Ltd", "Co"}},
		{"Circuito Electronico S.A. Fe C.V.", "circuito electronico", []string{"S.A. de C.V."}},
		{"Minera Rio Presidio S.A. Dee C.V.", "minera rio presidio", []string{"S.A. de C.V."}},
		{"Acme PLC", "acme", []string{"PLC"}}, // an exact form before a mistyped one
		{"Rool Europe AAG", "rool europe", []string{"AG"}},
		{"HSI Trading ZFE", "hsi trading", []string{"FZE"}},
		{"SGM Most OOOO", "sgm most", []string{"LLC"}},
		{"Goa Ltd", "goa", []string{"Ltd"}}, // two letters swapped in a two-letter form: a word
		{"Nam San", "nam san", nil},         // a word with a vowel is not a mistyped SAS
		{"Guga Ar SRO", "guga ar", []string{"s.r.o."}},
		{"Alfa S.A.C.", "alfa", []string{"SAC"}},
		{"Inversiones Culzat Guevara y Cia. S.C.S.", "inversiones culzat guevara y", []string{"S. en C.S.", "Co"}},
		{"Company", "company", nil},                           // the core keeps one token
		{"Bank of Company Town", "bank of company town", nil}, // a form inside the name stays
	}
	for _, c := range cases {
		core, found := splitLegalForms(n.tokens(c.in), forms)
		if got := strings.Join(core, " "); got != c.core || !slices.Equal(found, c.forms) {
			t.Errorf("splitLegalForms(%q) = %q %v, want %q %v", c.in, got, found, c.core, c.forms)
		}
	}
}

func TestTokenSimilarity(t *testing.T) {
	t.Parallel()
	cases := []struct {
		a, b     string
		min, max float64
	}{
		{"smith", "smith", 1, 1},
		{"j", "john", 0.8, 0.8},                       // initial
		{"j", "mary", 0, 0},                           // another initial
		{"mohammed", "muhammad", 0.9, 1},              // romanisation
		{"mohamed", "mohammed", 0.9, 1},               // one letter
		{"hussein", "husayn", 0.9, 1},                 // romanisation
		{"omar", "umar", 0.9, 1},                      // initial vowel
		{"aleksandr", "alexander", 0.9, 1},            // x and ks
		{"sergey", "sergei", 0.9, 1},                  // one letter
		{"marin", "mairn", 0.85, 1},                   // transposition
		{"quintero", "quinteor", 0.85, 1},             // transposition
		{"mahmoud", "mohammed", 0, 0},                 // another name sharing a skeleton
		{"li", "lin", 0, 0},                           // two letters: no typo
		{"ali", "eli", 0, 0},                          // short names with another first letter
		{"havin", "saving", 0, 0},                     // two edits and a different start
		{"john", "peter", 0, 0},                       // unrelated
		{"cifuentes", "cifuenets", 0.85, 1},           // transposition in a long word
		{"vyacheslavovich", "vyacheslavovic", 0.9, 1}, // deletion in a long word
		{"und", "jund", 0.8, 1},                       // first letter dropped from a short word
		{"ank", "bank", 0.8, 1},                       // first letter dropped from a short word
		{"rezgar", "rezgra", 0.85, 1},                 // transposition at the end
		{"kim", "kom", 0, 0.75},                       // a short name with another vowel: another name
		{"ali", "eli", 0, 0},                          // first letter replaced in a short word
	}
	for _, c := range cases {
		got := tokenSimilarity(c.a, c.b)
		if got < c.min || got > c.max {
			t.Errorf("tokenSimilarity(%q, %q) = %.3f, want %.2f..%.2f", c.a, c.b, got, c.min, c.max)
		}
		if back := tokenSimilarity(c.b, c.a); back != got {
			t.Errorf("tokenSimilarity is not symmetric for %q, %q: %.3f and %.3f", c.a, c.b, got, back)
		}
	}
}

// testIndex lists a few entries of each kind with the facts the evidence features compare.
func testIndex(t *testing.T) *Index {
	t.Helper()
	entries := []Entry{
		{Source: OFACSDN, SourceID: "1", Kind: Person, Name: "CIFUENTES VILLA, Jorge Milton",
			DatesOfBirth: []DateOfBirth{{From: Date{1965, 5, 13}, To: Date{1965, 5, 13}}, {From: Date{Year: 1968}, To: Date{Year: 1968}}},
			Countries:    []string{"CO"},
			Identifiers:  []Identifier{{Type: Passport, Value: "AL720622", Country: "CO"}}},
		{Source: OFACSDN, SourceID: "2", Kind: Person, Name: "SECHIN, Igor Ivanovich", Countries: []string{"RU"},
			DatesOfBirth: []DateOfBirth{{From: Date{Year: 1960}, To: Date{Year: 1962}}}},
		{Source: UN, SourceID: "QDi.1", Kind: Person, Name: "ABU BAKR AL-BAGHDADI", Aliases: []string{"Ibrahim Awad Ibrahim al-Badri"}},
		{Source: OFACSDN, SourceID: "3", Kind: Person, Name: "AL-ABDULRAHMAN, Khalid"},
		{Source: OFACSDN, SourceID: "10", Kind: Organisation, Name: "ROMASHKA TRADING LIMITED LIABILITY COMPANY",
			Identifiers: []Identifier{{Type: Registration, Value: "1027700132195", Country: "RU"}}},
		{Source: OFACSDN, SourceID: "11", Kind: Organisation, Name: "HAVIN BANK LIMITED", Countries: []string{"GB"},
			Identifiers: []Identifier{{Type: SWIFTBIC, Value: "HAVIGB2L"}}},
		{Source: OFACSDN, SourceID: "12", Kind: Vessel, Name: "ROMASHKA TRADING",
			Identifiers: []Identifier{{Type: IMO, Value: "9187629"}}},
		{Source: OFACSDN, SourceID: "20", Kind: Organisation, Name: "INVERSIONES CULZAT GUEVARA Y CIA. S.C.S."},
		{Source: OFACSDN, SourceID: "21", Kind: Organisation, Name: "INMOBILIARIA U.M.V. S.A."},
		{Source: OFACSDN, SourceID: "22", Kind: Organisation, Name: "JUND AL-AQSA"},
	}
	return NewIndex(entries, IndexOptions{Transliterate: fakeTranslit})
}

func findHit(hits []Hit, id string) *Hit {
	for i := range hits {
		if hits[i].Entry.SourceID == id {
			return &hits[i]
		}
	}
	return nil
}

func TestSearchVariations(t *testing.T) {
	t.Parallel()
	ix := testIndex(t)
	cases := []struct {
		name, query string
		kind        QueryKind
		want        string // expected SourceID, "" for no hit
	}{
		{"exact as listed", "CIFUENTES VILLA, Jorge Milton", QueryPerson, "1"},
		{"natural order", "Jorge Milton Cifuentes Villa", QueryPerson, "1"},
		{"LAST, First", "VILLA, Jorge Milton Cifuentes", QueryPerson, "1"},
		{"case", "jorge milton cifuentes villa", QueryPerson, "1"},
		{"missing middle name", "Jorge Cifuentes Villa", QueryPerson, "1"},
		{"typo", "Jorge Milton Cifuenets Villa", QueryPerson, "1"},
		{"initial", "J. Milton Cifuentes Villa", QueryPerson, "1"},
		{"transliterated script", "Игорь Сечин", QueryPerson, "2"},
		{"alias", "Ibrahim Awad Ibrahim al-Badri", QueryPerson, "QDi.1"},
		{"particle dropped", "Abu Bakr Baghdadi", QueryPerson, "QDi.1"},
		{"joined words split", "Khalid al-Abdul Rahman", QueryPerson, "3"},
		{"legal form abbreviated", "Romashka Trading LLC", QueryCompany, "10"},
		{"legal form in another language", "OOO Romashka Trading", QueryCompany, "10"},
		{"legal form transliterated", "ООО Romashka Trading", QueryCompany, "10"},
		{"legal form dropped", "Romashka Trading", QueryCompany, "10"},
		{"legal form spelled out", "Havin Bank Ltd", QueryCompany, "11"},
		{"vessel for any", "Romashka Trading", QueryAny, "12"},
		{"abbreviation without dots", "Inversiones Culzat Guevara y Cia SCS", QueryCompany, "20"},
		{"abbreviation as separate letters", "Inversiones Culzat Guevara y Cia S C S", QueryAny, "20"},
		{"two abbreviations as one run of letters", "Inmobiliaria U M V S A", QueryCompany, "21"},
		{"abbreviation as spaced letters with dots", "Inmobiliaria U. M. V. S. A.", QueryAny, "21"},
		{"first letter dropped", "Und al-Aqsa", QueryCompany, "22"},
		{"legal form with a typo", "Romashka Trading Limited Liabilty Company", QueryCompany, "10"},
		{"company words reordered", "Trading Romashka LLC", QueryCompany, "10"},
		{"unrelated person", "Maria Gonzalez", QueryPerson, ""},
		{"unrelated company", "Bluewater Logistics Ltd", QueryCompany, ""},
	}
	for _, c := range cases {
		hits := ix.Search(Query{Name: c.query, Kind: c.kind}, DefaultThreshold)
		if c.want == "" {
			if len(hits) > 0 {
				t.Errorf("%s: %q found %s %q (%.3f)", c.name, c.query, hits[0].Entry.SourceID, hits[0].MatchedName, hits[0].Score)
			}
			continue
		}
		h := findHit(hits, c.want)
		if h == nil {
			t.Errorf("%s: %q did not find %s; hits %v", c.name, c.query, c.want, hits)
			continue
		}
		if len(h.Explanation) == 0 || h.Explanation[0].Name != "name" || h.Explanation[0].Detail == "" {
			t.Errorf("%s: hit without a name feature: %+v", c.name, h.Explanation)
		}
	}
}

func TestSearchKinds(t *testing.T) {
	t.Parallel()
	ix := testIndex(t)
	if findHit(ix.Search(Query{Name: "Romashka Trading", Kind: QueryCompany}, DefaultThreshold), "12") != nil {
		t.Error("a company query returned a vessel")
	}
	if hits := ix.Search(Query{Name: "Havin Bank", Kind: QueryPerson}, DefaultThreshold); len(hits) > 0 {
		t.Errorf("a person query returned an organisation: %v", hits[0].Entry.Name)
	}
	if findHit(ix.Search(Query{Name: "Jorge Milton Cifuentes Villa", Kind: QueryCompany}, DefaultThreshold), "1") != nil {
		t.Error("a company query returned a person")
	}
}

func feature(h *Hit, name string) *Feature {
	for i := range h.Explanation {
		if h.Explanation[i].Name == name {
			return &h.Explanation[i]
		}
	}
	return nil
}

func TestSearchEvidence(t *testing.T) {
	t.Parallel()
	ix := testIndex(t)
	name := "Jorge Milton Cifuentes Villa"
	base := findHit(ix.Search(Query{Name: name, Kind: QueryPerson}, 0.5), "1").Score
	cases := []struct {
		name    string
		q       Query
		feature string
		sign    int // +1 raises the score, -1 lowers it, 0 leaves it
	}{
		{"exact date of birth", Query{DateOfBirth: &Date{1965, 5, 13}}, "date_of_birth", 1},
		{"same year", Query{DateOfBirth: &Date{Year: 1968}}, "date_of_birth", 1},
		{"within a year is neutral", Query{DateOfBirth: &Date{Year: 1966}}, "date_of_birth", 0},
		{"conflicting date of birth", Query{DateOfBirth: &Date{1990, 1, 1}}, "date_of_birth", -1},
		{"same country", Query{Countries: []string{"CO"}}, "country", 1},
		{"other country", Query{Countries: []string{"FR"}}, "country", -1},
		{"equal passport", Query{Identifiers: []Identifier{{Type: Passport, Value: "al 720622"}}}, "identifier", 1},
		{"conflicting passport", Query{Identifiers: []Identifier{{Type: Passport, Value: "X1234567", Country: "CO"}}}, "identifier", -1},
	}
	for _, c := range cases {
		q := c.q
		q.Name, q.Kind = name, QueryPerson
		h := findHit(ix.Search(q, 0.5), "1")
		if h == nil {
			t.Errorf("%s: no hit", c.name)
			continue
		}
		f := feature(h, c.feature)
		if f == nil || f.Detail == "" {
			t.Errorf("%s: no %s feature in %+v", c.name, c.feature, h.Explanation)
			continue
		}
		switch {
		case c.sign > 0 && !(f.Contribution > 0 && h.Score >= base):
			t.Errorf("%s: contribution %.3f, score %.3f against %.3f", c.name, f.Contribution, h.Score, base)
		case c.sign < 0 && !(f.Contribution < 0 && h.Score < base):
			t.Errorf("%s: contribution %.3f, score %.3f against %.3f", c.name, f.Contribution, h.Score, base)
		case c.sign == 0 && f.Contribution != 0:
			t.Errorf("%s: contribution %.3f, want 0", c.name, f.Contribution)
		}
	}
	// a conflicting date of birth pushes an inexact name match under the threshold; an exact name
	// stays a hit for the reviewer (lists get dates wrong)
	if hits := ix.Search(Query{Name: "Jorge Cifuentes Villa", Kind: QueryPerson, DateOfBirth: &Date{Year: 1990}}, DefaultThreshold); findHit(hits, "1") != nil {
		t.Error("a conflicting date of birth left the hit above the threshold")
	}
	if hits := ix.Search(Query{Name: name, Kind: QueryPerson, DateOfBirth: &Date{Year: 1990}}, DefaultThreshold); findHit(hits, "1") == nil {
		t.Error("a conflicting date of birth hid an exact name")
	}
	// an equal identifier finds its entry under a name written very differently
	h := findHit(ix.Search(Query{Name: "Havin Financial", Identifiers: []Identifier{{Value: "HAVIGB2L"}}}, DefaultThreshold), "11")
	if h == nil || feature(h, "identifier") == nil {
		t.Error("an equal BIC did not lift the entry over the threshold")
	}
	// legal forms: agreeing adds a little, differing takes a little
	agree := findHit(ix.Search(Query{Name: "Havin Bank Limited", Kind: QueryCompany}, 0.5), "11")
	differ := findHit(ix.Search(Query{Name: "Havin Bank GmbH", Kind: QueryCompany}, 0.5), "11")
	if agree == nil || differ == nil || !(agree.Score > differ.Score) || feature(differ, "legal_form").Contribution >= 0 {
		t.Errorf("legal forms: agree %+v, differ %+v", agree, differ)
	}
}

func TestSearchLimitAndOrder(t *testing.T) {
	t.Parallel()
	ix := testIndex(t)
	hits := ix.Search(Query{Name: "Romashka Trading", Limit: 1}, 0.5)
	if len(hits) != 1 {
		t.Fatalf("%d hits with limit 1", len(hits))
	}
	all := ix.Search(Query{Name: "Romashka Trading"}, 0.5)
	for i := 1; i < len(all); i++ {
		if all[i].Score > all[i-1].Score {
			t.Errorf("hits not sorted by score: %v", all)
		}
	}
	if got := ix.Search(Query{Name: " - "}, 0.5); got != nil {
		t.Errorf("an empty name found %v", got)
	}
}

// TestIndexConcurrentSearch: the index is read-only, so searches may share it.
func TestIndexConcurrentSearch(t *testing.T) {
	t.Parallel()
	ix := testIndex(t)
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for range 50 {
				if len(ix.Search(Query{Name: "Jorge Cifuentes Villa"}, DefaultThreshold)) == 0 {
					t.Error("no hit")
				}
			}
		})
	}
	wg.Wait()
}

// TestCandidatesAmongManySharingATokenAndConcurrentSearches: a query whose first name is on
// hundreds more names than are scored in full still finds the one that matches it all, and
// searches at once on one index (which reuse their working memory) each get their own answer.
func TestCandidatesAmongManySharingATokenAndConcurrentSearches(t *testing.T) {
	t.Parallel()
	var entries []Entry
	for i := range 3 * maxCandidates {
		entries = append(entries, Entry{Source: UN, SourceID: "A" + strings.Repeat("x", i%7) + string(rune('a'+i%26)) + string(rune('a'+i/26)),
			Kind: Person, Name: "Mohammed " + string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + "lberg"})
	}
	entries = append(entries, Entry{Source: UN, SourceID: "target", Kind: Person, Name: "Mohammed Rahimi Tehrani"},
		Entry{Source: UN, SourceID: "other", Kind: Person, Name: "Olga Ivanova"})
	ix := NewIndex(entries, IndexOptions{})
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			q, want := "Mohammed Rahimi Tehrani", "target"
			if i%2 == 1 {
				q, want = "Olga Ivanova", "other"
			}
			for range 20 {
				hits := ix.Search(Query{Name: q}, DefaultThreshold)
				if len(hits) == 0 || hits[0].Entry.SourceID != want {
					t.Errorf("%q: hits %v, want %s first", q, hits, want)
					return
				}
			}
		}()
	}
	wg.Wait()
}
