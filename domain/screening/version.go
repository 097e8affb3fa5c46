package screening

import (
	"slices"
	"sort"
)

// ChangeKind says how an entry differs from the previous version of its list.
type ChangeKind string

// The ways an entry can change between two versions of a list.
const (
	Added   ChangeKind = "added"
	Removed ChangeKind = "removed"
	Changed ChangeKind = "changed"
)

// Change is one entry that differs between two versions of a list, named by the publisher's id.
type Change struct {
	SourceID string
	Kind     ChangeKind
	Name     string // the entry's name in the newer version (in the older one when removed)
}

// Diff compares two publications of one list by the publisher's entry ids: an id only in next is
// added, only in prev removed, in both with different content changed. The result is ordered by
// source id so that a stored diff reads the same every time.
func Diff(prev, next []Entry) []Change {
	before := make(map[string]*Entry, len(prev))
	for i := range prev {
		before[prev[i].SourceID] = &prev[i]
	}
	var out []Change
	seen := make(map[string]bool, len(next))
	for i := range next {
		e := &next[i]
		seen[e.SourceID] = true
		old, ok := before[e.SourceID]
		switch {
		case !ok:
			out = append(out, Change{SourceID: e.SourceID, Kind: Added, Name: e.Name})
		case !SameEntry(*old, *e):
			out = append(out, Change{SourceID: e.SourceID, Kind: Changed, Name: e.Name})
		}
	}
	for i := range prev {
		if !seen[prev[i].SourceID] {
			out = append(out, Change{SourceID: prev[i].SourceID, Kind: Removed, Name: prev[i].Name})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SourceID < out[j].SourceID })
	return out
}

// CountChanges counts a diff per kind.
func CountChanges(changes []Change) (added, removed, changed int) {
	for _, c := range changes {
		switch c.Kind {
		case Added:
			added++
		case Removed:
			removed++
		case Changed:
			changed++
		}
	}
	return added, removed, changed
}

// SameEntry reports whether two entries say the same thing. An empty and a missing list are the
// same: a stored entry read back has empty lists where the parser had none.
func SameEntry(a, b Entry) bool {
	return a.Source == b.Source && a.SourceID == b.SourceID && a.Kind == b.Kind && a.Name == b.Name &&
		a.Remarks == b.Remarks && slices.Equal(a.Aliases, b.Aliases) && slices.Equal(a.DatesOfBirth, b.DatesOfBirth) &&
		slices.Equal(a.Countries, b.Countries) && slices.Equal(a.Identifiers, b.Identifiers) &&
		slices.Equal(a.Programs, b.Programs) && slices.Equal(a.Topics, b.Topics)
}

// DuplicateIDs returns the source ids that more than one entry of a list carries, in order of
// first repetition. A list whose ids repeat cannot be compared with its next version.
func DuplicateIDs(entries []Entry) []string {
	seen := make(map[string]int, len(entries))
	var dups []string
	for _, e := range entries {
		seen[e.SourceID]++
		if seen[e.SourceID] == 2 {
			dups = append(dups, e.SourceID)
		}
	}
	return dups
}
