package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

const pathReadMessage = "file URL Path used as an OS path: on Windows it is /C:/x and a UNC host is lost; use fileuri.ToPath"

// checkPathRead reports the Path of a file URL handed to a function that
// takes an OS path, in a file that builds for Windows:
//
//	u, err := url.Parse(uri)
//	if u.Scheme == "file" {
//		f, err := os.Open(u.Path)                    // /C:/x, not C:\x
//		p := filepath.FromSlash(u.Path)              // \C:\x
//		p = filepath.Join(u.Host, u.Path)            // host\share\x, not \\host\share\x
//
// The URL is a file URL when the function compares its Scheme with
// "file" (or switches on it, in the case "file"), or parses it from
// "file:" text. A call that gives a field of a url.URL, URI text, is no
// use as an OS path. A function that looks at runtime.GOOS or
// filepath.VolumeName, or trims the Path's slash, handles the drive
// itself. The call is at cur.
func (c *checker) checkPathRead(cur inspector.Cursor, call *ast.CallExpr) {
	var url types.Object
	for _, a := range call.Args {
		if url = c.pathOfURL(a); url != nil {
			break
		}
	}
	if url == nil || !c.enabled(PathFromURL) {
		return
	}
	if !takesOSPath(c.callee(call)) || c.notWindows(call.Pos()) {
		return // not read as an OS path, or never on Windows
	}
	if c.intoURL(cur) {
		return
	}
	if f := c.flowAt(cur); !c.fileURL(f, url, call.Pos()) || c.handlesDrive(f, url) {
		return
	}
	c.report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: string(PathFromURL), Message: pathReadMessage})
}

// pathOfURL returns the URL variable u when e is u.Path, or a
// concatenation that holds it, such as u.Host + u.Path; or nil.
func (c *checker) pathOfURL(e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if id := identOf(e.X); e.Sel.Name == "Path" && id != nil && c.isURL(c.pass.TypesInfo.TypeOf(id)) {
			return c.pass.TypesInfo.Uses[id]
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			if u := c.pathOfURL(e.X); u != nil {
				return u
			}
			return c.pathOfURL(e.Y)
		}
	}
	return nil
}

// intoURL reports whether the call at cur gives a field of a url.URL,
// where its result is URI text, not an OS path:
//
//	url.URL{Scheme: "file", Path: us.Path, RawPath: filepath.FromSlash(us.Path)}
func (c *checker) intoURL(cur inspector.Cursor) bool {
	switch p := cur.Parent().Node().(type) {
	case *ast.KeyValueExpr:
		lit, ok := cur.Parent().Parent().Node().(*ast.CompositeLit)
		return ok && c.isURL(c.pass.TypesInfo.TypeOf(lit))
	case *ast.AssignStmt:
		for _, lhs := range p.Lhs {
			if sel, ok := lhs.(*ast.SelectorExpr); ok && c.isURL(c.pass.TypesInfo.TypeOf(sel.X)) {
				return true
			}
		}
	}
	return false
}

// fileURL reports whether the declaration f makes the URL variable u a
// file URL where pos is: it compares u.Scheme with "file", switches on it
// with pos in the case "file", or assigns u the result of url.Parse of
// "file:" text; or hands u to a function of the package that compares
// the Scheme of its parameter with "file" (isFile(u)); or, when u is a
// parameter of f, a caller of f in the package hands it a file URL.
func (c *checker) fileURL(f *flow, u types.Object, pos token.Pos) bool {
	return c.checksScheme(f, u, pos) || c.callerChecksScheme(f, u)
}

// checksScheme reports whether the declaration f makes the URL variable
// u a file URL where pos is, by what f itself does with u (see fileURL).
func (c *checker) checksScheme(f *flow, u types.Object, pos token.Pos) bool {
	if v, ok := u.(*types.Var); ok && slices.ContainsFunc(f.assigned[v], func(d ast.Node) bool {
		e, isExpr := d.(ast.Expr)
		return isExpr && c.parsesFileText(e)
	}) {
		return true
	}
	return f.someUse(u, func(use inspector.Cursor, _ *ast.Ident) bool {
		if call, ok := use.Parent().Node().(*ast.CallExpr); ok {
			return c.schemeHelper(call, use.Node().(ast.Expr))
		}
		sel, ok := use.Parent().Node().(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Scheme" {
			return false
		}
		at := use.Parent()
		for _, ok := at.Parent().Node().(*ast.ParenExpr); ok; _, ok = at.Parent().Node().(*ast.ParenExpr) {
			at = at.Parent()
		}
		switch p := at.Parent().Node().(type) {
		case *ast.BinaryExpr: // u.Scheme == "file"
			return (p.Op == token.EQL || p.Op == token.NEQ) && c.isFileScheme(otherOperand(p.X, p.Y, at.Node()))
		case *ast.CallExpr: // strings.EqualFold(u.Scheme, "file")
			pkg, name := c.callee(p)
			return pkg == "strings" && name == "EqualFold" && len(p.Args) == 2 &&
				c.isFileScheme(otherOperand(p.Args[0], p.Args[1], at.Node()))
		case *ast.SwitchStmt: // switch u.Scheme { case "file": ... }
			return p.Tag == at.Node() && inFileCase(c, p, pos)
		}
		return false
	})
}

