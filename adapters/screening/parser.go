// Package screening reads the publishers' list files into domain entries and downloads them.
package screening

import (
	"io"

	"github.com/tttverify/tttverify/domain/screening"
)

// Parser reads one publisher's files. Files are keyed by their base name (for OFAC "sdn.csv",
// "add.csv", "alt.csv", "sdn_comments.csv"); Parse fails with a message that says what is wrong
// for a truncated, empty or garbled file, and never returns a partial list.
type Parser interface {
	Source() screening.Source
	// Files names the files the parser reads; the first is required, the others optional. A name
	// may be a path.Match pattern ("positions-*.json") for a list published as a number of files.
	Files() []string
	Parse(files map[string]io.Reader) (screening.List, error)
}
