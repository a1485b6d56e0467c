package analyzer_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"slices"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fileurilint/fileurilint/analyzer"
)

// TestFixesCompileUnformatted applies each suggested fix of the fix
// packages alone, byte for byte and with no formatting (as an editor or
// golangci-lint --fix applies it), and type-checks the package again: a
// fix must never leave an unused import or a broken expression behind.
func TestFixesCompileUnformatted(t *testing.T) {
	results := analysistest.Run(quiet{t}, testdata, analyzer.Analyzer, fixPackages...)
	fixes := 0
	for _, r := range results {
		imports := importsOf(r.Pass.Pkg)
		for _, d := range r.Diagnostics {
			for _, fix := range d.SuggestedFixes {
				fixes++
				if err := checkWithFix(r.Pass, fix, imports); err != nil {
					t.Errorf("%v: the fix %q leaves the package broken: %v", r.Pass.Fset.Position(d.Pos), fix.Message, err)
				}
			}
		}
	}
	if fixes < 20 {
		t.Errorf("only %d fixes were applied", fixes)
	}
}

// checkWithFix type-checks the package of pass with the edits of fix
// applied to the source of its files.
func checkWithFix(pass *analysis.Pass, fix analysis.SuggestedFix, imports map[string]*types.Package) error {
	fset := token.NewFileSet()
	var files []*ast.File
	for _, f := range pass.Files {
		name := pass.Fset.File(f.Pos()).Name()
		src, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		var edits []analysis.TextEdit
		for _, e := range fix.TextEdits {
			if pass.Fset.File(e.Pos).Name() == name {
				edits = append(edits, e)
			}
		}
		slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
		var out []byte
		last := 0
		for _, e := range edits {
			tf := pass.Fset.File(e.Pos)
			start, end := tf.Offset(e.Pos), tf.Offset(e.End)
			if start < last {
				return fmt.Errorf("overlapping edits at %s:%d", name, start)
			}
			out = append(append(out, src[last:start]...), e.NewText...)
			last = end
		}
		out = append(out, src[last:]...)
		file, err := parser.ParseFile(fset, name, out, parser.ParseComments)
		if err != nil {
			return err
		}
		files = append(files, file)
	}
	conf := types.Config{Importer: importerFunc(func(path string) (*types.Package, error) {
		if p := imports[path]; p != nil {
			return p, nil
		}
		return nil, fmt.Errorf("no package %s", path)
	})}
	_, err := conf.Check(pass.Pkg.Path(), fset, files, nil)
	return err
}

// importsOf returns the packages pkg imports, directly or not, by path.
func importsOf(pkg *types.Package) map[string]*types.Package {
	m := make(map[string]*types.Package)
	var visit func(*types.Package)
	visit = func(p *types.Package) {
		for _, q := range p.Imports() {
			if m[q.Path()] == nil {
				m[q.Path()] = q
				visit(q)
			}
		}
	}
	visit(pkg)
	return m
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// quiet is a testing.T for analysistest.Run whose diagnostics other tests
// compare with their "want" comments.
type quiet struct{ *testing.T }

func (quiet) Errorf(string, ...any) {}
