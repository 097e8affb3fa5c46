package screening

import (
	"github.com/tttverify/tttverify/application"
	"github.com/tttverify/tttverify/domain/screening"
)

// BuildIndex is the matching engine over entries, with this adapter's transliteration (the domain
// leaves scripts other than Latin to an adapter).
func BuildIndex(entries []screening.Entry) application.ScreeningIndex {
	return screening.NewIndex(entries, screening.IndexOptions{Transliterate: Transliterate})
}
