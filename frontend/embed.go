// Package frontend embeds the built single-page app (frontend/dist) into the server binary.
package frontend

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Dist returns the built app. The folder is build output: `make frontend` fills it, and the
// Makefile creates an empty placeholder so that Go builds before that.
func Dist() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		panic(err) // the embed pattern guarantees the folder
	}
	return sub
}
