package screening

import "testing"

func TestCountryCode(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		"Korea, North": "KP", "Democratic People's Republic of Korea": "KP", "Iran (Islamic Republic of)": "IR",
		"Türkiye": "TR", "Turkey": "TR", "Congo, Democratic Republic of the": "CD", "Bahamas, The": "BS",
		"United Kingdom of Great Britain and Northern Ireland": "GB", "Russian Federation": "RU", "Burma": "MM",
		"Cote d Ivoire": "CI", "Côte d'Ivoire": "CI", "Germany": "DE", "de": "DE", "Hong Kong": "HK",
	} {
		if got, ok := CountryCode(name); !ok || got != want {
			t.Errorf("CountryCode(%q) = %q, %v; want %q", name, got, ok, want)
		}
	}
	for _, name := range []string{"", "undetermined", "Atlantis"} {
		if got, ok := CountryCode(name); ok {
			t.Errorf("CountryCode(%q) = %q; want unknown", name, got)
		}
	}
}
