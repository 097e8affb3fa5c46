package screening

import (
	"cmp"
	"math/bits"
	"slices"
	"strings"
	"sync"
)

// IndexOptions configures NewIndex.
type IndexOptions struct {
	// Transliterate writes non-Latin scripts in Latin letters (see Transliterate); nil folds Latin
	// diacritics only.
	Transliterate Transliterate
}

// Index finds listed entries by name. It is immutable once built, so one index may serve any
// number of concurrent searches, and a new one can replace it (behind an atomic pointer) after an
// import without stopping them.
type Index struct {
	entries    []Entry
	names      []indexedName
	sieve      []nameSieve // by name id, what candidates reads of every name a query token finds
	nameStart  []int32     // entry i's names are names[nameStart[i]:nameStart[i+1]]
	norm       normalizer
	legalForms []legalForm

	vocab     map[string]int32 // normalised token -> token id
	tokens    []string         // token id -> token
	shapes    []tokenShape     // token id -> what the cheap rejections of tokenSimilarity read
	postings  [][]int32        // token id -> ids of the names that contain it
	grams     map[string][]int32
	skeletons map[string][]int32
	deletions map[string][]int32 // a short token with one letter deleted -> token ids
	ids       map[string][]int32 // normalised identifier value -> entries

	scratch sync.Pool // of *scratch, one per search running at once
}

// indexedName is one name or alias of an entry, ready to compare.
type indexedName struct {
	entry int32
	name  string   // as published
	core  []string // normalised tokens, legal forms removed from organisations' names
	forms []string // canonical legal forms removed
}

// nameSieve is the little that candidates reads of each of the thousands of names a common token
// finds, kept apart from indexedName so that those reads stay in a dense array.
type nameSieve struct {
	weight float64 // total token weight of the name's core
	kind   Kind    // of its entry
}

// tokenShape is a token's length and letter set: enough to reject most vocabulary tokens that share
// a trigram with a query token without reading the token itself.
type tokenShape struct {
	letters uint32 // letterSet
	length  int32
}

// NewIndex indexes every name and alias of the entries. The index keeps the entries slice: the
// caller must not change the entries afterwards.
func NewIndex(entries []Entry, opts IndexOptions) *Index {
	ix := &Index{
		entries:   slices.Clip(entries),
		norm:      normalizer{transliterate: opts.Transliterate},
		vocab:     map[string]int32{},
		grams:     map[string][]int32{},
		skeletons: map[string][]int32{},
		deletions: map[string][]int32{},
		ids:       map[string][]int32{},
	}
	ix.legalForms = buildLegalForms(&ix.norm)
	seen := map[string]bool{}
	ix.nameStart = make([]int32, len(ix.entries)+1)
	for ei := range ix.entries {
		e := &ix.entries[ei]
		ix.nameStart[ei] = int32(len(ix.names))
		clear(seen)
		for _, name := range append([]string{e.Name}, e.Aliases...) {
			var toks []string
			if e.Kind == Person {
				toks = ix.norm.tokens(name)
			} else {
				toks = ix.norm.companyTokens(name)
			}
			if len(toks) == 0 {
				continue
			}
			key := strings.Join(toks, " ")
			if seen[key] {
				continue
			}
			seen[key] = true
			n := indexedName{entry: int32(ei), name: name, core: toks}
			if e.Kind != Person {
				n.core, n.forms = splitLegalForms(toks, ix.legalForms)
			}
			nid := int32(len(ix.names))
			sieve := nameSieve{kind: e.Kind}
			for _, t := range n.core {
				sieve.weight += tokenWeight(t)
			}
			for i, t := range n.core {
				id := ix.tokenID(t)
				n.core[i] = ix.tokens[id] // share one copy of each token string
				if p := ix.postings[id]; len(p) == 0 || p[len(p)-1] != nid {
					ix.postings[id] = append(p, nid)
				}
			}
			ix.names = append(ix.names, n)
			ix.sieve = append(ix.sieve, sieve)
		}
		for _, id := range e.Identifiers {
			if v := normalizeID(id.Value); v != "" {
				if p := ix.ids[v]; len(p) == 0 || p[len(p)-1] != int32(ei) {
					ix.ids[v] = append(p, int32(ei))
				}
			}
		}
	}
	ix.nameStart[len(ix.entries)] = int32(len(ix.names))
	return ix
}

// tokenID returns a token's id, adding it to the vocabulary and its n-gram and skeleton keys.
func (ix *Index) tokenID(t string) int32 {
	if id, ok := ix.vocab[t]; ok {
		return id
	}
	id := int32(len(ix.tokens))
	ix.vocab[t] = id
	ix.tokens = append(ix.tokens, t)
	ix.shapes = append(ix.shapes, tokenShape{letters: letterSet(t), length: int32(len(t))})
	ix.postings = append(ix.postings, nil)
	if len(t) >= 3 {
		for _, g := range trigrams(t) {
			ix.grams[g] = append(ix.grams[g], id)
		}
		if len(t) >= 4 {
			k := skeleton(t)
			ix.skeletons[k] = append(ix.skeletons[k], id)
		}
		if len(t) <= maxDeletionLen {
			for _, k := range deletionKeys(t) {
				ix.deletions[k] = append(ix.deletions[k], id)
			}
		}
	}
	return id
}

