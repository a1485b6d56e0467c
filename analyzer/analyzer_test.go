package analyzer_test

import (
	"bytes"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fileurilint/fileurilint/analyzer"
	"github.com/fileurilint/fileurilint/fileuri"
)

// testdata is the package's testdata directory, absolute as GOPATH
// mode requires.
var testdata = analysistest.TestData()

func TestAnalyzer(t *testing.T) {
	results := analysistest.Run(t, testdata, analyzer.Analyzer,
		"literals", "constants", "concat", "fmtcalls", "urlstruct", "pathjoin", "surgery",
		"negative", "generics", "testfiles", "dialects", "goweburl",
		"codesearch", "rangefastpath", "wholespaces", "escapelayer",
		"notwindows", "namedconstants", "constructshapes", "urlpathread", "printfformat", "transfer", "jsonslash")
	checkMessages(t, results)
}

// checkMessages checks that each diagnostic has one of Kinds as its
// category and a message of one line of at most 100 bytes, in the style
// of x/tools: what is wrong and what to use.
func checkMessages(t *testing.T, results []*analysistest.Result) {
	n := 0
	for _, r := range results {
		for _, d := range r.Diagnostics {
			n++
			if !slices.Contains(analyzer.Kinds(), fileuri.Kind(d.Category)) {
				t.Errorf("%v: category %q is none of analyzer.Kinds", r.Pass.Fset.Position(d.Pos), d.Category)
			}
			if strings.Contains(d.Message, "\n") || len(d.Message) > 100 {
				t.Errorf("%v: message of %d bytes, want one line of at most 100: %q", r.Pass.Fset.Position(d.Pos), len(d.Message), d.Message)
			}
		}
	}
	if n == 0 {
		t.Error("no diagnostics")
	}
}

// fixPackages are the testdata packages whose fixes are checked against
// golden files; TestFixesPreserveBehaviour runs their construction fixes.
var fixPackages = []string{"orphanimport", "printfformat", "literals", "constants", "rawinterp", "fixes", "fixabsolute", "urlstruct", "generated", "wholespaces", "escapelayer", "roles", "helperfix", "helperclash", "plusbuild", "jsonslash", "assertfix"}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, analyzer.Analyzer, fixPackages...)
}

// TestNoFixThroughDependency checks that a package that depends on
// fileuri only through another package gets no fix to fileuri.FromPath,
// even where that package is type-checked from source (as here), so that
// the drivers that read it from export data offer the same: it gets the
// fix that adds a function of its own.
func TestNoFixThroughDependency(t *testing.T) {
	const want = "Replace with fileURI and add it to the package"
	for _, r := range analysistest.Run(t, testdata, analyzer.Analyzer, "fixes/importing") {
		if len(r.Diagnostics) == 0 {
			t.Errorf("%s: no diagnostics", r.Pass.Pkg.Path())
		}
		for _, d := range r.Diagnostics {
			if len(d.SuggestedFixes) != 1 || d.SuggestedFixes[0].Message != want {
				t.Errorf("%v: fixes %v, want one: %q", r.Pass.Fset.Position(d.Pos), d.SuggestedFixes, want)
			}
		}
	}
}

// TestWindows runs the tests of the test packages as go list loads them
// for Windows, build constraints included; the analyzer runs on the host,
// whose OS it never consults.
func TestWindows(t *testing.T) {
	t.Setenv("GOOS", "windows")
	TestAnalyzer(t)
	TestFixes(t)
	TestCRLF(t)
}

