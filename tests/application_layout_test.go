package tests

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// applicationPackage parses application/ without its tests: file name -> syntax tree.
func applicationPackage(t *testing.T) map[string]*ast.File {
	t.Helper()
	paths, err := filepath.Glob("../application/*.go")
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]*ast.File{}
	fset := token.NewFileSet()
	for _, p := range paths {
		if strings.HasSuffix(p, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, p, nil, parser.ParseComments)
		if err != nil {
			t.Fatalf("parse %s: %v", p, err)
		}
		files[filepath.Base(p)] = f
	}
	if len(files) == 0 {
		t.Fatal("no files in application/")
	}
	return files
}

// receiverName is the type a method extends: Payments for func (s *Payments) Upgrade.
func receiverName(fn *ast.FuncDecl) string {
	expr := fn.Recv.List[0].Type
	if star, ok := expr.(*ast.StarExpr); ok {
		expr = star.X
	}
	if id, ok := expr.(*ast.Ident); ok {
		return id.Name
	}
	return ""
}

// filePrefix is the start of the file names that may hold a type's methods: "payments" for
// Payments, "documents" for DocumentsService (the service is named apart from its Documents port).
func filePrefix(typeName string) string {
	return strings.ToLower(strings.TrimSuffix(typeName, "Service"))
}

// declaredTypes lists the types a file declares.
func declaredTypes(f *ast.File) map[string]bool {
	types := map[string]bool{}
	for _, decl := range f.Decls {
		if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.TYPE {
			for _, spec := range gen.Specs {
				types[spec.(*ast.TypeSpec).Name.Name] = true
			}
		}
	}
	return types
}

// TestApplicationFilesCarryTheirReceiver keeps application/ navigable by rule: a method lives in a
// file whose name starts with its receiver (Payments.Upgrade in payments_upgrade.go), or in the
// file that declares its receiver (a small value type's Error or String).
func TestApplicationFilesCarryTheirReceiver(t *testing.T) {
	for name, f := range applicationPackage(t) {
		declared := declaredTypes(f)
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil {
				continue
			}
			recv := receiverName(fn)
			prefix := filePrefix(recv)
			if declared[recv] || name == prefix+".go" || strings.HasPrefix(name, prefix+"_") {
				continue
			}
			t.Errorf("%s.%s is in application/%s; move it to %s.go or %s_<use case>.go", recv, fn.Name.Name, name, prefix, prefix)
		}
	}
}

// TestApplicationDocListsEveryUseCase keeps application/doc.go the one page that names every
// service and each of its exported methods.
func TestApplicationDocListsEveryUseCase(t *testing.T) {
	doc, err := os.ReadFile("../application/doc.go")
	if err != nil {
		t.Fatal(err)
	}
	methods := map[string][]string{}
	for _, f := range applicationPackage(t) {
		for _, decl := range f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || !fn.Name.IsExported() {
				continue
			}
			if recv := receiverName(fn); ast.IsExported(recv) && isService(t, recv) {
				methods[recv] = append(methods[recv], fn.Name.Name)
			}
		}
	}
	if len(methods) < 15 {
		t.Fatalf("found %d services in application/, expected the use-case services", len(methods))
	}
	text := string(doc)
	for service, names := range methods {
		sort.Strings(names)
		section := "//   - " + service + " ("
		start := strings.Index(text, section)
		if start < 0 {
			t.Errorf("application/doc.go does not list the service %s (a line starting %q)", service, section)
			continue
		}
		end := strings.Index(text[start+len(section):], "\n//   - ")
		body := text[start:]
		if end >= 0 {
			body = text[start : start+len(section)+end]
		}
		for _, m := range names {
			if !strings.Contains(body, m) {
				t.Errorf("application/doc.go lists %s without its use case %s", service, m)
			}
		}
	}
}

// isService tells the use-case services from value types with methods (errors, views, inputs):
// a service has a constructor, New<Name> (NewDocuments for DocumentsService), in its own file.
func isService(t *testing.T, typeName string) bool {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "application", filePrefix(typeName)+".go"))
	if err != nil {
		return false
	}
	return strings.Contains(string(src), "func New"+strings.TrimSuffix(typeName, "Service")+"(")
}
