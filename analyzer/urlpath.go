package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"

	"github.com/fileurilint/fileurilint/fileuri"
)

// checkURL reports url.URL values with Scheme "file" that make a wrong
// URI, in composite literals and in assignments to the fields of a
// variable whose Scheme is set to "file" in the same function:
//
//	url.URL{Scheme: "file", Host: "C:"}                      drive-authority
//	url.URL{Scheme: "file", User: url.UserPassword(u, pw)}   password
//	url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}     url-path
//
// The node n, a composite literal or an assignment, is at cur.
func (c *checker) checkURL(cur inspector.Cursor, n ast.Node) {
	switch n := n.(type) {
	case *ast.CompositeLit:
		c.checkURLLiteral(cur, n)
	case *ast.AssignStmt:
		if len(n.Lhs) != len(n.Rhs) {
			return
		}
		for i, lhs := range n.Lhs {
			sel, ok := lhs.(*ast.SelectorExpr)
			if !ok {
				continue
			}
			if f := sel.Sel.Name; (f == "Host" || f == "User" || f == "Path") &&
				c.isURL(c.pass.TypesInfo.TypeOf(sel.X)) && c.fileSchemeSet(cur, sel.X) {
				c.checkField(cur, f, n.Rhs[i])
			}
		}
	}
}

// checkURLLiteral checks the fields of lit when it is a url.URL literal
// with Scheme "file".
func (c *checker) checkURLLiteral(cur inspector.Cursor, lit *ast.CompositeLit) {
	if !hasSchemeKey(lit) || !c.isURL(c.pass.TypesInfo.TypeOf(lit)) {
		return
	}
	fields := make(map[string]ast.Expr)
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id := identOf(kv.Key); id != nil {
				fields[id.Name] = kv.Value
			}
		}
	}
	if !c.isFileScheme(fields["Scheme"]) {
		return
	}
	if omit, ok := fields["OmitHost"].(*ast.Ident); ok && c.pass.TypesInfo.Uses[omit] == types.Universe.Lookup("true") {
		return // written "file:" + path, SQLite's name: not evidently a file URI
	}
	for _, f := range []string{"Host", "User", "Path"} {
		if v := fields[f]; v != nil && (f != "Path" || fields["Host"] == nil) {
			c.checkField(cur, f, v) // String adds the slash after a host
		}
	}
}

// hasSchemeKey reports whether the composite literal sets a field named
// Scheme, which a url.URL of a file URI does: a cheap test before its type.
func hasSchemeKey(lit *ast.CompositeLit) bool {
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id, ok := kv.Key.(*ast.Ident); ok && id.Name == "Scheme" {
				return true
			}
		}
	}
	return false
}

// fileSchemeSet reports whether the local variable x gets Scheme "file"
// in the declaration around cur: x.Scheme = "file", or x :=
// url.URL{Scheme: "file"}.
func (c *checker) fileSchemeSet(cur inspector.Cursor, x ast.Expr) bool {
	v := c.localVar(x)
	if v == nil {
		return false
	}
	f := c.flowAt(cur)
	return slices.ContainsFunc(f.assigned[v], c.compositeScheme) ||
		slices.ContainsFunc(f.fields[v], func(fv fieldValue) bool { return fv.field == "Scheme" && c.isFileScheme(fv.value) })
}

// isFileScheme reports whether e is the constant "file", in any case.
func (c *checker) isFileScheme(e ast.Expr) bool {
	s, ok := c.stringConst(e)
	return ok && strings.EqualFold(s, "file")
}

// compositeScheme reports whether d, a definition, is a url.URL literal,
// or its address, whose Scheme is "file".
func (c *checker) compositeScheme(d ast.Node) bool {
	e, ok := d.(ast.Expr)
	if !ok {
		return false
	}
	e = ast.Unparen(e)
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		e = ast.Unparen(u.X)
	}
	lit, ok := e.(*ast.CompositeLit)
	if !ok {
		return false
	}
	for _, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id := identOf(kv.Key); id != nil && id.Name == "Scheme" && c.isFileScheme(kv.Value) {
				return true
			}
		}
	}
	return false
}

// checkField checks the value v of the field of a file url.URL.
func (c *checker) checkField(cur inspector.Cursor, field string, v ast.Expr) {
	switch field {
	case "Host":
		c.checkHost(v)
	case "User":
		c.checkUser(v)
	case "Path":
		c.checkPath(cur, v)
	}
}

// checkPath reports the Path v of a file url.URL when it is an OS path,
// in a file that builds for Windows, unless the function handles the
// drive itself: it looks at the platform (see looksAtPlatform), or gives
// the URL's Path another value (u.Path = "/" + u.Path).
func (c *checker) checkPath(cur inspector.Cursor, v ast.Expr) {
	if !c.enabled(URLPath) || c.notWindows(v.Pos()) || c.looksAtPlatform(c.flowAt(cur)) || c.pathSetAgain(cur, v) {
		return
	}
	if osPath := c.osPath(cur, v, 0) || c.pathParam(cur, v); osPath {
		c.report(analysis.Diagnostic{
			Pos: v.Pos(), End: v.End(), Category: string(URLPath),
			Message: `file URL Path is an OS path: on Windows C:\x gives "file://C:%5Cx"; use fileuri.FromPath`,
		})
	}
}

