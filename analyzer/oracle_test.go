package analyzer_test

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/fileurilint/fileurilint/analyzer"
	"github.com/fileurilint/fileurilint/fileuri"
)

// meantFiles are the literals of TestFixesNameTheMeantFile, each with
// the path its author meant.
var meantFiles = []struct {
	lit    string // a Go string literal
	strict bool
	style  fileuri.Style
	want   string
}{
	{`"file:///C:\\Users\\me\\a.txt"`, false, fileuri.Windows, `C:\Users\me\a.txt`},
	{"`file:///C:\\Users\\me`", false, fileuri.Windows, `C:\Users\me`},
	{`"file://C:/data/x.db"`, false, fileuri.Windows, `C:\data\x.db`},
	{`"file://C:\\Program Files\\App\\a.exe"`, false, fileuri.Windows, `C:\Program Files\App\a.exe`},
	{`"file:///c|/windows/win.ini"`, false, fileuri.Windows, `c:\windows\win.ini`},
	{`"file://admin:hunter2@server/share/x"`, false, fileuri.Windows, `\\server\share\x`},
	{`"file:///srv/docs/release notes.html"`, false, fileuri.POSIX, "/srv/docs/release notes.html"},
	{`"file:///srv/a^b.txt"`, false, fileuri.POSIX, "/srv/a^b.txt"},
	{`"file:///srv/100%.txt"`, false, fileuri.POSIX, "/srv/100%.txt"},
	{`"file:///a\tb.txt"`, false, fileuri.POSIX, "/a\tb.txt"},
	{`"file:///a\x20b.txt"`, false, fileuri.POSIX, "/a b.txt"},
	{`"file:///a\040b.txt"`, false, fileuri.POSIX, "/a b.txt"},
	{`"file:///caf\u00e9 x.txt"`, false, fileuri.POSIX, "/café x.txt"},
	{`"file:///a\"b\"c"`, false, fileuri.POSIX, `/a"b"c`},
	{"`file:///a\"b`", false, fileuri.POSIX, `/a"b`},
	{"\"file:///a`b\"", false, fileuri.POSIX, "/a`b"},
	{`"file:///a\xffb"`, false, fileuri.POSIX, "/a\xffb"},
	{`"file:/srv/x"`, true, fileuri.POSIX, "/srv/x"},
	{`"file:C:/x"`, true, fileuri.Windows, `C:\x`},
	{`"FILE:///x"`, true, fileuri.POSIX, "/x"},
	{`"file:///%41bc"`, true, fileuri.POSIX, "/Abc"},
	{`"file:///a%5bb"`, true, fileuri.POSIX, "/a[b"},
	{`"file:///caf\u00e9/x"`, true, fileuri.POSIX, "/café/x"},
	{`"file:////server/share/x"`, true, fileuri.Windows, `\\server\share\x`},
}

// TestFixesNameTheMeantFile is the oracle of the literal fixes, in the
// spirit of x/tools' stringintconv/preserve_test.go: for each literal
// below, written as Go source, the fixed URI must convert to the path its
// author evidently meant, by the rules of RFC 8089 as package fileuri
// implements them, and the fixed literal must have nothing left to fix.
func TestFixesNameTheMeantFile(t *testing.T) {
	for _, tc := range meantFiles {
		a := analyzer.New(analyzer.Config{Strict: tc.strict})
		fixed := fixLiteral(t, a, tc.lit)
		if fixed == tc.lit {
			t.Errorf("%s: no fix", tc.lit)
			continue
		}
		uri, err := strconv.Unquote(fixed)
		if err != nil {
			t.Errorf("%s: fixed to %s, which is no Go string: %v", tc.lit, fixed, err)
			continue
		}
		got, err := tc.style.ToPath(uri)
		if err != nil || got != tc.want {
			t.Errorf("%s: fixed to %s, whose %v path is %q, %v; want %q", tc.lit, fixed, tc.style, got, err, tc.want)
		}
		if again := fixLiteral(t, a, fixed); again != fixed {
			t.Errorf("%s: fixed to %s, then to %s", tc.lit, fixed, again)
		}
	}
}

// fixLiteral returns the literal lit with the fixes of a's diagnostics
// applied.
func fixLiteral(t *testing.T, a *analysis.Analyzer, lit string) string {
	t.Helper()
	fixed, _ := fixSource(t, a, "package p\n\nvar x = "+lit+"\n")
	f, err := parser.ParseFile(token.NewFileSet(), "p.go", fixed, 0)
	if err != nil {
		t.Fatalf("%s: fixed source does not parse: %v\n%s", lit, err, fixed)
	}
	return f.Decls[0].(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0].(*ast.BasicLit).Value
}

// fixSource returns src, a package of one file, with the fixes of a's
// diagnostics applied, and the diagnostics.
func fixSource(t *testing.T, a *analysis.Analyzer, src string) (string, []analysis.Diagnostic) {
	t.Helper()
	p := checkSource(t, "p", "p.go", src)
	diags := p.run(t, a)
	var edits []analysis.TextEdit
	for _, d := range diags {
		if len(d.SuggestedFixes) > 1 {
			t.Errorf("%q: %d fixes for %q", src, len(d.SuggestedFixes), d.Message)
		}
		for _, fix := range d.SuggestedFixes {
			edits = append(edits, fix.TextEdits...)
		}
	}
	return string(applyEdits(t, p.fset, []byte(src), edits)), diags
}
