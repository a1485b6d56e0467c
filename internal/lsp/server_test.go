package lsp

import (
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/fileurilint/fileurilint/analyzer"
)

const fixtureGo = `package m

import (
	"fmt"
	"net/url"
	"strings"
)

var a = "file://C:/x"

var b = "file:///my notes.txt"

func f(p string) string { return fmt.Sprintf("file:///%s", p) }

func g(u string) string { return strings.TrimPrefix(u, "file://") }

var h = url.URL{Scheme: "file", Host: "C:", Path: "/x"}

const c = ` + "`file:///C:\\x\\y`" + `
`

// driverDiagnostics runs the analyzer a over the package in dir with
// go/analysis's own driver, and returns the diagnostics in the file
// name, as "line:col-line:col category: message" with 1-based byte
// columns.
func driverDiagnostics(t *testing.T, dir, name string, a *analysis.Analyzer) []string {
	t.Helper()
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Dir: dir}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	g, err := checker.Analyze([]*analysis.Analyzer{a}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for act := range g.All() {
		if act.Analyzer != a {
			continue
		}
		for _, d := range act.Diagnostics {
			start, end := act.Package.Fset.Position(d.Pos), act.Package.Fset.Position(d.End)
			if filepath.Base(start.Filename) == name {
				out = append(out, fmtDiag(start.Line, start.Column, end.Line, end.Column, d.Category, d.Message))
			}
		}
	}
	slices.Sort(out)
	return out
}

func fmtDiag(l1, c1, l2, c2 int, category, message string) string {
	return fmtPos(l1, c1) + "-" + fmtPos(l2, c2) + " " + category + ": " + message
}

func fmtPos(l, c int) string { return strings.Join([]string{itoa(l), itoa(c)}, ":") }

func itoa(i int) string { return strconv.Itoa(i) }

// lspDiagnostics formats diagnostics received with UTF-8 positions as
// driverDiagnostics does, and checks the fields every diagnostic has.
func lspDiagnostics(t *testing.T, diags []diagnostic) []string {
	t.Helper()
	var out []string
	for _, d := range diags {
		if d.Severity != 2 || d.Source != "fileurilint" || d.CodeDescription == nil || !strings.HasPrefix(d.CodeDescription.Href, "https://pkg.go.dev/github.com/fileurilint/fileurilint/") {
			t.Errorf("diagnostic %+v: want severity 2 (warning), source fileurilint and a pkg.go.dev link", d)
		}
		r := d.Range
		out = append(out, fmtDiag(int(r.Start.Line)+1, int(r.Start.Character)+1, int(r.End.Line)+1, int(r.End.Character)+1, d.Code, d.Message))
	}
	slices.Sort(out)
	return out
}

// TestDiagnosticsMatchDriver checks that the server reports, in an open
// file, exactly what go/analysis's driver reports on the same package:
// ranges, categories and messages.
func TestDiagnosticsMatchDriver(t *testing.T) {
	dir := writeModule(t, map[string]string{
		"m.go":     fixtureGo,
		"other.go": "package m\n\nvar z = \"file:///100%\"\n",
	})
	want := driverDiagnostics(t, dir, "m.go", analyzer.Analyzer)
	if len(want) < 5 {
		t.Fatalf("the driver reports %d diagnostics, want at least 5: %v", len(want), want)
	}
	c := newClient(t, initOptions{encodings: []string{"utf-8", "utf-16"}})
	uri := fileURI(filepath.Join(dir, "m.go"))
	c.open(uri, fixtureGo)
	got := lspDiagnostics(t, c.diagnostics(uri, 1))
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics:\n%s\nwant (the driver's):\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if _, ok := c.diags[fileURI(filepath.Join(dir, "other.go"))]; ok {
		t.Errorf("diagnostics published for other.go, which is not open")
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code after shutdown: %d, want 0", code)
	}
}