// pathSetAgain reports whether the url.URL whose Path v is, a literal
// or a variable's field at cur, is a local variable whose Path is given
// a value other than v in its function.
func (c *checker) pathSetAgain(cur inspector.Cursor, v ast.Expr) bool {
	var u *types.Var
	switch n := cur.Node().(type) {
	case *ast.AssignStmt: // u.Path = v
		for _, lhs := range n.Lhs {
			if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "Path" {
				u = c.localVar(sel.X)
			}
		}
	case *ast.CompositeLit: // u := &url.URL{Path: v}
		at := cur
		if p, ok := at.Parent().Node().(*ast.UnaryExpr); ok && p.Op == token.AND {
			at = at.Parent()
		}
		switch p := at.Parent().Node().(type) {
		case *ast.AssignStmt:
			if i := slices.Index(p.Rhs, at.Node().(ast.Expr)); i >= 0 && len(p.Lhs) == len(p.Rhs) {
				u = varOf(c.pass.TypesInfo, p.Lhs[i])
			}
		case *ast.ValueSpec:
			if i := slices.Index(p.Values, at.Node().(ast.Expr)); i >= 0 && len(p.Names) == len(p.Values) {
				u = varOf(c.pass.TypesInfo, p.Names[i])
			}
		}
	}
	return u != nil && slices.ContainsFunc(c.flowAt(cur).fields[u], func(fv fieldValue) bool {
		return fv.field == "Path" && fv.value != v
	})
}

// checkHost reports the Host v of a file url.URL when it is a drive
// letter: a constant "C:", or filepath.VolumeName.
func (c *checker) checkHost(v ast.Expr) {
	s, ok := c.stringConst(v)
	if ok && c.exemptTestLiteral(v) {
		return // a test's malformed URL, written on purpose
	}
	drive := ok && len(s) == 2 && isLetter(s[0]) && (s[1] == ':' || s[1] == '|')
	if call, isCall := ast.Unparen(v).(*ast.CallExpr); isCall {
		pkg, name := c.callee(call)
		drive = pkg == "path/filepath" && name == "VolumeName"
	}
	if drive {
		c.report(analysis.Diagnostic{
			Pos: v.Pos(), End: v.End(), Category: string(fileuri.DriveAuthority),
			Message: `file URL has a drive letter as its Host; it belongs in the Path: "/C:/x"`,
		})
	}
}

// checkUser reports the User v of a file url.URL when it is
// url.UserPassword, with a fix to url.User.
func (c *checker) checkUser(v ast.Expr) {
	call, ok := ast.Unparen(v).(*ast.CallExpr)
	if !ok || len(call.Args) != 2 || !c.enabled(fileuri.Password) {
		return
	}
	if pkg, name := c.callee(call); pkg != "net/url" || name != "UserPassword" {
		return
	}
	if _, isConst := c.stringConst(call.Args[1]); isConst && c.exemptTestLiteral(call) {
		return
	}
	d := analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: string(fileuri.Password),
		Message: "file URL has a password in userinfo; a file URI must not hold one",
	}
	if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
		// url.UserPassword(u, pw) -> url.User(u)
		d.SuggestedFixes = []analysis.SuggestedFix{{
			Message: "Replace with url.User, without the password",
			TextEdits: []analysis.TextEdit{
				{Pos: sel.Sel.Pos(), End: sel.Sel.End(), NewText: []byte("User")},
				{Pos: call.Args[0].End(), End: call.Args[1].End()},
			},
		}}
	}
	c.report(d)
}

// pathParam reports whether e is the path parameter of a helper that
// turns a path into a URI, used as it came:
//
//	func pathToURI(path string) string {
//		u := url.URL{Scheme: "file", Path: path}
//		return u.String()
//	}
//
// The function's name holds "URI" or "URL", the parameter's name "path"
// or "file" (any case), and the function neither assigns nor tests it.
func (c *checker) pathParam(cur inspector.Cursor, e ast.Expr) bool {
	id := identOf(e)
	if id == nil {
		return false
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || !types.Identical(v.Type(), types.Typ[types.String]) {
		return false
	}
	var fn *ast.FuncDecl
	for f := range cur.Enclosing((*ast.FuncDecl)(nil)) {
		fn = f.Node().(*ast.FuncDecl)
	}
	if fn == nil || fn.Body == nil {
		return false
	}
	name := strings.ToLower(fn.Name.Name)
	pname := strings.ToLower(v.Name())
	if !strings.Contains(name, "uri") && !strings.Contains(name, "url") ||
		!strings.Contains(pname, "path") && !strings.Contains(pname, "file") {
		return false
	}
	isParam := false
	for _, field := range fn.Type.Params.List {
		for _, n := range field.Names {
			isParam = isParam || c.pass.TypesInfo.Defs[n] == v
		}
	}
	f := c.flowAt(cur)
	if !isParam || c.tested(f, v) {
		return false
	}
	return !f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
		switch p := use.Parent().Node().(type) {
		case *ast.AssignStmt:
			return slices.Contains(p.Lhs, ast.Expr(id))
		case *ast.UnaryExpr:
			return p.Op == token.AND
		}
		return false
	})
}
