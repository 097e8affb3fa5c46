// Command openapigen writes the API's OpenAPI document, built from package api, to openapi.json in
// the current directory. `go generate ./adapters/http` runs it there.
package main

import (
	"fmt"
	"os"

	"github.com/tttverify/tttverify/adapters/http/api"
)

func main() {
	doc, err := api.OpenAPI()
	if err == nil {
		// The file is committed: git, not this mode, decides its permissions in a checkout.
		err = os.WriteFile("openapi.json", doc, 0o600)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "openapigen:", err)
		os.Exit(1)
	}
}
