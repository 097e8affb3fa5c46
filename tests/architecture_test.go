package tests

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/tttverify/tttverify"

// deps lists the packages a package imports, directly or not.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", "-f", "{{if not .Standard}}{{.ImportPath}}{{end}}", pkg).Output()
	if err != nil {
		t.Fatalf("go list %s: %v", pkg, err)
	}
	return strings.Fields(string(out))
}

// TestDependencyRule keeps the hexagon: the domain imports only the standard library and itself;
// the application imports only the domain; adapters never import cmd.
func TestDependencyRule(t *testing.T) {
	for _, d := range deps(t, module+"/domain/...") {
		if !strings.HasPrefix(d, module+"/domain/") {
			t.Errorf("domain depends on %s", d)
		}
	}
	for _, d := range deps(t, module+"/application/...") {
		if !strings.HasPrefix(d, module+"/domain/") && !strings.HasPrefix(d, module+"/application") {
			t.Errorf("application depends on %s", d)
		}
	}
	for _, d := range deps(t, module+"/adapters/...") {
		if strings.HasPrefix(d, module+"/cmd/") {
			t.Errorf("an adapter depends on %s", d)
		}
	}
}
