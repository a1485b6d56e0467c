package analyzer

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestKindDocs checks that every kind links to the documentation of a
// constant of that value, found in the packages' source.
func TestKindDocs(t *testing.T) {
	consts := kindConstants(t, "../fileuri", ".")
	for _, k := range Kinds() {
		url := docURL(k)
		pkg, name, _ := strings.Cut(strings.TrimPrefix(url, "https://pkg.go.dev/github.com/fileurilint/fileurilint/"), "#")
		if consts[string(k)] != pkg+"."+name {
			t.Errorf("kind %s links to %s; the constant of that value is %q", k, url, consts[string(k)])
		}
	}
}

// kindConstants parses the Go files of the package directories and
// returns, for each string constant of type Kind, "package.Name" by
// value.
func kindConstants(t *testing.T, dirs ...string) map[string]string {
	t.Helper()
	out := make(map[string]string)
	for _, dir := range dirs {
		fset := token.NewFileSet()
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range names {
			if strings.HasSuffix(name, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(fset, name, nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			for _, decl := range f.Decls {
				gen, ok := decl.(*ast.GenDecl)
				if !ok || gen.Tok != token.CONST {
					continue
				}
				for _, spec := range gen.Specs {
					vs := spec.(*ast.ValueSpec)
					if typ, ok := vs.Type.(*ast.Ident); (ok && typ.Name == "Kind" || isSel(vs.Type, "fileuri", "Kind")) && len(vs.Values) == len(vs.Names) {
						for i, v := range vs.Values {
							if lit, ok := v.(*ast.BasicLit); ok {
								s, _ := strconv.Unquote(lit.Value)
								out[s] = f.Name.Name + "." + vs.Names[i].Name
							}
						}
					}
				}
			}
		}
	}
	return out
}

func isSel(e ast.Expr, x, sel string) bool {
	s, ok := e.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	id, ok := s.X.(*ast.Ident)
	return ok && id.Name == x && s.Sel.Name == sel
}
