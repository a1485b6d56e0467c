package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/fileurilint/fileurilint/fileuri"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

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
	// flows holds the indexes of assignments and uses built so far, by
	// top-level declaration (see flowAt), and nil for the package.
	flows map[ast.Node]*flow
	// helperHost is the file whose construction fixes add the function
	// fileURI, when the package has none (see helperFix).
	helperHost *ast.File
	// ignores holds the suppression comments.
	ignores map[*token.File]*ignores
	// schemeVars holds the local variables given a constant ending with
	// a file scheme, noted as the literals are visited (see schemeVar).
	schemeVars map[*types.Var]bool
	// fieldURLs holds the URL fields of variables met so far, each as
	// one object (see urlObject), and fieldURLKeys their variable and
	// field.
	fieldURLs    map[fieldURL]*types.Var
	fieldURLKeys map[types.Object]fieldURL
	// reparsed caches the answers of reparsedToOSPath, by parameter.
	reparsed map[*types.Var]bool
	// bareScheme records, once known, whether the package cuts "file:"
	// alone off a string (see cutsBareScheme).
	bareScheme *bool
	// splitSchemes holds, for the rest of a URI split at "://", the
	// variable given its scheme (see checkSchemeSplit): isSchemeOf reads
	// that variable as the rest's scheme.
	splitSchemes map[types.Object]*types.Var
	// openedFields caches the answers of openedField, by field.
	openedFields map[*types.Var]bool
	// splitters caches whether a function of the package splits a URI
	// at "://" (see splitsScheme).
	splitters map[*types.Func]bool
}

// newChecker returns the state of a run over the package of pass whose
// syntax is at root.
func newChecker(pass *analysis.Pass, cfg *Config, root inspector.Cursor) *checker {
	c := &checker{
		pass:         pass,
		cfg:          cfg,
		root:         root,
		opts:         fileuri.Options{Strict: cfg.Strict},
		reported:     make(map[ast.Node]bool),
		testFiles:    make(map[*token.File]bool),
		litMaps:      make(map[*ast.BasicLit]decodedLit),
		sources:      make(map[*token.File][]byte),
		goosCache:    make(map[*token.File]bool),
		flows:        make(map[ast.Node]*flow),
		schemeVars:   make(map[*types.Var]bool),
		fieldURLs:    make(map[fieldURL]*types.Var),
		fieldURLKeys: make(map[types.Object]fieldURL),
		reparsed:     make(map[*types.Var]bool),
		splitSchemes: make(map[types.Object]*types.Var),
		openedFields: make(map[*types.Var]bool),
		splitters:    make(map[*types.Func]bool),
	}
	for _, f := range pass.Files {
		tf := pass.Fset.File(f.FileStart)
		if tf != nil && strings.HasSuffix(tf.Name(), "_test.go") {
			c.testFiles[tf] = true
		}
	}
	c.ignores = c.readIgnores()
	return c
}

// enabled reports whether kind k is reported under the configuration.
func (c *checker) enabled(k fileuri.Kind) bool {
	return !slices.Contains(c.cfg.Disable, string(k))
}

// report reports d with a link to the documentation of its kind, unless
// its kind is disabled or a suppression comment silences it. Every
// diagnostic of a check goes through here.
func (c *checker) report(d analysis.Diagnostic) {
	if !c.enabled(fileuri.Kind(d.Category)) || c.ignored(d.Pos) {
		return
	}
	d.URL = docURL(fileuri.Kind(d.Category))
	c.pass.Report(d)
}

// isTestFile reports whether pos lies in a _test.go file.
func (c *checker) isTestFile(pos token.Pos) bool {
	return c.testFiles[c.pass.Fset.File(pos)]
}

// exemptTestLiteral reports whether n, a literal URI or a constant part
// of a URL, lies in a _test.go file and test literals are not checked:
// tests feed malformed URIs to parsers on purpose (docs/positions.md).
func (c *checker) exemptTestLiteral(n ast.Node) bool {
	return !c.cfg.CheckTestLiterals && c.isTestFile(n.Pos())
}

// source returns the bytes of the file tf as the driver reads them, or
// nil.
func (c *checker) source(tf *token.File) []byte {
	if tf == nil || c.pass.ReadFile == nil {
		return nil
	}
	src, ok := c.sources[tf]
	if !ok {
		src, _ = c.pass.ReadFile(tf.Name())
		c.sources[tf] = src
	}
	return src
}