// maxDeletionLen: tokens up to this length are also found by their one-letter deletions, because
// one typo can leave them with no trigram in common ("mhg" and "mgh").
const maxDeletionLen = 6

// deletionKeys are a token and its variants with one letter deleted: two tokens one edit apart
// (substitution, insertion, deletion or transposition) share at least one key.
func deletionKeys(t string) []string {
	out := make([]string, 0, len(t)+1)
	out = append(out, t)
	for i := range len(t) {
		k := t[:i] + t[i+1:]
		if !slices.Contains(out, k) {
			out = append(out, k)
		}
	}
	return out
}

// trigrams of a token padded with a start and an end mark: "ali" gives "^al", "ali", "li$".
func trigrams(t string) []string {
	p := "^" + t + "$"
	out := make([]string, 0, len(p)-2)
	for i := 0; i+3 <= len(p); i++ {
		out = append(out, p[i:i+3])
	}
	return out
}

// Len is the number of entries in the index.
func (ix *Index) Len() int { return len(ix.entries) }

// Names is the number of names and aliases indexed.
func (ix *Index) Names() int { return len(ix.names) }

// Normalize returns a name as the index compares it (for explanations and tests).
func (ix *Index) Normalize(name string) string { return ix.norm.Normalize(name) }

// similarTokens finds the vocabulary tokens a query token may stand for, with their similarity:
// itself, transliterations (same skeleton), typos (shared trigrams, then Jaro-Winkler) and the
// tokens it joins or splits ("abdulrahman" and "rahman").
func (ix *Index) similarTokens(t string, sc *scratch) map[int32]float64 {
	out := map[int32]float64{}
	if id, ok := ix.vocab[t]; ok {
		out[id] = 1
	}
	if len(t) < 3 {
		return out
	}
	if len(t) >= 4 {
		for _, id := range ix.skeletons[skeleton(t)] {
			if s := tokenSimilarity(t, ix.tokens[id]); s > 0 {
				out[id] = max(out[id], s)
			}
		}
	}
	if len(t) <= maxDeletionLen+1 {
		for _, k := range deletionKeys(t) {
			for _, id := range ix.deletions[k] {
				if _, done := out[id]; !done {
					if s := tokenSimilarity(t, ix.tokens[id]); s > 0 {
						out[id] = s
					}
				}
			}
		}
	}
	gs := trigrams(t)
	// shared trigrams are counted in an array over the vocabulary, not a map: a common trigram
	// is in tens of thousands of tokens of a large list
	counts, touched := sc.gramCounts, sc.tokens[:0]
	for _, g := range gs {
		for _, id := range ix.grams[g] {
			if counts[id] == 0 {
				touched = append(touched, id)
			}
			counts[id]++
		}
	}
	letters := letterSet(t)
	for _, id := range touched {
		n := int(counts[id])
		counts[id] = 0
		shape := ix.shapes[id]
		need := max(2, min(len(gs), int(shape.length))*3/10)
		if n < need {
			continue
		}
		// tokenSimilarity's own first rejections, on the shape alone
		s, diff := 0.0, int(shape.length)-len(t)
		if diff >= -3 && diff <= 3 && bits.OnesCount32(letters^shape.letters) <= 6 {
			s = tokenSimilarity(t, ix.tokens[id])
		}
		// one token inside the other uses no letter the other lacks
		if s == 0 && shape.length >= 4 && len(t) >= 4 && (letters&^shape.letters == 0 || shape.letters&^letters == 0) {
			if v := ix.tokens[id]; strings.Contains(t, v) || strings.Contains(v, t) {
				s = 0.8 // part of a joined name; compareNames decides
			}
		}
		if s > 0 {
			out[id] = max(out[id], s)
		}
	}
	sc.tokens = touched
	return out
}

// maxCandidates bounds how many names a query scores in full: the best by shared tokens.
const maxCandidates = 150

// scratch is one search's working memory, sized to the index and reused between searches: at a
// million names, maps keyed by name grew and rehashed on every query and kept the collector busy.
// Every slot is zero between uses; the lists of touched slots put them back.
type scratch struct {
	acc        []float64 // per name: the query weight its tokens matched
	counted    []int32   // per name: the last query token (numbered from 1) that added to acc
	gramCounts []uint16  // per vocabulary token: trigrams shared with the current query token
	names      []int32   // names with acc set
	tokens     []int32   // tokens with gramCounts set
	similar    []similarToken
}

