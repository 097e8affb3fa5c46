package persistence

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/uptrace/bun"
)

// companyMatch finds company sections by any part of the company name or registration number; the
// trigram indexes on both lower() expressions serve it on PostgreSQL.
const companyMatch = "SELECT verification_id FROM company_infos WHERE lower(company_name) LIKE ? ESCAPE '\\' OR lower(registration_number) LIKE ? ESCAPE '\\'"

// companyMatchByWord is companyMatch with the name's index asked for one rare word of the search
// only. PostgreSQL looks up every trigram of a pattern in the index, and the trigrams of a word
// most names share ("trading") cost tens of milliseconds at a million companies, where a rare
// word's few candidates cost a fraction of one. The whole search is then checked on the
// candidates (`|| ”` keeps it out of the index lookup), so the answer is the same.
const companyMatchByWord = "SELECT verification_id FROM company_infos WHERE (lower(company_name) LIKE ? ESCAPE '\\' " +
	"AND lower(company_name) || '' LIKE ? ESCAPE '\\') OR lower(registration_number) LIKE ? ESCAPE '\\'"

// companyCond is the condition on alias v for a company search: like the e-mail search, a search
// that matches few companies becomes a list of their verifications' ids (listed), a broad one a
// subquery.
func (r *Verifications) companyCond(ctx context.Context, text string) (cond string, args []any, ids []int64, listed bool, err error) {
	text = strings.ToLower(text)
	pattern := "%" + escapeLike(text) + "%"
	match, matchArgs := companyMatch, []any{pattern, pattern}
	if word := r.rareWord(ctx, text); word != "" {
		match, matchArgs = companyMatchByWord, []any{"%" + escapeLike(word) + "%", pattern, pattern}
	}
	if err := conn(ctx, r.db).NewRaw(match+" LIMIT ?", append(matchArgs, maxListedUsers+1)...).Scan(ctx, &ids); err != nil {
		return "", nil, nil, false, fmt.Errorf("find companies matching %q: %w", text, err)
	}
	switch {
	case len(ids) > maxListedUsers:
		return "v.id IN (" + match + ")", matchArgs, nil, false, nil
	case len(ids) == 0:
		return "1 = 0", nil, nil, true, nil
	default:
		return "v.id IN (?)", []any{bun.List(ids)}, ids, true, nil
	}
}

// rareWord is the longest word of a lower-case search of several words that the name's trigram
// index can look up (three letters or more) and that no common word of company names contains, or
// "" when there is none and the whole search is looked up.
func (r *Verifications) rareWord(ctx context.Context, text string) string {
	words := strings.Fields(text)
	if len(words) < 2 || !r.db.postgres {
		return ""
	}
	common, known := r.words.get(ctx, r.db)
	if !known { // without statistics, a word that looks rare may be in every name
		return ""
	}
	best := ""
	for _, w := range words {
		if utf8.RuneCountInString(w) < 3 || utf8.RuneCountInString(w) <= utf8.RuneCountInString(best) {
			continue
		}
		if !containedInAny(w, common) {
			best = w
		}
	}
	return best
}

func containedInAny(word string, in []string) bool {
	for _, s := range in {
		if strings.Contains(s, word) {
			return true
		}
	}
	return false
}

// commonWordShare is how many company names must hold a word for it to be common: at a million
// companies, a word in fewer than 1% of names finds at most ten thousand candidates.
const commonWordShare = 0.01

// commonWordsTTL is how long the common words are kept: PostgreSQL's statistics, which they come
// from, change only when the table is analysed.
const commonWordsTTL = 10 * time.Minute

// commonWordsRetry is how long a server goes on without the common words before it asks again,
// when the table had not been analysed or the read failed: a minute's searches look up the whole
// search, rather than each of them reading the catalogue first.
const commonWordsRetry = time.Minute

// commonWords are the words of company names that PostgreSQL's statistics count as frequent (the
// statistics object company_infos_name_words, filled by ANALYZE).
type commonWords struct {
	mu      sync.Mutex
	words   []string
	known   bool
	fetched time.Time
}

// get returns the common words and whether they are known, reading them again once they are older
// than commonWordsTTL (commonWordsRetry when they were not known). They are not known before the
// table has been analysed with names in it (an empty table's analysis counts no word), nor when the
// read fails.
func (c *commonWords) get(ctx context.Context, db *DB) ([]string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	ttl := commonWordsRetry
	if c.known {
		ttl = commonWordsTTL
	}
	if !c.fetched.IsZero() && time.Since(c.fetched) < ttl {
		return c.words, c.known
	}
	var rows []struct {
		Word  string
		Share float64
	}
	// most_common_elem_freqs ends with three figures of its own (least and most frequent share,
	// empty names), which unnest pairs with no word.
	err := conn(ctx, db).NewRaw(`SELECT e.word, e.share FROM pg_stats_ext_exprs AS s,
		unnest(s.most_common_elems::text::text[], s.most_common_elem_freqs) AS e(word, share)
		WHERE s.statistics_name = 'company_infos_name_words' AND e.word IS NOT NULL`).Scan(ctx, &rows)
	c.words, c.known, c.fetched = c.words[:0], err == nil && len(rows) > 0, time.Now()
	for _, r := range rows {
		if r.Share >= commonWordShare {
			c.words = append(c.words, r.Word)
		}
	}
	return c.words, c.known
}
