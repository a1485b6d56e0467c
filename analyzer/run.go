package analyzer

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

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

// run is the analyzer's Run: after the fast path, it visits the nodes
// that can build, hold or take apart a file URI, parents before children,
// and hands each to its checks (see visit).
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

// visit hands the node at cur to the checks of its type; done records
// the constant expressions checked (see checkLiteral).
func (c *checker) visit(cur inspector.Cursor, done map[ast.Expr]bool) {
	switch n := cur.Node().(type) {
	case *ast.BasicLit:
		c.noteSchemeVar(cur, n)
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
		switch {
		case !buildsOrCuts(n):
			if len(n.Args) > 1 && c.hasFileArg(n) {
				c.checkSurgery(cur, n) // trimSchemePrefix(ref, "file://"), a helper of the package
			}
		case c.hasFileArg(n):
			c.visitCall(cur, n)
			c.checkSurgery(cur, n)
		case cutsByName(n):
			c.checkSurgery(cur, n) // prefix := fmt.Sprintf("%s://", scheme)
		}
		c.checkPathRead(cur, n)
	case *ast.SliceExpr:
		c.checkSurgery(cur, n)
	case *ast.CompositeLit:
		c.checkURL(cur, n)
	case *ast.AssignStmt:
		c.checkURL(cur, n)
		c.checkAppend(cur, n)
		c.checkPathAssign(cur, n)
		c.checkSchemeSplit(cur, n)
	case *ast.ReturnStmt:
		c.checkPathReturn(cur, n)
	}
}

// visitCall hands a call that may build a file URI to the check of its
// function: fmt formatting and printing, strings.Join, the WriteString of
// a builder, path joins.
func (c *checker) visitCall(cur inspector.Cursor, call *ast.CallExpr) {
	pkg, name := c.callee(call)
	switch {
	case pkg == "fmt":
		if i := formatIndex(name); i >= 0 && i < len(call.Args) && !call.Ellipsis.IsValid() {
			c.checkFormat(cur, call, i, name)
		} else if isPrint(name) && !call.Ellipsis.IsValid() {
			c.checkPrint(cur, call, name)
		}
	case pkg == "strings" && name == "Join" && len(call.Args) == 2:
		c.checkJoin(cur, call)
	case pkg == "strings" && name == "Builder.WriteString" || pkg == "bytes" && name == "Buffer.WriteString":
		c.checkWrites(cur, call)
	case (pkg == "path" || pkg == "path/filepath") && name == "Join" && len(call.Args) > 0 && !call.Ellipsis.IsValid():
		c.checkPathJoin(call, pkg)
	}
}

var nodeTypes = []ast.Node{
	(*ast.BasicLit)(nil),
	(*ast.BinaryExpr)(nil),
	(*ast.CallExpr)(nil),
	(*ast.SliceExpr)(nil),
	(*ast.CompositeLit)(nil),
	(*ast.AssignStmt)(nil),
	(*ast.ReturnStmt)(nil),
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
	case "Sprintf", "Printf", "Fprintf", "Appendf", "Sprint", "Print", "Fprint", "Append", // fmt
		"Join", "WriteString", // strings.Join, path.Join, strings.Builder, bytes.Buffer
		"TrimPrefix", "CutPrefix", "Replace", "ReplaceAll": // surgery
		return true
	}
	return false
}

// cutsByName reports whether call cuts off a prefix held by a variable
// or given by a call, as strings.TrimPrefix(s, prefix) does: the prefix
// may be text built at run time from constants (see textConst).
func cutsByName(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || len(call.Args) < 2 {
		return false
	}
	switch sel.Sel.Name {
	case "TrimPrefix", "CutPrefix", "Replace", "ReplaceAll":
		switch ast.Unparen(call.Args[1]).(type) {
		case *ast.Ident, *ast.CallExpr:
			return true
		}
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

// mayHaveFileURIs reports whether the package has a string literal that
// holds "file:" in any case, is "file" or starts with "://" (after a
// scheme constant of another package, file.Scheme + "://"), or imports
// net/url: without one of them, it can hold no file URI the analyzer
// reports.
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
		if lit.Kind == token.STRING && (indexFold(lit.Value, "file:") >= 0 || lit.Value == `"file"` || strings.HasPrefix(lit.Value[1:], "://")) {
			return true // a file URI, or the scheme to build its prefix from
		}
	}
	return false
}
