package screening

import (
	"strings"
	"sync"

	"golang.org/x/text/language"
	"golang.org/x/text/language/display"
)

// countryCodeOf maps an English country name, as the UK list writes it, to its ISO 3166-1
// alpha-2 code, or "" when unknown. Two-letter codes pass through.
//
// The table is built from CLDR's English region names (golang.org/x/text) plus the spellings
// the sanctions lists use that CLDR does not. The shared country table of adapters/screening
// replaces this one when the branches merge.
func countryCodeOf(name string) string {
	countryOnce.Do(buildCountryNames)
	key := countryKey(name)
	if len(key) == 2 {
		if _, ok := countryByName[key]; !ok {
			if r, err := language.ParseRegion(key); err == nil && r.IsCountry() && r.ISO3() != "ZZZ" {
				return r.String()
			}
		}
	}
	return countryByName[key]
}

var (
	countryOnce   sync.Once
	countryByName map[string]string
)

func buildCountryNames() {
	countryByName = map[string]string{}
	names := display.English.Regions()
	for a := 'A'; a <= 'Z'; a++ {
		for b := 'A'; b <= 'Z'; b++ {
			r, err := language.ParseRegion(string([]rune{a, b}))
			if err != nil || !r.IsCountry() || r.ISO3() == "ZZZ" { // ZZZ: reserved codes such as UK
				continue
			}
			if n := names.Name(r); n != "" {
				countryByName[countryKey(n)] = r.String()
			}
		}
	}
	for name, code := range countrySpellings {
		countryByName[countryKey(name)] = code
	}
}

// countrySpellings are the lists' names that CLDR spells differently.
var countrySpellings = map[string]string{
	"Russian Federation": "RU", "Iran (Islamic Republic of)": "IR", "Islamic Republic of Iran": "IR",
	"Syrian Arab Republic": "SY", "Korea, North": "KP", "North Korea": "KP", "DPRK": "KP",
	"Democratic People's Republic of Korea": "KP", "Korea, South": "KR", "South Korea": "KR", "Republic of Korea": "KR",
	"Burma": "MM", "Myanmar (Burma)": "MM", "Congo (Democratic Republic)": "CD", "Democratic Republic of the Congo": "CD",
	"Congo, Democratic Republic of the": "CD", "Congo (Republic)": "CG", "Republic of the Congo": "CG",
	"Ivory Coast": "CI", "Cote d'Ivoire": "CI", "Laos": "LA", "Lao People's Democratic Republic": "LA",
	"Venezuela (Bolivarian Republic of)": "VE", "Bolivia (Plurinational State of)": "BO", "Tanzania, United Republic of": "TZ",
	"Moldova, Republic of": "MD", "Republic of Moldova": "MD", "Vietnam": "VN", "Viet Nam": "VN", "Turkey": "TR",
	"Türkiye": "TR", "Czech Republic": "CZ", "The Gambia": "GM", "Gambia, The": "GM", "The Bahamas": "BS",
	"United States of America": "US", "USA": "US", "UK": "GB", "Great Britain": "GB",
	"United Kingdom of Great Britain and Northern Ireland": "GB", "Palestinian Territories": "PS",
	"Occupied Palestinian Territories": "PS", "Palestine": "PS", "State of Palestine": "PS", "Macedonia": "MK",
	"North Macedonia": "MK", "Swaziland": "SZ", "Eswatini": "SZ", "Cape Verde": "CV", "Cabo Verde": "CV",
	"East Timor": "TL", "Timor-Leste": "TL", "Brunei Darussalam": "BN", "Holy See": "VA", "Vatican City": "VA",
	"Micronesia": "FM", "Kyrgyz Republic": "KG", "Slovak Republic": "SK", "Hong Kong": "HK", "Macau": "MO",
	"Crimea": "UA", "Kosovo": "XK", "St Kitts and Nevis": "KN", "St Lucia": "LC", "St Vincent and the Grenadines": "VC",
	"Taiwan": "TW", "Curacao": "CW", "Sao Tome and Principe": "ST",
}

// countryKey folds case, accents written as plain letters by some lists, and spacing.
func countryKey(s string) string {
	s = strings.ToLower(strings.TrimSpace(s))
	s = strings.NewReplacer("&", "and", "’", "'", ".", "", "ü", "u", "ô", "o", "é", "e", "í", "i").Replace(s)
	return strings.Join(strings.Fields(s), " ")
}
