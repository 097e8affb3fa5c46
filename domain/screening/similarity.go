package screening

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
)

// jaroWinkler returns the Jaro-Winkler similarity of two tokens (0..1), with the usual prefix
// scale of 0.1 over at most four characters. Typos in names rarely touch the first letters, which
// is why it suits names better than plain edit distance.
func jaroWinkler(a, b string) float64 {
	if a == b {
		return 1
	}
	if !isASCII(a) || !isASCII(b) {
		return jaroWinklerRunes([]rune(a), []rune(b))
	}
	return jaroWinklerRunes(asciiRunes(a), asciiRunes(b))
}

func asciiRunes(s string) []rune {
	r := make([]rune, len(s))
	for i := 0; i < len(s); i++ {
		r[i] = rune(s[i])
	}
	return r
}

func jaroWinklerRunes(a, b []rune) float64 {
	la, lb := len(a), len(b)
	if la == 0 || lb == 0 {
		return 0
	}
	window := max(la, lb)/2 - 1
	window = max(window, 0)
	var ma, mb [64]bool
	if la > 64 || lb > 64 {
		return 0 // not a name token
	}
	matches := 0
	for i := 0; i < la; i++ {
		lo, hi := max(0, i-window), min(lb-1, i+window)
		for j := lo; j <= hi; j++ {
			if !mb[j] && a[i] == b[j] {
				ma[i], mb[j] = true, true
				matches++
				break
			}
		}
	}
	if matches == 0 {
		return 0
	}
	transpositions, j := 0, 0
	for i := 0; i < la; i++ {
		if !ma[i] {
			continue
		}
		for !mb[j] {
			j++
		}
		if a[i] != b[j] {
			transpositions++
		}
		j++
	}
	m := float64(matches)
	jaro := (m/float64(la) + m/float64(lb) + (m-float64(transpositions)/2)/m) / 3
	prefix := 0
	for prefix < min(4, la, lb) && a[prefix] == b[prefix] {
		prefix++
	}
	return jaro + float64(prefix)*0.1*(1-jaro)
}

// skeleton is a token's consonant outline: the first letter (any vowel counts as "a"), then the
// consonants without vowels, y, w and h, doubled letters collapsed, x written ks. Romanisations of
// one name share it (Mohammed, Muhammad, Mohamed: "mmd"; Hussein, Husayn: "hsn"; Omar, Umar:
// "amr"; Aleksandr, Alexander: "alksndr").
func skeleton(t string) string {
	if len(t) == 0 {
		return ""
	}
	var b strings.Builder
	switch t[0] {
	case 'a', 'e', 'i', 'o', 'u':
		b.WriteByte('a')
	default:
		b.WriteByte(t[0])
	}
	var last byte
	for i := 1; i < len(t); i++ {
		c := t[i]
		switch c {
		case 'a', 'e', 'i', 'o', 'u', 'y', 'w', 'h':
			continue
		case 'q':
			c = 'k'
		case 'z':
			c = 's'
		case 'x':
			b.WriteByte('k')
			c = 's'
		}
		if c != last {
			b.WriteByte(c)
		}
		last = c
	}
	return b.String()
}

// tokenSimilarity scores two normalised tokens from 0 to 1: equal, an initial against a name that
// starts with it, a typo (Jaro-Winkler, allowed one edit in a short token, two in a middle-sized
// one, three in a long one, each edit after the first costing a little more), or one romanisation
// of the other (same skeleton). Below 0.75 the score is 0: two different names are not "a bit" the
// same person.
func tokenSimilarity(a, b string) float64 {
	if a == b {
		return 1
	}
	if len(a) == 1 || len(b) == 1 { // an initial (equal single letters returned above)
		if a[0] == b[0] && !particles[a] && !particles[b] {
			return 0.8
		}
		return 0
	}
	short := min(len(a), len(b))
	if short <= 2 {
		return 0 // "li" and "lin" are different names, not a typo
	}
	// cheap rejections first: both the typo and the romanisation rule need three edits or fewer,
	// and each edit changes at most two letters of the set of letters a token uses
	if len(a)-len(b) > 3 || len(b)-len(a) > 3 || bits.OnesCount32(letterSet(a)^letterSet(b)) > 6 {
		return 0
	}
	d := editDistance(a, b)
	s := 0.0
	if d <= allowedEdits(short) && (short > 3 || sameSound(a[0], b[0]) || firstLetterDropped(a, b)) {
		s = jaroWinkler(a, b) - 0.08*float64(d-1)
		if short <= 4 {
			s -= 0.05 // one letter in four is a large part of a short name
		}
	}
	// Mahmoud and Mohammed share a skeleton but are four edits apart
	if s < 0.9 && short >= 4 && d <= 3 && skeleton(a) == skeleton(b) {
		s = 0.9
	}
	if s < 0.75 {
		return 0
	}
	return s
}

// firstLetterDropped says whether one token is the other without its first letter ("und" for
// "jund", "ank" for "bank"): a slip that leaves a short word with another first sound.
func firstLetterDropped(a, b string) bool {
	if len(a) < len(b) {
		a, b = b, a
	}
	return len(a) == len(b)+1 && a[1:] == b
}

// letterSet has bit i set when the token uses the i-th letter of the alphabet (digits share one).
func letterSet(t string) uint32 {
	var m uint32
	for i := 0; i < len(t); i++ {
		c := t[i]
		switch {
		case c >= 'a' && c <= 'z':
			m |= 1 << (c - 'a')
		default:
			m |= 1 << 26
		}
	}
	return m
}

func allowedEdits(short int) int {
	switch {
	case short <= 3:
		return 1
	case short <= 7:
		return 2
	}
	return 3
}

