package screening

import "testing"

func TestTransliterate(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"Юрий Геннадьевич Жеребцов": "yuriy gennadyevich zherebtsov",
		"Евгений Андреев":           "yevgeniy andreyev",
		"Сергей Щукин":              "sergey shchukin",
		"ООО Ромашка":               "ooo romashka",
		"Αλέξης Τσίπρας":            "alexes tsipras",
		"习近平":                       "xi jin ping ",
		"Ｍüller ﬁne":                "muller fine",
		"Łódź Øresund Straße":       "lodz oresund strasse",
	} {
		if got := lower(transliterate(in)); got != want {
			t.Errorf("transliterate(%q) = %q, want %q", in, got, want)
		}
	}
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
