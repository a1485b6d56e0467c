package analyzer

import (
	_ "embed"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/fileurilint/fileurilint/fileuri"
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

// isTestMain reports whether the package is the main package that go
// test generates for a package's tests ("p.test"), which drivers that
// load tests analyze too. It is made of generated files only, which
// nobody edits; its string literals copy the output comments of the
// Examples.
func isTestMain(pass *analysis.Pass) bool {
	if pass.Pkg.Name() != "main" || !strings.HasSuffix(pass.Pkg.Path(), ".test") {
		return false
	}
	for _, f := range pass.Files {
		if !ast.IsGenerated(f) {
			return false
		}
	}
	return true
}

// checker holds the state of one run of the analyzer over a package.
type checker struct {
	pass *analysis.Pass
	cfg  *Config
	root inspector.Cursor
	opts fileuri.Options
	// reported holds the literals already reported as part of a
	// run-time construction, so that they are not reported twice.
	reported map[ast.Node]bool
	// testFiles holds the token.Files of _test.go files.
	testFiles map[*token.File]bool
	// litMaps holds the literals decoded so far.
	litMaps map[*ast.BasicLit]decodedLit
	// sources holds the files read for the text of their literals.
	sources map[*token.File][]byte
	// goosCache records, per file, whether it never builds for Windows.
	goosCache map[*token.File]bool
	// importable records whether the package can import package fileuri
	// (computed on first use): -1 unknown, 0 no, 1 yes.
	importable int
	// flows holds the indexes of assignments and uses built so far, by
	// top-level declaration (see flowAt), and nil for the package.
	flows map[ast.Node]*flow
}

func run(pass *analysis.Pass, cfg *Config) (any, error) {
	if isTestMain(pass) {
		return nil, nil
	}
	inspect := pass.ResultOf[inspect.Analyzer].(*inspector.Inspector)
	if !mayHaveFileURIs(pass, inspect) {
		return nil, nil // the fast path: nothing here can be a file URI
	}
	c := newChecker(pass, cfg, inspect.Root())
	// Parents come before children, so that a construction marks its
	// literals reported before they are visited.
	done := make(map[ast.Expr]bool)
	for cur := range c.root.Preorder(nodeTypes...) {
		c.visit(cur, done)
	}
	return nil, nil
}

// newChecker returns the state of a run over the package of pass whose
// syntax is at root.
func newChecker(pass *analysis.Pass, cfg *Config, root inspector.Cursor) *checker {
	c := &checker{
		pass:       pass,
		cfg:        cfg,
		root:       root,
		opts:       fileuri.Options{Strict: cfg.Strict},
		reported:   make(map[ast.Node]bool),
		testFiles:  make(map[*token.File]bool),
		litMaps:    make(map[*ast.BasicLit]decodedLit),
		sources:    make(map[*token.File][]byte),
		goosCache:  make(map[*token.File]bool),
		importable: -1,
		flows:      make(map[ast.Node]*flow),
	}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
			c.testFiles[tf] = true
		}
	}
	return c
}

// visit hands the node at cur to the checks of its type; done records
// the constant expressions checked (see checkLiteral).
func (c *checker) visit(cur inspector.Cursor, done map[ast.Expr]bool) {
	switch n := cur.Node().(type) {
	case *ast.BasicLit:
		c.checkLiteral(cur, n, done)
	case *ast.BinaryExpr:
		if n.Op != token.ADD {
			return // a string is made by + only
		}
		if c.isConstString(n) {
			c.checkConstants(cur, done)
		} else {
			c.checkBinary(cur, n)
		}
	case *ast.CallExpr:
		if buildsOrCuts(n) && c.hasFileArg(n) {
			c.checkCall(cur, n)
			c.checkSurgery(cur, n)
		}
		c.checkPathRead(cur, n)
	case *ast.SliceExpr:
		c.checkSurgery(cur, n)
	case *ast.CompositeLit:
		c.checkURL(cur, n)
	case *ast.AssignStmt:
		c.checkURL(cur, n)
		c.checkAppend(cur, n)
	}
}