// similarToken is a vocabulary token close to a query token.
type similarToken struct {
	id  int32
	sim float64
}

func (ix *Index) getScratch() *scratch {
	if sc, ok := ix.scratch.Get().(*scratch); ok {
		return sc
	}
	return &scratch{acc: make([]float64, len(ix.names)), counted: make([]int32, len(ix.names)),
		gramCounts: make([]uint16, len(ix.tokens))}
}

// candidate is a name worth scoring, with its estimated score.
type candidate struct {
	nid int32
	est float64 // the name score if every shared token matched in full
}

// better orders candidates best first, then by name id, so that the cut at maxCandidates does not
// depend on the order they were found in.
func better(a, b candidate) int {
	return cmp.Or(cmp.Compare(b.est, a.est), cmp.Compare(a.nid, b.nid))
}

// candidates returns the names sharing enough of the query's tokens (or close variants) to be worth
// scoring, best first. Particles and initials find no candidates on their own: they match too many
// names to narrow anything down.
func (ix *Index) candidates(q []string, kinds func(Kind) bool) []int32 {
	sc := ix.getScratch()
	defer ix.scratch.Put(sc)
	var total float64
	acc, counted := sc.acc, sc.counted
	found := sc.names[:0]
	strong := 0
	for _, t := range q {
		if len(t) >= 3 && !particles[t] {
			strong++
		}
	}
	weak := []string(nil)
	for qi, t := range q {
		w := tokenWeight(t)
		total += w
		if slices.Contains(q[:qi], t) {
			continue
		}
		if strong > 0 && (len(t) < 3 || particles[t]) {
			weak = append(weak, t)
			continue
		}
		// the most similar tokens first, so that the first of them a name holds is its best and
		// one pass over the postings adds each name once
		similar := sc.similar[:0]
		for id, s := range ix.similarTokens(t, sc) {
			similar = append(similar, similarToken{id, s})
		}
		slices.SortFunc(similar, func(a, b similarToken) int { return cmp.Compare(b.sim, a.sim) })
		sc.similar = similar
		mark := int32(qi + 1)
		for _, st := range similar {
			for _, nid := range ix.postings[st.id] {
				if counted[nid] == mark {
					continue
				}
				counted[nid] = mark
				if acc[nid] == 0 {
					found = append(found, nid)
				}
				acc[nid] += w * st.sim
			}
		}
	}
	// particles and initials only rank the names the other tokens found ("Ahmed al-Abd" among the
	// many Ahmads); every weight and similarity is positive, so acc is 0 for a name not found
	for _, t := range weak {
		if id, ok := ix.vocab[t]; ok {
			for _, nid := range ix.postings[id] {
				if acc[nid] != 0 {
					acc[nid] += tokenWeight(t)
				}
			}
		}
	}
	// the best maxCandidates, kept in a heap whose root is the worst of them: a common name
	// finds tens of thousands of names, and sorting them all cost more than the scoring
	top := make([]candidate, 0, maxCandidates)
	for _, nid := range found {
		a := acc[nid]
		acc[nid], counted[nid] = 0, 0
		sieve := &ix.sieve[nid]
		if a < 0.3*total || !kinds(sieve.kind) {
			continue
		}
		c := candidate{nid, queryShare*a/total + (1-queryShare)*min(1, a/sieve.weight)}
		switch {
		case len(top) < maxCandidates:
			top = append(top, c)
			siftUp(top, len(top)-1)
		case better(c, top[0]) < 0:
			top[0] = c
			siftDown(top, 0)
		}
	}
	sc.names = found
	slices.SortFunc(top, better)
	out := make([]int32, len(top))
	for i, c := range top {
		out[i] = c.nid
	}
	return out
}

// siftUp and siftDown keep h a heap with the worst candidate at its root.
func siftUp(h []candidate, i int) {
	for i > 0 {
		p := (i - 1) / 2
		if better(h[i], h[p]) <= 0 {
			return
		}
		h[i], h[p] = h[p], h[i]
		i = p
	}
}

func siftDown(h []candidate, i int) {
	for {
		worst, l, r := i, 2*i+1, 2*i+2
		if l < len(h) && better(h[l], h[worst]) > 0 {
			worst = l
		}
		if r < len(h) && better(h[r], h[worst]) > 0 {
			worst = r
		}
		if worst == i {
			return
		}
		h[i], h[worst] = h[worst], h[i]
		i = worst
	}
}

// normalizeID compares identifiers by their letters and digits only, in upper case.
func normalizeID(v string) string {
	var b strings.Builder
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9', r >= 'A' && r <= 'Z':
			b.WriteRune(r)
		case r >= 'a' && r <= 'z':
			b.WriteRune(r - 'a' + 'A')
		}
	}
	return b.String()
}