// otherOperand returns the one of x and y that is not e.
func otherOperand(x, y ast.Expr, e ast.Node) ast.Expr {
	if x == e {
		return y
	}
	return x
}

// inFileCase reports whether pos lies in a case "file" of the switch s.
func inFileCase(c *checker, s *ast.SwitchStmt, pos token.Pos) bool {
	for _, stmt := range s.Body.List {
		cc := stmt.(*ast.CaseClause)
		if cc.Pos() <= pos && pos < cc.End() && slices.ContainsFunc(cc.List, c.isFileScheme) {
			return true
		}
	}
	return false
}

// parsesFileText reports whether e is url.Parse of text that starts with
// "file:": a constant, or a concatenation whose first operand is one.
func (c *checker) parsesFileText(e ast.Expr) bool {
	call := callOf1(e)
	if call == nil {
		return false
	}
	if pkg, name := c.callee(call); pkg != "net/url" || name != "Parse" && name != "ParseRequestURI" {
		return false
	}
	arg := ast.Unparen(call.Args[0])
	for {
		b, ok := arg.(*ast.BinaryExpr)
		if !ok || b.Op != token.ADD || c.isConstString(b) {
			break
		}
		arg = ast.Unparen(b.X)
	}
	s, ok := c.stringConst(arg)
	return ok && len(s) >= len("file:") && strings.EqualFold(s[:len("file:")], "file:")
}

// handlesDrive reports whether the declaration f looks at runtime.GOOS
// or filepath.VolumeName, or trims the slash off the Path of u, as code
// that turns /C:/x into C:\x does.
func (c *checker) handlesDrive(f *flow, u types.Object) bool {
	return c.usesGOOSOrVolume(f) || f.someUse(u, func(use inspector.Cursor, _ *ast.Ident) bool {
		sel, ok := use.Parent().Node().(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Path" {
			return false
		}
		call, ok := use.Parent().Parent().Node().(*ast.CallExpr)
		if !ok || len(call.Args) != 2 || call.Args[0] != ast.Expr(sel) {
			return false
		}
		pkg, name := c.callee(call)
		return pkg == "strings" && (name == "TrimPrefix" || name == "TrimLeft")
	})
}

// usesGOOSOrVolume reports whether the declaration f looks at
// runtime.GOOS or calls filepath.VolumeName.
func (c *checker) usesGOOSOrVolume(f *flow) bool {
	for _, obj := range []types.Object{c.importedFunc("runtime", "GOOS"), c.importedFunc("path/filepath", "VolumeName")} {
		if obj != nil && len(f.useIndex()[obj]) > 0 {
			return true
		}
	}
	return false
}

// schemeHelper reports whether call, which takes the URL variable arg,
// is a call of a function of the package with one bool result that
// compares the Scheme of the parameter arg is given with "file":
//
//	func isFile(u *url.URL) bool { return u.Scheme == "file" }
func (c *checker) schemeHelper(call *ast.CallExpr, arg ast.Expr) bool {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	param := c.paramOf(fn, argIndex(call, arg))
	if param == nil {
		return false
	}
	res := fn.Signature().Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type(), types.Typ[types.Bool]) {
		return false
	}
	decl := c.declarationOf(fn)
	_, isFunc := decl.Node().(*ast.FuncDecl)
	return isFunc && c.checksScheme(c.flowOf(decl), param, token.NoPos)
}

// callerChecksScheme reports whether u is a parameter of the function
// declared by f and a call of that function in the package hands it a
// URL that the caller has made a file URL where it calls:
//
//	if u.Scheme == "file" { return openURL(u) }
//	func openURL(u *url.URL) { os.Open(u.Path) }
func (c *checker) callerChecksScheme(f *flow, u types.Object) bool {
	decl, ok := f.root.Node().(*ast.FuncDecl)
	if !ok {
		return false
	}
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	i := paramIndex(fn, u)
	if i < 0 {
		return false
	}
	for _, use := range c.packageFlow().useIndex()[fn] {
		call := callOf(use)
		if call == nil || i >= len(call.Args) {
			continue
		}
		arg := identOf(call.Args[i])
		if arg == nil {
			continue
		}
		if obj := c.pass.TypesInfo.Uses[arg]; obj != nil && c.isURL(obj.Type()) && c.checksScheme(c.flowAt(use), obj, call.Pos()) {
			return true
		}
	}
	return false
}

// paramIndex returns the index of the parameter v of fn, or -1.
func paramIndex(fn *types.Func, v types.Object) int {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}
