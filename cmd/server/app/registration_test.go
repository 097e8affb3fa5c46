package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/tttverify/tttverify/adapters/mail"
	"github.com/tttverify/tttverify/application"
)

// declared finds the methods named method in application/ that return a string constant, as
// JobKind and Template do, and returns those strings by the type that declares each.
func declared(t *testing.T, method string) map[string]string {
	t.Helper()
	paths, err := filepath.Glob("../../../application/*.go")
	if err != nil {
		t.Fatal(err)
	}
	found := map[string]string{}
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), p, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || fn.Name.Name != method {
				continue
			}
			typ := fn.Recv.List[0].Type.(*ast.Ident).Name
			var lit *ast.BasicLit
			if ret, ok := fn.Body.List[0].(*ast.ReturnStmt); ok && len(ret.Results) == 1 {
				lit, _ = ret.Results[0].(*ast.BasicLit)
			}
			if lit == nil {
				t.Fatalf("%s.%s in %s must return a string constant", typ, method, p)
			}
			found[typ], _ = strconv.Unquote(lit.Value)
		}
	}
	if len(found) < 5 {
		t.Fatalf("found %d %s methods in application/; is the path right?", len(found), method)
	}
	return found
}

// TestEveryJobKindIsInTheTable fails when a job type is declared in application/ (it has a
// JobKind) without its entry in the job table, where queueing it would fail at run time.
func TestEveryJobKindIsInTheTable(t *testing.T) {
	var table []string
	for _, k := range (&jobWork{}).kinds(nil, application.ListRefresh{}) {
		table = append(table, k.Name())
	}
	for typ, kind := range declared(t, "JobKind") {
		if !slices.Contains(table, kind) {
			t.Errorf("job type application.%s (kind %s) has no entry in the job table, jobWork.kinds in jobs.go", typ, kind)
		}
	}
}

// TestEveryEmailHasATemplate fails when an e-mail type is declared in application/ (it has a
// Template) without its template in adapters/mail/templates, where rendering it would fail at run
// time, or when a template is left without its type.
func TestEveryEmailHasATemplate(t *testing.T) {
	templates := mail.Names()
	named := map[string]bool{}
	for typ, name := range declared(t, "Template") {
		named[name] = true
		if !slices.Contains(templates, name) {
			t.Errorf("e-mail type application.%s has no template adapters/mail/templates/%s.tmpl", typ, name)
		}
	}
	for _, name := range templates {
		if !named[name] {
			t.Errorf("adapters/mail/templates/%s.tmpl is the template of no e-mail type in application/", name)
		}
	}
}
