package screening

import (
	"math/bits"
	"slices"
	"strings"
)

// legalFormTable lists company legal forms: a canonical name, then the ways it is written, spelled
// out or abbreviated, in the languages the lists use. Forms are written as they read; the index
// normalises them with its own normaliser, so "S.A." and the Cyrillic "ООО" match the way names do.
var legalFormTable = [][]string{
	{"LLC", "LLC", "L.L.C.", "Limited Liability Company", "Limited Liability Co", "OOO", "ООО",
		"Obshchestvo s Ogranichennoy Otvetstvennostyu", "Obshchestvo s Ogranichennoi Otvetstvennost'iu",
		"Общество с ограниченной ответственностью", "TOV", "ТОВ", "MChJ"},
	{"FZ-LLC", "FZ LLC", "FZ-LLC", "FZLLC", "Free Zone Limited Liability Company"},
	{"Ltd", "Ltd", "Limited"},
	{"Ltda", "Ltda", "Limitada"},
	{"Co", "Co", "Company", "Cia", "Compania", "Compañía", "Compagnie", "Cie"},
	{"Corp", "Corp", "Corporation"},
	{"Inc", "Inc", "Incorporated"},
	{"JSC", "JSC", "Joint Stock Company", "Joint-Stock Company", "Joint Stock Co", "AO", "АО",
		"Aktsionernoye Obshchestvo", "Aktsionernoe Obshchestvo", "Акционерное общество"},
	{"PJSC", "PJSC", "Public Joint Stock Company", "Public Joint-Stock Company", "PAO", "ПАО",
		"Publichnoye Aktsionernoye Obshchestvo", "Publichnoe Aktsionernoe Obshchestvo", "Публичное акционерное общество"},
	{"OJSC", "OJSC", "Open Joint Stock Company", "Open Joint-Stock Company", "OAO", "ОАО",
		"Otkrytoye Aktsionernoye Obshchestvo", "Otkrytoe Aktsionernoe Obshchestvo", "Открытое акционерное общество"},
	{"CJSC", "CJSC", "Closed Joint Stock Company", "Closed Joint-Stock Company", "ZAO", "ЗАО",
		"Zakrytoye Aktsionernoye Obshchestvo", "Zakrytoe Aktsionernoe Obshchestvo", "Закрытое акционерное общество"},
	{"FSUE", "FSUE", "FGUP", "ФГУП", "Federal State Unitary Enterprise"},
	{"SUE", "SUE", "GUP", "ГУП", "State Unitary Enterprise"},
	{"GmbH", "GmbH", "Gesellschaft mit beschränkter Haftung", "Gesellschaft mit beschraenkter Haftung"},
	{"GmbH & Co. KG", "GmbH & Co. KG", "GmbH und Co. KG", "GmbH Co KG"},
	{"AG", "AG", "Aktiengesellschaft"},
	{"KG", "KG", "Kommanditgesellschaft"},
	{"S.A. de C.V.", "S.A. de C.V.", "S. A. de C. V.", "SA de CV", "Sociedad Anónima de Capital Variable"},
	{"S.A.P.I. de C.V.", "S.A.P.I. de C.V.", "SAPI de CV"},
	{"S. de R.L.", "S. de R.L.", "S. de R.L. de C.V.", "Sociedad de Responsabilidad Limitada"},
	{"S.A.", "S.A.", "S. A.", "SA", "Sociedad Anónima", "Société Anonyme", "Sociedade Anónima", "Sociedade Anonima", "Società Anonima"},
	{"SARL", "SARL", "S.A.R.L.", "S. A. R. L.", "Société à Responsabilité Limitée"},
	{"SAS", "SAS", "S.A.S.", "S. A. S.", "Société par Actions Simplifiée", "Sociedad por Acciones Simplificada"},
	{"SpA", "SpA", "S.p.A.", "Società per Azioni"},
	{"SRL", "SRL", "S.R.L.", "S. R. L.", "Società a Responsabilità Limitata", "Societate cu Răspundere Limitată"},
	{"SL", "S.L.", "S. L.", "Sociedad Limitada"},
	{"Pte Ltd", "Pte Ltd", "Pte. Ltd.", "Pte Limited", "Private Limited", "Private Ltd", "Pvt Ltd", "Pvt. Ltd.", "Pvt Limited", "(P) Ltd"},
	{"Pte", "Pte", "Pvt"},
	{"FZE", "FZE", "Free Zone Establishment"},
	{"FZCO", "FZCO", "FZ Co", "FZ Company", "Free Zone Company"},
	{"FZC", "FZC"},
	{"DMCC", "DMCC", "DMCCA"},
	{"PLC", "PLC", "P.L.C.", "Public Limited Company"},
	{"B.V.", "B.V.", "BV", "B. V.", "Besloten Vennootschap"},
	{"N.V.", "N.V.", "NV", "N. V.", "Naamloze Vennootschap"},
	{"LLP", "LLP", "L.L.P.", "Limited Liability Partnership"},
	{"LP", "LP", "L.P.", "Limited Partnership"},
	{"Sdn Bhd", "Sdn Bhd", "Sdn. Bhd.", "Sendirian Berhad"},
	{"Bhd", "Bhd", "Berhad"},
	{"AB", "AB", "Aktiebolag"},
	{"A/S", "A/S", "AS", "A.S.", "Aksjeselskap", "Aktieselskab", "Anonim Şirketi", "Anonim Sirketi"},
	{"ASA", "ASA"},
	{"ApS", "ApS", "Anpartsselskab"},
	{"Oy", "Oy", "Oyj", "Osakeyhtiö"},
	{"Ltd. Şti.", "Ltd. Şti.", "Ltd Sti", "Limited Şirketi", "Limited Sirketi"},
	{"Kft", "Kft", "Zrt", "Nyrt"},
	{"s.r.o.", "s.r.o.", "s. r. o.", "spol. s r.o.", "Společnost s ručením omezeným"},
	{"Sp. z o.o.", "Sp. z o.o.", "Sp z oo", "Spółka z ograniczoną odpowiedzialnością"},
	{"d.o.o.", "d.o.o.", "d. o. o.", "DOO"},
	{"EOOD", "EOOD", "OOD", "EAD"},
	{"PT", "PT", "Perseroan Terbatas"},
	{"Tbk", "Tbk", "Terbuka"},
	{"KK", "KK", "K.K.", "Kabushiki Kaisha"},
	{"SAC", "SAC", "S.A.C.", "Sociedad Anónima Cerrada"},
	{"SAA", "SAA", "S.A.A.", "Sociedad Anónima Abierta"},
	{"S. en C.S.", "S. en C.S.", "S.C.S.", "Sociedad en Comandita Simple"},
	{"S. en C.", "S. en C.", "Sociedad en Comandita"},
	{"EIRL", "EIRL", "E.I.R.L.", "Empresa Individual de Responsabilidad Limitada"},
	{"C.A.", "C.A.", "Compañía Anónima", "Compania Anonima"},
}

