package tests

import (
	"io/fs"
	"net/url"
	"path/filepath"
	"testing"
)

// walkFiles calls fn once per regular file under root; a missing root has none.
func walkFiles(root string, fn func()) error {
	return filepath.WalkDir(root, func(_ string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.Type().IsRegular() {
			fn()
		}
		return nil
	})
}

func mustURL(t *testing.T, raw string) *url.URL {
	t.Helper()
	u, err := url.Parse(raw)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
