package analyzer

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// checkSchemeSplit reports the rest of a URI split at "://" into a
// scheme and the rest, read as an OS path where the scheme is "file":
//
//	scheme, rest, _ := strings.Cut(uri, "://")
//	if scheme == "file" {
//		return os.ReadFile(rest) // /C:/x on Windows, %20 undecoded
//	}
//
// The split is strings.Cut at "://" or a function of the package that
// finds "://" in its string and returns the rest raw (see splitsScheme).
// The rest is read as a path (see readsPath) in the first such use
// after the split; the scheme is compared with "file"
// or switched on with the use in its case "file" (see schemeIsFile).
func (c *checker) checkSchemeSplit(cur inspector.Cursor, as *ast.AssignStmt) {
	if !c.enabled(Surgery) || len(as.Lhs) < 2 || len(as.Rhs) != 1 {
		return
	}
	call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
	if !ok || !c.splitsScheme(call) {
		return
	}
	scheme, rest := c.localVar(as.Lhs[0]), c.localVar(as.Lhs[1])
	if scheme == nil || rest == nil || !c.isString(as.Lhs[1]) {
		return
	}
	c.splitSchemes[rest] = scheme
	f := c.flowAt(cur)
	for _, use := range f.useIndex()[rest] {
		id := use.Node().(*ast.Ident)
		if id.Pos() < as.End() || !c.readsPath(use, rest) {
			continue
		}
		if !c.notWindows(id.Pos()) && c.schemeIsFile(f, scheme, rest, use) {
			c.report(analysis.Diagnostic{Pos: id.Pos(), End: id.End(), Category: string(Surgery), Message: surgeryMessage})
		}
		return
	}
}

// readsPath reports whether the use of rest at cur reads it as an OS
// path: an argument of a function that takes one, or of a function of
// the package that hands it to one (see passesToOSPath), or a result of
// a function whose name says it gives a path (see returnsOSPath).
func (c *checker) readsPath(cur inspector.Cursor, rest *types.Var) bool {
	switch p := cur.Parent().Node().(type) {
	case *ast.CallExpr:
		i := argIndex(p, cur.Node().(ast.Expr))
		return i >= 0 && (takesOSPath(c.callee(p)) || c.passesToOSPath(p, i, rest))
	case *ast.ReturnStmt:
		return c.returnsOSPath(cur)
	}
	return false
}

// splitsScheme reports whether call splits a URI at "://": it is
// strings.Cut(s, "://"), or a call of a function of the package with two
// string results or more whose body finds "://" with strings.Index, Cut
// or SplitN and whose every return gives, second, the raw rest of the
// text it split or the whole text (see rawRest):
//
//	func (u URI) Parse() (scheme, path string) {
//		s := string(u)
//		i := strings.Index(s, "://")
//		if i == -1 {
//			return "", s
//		}
//		return s[:i], s[i+len("://"):]
//
// A function of another package is not read: nothing says what its
// second result is.
func (c *checker) splitsScheme(call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	if fn.Pkg().Path() == "strings" && fn.Name() == "Cut" {
		return c.cutsAtSchemeEnd(call)
	}
	if fn.Pkg() != c.pass.Pkg {
		return false
	}
	res := fn.Signature().Results()
	if res.Len() < 2 || !isStringType(res.At(0).Type()) || !isStringType(res.At(1).Type()) {
		return false
	}
	if known, ok := c.splitters[fn]; ok {
		return known
	}
	c.splitters[fn] = false
	decl, ok := c.declarationOf(fn).Node().(*ast.FuncDecl)
	if !ok || decl.Body == nil {
		return false
	}
	var split []*ast.CallExpr
	raw := true
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // another function's returns
		case *ast.CallExpr:
			if c.cutsAtSchemeEnd(n) {
				split = append(split, n)
			}
		case *ast.ReturnStmt:
			raw = raw && len(n.Results) >= 2 && c.rawRest(decl, n.Results[1])
		}
		return true
	})
	c.splitters[fn] = len(split) > 0 && raw
	return c.splitters[fn]
}

// rawRest reports whether e, the second result of a return of the
// splitter decl, is text the split leaves as it was: a slice of a string
// from an offset (s[i+3:]), the whole text handed to strings.Index, Cut
// or SplitN at "://" (no "://" in it), the text after a strings.Cut at
// "://", or an element of what strings.SplitN gives.
func (c *checker) rawRest(decl *ast.FuncDecl, e ast.Expr) bool {
	e = ast.Unparen(c.unconvert(e))
	switch e := e.(type) {
	case *ast.SliceExpr:
		return e.High == nil && c.isStringLike(e.X)
	case *ast.IndexExpr:
		return c.isSplitPart(decl, e.X)
	case *ast.Ident:
		v := c.localVar(e)
		if v == nil {
			return false
		}
		raw := false
		ast.Inspect(decl.Body, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr: // strings.Index(s, "://")
				raw = raw || c.cutsAtSchemeEnd(n) && c.localVar(ast.Unparen(c.unconvert(n.Args[0]))) == v
			case *ast.AssignStmt: // _, rest, _ := strings.Cut(s, "://")
				if call, ok := ast.Unparen(n.Rhs[0]).(*ast.CallExpr); ok && len(n.Lhs) == 3 && c.cutsAtSchemeEnd(call) {
					raw = raw || c.localVar(n.Lhs[1]) == v
				}
			}
			return !raw
		})
		return raw
	}
	return false
}

// isSplitPart reports whether e names a local variable of decl given the
// parts of strings.SplitN at "://".
func (c *checker) isSplitPart(decl *ast.FuncDecl, e ast.Expr) bool {
	v := c.localVar(e)
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if as, ok := n.(*ast.AssignStmt); ok && len(as.Lhs) == 1 && len(as.Rhs) == 1 {
			call, ok := ast.Unparen(as.Rhs[0]).(*ast.CallExpr)
			found = found || ok && c.cutsAtSchemeEnd(call) && c.localVar(as.Lhs[0]) == v && v != nil
		}
		return !found
	})
	return found
}

// cutsAtSchemeEnd reports whether call is strings.Index, Cut or SplitN
// of a string at the constant "://".
func (c *checker) cutsAtSchemeEnd(call *ast.CallExpr) bool {
	pkg, name := c.callee(call)
	if pkg != "strings" || name != "Index" && name != "Cut" && name != "SplitN" || len(call.Args) < 2 {
		return false
	}
	sep, ok := c.stringConst(call.Args[1])
	return ok && sep == "://"
}

// isStringType reports whether t is a string type, named or not.
func isStringType(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsString != 0
}

// schemeIsFile reports whether the scheme of a split is "file" where the
// rest is used, at use: the function compares the scheme with "file",
// or switches on it with use in a case "file" (see comparedWithFile);
// use is not where the scheme is known to be another (see
// notFileHere); and the function does not look at the drive.
func (c *checker) schemeIsFile(f *flow, scheme, rest *types.Var, use inspector.Cursor) bool {
	pos := use.Node().Pos()
	checked := f.someUse(scheme, func(su inspector.Cursor, _ *ast.Ident) bool { return c.comparedWithFile(su, pos) })
	return checked && !c.notFileHere(use, rest) && !c.looksAtDrive(f)
}