// sameSound says whether two first letters may stand for one sound in different romanisations; a
// short token ("Kim", "Gim") must start with the same sound to count as a typo of another.
func sameSound(a, b byte) bool {
	class := func(c byte) byte {
		switch c {
		case 'c', 'g', 'k', 'q':
			return 'k'
		case 'v', 'w':
			return 'v'
		case 'j', 'y':
			return 'j'
		}
		return c
	}
	return class(a) == class(b)
}

// editDistance is the optimal string alignment distance: insertions, deletions, substitutions and
// transpositions of neighbouring letters each count one.
func editDistance(a, b string) int {
	la, lb := len(a), len(b)
	if la > 32 || lb > 32 {
		return max(la, lb) // not a name token; also keeps the rows small to clear
	}
	var rows [3][33]int
	prev2, prev, cur := &rows[0], &rows[1], &rows[2]
	for j := 0; j <= lb; j++ {
		prev[j] = j
	}
	for i := 1; i <= la; i++ {
		cur[0] = i
		for j := 1; j <= lb; j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				cur[j] = min(cur[j], prev2[j-2]+1)
			}
		}
		prev2, prev, cur = prev, cur, prev2
	}
	return prev[lb]
}

// joinedSimilarity compares two tokens written together with one token: equal, or one edit apart.
func joinedSimilarity(joined, t string) float64 {
	if len(t) < 4 || len(joined)-len(t) > 1 || len(t)-len(joined) > 1 || bits.OnesCount32(letterSet(joined)^letterSet(t)) > 2 {
		return 0
	}
	switch editDistance(joined, t) {
	case 0:
		return 1
	case 1:
		return jaroWinkler(joined, t)
	}
	return 0
}

// tokenWeight is how much a token counts in a name: longer tokens say more, particles and initials
// little.
func tokenWeight(t string) float64 {
	if particles[t] {
		return 0.5
	}
	return float64(min(max(len(t), 2), 8))
}

// nameMatch is the best alignment of a query's tokens on a listed name's tokens.
type nameMatch struct {
	score          float64 // 0..1
	queryCoverage  float64 // share of the query's weight matched
	nameCoverage   float64 // share of the listed name's weight matched
	joined, typoed bool
}

// pairOption aligns one or two query tokens with one or two listed tokens.
type pairOption struct {
	q, c [2]int // second index -1 when only one token
	sim  float64
}

// compareNames aligns the query tokens with the listed name's tokens regardless of order: each
// token pairs with at most one other, best pairs first; two adjacent tokens may pair with one
// joined token ("Abdul Rahman" and "Abdulrahman"). Unpaired tokens on either side lower the score,
// those of the listed name less (a query may leave out a middle name).
func compareNames(q, c []string) nameMatch {
	var opts []pairOption
	for i, a := range q {
		for j, b := range c {
			if s := tokenSimilarity(a, b); s > 0 {
				opts = append(opts, pairOption{q: [2]int{i, -1}, c: [2]int{j, -1}, sim: s})
			}
		}
	}
	// joined or split tokens, in the same order
	for i := 0; i+1 < len(q); i++ {
		joined := q[i] + q[i+1]
		for j, b := range c {
			if s := joinedSimilarity(joined, b); s > 0 {
				opts = append(opts, pairOption{q: [2]int{i, i + 1}, c: [2]int{j, -1}, sim: s})
			}
		}
	}
	for j := 0; j+1 < len(c); j++ {
		joined := c[j] + c[j+1]
		for i, a := range q {
			if s := joinedSimilarity(a, joined); s > 0 {
				opts = append(opts, pairOption{q: [2]int{i, -1}, c: [2]int{j, j + 1}, sim: s})
			}
		}
	}
	slices.SortStableFunc(opts, func(x, y pairOption) int { return cmp.Compare(y.sim, x.sim) })
	qs := make([]float64, len(q))
	cs := make([]float64, len(c))
	qUsed := make([]bool, len(q))
	cUsed := make([]bool, len(c))
	var m nameMatch
	for _, o := range opts {
		if qUsed[o.q[0]] || cUsed[o.c[0]] || o.q[1] >= 0 && qUsed[o.q[1]] || o.c[1] >= 0 && cUsed[o.c[1]] {
			continue
		}
		qsim, csim := o.sim, o.sim
		// an initial stands for a whole name but says only one letter of it: the full name on the
		// other side is credited with the initial's weight, not its own
		if o.q[1] < 0 && o.c[1] < 0 {
			a, b := q[o.q[0]], c[o.c[0]]
			if len(a) == 1 && len(b) > 1 {
				csim = o.sim * tokenWeight(a) / tokenWeight(b)
			} else if len(b) == 1 && len(a) > 1 {
				qsim = o.sim * tokenWeight(b) / tokenWeight(a)
			}
		}
		for _, i := range o.q {
			if i >= 0 {
				qUsed[i], qs[i] = true, qsim
			}
		}
		for _, j := range o.c {
			if j >= 0 {
				cUsed[j], cs[j] = true, csim
			}
		}
		if o.q[1] >= 0 || o.c[1] >= 0 {
			m.joined = true
		} else if o.sim < 1 {
			m.typoed = true
		}
	}
	var qw, qm, cw, cm float64
	for i, t := range q {
		w := tokenWeight(t)
		qw += w
		qm += w * qs[i]
	}
	for j, t := range c {
		w := tokenWeight(t)
		cw += w
		cm += w * cs[j]
	}
	if qw == 0 || cw == 0 {
		return m
	}
	m.queryCoverage, m.nameCoverage = qm/qw, cm/cw
	m.score = queryShare*m.queryCoverage + (1-queryShare)*m.nameCoverage
	return m
}

// queryShare is the part of the name score that the query's own tokens decide; the rest comes from
// how much of the listed name they cover.
const queryShare = 0.7