// legalForm is one way of writing a legal form, as normalised tokens, and its canonical name.
type legalForm struct {
	tokens    []string
	canonical string
}

// buildLegalForms normalises the table both ways the index reads names (a person's tokens and a
// company's, which differ for forms written as spaced letters), longest spellings first so
// "Limited Liability Company" wins over "Company". It first notes the forms written as a few
// letters, which companyTokens keeps apart at the end of a run of letters.
func buildLegalForms(n *normalizer) []legalForm {
	n.formLetters = map[string]bool{}
	for _, row := range legalFormTable {
		for _, v := range row[1:] {
			toks, _ := n.split(v)
			if letters := strings.Join(toks, ""); len(letters) >= 2 && len(letters) <= 5 && isLetters(letters) {
				n.formLetters[letters] = true
			}
		}
	}
	var forms []legalForm
	seen := map[string]bool{}
	for _, row := range legalFormTable {
		for _, v := range row[1:] {
			for _, toks := range [][]string{n.tokens(v), n.companyTokens(v)} {
				key := strings.Join(toks, " ")
				if len(toks) == 0 || seen[key] {
					continue
				}
				seen[key] = true
				forms = append(forms, legalForm{tokens: toks, canonical: row[0]})
			}
		}
	}
	slices.SortStableFunc(forms, func(a, b legalForm) int { return len(b.tokens) - len(a.tokens) })
	return forms
}

