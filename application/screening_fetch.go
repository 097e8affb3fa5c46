package application

import (
	"context"
	"errors"
	"strings"
	"unicode"
	"unicode/utf8"

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
// its last good version; the other lists are still fetched. Every attempt is recorded.
func (s *Screening) FetchLists(ctx context.Context, actor *User, sources []screening.Source) ([]FetchOutcome, error) {
	if err := mustBeAdmin(actor); err != nil {
		return nil, err
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
		o, err := s.fetchOne(ctx, actor, src)
		if err != nil {
			return out, err
		}
		out = append(out, o)
	}
	return out, nil
}

// fetchOne downloads and imports one list and records the attempt; the error is only that of
// recording it.
func (s *Screening) fetchOne(ctx context.Context, actor *User, src screening.Source) (FetchOutcome, error) {
	o := FetchOutcome{Source: src}
	a := &FetchAttempt{Source: src, StartedAt: s.clock.Now(), By: actor.Email}
	files, err := s.source.Fetch(ctx, src)
	if err == nil {
		o.Result, err = s.ImportList(ctx, actor, src, files)
	}
	if err != nil {
		o.Err = err
		o.Kept, _ = s.inForce(context.WithoutCancel(ctx), src, false)
		a.Error = fetchErrorText(err)
	} else {
		a.OK, a.VersionID = true, o.Result.Version.ID
	}
	a.FinishedAt = s.clock.Now()
	// Recorded even when the run was cancelled, so the page shows the attempt that was cut short.
	if err := s.attempts.Record(context.WithoutCancel(ctx), a); err != nil {
		return o, err
	}
	return o, nil
}

// fetchErrorText is why a fetch failed, as the admin page and the alert say it.
func fetchErrorText(err error) string {
	switch {
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, context.Canceled):
		return "The fetch was stopped before it finished: it took longer than a background job may (JOB_TIMEOUT), or the server shut down."
	case errors.Is(err, ErrInvalidList):
		return "The downloaded file could not be read, so it was not imported: " + strings.TrimPrefix(err.Error(), ErrInvalidList.Error()+": ") + "."
	}
	return sentence(err.Error())
}

// sentence starts msg with a capital and ends it with a full stop.
func sentence(msg string) string {
	r, n := utf8.DecodeRuneInString(msg)
	msg = string(unicode.ToUpper(r)) + msg[n:]
	if !strings.HasSuffix(msg, ".") {
		msg += "."
	}
	return msg
}
