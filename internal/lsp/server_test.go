package lsp

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"

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

var urlPrefix string

func logURI() string { return fmt.Sprintf("file://%s/full/path/file.txt", urlPrefix) }
`

// A driverDiag is a diagnostic of go/analysis's own driver, with 1-based
// lines and byte columns, and the byte offsets of its first fix's edits.
type driverDiag struct {
	l1, c1, l2, c2    int
	category, message string
	edits             []edit
}

// runDriver loads the package in dir, and its test variants if tests,
// and runs the analyzers over them with go/analysis's own driver.
func runDriver(t *testing.T, dir string, tests bool, analyzers ...*analysis.Analyzer) *checker.Graph {
	t.Helper()
	cfg := &packages.Config{Mode: packages.LoadSyntax | packages.NeedModule, Dir: dir, Tests: tests}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range pkgs {
		for _, err := range p.Errors {
			t.Fatalf("the driver cannot analyze %s: %v", p.ID, err)
		}
	}
	g, err := checker.Analyze(analyzers, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// driverDiagnostics runs the analyzer a over the package in dir with
// go/analysis's own driver, and returns the diagnostics in each file,
// by base name, in the order of their positions.
func driverDiagnostics(t *testing.T, dir string, a *analysis.Analyzer) map[string][]driverDiag {
	t.Helper()
	g := runDriver(t, dir, false, a)
	out := make(map[string][]driverDiag)
	for act := range g.All() {
		if act.Analyzer != a {
			continue
		}
		fset := act.Package.Fset
		for _, d := range act.Diagnostics {
			start, end := fset.Position(d.Pos), fset.Position(d.End)
			dd := driverDiag{start.Line, start.Column, end.Line, end.Column, d.Category, d.Message, nil}
			if len(d.SuggestedFixes) > 0 {
				for _, e := range d.SuggestedFixes[0].TextEdits {
					dd.edits = append(dd.edits, edit{fset.Position(e.Pos).Offset, fset.Position(e.End).Offset, string(e.NewText)})
				}
			}
			name := filepath.Base(start.Filename)
			out[name] = append(out[name], dd)
		}
	}
	for _, diags := range out {
		slices.SortFunc(diags, func(a, b driverDiag) int { return cmp.Or(a.l1-b.l1, a.c1-b.c1) })
	}
	return out
}

// format returns the driver's diagnostics in text as
// "line:col-line:col category: message" with 0-based lines and columns
// in UTF-16 code units, or in bytes if utf8.
func (dd driverDiag) format(text string, utf8 bool) string {
	lines := strings.Split(text, "\n")
	col := func(line, col int) int {
		prefix := lines[line-1][:col-1]
		if utf8 {
			return len(prefix)
		}
		return len(utf16.Encode([]rune(prefix)))
	}
	return fmt.Sprintf("%d:%d-%d:%d %s: %s", dd.l1-1, col(dd.l1, dd.c1), dd.l2-1, col(dd.l2, dd.c2), dd.category, dd.message)
}

func formatDriver(diags []driverDiag, text string, utf8 bool) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.format(text, utf8))
	}
	slices.Sort(out)
	return out
}

// formatLSP formats diagnostics as driverDiag.format does, and checks the
// fields every diagnostic has.
func formatLSP(t *testing.T, diags []diagnostic) []string {
	t.Helper()
	var out []string
	for _, d := range diags {
		if d.Severity != severityWarning || d.Source != "fileurilint" || d.CodeDescription == nil || !strings.HasPrefix(d.CodeDescription.Href, "https://pkg.go.dev/github.com/fileurilint/fileurilint/") {
			t.Errorf("diagnostic %+v: want severity 2 (warning), source fileurilint and a pkg.go.dev link", d)
		}
		r := d.Range
		out = append(out, fmt.Sprintf("%d:%d-%d:%d %s: %s", r.Start.Line, r.Start.Character, r.End.Line, r.End.Character, d.Code, d.Message))
	}
	slices.Sort(out)
	return out
}

// TestDiagnosticsMatchDriver checks that the server reports, in an open
// file, exactly what go/analysis's driver reports on the same package:
// ranges, categories and messages.
func TestDiagnosticsMatchDriver(t *testing.T) {
	t.Parallel()
	// other.go is never open: the server checks it without the function
	// bodies that name no package variable, and analyzes it only for
	// what the open files read of it.
	const other = `package m

import "fmt"

var z = "file:///100%"

const prefix = "file://"

var drive = "C:"

func set(p string) { urlPrefix = p }

func g2() string { return "file://C:/y" + fmt.Sprint(drive) }
`
	const n = `package m

import "fmt"

func h2(p string) string { return prefix + p }

func k(p string) string { return fmt.Sprintf("file://%s/%s", drive, p) }
`
	dir := writeModule(t, map[string]string{"m.go": fixtureGo, "n.go": n, "other.go": other})
	driver := driverDiagnostics(t, dir, analyzer.Analyzer)
	c := newClient(t, initOptions{encodings: []string{"utf-8", "utf-16"}})
	for name, text := range map[string]string{"m.go": fixtureGo, "n.go": n} {
		want := formatDriver(driver[name], text, true)
		uri := fileURI(filepath.Join(dir, name))
		c.open(uri, text)
		got := formatLSP(t, c.diagnostics(uri, 1))
		if !slices.Equal(got, want) {
			t.Errorf("%s: diagnostics:\n%s\nwant (the driver's):\n%s", name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
		switch name {
		case "m.go":
			if len(want) < 7 {
				t.Errorf("the driver reports %d diagnostics in m.go, want at least 7: %v", len(want), want)
			}
			// urlPrefix takes any value in other.go.
			if !slices.ContainsFunc(want, func(d string) bool { return strings.Contains(d, "construction") && strings.HasPrefix(d, "22:") }) {
				t.Errorf("the driver does not report the construction with urlPrefix: %v", want)
			}
		case "n.go":
			// prefix holds "file://" in other.go.
			if !slices.ContainsFunc(want, func(d string) bool { return strings.Contains(d, "construction") && strings.HasPrefix(d, "4:") }) {
				t.Errorf("the driver does not report the construction with prefix: %v", want)
			}
		}
	}
	if _, ok := c.diags[fileURI(filepath.Join(dir, "other.go"))]; ok {
		t.Errorf("diagnostics published for other.go, which is not open")
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code after shutdown: %d, want 0", code)
	}
}
