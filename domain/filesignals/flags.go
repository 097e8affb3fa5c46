package filesignals

import (
	"fmt"
	"time"
)

// FlagKind names what a flag says about a document.
type FlagKind string

// The kinds of flag a reviewer sees on a document.
const (
	// SameFileElsewhere: the same bytes were uploaded in a verification of another account.
	SameFileElsewhere FlagKind = "same_file_elsewhere"
	// ModifiedAfterCreation: the PDF says it was modified later than it was created.
	ModifiedAfterCreation FlagKind = "modified_after_creation"
	// IncrementalUpdates: the PDF carries incremental updates (changes appended after it was saved).
	IncrementalUpdates FlagKind = "incremental_updates"
	// EditedWithSoftware: the image's metadata names an image or document editor.
	EditedWithSoftware FlagKind = "editing_software"
)

// Flag is one thing a reviewer should look at on a document. It never blocks a decision.
type Flag struct {
	Kind    FlagKind
	Message string
	// VerificationID is the other verification holding the same file (SameFileElsewhere only).
	VerificationID int64
}

// Flags are what the file's own facts give the reviewer to look at, in a fixed order.
func (f Facts) Flags() []Flag {
	var out []Flag
	if f.ModifiedAfterCreation() {
		out = append(out, Flag{Kind: ModifiedAfterCreation, Message: fmt.Sprintf(
			"Modified after it was created: the PDF says it was created %s and modified %s", stamp(f.Created), stamp(f.Modified))})
	}
	if f.Updates > 0 {
		what := "an incremental update"
		if f.Updates > 1 {
			what = fmt.Sprintf("%d incremental updates", f.Updates)
		}
		out = append(out, Flag{Kind: IncrementalUpdates, Message: fmt.Sprintf(
			"Changed after it was first saved: the PDF carries %s (content appended to the original)", what)})
	}
	if s := f.EditingSoftware(); s != "" {
		out = append(out, Flag{Kind: EditedWithSoftware, Message: fmt.Sprintf(
			"Made or edited with image software: the file's metadata names %q", s)})
	}
	return out
}

// SameFile is the flag for the same file in another account's verification id, of the company
// named company ("" before its company section is saved), uploaded at.
func SameFile(id int64, company string, at time.Time) Flag {
	of := ""
	if company != "" {
		of = " (" + company + ")"
	}
	return Flag{Kind: SameFileElsewhere, VerificationID: id, Message: fmt.Sprintf(
		"The same file was uploaded in verification %d%s of another account on %s", id, of, at.UTC().Format("2 Jan 2006"))}
}

func stamp(t time.Time) string { return t.UTC().Format("2 Jan 2006 15:04 UTC") }
