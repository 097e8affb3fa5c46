package screening

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tttverify/tttverify/domain/screening"
)

// ParseDir parses a parser's files from one folder: the first file (or pattern) must be there,
// the others are read when present.
func ParseDir(p Parser, dir string) (screening.List, error) {
	files := map[string]io.Reader{}
	for i, pattern := range p.Files() {
		paths, err := filepath.Glob(filepath.Join(dir, pattern))
		if err != nil {
			return screening.List{}, fmt.Errorf("%s list file pattern %q: %w", p.Source(), pattern, err)
		}
		if len(paths) == 0 && i == 0 {
			return screening.List{}, fmt.Errorf("open %s list file: %s: %w", p.Source(), filepath.Join(dir, pattern), os.ErrNotExist)
		}
		for _, name := range paths {
			f, err := os.Open(name) //nolint:gosec // G304: the files of a list folder the caller names
			if err != nil {
				return screening.List{}, fmt.Errorf("open %s list file: %w", p.Source(), err)
			}
			defer func() { _ = f.Close() }() // read-only: nothing to lose on close
			files[filepath.Base(name)] = f
		}
	}
	return p.Parse(files)
}
