package analyzer

import (
	_ "embed"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
)

// Config selects what the analyzer reports. Every field maps onto a flag
// of the same name, so that go vet's cache, keyed on flags, stays correct.
type Config struct {
	// Strict adds the style kinds of fileuri (non-canonical forms,
	// lower-case escapes, non-ASCII, ...) to the default defects.
	Strict bool
	// Disable lists kinds (such as "unencoded" or "construction") not to
	// report.
	Disable []string
	// CheckTestLiterals reports literal file URIs in _test.go files too.
	CheckTestLiterals bool
}

// Analyzer reports malformed file URIs and hand-built file URIs; its
// behaviour is set by the flags -strict, -disable and -check-test-literals.
var Analyzer = New(Config{})

//go:embed doc.go
var docFile string

// New returns an analyzer configured by c whose flags are bound to a copy
// of c, so that each analyzer has state of its own.
func New(c Config) *analysis.Analyzer {
	cfg := c
	a := &analysis.Analyzer{
		Name:     "fileuri",
		Doc:      extractDoc(docFile),
		URL:      "https://pkg.go.dev/github.com/fileurilint/fileurilint/analyzer",
		Requires: []*analysis.Analyzer{inspect.Analyzer},
		Run:      func(pass *analysis.Pass) (any, error) { return run(pass, &cfg) },
	}
	a.Flags.BoolVar(&cfg.Strict, "strict", cfg.Strict, "also report style kinds (non-canonical forms, lower-case escapes, non-ASCII, ecosystem dialects)")
	a.Flags.Var((*kindList)(&cfg.Disable), "disable", "comma-separated kinds not to report: "+kindNames())
	a.Flags.BoolVar(&cfg.CheckTestLiterals, "check-test-literals", cfg.CheckTestLiterals, "report literal file URIs in _test.go files too")
	return a
}

// extractDoc returns the text of the package comment of doc.go after its
// "# Analyzer fileuri" heading and the "fileuri:" of the title line,
// without comment markers: the analyzer's Doc, whose first line is its
// title, as the x/tools analyzers write it.
func extractDoc(src string) string {
	_, body, ok := strings.Cut(src, "// # Analyzer fileuri\n//\n")
	if !ok {
		panic("analyzer: doc.go has no \"# Analyzer fileuri\" heading")
	}
	body, _, _ = strings.Cut(body, "\npackage ")
	var b strings.Builder
	for line := range strings.Lines(body) {
		line = strings.TrimPrefix(strings.TrimPrefix(line, "//"), " ")
		b.WriteString(line)
	}
	return strings.TrimSpace(strings.TrimPrefix(b.String(), "fileuri:"))
}