var nodeTypes = []ast.Node{
	(*ast.BasicLit)(nil),
	(*ast.BinaryExpr)(nil),
	(*ast.CallExpr)(nil),
	(*ast.SliceExpr)(nil),
	(*ast.CompositeLit)(nil),
	(*ast.AssignStmt)(nil),
}

// buildsOrCuts reports whether call may be one that checkCall or
// checkSurgery reads, by the name of its function alone: a test without
// type information, before the arguments are looked at.
func buildsOrCuts(call *ast.CallExpr) bool {
	var name string
	switch fun := call.Fun.(type) {
	case *ast.Ident:
		name = fun.Name
	case *ast.SelectorExpr:
		name = fun.Sel.Name
	}
	switch name {
	case "Sprintf", "Printf", "Errorf", "Fprintf", "Appendf", "Sprint", "Print", "Fprint", "Append", // fmt
		"Join", "WriteString", // strings.Join, path.Join, strings.Builder, bytes.Buffer
		"TrimPrefix", "CutPrefix", "Replace", "ReplaceAll": // surgery
		return true
	}
	return false
}

// hasFileArg reports whether an argument of call is a constant string
// that holds "file:": no call the analyzer reports lacks one. Every call
// of the package passes here, so literals and names are read without the
// TypesInfo.Types lookup of stringConst.
func (c *checker) hasFileArg(call *ast.CallExpr) bool {
	for _, arg := range call.Args {
		if c.mayHoldFile(arg) {
			return true
		}
	}
	return false
}

// mayHoldFile reports whether e is a constant string expression whose
// value holds "file:" or is the scheme name "file" (as an operand of
// fmt.Sprintf("%s://%s", "file", p)).
func (c *checker) mayHoldFile(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING && (indexFold(e.Value, "file:") >= 0 || strings.EqualFold(e.Value, `"file"`))
	case *ast.Ident:
		return c.constHoldsFile(e)
	case *ast.SelectorExpr:
		return c.constHoldsFile(e.Sel)
	case *ast.BinaryExpr:
		return e.Op == token.ADD && (c.mayHoldFile(e.X) || c.mayHoldFile(e.Y))
	case *ast.CompositeLit: // the parts of strings.Join
		return slices.ContainsFunc(e.Elts, c.mayHoldFile)
	case *ast.CallExpr: // a conversion such as string(prefix)
		return len(e.Args) == 1 && c.mayHoldFile(e.Args[0])
	}
	return false
}

// constHoldsFile reports whether id names a string constant that holds
// "file:" or is the scheme name "file".
func (c *checker) constHoldsFile(id *ast.Ident) bool {
	k, ok := c.pass.TypesInfo.Uses[id].(*types.Const)
	if !ok || k.Val().Kind() != constant.String {
		return false
	}
	v := constant.StringVal(k.Val())
	return indexFold(v, "file:") >= 0 || strings.EqualFold(v, "file")
}

// mayHaveFileURIs reports whether the package has a string literal that
// holds "file:" in any case or imports net/url: without either, it can
// hold no file URI the analyzer reports.
func mayHaveFileURIs(pass *analysis.Pass, in *inspector.Inspector) bool {
	for _, f := range pass.Files {
		for _, imp := range f.Imports {
			if imp.Path.Value == `"net/url"` {
				return true
			}
		}
	}
	for cur := range in.Root().Preorder((*ast.BasicLit)(nil)) {
		lit := cur.Node().(*ast.BasicLit)
		if lit.Kind == token.STRING && indexFold(lit.Value, "file:") >= 0 {
			return true
		}
	}
	return false
}

// enabled reports whether kind k is reported under the configuration.
func (c *checker) enabled(k fileuri.Kind) bool {
	return !slices.Contains(c.cfg.Disable, string(k))
}

// isTestFile reports whether pos lies in a _test.go file.
func (c *checker) isTestFile(pos token.Pos) bool {
	return c.testFiles[c.pass.Fset.File(pos)]
}