func isLetters(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < 'a' || s[i] > 'z' {
			return false
		}
	}
	return true
}

// splitLegalForms removes legal forms from the start and the end of a company name, repeatedly
// ("Romashka Co. Ltd.", "OOO Romashka"), and returns the remaining core and the canonical forms
// found. Longer forms are tried first; among forms of one length, one written exactly wins over one
// read through a typo ("PLC" is not a mistyped "LLC"). Forms in the middle of a name stay: there a
// short form is more likely a word of the name. The core keeps at least one token.
func splitLegalForms(toks []string, forms []legalForm) (core []string, found []string) {
	core = toks
	for changed := true; changed && len(core) > 1; {
		changed = false
		for start := 0; start < len(forms) && !changed; {
			end := start + 1
			for end < len(forms) && len(forms[end].tokens) == len(forms[start].tokens) {
				end++
			}
			k := len(forms[start].tokens)
		group:
			for _, typo := range []bool{false, true} {
				for _, f := range forms[start:end] {
					if k >= len(core) {
						break group
					}
					if formAt(core[len(core)-k:], f, typo) {
						core = core[:len(core)-k]
					} else if formAt(core[:k], f, typo) {
						core = core[k:]
					} else {
						continue
					}
					if !slices.Contains(found, f.canonical) {
						found = append(found, f.canonical)
					}
					changed = true
					break group
				}
			}
			start = end
		}
	}
	return core, found
}

// formAt says whether the tokens spell a legal form, exactly or, with typo, with one word one edit
// off: a word of four letters or more ("Lmiited", "Jint Stock Company", "EOD"), a vowel-less
// abbreviation typed without vowels ("LDT", "LT", "KTD" for "LTD"), an abbreviation with a letter
// doubled ("AAG", "OOOO") or, from three letters, two letters swapped ("ZFE" for "FZE"), or any word
// of a form of three words or more whose other words are exact ("S.A. FE C.V."). Other slips in
// short words are too close to words of a name.
func formAt(toks []string, f legalForm, typo bool) bool {
	typos := 0
	for i, t := range toks {
		ft := f.tokens[i]
		if t == ft {
			continue
		}
		// cheap rejections first: one edit changes the length by one at most and two letters of the
		// set of letters a word uses
		if !typo || typos > 0 || len(t)-len(ft) > 1 || len(ft)-len(t) > 1 || bits.OnesCount32(letterSet(t)^letterSet(ft)) > 2 ||
			!typoAllowed(t, ft, len(f.tokens)) || editDistance(t, ft) != 1 {
			return false
		}
		typos++
	}
	return true
}

func typoAllowed(t, ft string, words int) bool {
	switch {
	case words >= 3, len(ft) >= 4 && len(t) >= 3:
		return true
	case len(ft) >= 2 && doubled(t, ft), len(ft) >= 3 && swapped(t, ft):
		return true
	}
	return len(ft) == 3 && len(t) >= 2 && !hasVowel(ft) && !hasVowel(t)
}

// doubled says whether t is w with one of its letters written twice ("aag" for "ag").
func doubled(t, w string) bool {
	if len(t) != len(w)+1 {
		return false
	}
	for i := 0; i+1 < len(t); i++ {
		if t[i] == t[i+1] && t[:i]+t[i+1:] == w {
			return true
		}
	}
	return false
}

// swapped says whether t is w with two neighbouring letters swapped ("zfe" for "fze").
func swapped(t, w string) bool {
	if len(t) != len(w) {
		return false
	}
	for i := 0; i+1 < len(t); i++ {
		if t[i] != w[i] {
			return t[i] == w[i+1] && t[i+1] == w[i] && t[i+2:] == w[i+2:]
		}
	}
	return false
}

func hasVowel(t string) bool { return strings.ContainsAny(t, "aeiouy") }
