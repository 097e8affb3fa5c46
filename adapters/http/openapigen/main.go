// Command openapigen writes the API's OpenAPI document, built from package api, to the file
// named by its argument. `go generate ./adapters/http` runs it.
package main

import (
	"fmt"
	"os"

	"github.com/tttverify/tttverify/adapters/http/api"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: openapigen FILE")
		os.Exit(2)
	}
	doc, err := api.OpenAPI()
	if err == nil {
		err = os.WriteFile(os.Args[1], doc, 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapigen:", err)
		os.Exit(1)
	}
}
