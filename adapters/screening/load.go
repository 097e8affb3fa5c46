package screening

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/tttverify/tttverify/domain/screening"
)

// ParseDir parses a parser's files from one folder: the first file must be there, the others are
// read when present.
func ParseDir(p Parser, dir string) (screening.List, error) {
	files := map[string]io.Reader{}
	for i, name := range p.Files() {
		f, err := os.Open(filepath.Join(dir, name))
		if err != nil {
			if i > 0 && os.IsNotExist(err) {
				continue
			}
			return screening.List{}, fmt.Errorf("open %s list file: %w", p.Source(), err)
		}
		defer func() { _ = f.Close() }() // read-only: nothing to lose on close
		files[name] = f
	}
	return p.Parse(files)
}
