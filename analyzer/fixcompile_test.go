package analyzer_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"net/url"
	"os"
	"slices"
	"strconv"
	"strings"
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

// TestFormatFixesKeepOutput runs the format of each fix in printfformat
// through fmt.Sprintf before and after the fix: the fixed output must be
// the old one with only percent-encodings added (no "%!" of a misread
// verb), so that decoding it gives back what the code printed.
func TestFormatFixesKeepOutput(t *testing.T) {
	results := analysistest.Run(quiet{t}, testdata, analyzer.Analyzer, "printfformat")
	checked := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			call, lit := formatCall(r.Pass, d.Pos)
			if call == nil || len(d.SuggestedFixes) == 0 {
				continue
			}
			old, err := strconv.Unquote(lit.Value)
			if err != nil {
				t.Fatal(err)
			}
			src := []byte(lit.Value)
			var out []byte
			last := 0
			for _, e := range d.SuggestedFixes[0].TextEdits {
				start, end := int(e.Pos-lit.Pos()), int(e.End-lit.Pos())
				out = append(append(out, src[last:start]...), e.NewText...)
				last = end
			}
			fixed, err := strconv.Unquote(string(append(out, src[last:]...)))
			if err != nil {
				t.Fatal(err)
			}
			args := make([]any, len(call.Args)-1)
			for i := range args {
				args[i] = "name"
			}
			before, after := fmt.Sprintf(old, args...), fmt.Sprintf(fixed, args...)
			decoded, err := url.PathUnescape(after)
			if strings.Contains(after, "%!") || err != nil || decoded != before {
				t.Errorf("%v: format %q prints %q, fixed %q prints %q", r.Pass.Fset.Position(d.Pos), old, before, fixed, after)
			}
			checked++
		}
	}
	if checked < 4 {
		t.Errorf("only %d format fixes run", checked)
	}
}

// formatCall returns the call whose first argument is the string literal
// at pos, and the literal.
func formatCall(pass *analysis.Pass, pos token.Pos) (*ast.CallExpr, *ast.BasicLit) {
	var call *ast.CallExpr
	var lit *ast.BasicLit
	for _, f := range pass.Files {
		ast.Inspect(f, func(n ast.Node) bool {
			if c, ok := n.(*ast.CallExpr); ok && len(c.Args) > 0 {
				if l, ok := c.Args[0].(*ast.BasicLit); ok && l.Pos() <= pos && pos < l.End() {
					call, lit = c, l
				}
			}
			return call == nil
		})
	}
	return call, lit
}
