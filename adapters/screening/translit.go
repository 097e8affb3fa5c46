package screening

import (
	"strings"
	"unicode"

	"github.com/mozillazg/go-unidecode"

	"github.com/tttverify/tttverify/domain/screening"
)

// Transliterate writes any script in ASCII Latin letters for the matcher. Cyrillic follows
// BGN/PCGN, the romanisation OFAC and the UN use for Russian, Ukrainian and Belarusian names
// (Юрий is Yuriy, Сергей Sergey, Евгений Yevgeniy); everything else, from compatibility forms
// (full-width letters, ligatures) and diacritics to Greek, Arabic and Chinese, goes through
// go-unidecode's tables (a port of Perl's Text::Unidecode), whose own Cyrillic (Iurii, Sergei)
// would miss the lists' spelling.
var Transliterate screening.Transliterate = transliterate

var cyrillic = map[rune]string{
	'а': "a", 'б': "b", 'в': "v", 'г': "g", 'д': "d", 'е': "e", 'ё': "e", 'ж': "zh", 'з': "z",
	'и': "i", 'й': "y", 'к': "k", 'л': "l", 'м': "m", 'н': "n", 'о': "o", 'п': "p", 'р': "r",
	'с': "s", 'т': "t", 'у': "u", 'ф': "f", 'х': "kh", 'ц': "ts", 'ч': "ch", 'ш': "sh", 'щ': "shch",
	'ъ': "", 'ы': "y", 'ь': "", 'э': "e", 'ю': "yu", 'я': "ya",
	'є': "ye", 'і': "i", 'ї': "yi", 'ґ': "g", 'ў': "w",
}

// yVowel: е and ё are written ye and yo at the start of a word and after a vowel or a hard or soft
// sign (Yevgeniy, Andreyev).
func yVowel(prev rune) bool {
	return prev == 0 || strings.ContainsRune("аеёиоуыэюяъьєії", prev) || !unicode.IsLetter(prev)
}

func transliterate(s string) string {
	var out, other strings.Builder
	flush := func() {
		if other.Len() > 0 {
			out.WriteString(unidecode.Unidecode(other.String()))
			other.Reset()
		}
	}
	var prev rune
	for _, r := range s {
		lr := unicode.ToLower(r)
		lat, ok := cyrillic[lr]
		if !ok {
			other.WriteRune(r)
			prev = lr
			continue
		}
		flush()
		switch {
		case lr == 'е' && yVowel(prev):
			lat = "ye"
		case lr == 'ё' && yVowel(prev):
			lat = "yo"
		}
		out.WriteString(lat)
		prev = lr
	}
	flush()
	return out.String()
}
