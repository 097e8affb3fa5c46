package application

import (
	"context"

	"github.com/tttverify/tttverify/domain/screening"
)

// FetchOutcome is what fetching one list came to. On failure Err says why and Kept is the
// version that stays in force (nil when the list was never imported).
type FetchOutcome struct {
	Source screening.Source
	Result *ImportResult
	Err    error
	Kept   *ListVersion
}

// FetchLists downloads the current files of each list from its publisher and imports them.
// No sources means every list with an address. A list that cannot be downloaded or read keeps
// its last good version; the other lists are still fetched.
func (s *Screening) FetchLists(ctx context.Context, actor *User, sources []screening.Source) ([]FetchOutcome, error) {
	if actor == nil || !actor.IsAdmin {
		return nil, ErrForbidden
	}
	if len(sources) == 0 {
		sources = s.source.Sources()
	}
	for _, src := range sources {
		if _, _, ok := s.parsers.Parser(src); !ok {
			return nil, s.unknownSource(src)
		}
	}
	out := make([]FetchOutcome, 0, len(sources))
	for _, src := range sources {
		o := FetchOutcome{Source: src}
		files, err := s.source.Fetch(ctx, src)
		if err == nil {
			o.Result, err = s.ImportList(ctx, actor, src, files)
		}
		if err != nil {
			o.Err = err
			o.Kept, _ = s.inForce(ctx, src, false)
		}
		out = append(out, o)
	}
	return out, nil
}
