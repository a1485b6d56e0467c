package analyzer

import (
	"go/ast"
	"go/types"
	"slices"
	"strings"

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
// The split is strings.Cut at "://", a function of the package that
// finds "://" in its string and returns two strings, or a function of
// another package named for a URI that returns two (see splitsScheme).
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
// strings.Cut(s, "://"), a call of a function of the package with two
// string results or more whose body finds "://" with strings.Index, Cut
// or SplitN, or a call of such a function of another package whose name
// says it splits a URI (see uriFunc):
//
//	func (u URI) Parse() (scheme, path string) {
//		i := strings.Index(string(u), "://")
//		...
//		return string(u)[:i], string(u)[i+len("://"):]
func (c *checker) splitsScheme(call *ast.CallExpr) bool {
	if c.cutsAtSchemeEnd(call) {
		pkg, name := c.callee(call)
		return pkg == "strings" && name == "Cut"
	}
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil {
		return false
	}
	res := fn.Signature().Results()
	if res.Len() < 2 || !isStringType(res.At(0).Type()) || !isStringType(res.At(1).Type()) {
		return false
	}
	if fn.Pkg() != c.pass.Pkg {
		return uriFunc(fn) // its body is not read: its name says what it splits
	}
	decl, ok := c.declarationOf(fn).Node().(*ast.FuncDecl)
	if !ok || decl.Body == nil {
		return false
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && c.cutsAtSchemeEnd(call) {
			found = true
		}
		return !found
	})
	return found
}

// uriFunc reports whether the name of the function fn, or of the type
// of its receiver, says that it works on a URI or URL: a method of a
// type URI, ParseURI, SplitURL. A function of another package with two
// string results and such a name, whose first result is compared with
// "file", gives a scheme and the rest of a URI; a "file:" notation of
// its own, cut at ":" alone, is named for a source or a value.
func uriFunc(fn *types.Func) bool {
	words := nameWords(fn.Name())
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if named, ok := t.(*types.Named); ok {
			words = append(words, nameWords(named.Obj().Name())...)
		}
	}
	return slices.ContainsFunc(words, func(w string) bool {
		return strings.EqualFold(w, "uri") || strings.EqualFold(w, "url")
	})
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
	c.splitSchemes[rest] = scheme
	pos := use.Node().Pos()
	checked := f.someUse(scheme, func(su inspector.Cursor, _ *ast.Ident) bool { return c.comparedWithFile(su, pos) })
	return checked && !c.notFileHere(use, rest) && !c.looksAtDrive(f)
}
