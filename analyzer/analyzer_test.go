package analyzer_test

import (
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fileurilint/fileurilint/analyzer"
)

// testdata is the module's top-level testdata directory, absolute as
// GOPATH mode requires.
var testdata = func() string {
	dir, err := filepath.Abs(filepath.Join("..", "testdata"))
	if err != nil {
		panic(err)
	}
	return dir
}()

func TestAnalyzer(t *testing.T) {
	analysistest.Run(t, testdata, analyzer.Analyzer,
		"literals", "constants", "concat", "fmtcalls", "urlstruct", "pathjoin", "surgery",
		"negative", "generics", "testfiles", "dialects", "goweburl", "notwindows", "namedconstants", "constructshapes", "urlpathread")
}

// fixPackages are the testdata packages whose fixes are checked against
// golden files; TestFixesPreserveBehaviour runs their construction fixes.
var fixPackages = []string{"literals", "constants", "rawinterp", "fixes", "fixes/importing", "fixabsolute", "urlstruct", "generated"}

func TestFixes(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, analyzer.Analyzer, fixPackages...)
}

func TestStrict(t *testing.T) {
	a := analyzer.New(analyzer.Config{Strict: true})
	analysistest.RunWithSuggestedFixes(t, testdata, a, "strict")
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