// TestCRLF checks positions and fixes in a file with CRLF line ends byte
// for byte: analysistest formats a fixed file before it compares it with
// the golden one, which drops the carriage returns of raw literals.
func TestCRLF(t *testing.T) {
	file := filepath.Join(testdata, "src", "crlf", "crlf.go")
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile(file + ".golden")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range [][]byte{src, golden} {
		if !bytes.Contains(b, []byte("`usage: tool [flags]\r\n")) || bytes.Count(b, []byte("\n")) != bytes.Count(b, []byte("\r\n")) {
			t.Fatal("crlf.go or its golden file lost its CRLF line ends: keep them out of Git's line-end conversion (.gitattributes)")
		}
	}
	results := analysistest.RunWithSuggestedFixes(t, testdata, analyzer.Analyzer, "crlf")
	var got []string
	var edits []analysis.TextEdit
	for _, r := range results {
		for _, d := range r.Diagnostics {
			start, end := r.Pass.Fset.File(d.Pos).Offset(d.Pos), r.Pass.Fset.File(d.End).Offset(d.End)
			got = append(got, d.Category+" "+string(src[start:end]))
			for _, f := range d.SuggestedFixes {
				edits = append(edits, f.TextEdits...)
			}
		}
	}
	want := []string{"unencoded ^", `backslash \x\`, "unencoded ^", "drive-authority C:", "unencoded ^"}
	if !slices.Equal(got, want) {
		t.Errorf("diagnostics underline %q, want %q", got, want)
	}
	fixed := applyEdits(t, results[0].Pass.Fset, src, edits)
	if !bytes.Equal(fixed, golden) {
		t.Errorf("fixed crlf.go differs from its golden file byte for byte:\n%q\nwant\n%q", fixed, golden)
	}
}

// applyEdits returns src, the text of a file of fset, with the edits
// applied.
func applyEdits(t *testing.T, fset *token.FileSet, src []byte, edits []analysis.TextEdit) []byte {
	t.Helper()
	slices.SortFunc(edits, func(a, b analysis.TextEdit) int { return int(a.Pos - b.Pos) })
	var out []byte
	last := 0
	for _, e := range edits {
		tf := fset.File(e.Pos)
		start, end := tf.Offset(e.Pos), tf.Offset(e.End)
		if start < last {
			t.Fatalf("overlapping edits at offset %d", start)
		}
		out = append(append(out, src[last:start]...), e.NewText...)
		last = end
	}
	return append(out, src[last:]...)
}

func TestStrict(t *testing.T) {
	a := analyzer.New(analyzer.Config{Strict: true})
	checkMessages(t, analysistest.RunWithSuggestedFixes(t, testdata, a, "strict"))
}

func TestCheckTestLiterals(t *testing.T) {
	a := analyzer.New(analyzer.Config{CheckTestLiterals: true})
	analysistest.Run(t, testdata, a, "testliterals")
}

func TestDisable(t *testing.T) {
	a := analyzer.New(analyzer.Config{})
	if err := a.Flags.Set("disable", "backslash, unencoded,drive-authority,construction"); err != nil {
		t.Fatal(err)
	}
	analysistest.Run(t, testdata, a, "disable")
}

func TestDoc(t *testing.T) {
	title, rest, _ := strings.Cut(analyzer.Analyzer.Doc, "\n")
	if title != "report malformed and hand-built file URIs" || !strings.Contains(rest, "WRONG") {
		t.Errorf("Doc = %q...; want the title line of doc.go, then its text", title)
	}
}

func TestDisableUnknownKind(t *testing.T) {
	a := analyzer.New(analyzer.Config{})
	err := a.Flags.Set("disable", "backslash,unencoed")
	if err == nil {
		t.Fatal(`-disable=backslash,unencoed: no error`)
	}
	for _, k := range analyzer.Kinds() {
		if !strings.Contains(err.Error(), string(k)) {
			t.Errorf("-disable=unencoed: error %q does not list kind %q", err, k)
		}
	}
	if got := a.Flags.Lookup("disable").Value.String(); got != "" {
		t.Errorf("-disable=backslash,unencoed set the list to %q; want it left empty", got)
	}
}

// TestKindsDocumented checks that the package doc and the README name
// every kind, and that the flag's usage lists them.
func TestKindsDocumented(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	usage := analyzer.Analyzer.Flags.Lookup("disable").Usage
	for _, k := range analyzer.Kinds() {
		if !strings.Contains(analyzer.Analyzer.Doc, string(k)) {
			t.Errorf("the analyzer's Doc does not name kind %q", k)
		}
		if !bytes.Contains(readme, []byte("`"+string(k)+"`")) {
			t.Errorf("README.md does not name kind `%s`", k)
		}
		if !strings.Contains(usage, string(k)) {
			t.Errorf("the usage of -disable does not list kind %q", k)
		}
	}
}

// TestIgnore checks the suppression comments //lint:ignore and
// //lint:file-ignore.
func TestIgnore(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer, "ignore", "fileignore")
}
