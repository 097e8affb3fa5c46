package screening

import (
	"slices"
	"testing"
)

func TestDiff(t *testing.T) {
	prev := []Entry{
		{SourceID: "1", Name: "Alpha Trading LLC", Aliases: []string{"Alpha"}},
		{SourceID: "2", Name: "Ivan Petrov"},
		{SourceID: "3", Name: "Gone Shipping"},
	}
	next := []Entry{
		{SourceID: "1", Name: "Alpha Trading LLC", Aliases: []string{"Alpha"}, Countries: []string{}},
		{SourceID: "2", Name: "Ivan Petrov", DatesOfBirth: []DateOfBirth{{From: Date{Year: 1970}, To: Date{Year: 1970}}}},
		{SourceID: "4", Name: "New Metals"},
	}
	got := Diff(prev, next)
	want := []Change{{"2", Changed, "Ivan Petrov"}, {"3", Removed, "Gone Shipping"}, {"4", Added, "New Metals"}}
	if !slices.Equal(got, want) {
		t.Fatalf("Diff = %v, want %v", got, want)
	}
	if a, r, c := CountChanges(got); a != 1 || r != 1 || c != 1 {
		t.Fatalf("counts %d %d %d", a, r, c)
	}
	if d := Diff(next, next); len(d) != 0 {
		t.Fatalf("a list against itself: %v", d)
	}
	if d := Diff(nil, next); len(d) != 3 || d[0].Kind != Added {
		t.Fatalf("first version: %v", d)
	}
}

func TestDuplicateIDs(t *testing.T) {
	got := DuplicateIDs([]Entry{{SourceID: "a"}, {SourceID: "b"}, {SourceID: "a"}, {SourceID: "a"}})
	if !slices.Equal(got, []string{"a"}) {
		t.Fatalf("DuplicateIDs = %v", got)
	}
}
