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
		if !hasSchemeKey(n) || !c.isURL(c.pass.TypesInfo.TypeOf(n)) {
			return
		}
		fields := make(map[string]ast.Expr)
		for _, elt := range n.Elts {
			if kv, ok := elt.(*ast.KeyValueExpr); ok {
				if id := identOf(kv.Key); id != nil {
					fields[id.Name] = kv.Value
				}
			}
		}
		if s, ok := c.stringConst(fields["Scheme"]); !ok || !strings.EqualFold(s, "file") {
			return
		}
		for _, f := range []string{"Host", "User", "Path"} {
			if v := fields[f]; v != nil && (f != "Path" || fields["Host"] == nil) {
				c.checkField(cur, f, v) // String adds the slash after a host
			}
		}
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

// isURL reports whether t is net/url.URL or a pointer to it.
func (c *checker) isURL(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/url" && n.Obj().Name() == "URL"
}

// fileSchemeSet reports whether the variable x gets Scheme "file" in the
// function around cur: x.Scheme = "file", or x := url.URL{Scheme: "file"}.
func (c *checker) fileSchemeSet(cur inspector.Cursor, x ast.Expr) bool {
	v := c.localVar(x)
	body := funcBody(cur)
	if v == nil || body == nil {
		return false
	}
	isFile := func(e ast.Expr) bool {
		s, ok := c.stringConst(e)
		return ok && strings.EqualFold(s, "file")
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if i >= len(n.Rhs) {
					break
				}
				if sel, ok := lhs.(*ast.SelectorExpr); ok && sel.Sel.Name == "Scheme" && c.localVar(sel.X) == v && isFile(n.Rhs[i]) {
					found = true
				}
				if id := identOf(lhs); id != nil && (c.pass.TypesInfo.Defs[id] == v || c.pass.TypesInfo.Uses[id] == v) {
					found = found || c.compositeScheme(n.Rhs[i], isFile)
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				if c.pass.TypesInfo.Defs[name] == v && i < len(n.Values) {
					found = found || c.compositeScheme(n.Values[i], isFile)
				}
			}
		}
		return !found
	})
	return found
}

// compositeScheme reports whether e is a url.URL literal, or its
// address, whose Scheme satisfies isFile.
func (c *checker) compositeScheme(e ast.Expr, isFile func(ast.Expr) bool) bool {
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
			if id := identOf(kv.Key); id != nil && id.Name == "Scheme" && isFile(kv.Value) {
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
		s, ok := c.stringConst(v)
		drive := ok && len(s) == 2 && isLetter(s[0]) && (s[1] == ':' || s[1] == '|')
		if call, isCall := ast.Unparen(v).(*ast.CallExpr); isCall {
			pkg, name := c.callee(call)
			drive = pkg == "path/filepath" && name == "VolumeName"
		}
		if drive && c.enabled(fileuri.DriveAuthority) {
			c.pass.Report(analysis.Diagnostic{
				Pos: v.Pos(), End: v.End(), Category: string(fileuri.DriveAuthority),
				Message: `file URL has a drive letter as its Host; it belongs in the Path: "/C:/x"`,
			})
		}
	case "User":
		call, ok := ast.Unparen(v).(*ast.CallExpr)
		if !ok || len(call.Args) != 2 || !c.enabled(fileuri.Password) {
			return
		}
		if pkg, name := c.callee(call); pkg != "net/url" || name != "UserPassword" {
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
		c.pass.Report(d)
	case "Path":
		if c.enabled(URLPath) && !c.notWindows(v.Pos()) && (c.osPath(cur, v, 0) || c.pathParam(cur, v)) {
			c.pass.Report(analysis.Diagnostic{
				Pos: v.Pos(), End: v.End(), Category: string(URLPath),
				Message: `file URL Path is an OS path: on Windows C:\x gives "file://C:%5Cx"; use fileuri.FromPath`,
			})
		}
	}
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
	if !isParam || c.tested(fn.Body, v) {
		return false
	}
	return !c.uses(fn.Body, v, func(id *ast.Ident, stack []ast.Node) bool {
		switch p := stack[len(stack)-1].(type) {
		case *ast.AssignStmt:
			return slices.Contains(p.Lhs, ast.Expr(id))
		case *ast.UnaryExpr:
			return p.Op == token.AND
		}
		return false
	})
}

// osPath reports whether e is an OS path as package filepath or os gives
// it (filepath.Abs, Join, Clean, ToSlash, os.Getwd, t.TempDir, ...), or a
// local variable assigned only such paths. A path that the function tests,
// as a guard that adds a slash before a drive letter would, is none.
func (c *checker) osPath(cur inspector.Cursor, e ast.Expr, depth int) bool {
	e = ast.Unparen(e)
	body := funcBody(cur)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.ADD {
		return c.osPath(cur, b.X, depth) // filepath.ToSlash(wd) + "/"
	}
	if call, ok := e.(*ast.CallExpr); ok {
		if !isOSPathFunc(c.callee(call)) || len(call.Args) > 0 && c.slashFirst(body, call.Args[0], 0) {
			return false
		}
		// filepath.ToSlash(p) where p is tested: if filepath.VolumeName(p) != "".
		tested := false
		ast.Inspect(call, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !tested {
				if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok && body != nil {
					tested = c.tested(body, v)
				}
			}
			return !tested
		})
		return !tested
	}
	v := c.localVar(e)
	if v == nil || depth > 2 {
		return false
	}
	defs, ok := c.definitions(body, v)
	if !ok {
		return false
	}
	for _, d := range defs {
		if x, ok := d.(ast.Expr); !ok || !c.osPath(cur, x, depth+1) {
			return false
		}
	}
	return !c.tested(body, v)
}

// slashFirst reports whether the path e evidently starts with a
// separator, so that no drive letter comes first: a constant "/x", a
// concatenation that starts with one or with a Separator, a filepath
// function of such a path, a variable assigned such a path at least once
// (a guard), or one that ranges over constant such paths.
func (c *checker) slashFirst(body *ast.BlockStmt, e ast.Expr, depth int) bool {
	if depth > 3 {
		return false
	}
	e = ast.Unparen(e)
	if s, ok := c.stringConst(e); ok {
		return strings.HasPrefix(s, "/") || strings.HasPrefix(s, `\`)
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		return x.Op == token.ADD && c.slashFirst(body, x.X, depth+1)
	case *ast.SelectorExpr:
		if strings.Contains(x.Sel.Name, "Separator") {
			return true
		}
	case *ast.Ident:
		if strings.Contains(x.Name, "Separator") {
			return true
		}
	case *ast.CallExpr:
		pkg, name := c.callee(x)
		if tv, ok := c.pass.TypesInfo.Types[x.Fun]; ok && tv.IsType() || pkg == "path/filepath" && name != "Abs" {
			return len(x.Args) > 0 && c.slashFirst(body, x.Args[0], depth+1)
		}
		return false
	}
	if values := c.rangeValues(body, e); len(values) > 0 {
		for _, v := range values {
			if !c.slashFirst(body, v, depth+1) {
				return false
			}
		}
		return true
	}
	v := c.localVar(e)
	if v == nil || body == nil {
		return false
	}
	defs, _ := c.definitions(body, v)
	for _, d := range defs {
		if x, ok := d.(ast.Expr); ok && c.slashFirst(body, x, depth+1) {
			return true
		}
	}
	return false
}

// isOSPathFunc reports whether the function pkg.name returns an OS path.
func isOSPathFunc(pkg, name string) bool {
	switch pkg {
	case "path/filepath":
		switch name {
		case "Abs", "Join", "Clean", "ToSlash", "FromSlash", "Dir", "EvalSymlinks":
			return true
		}
	case "os":
		switch name {
		case "Getwd", "TempDir", "UserHomeDir", "Executable", "MkdirTemp":
			return true
		}
	case "testing":
		return strings.HasSuffix(name, ".TempDir")
	}
	return false
}

// tested reports whether body tests the variable v as a guard for a
// drive letter would: in the condition of an if or switch, or with
// strings.HasPrefix, filepath.VolumeName or filepath.IsAbs.
func (c *checker) tested(body *ast.BlockStmt, v *types.Var) bool {
	return c.uses(body, v, func(id *ast.Ident, stack []ast.Node) bool {
		within := func(e ast.Node) bool { return e != nil && e.Pos() <= id.Pos() && id.End() <= e.End() }
		for _, n := range stack {
			switch n := n.(type) {
			case *ast.IfStmt:
				if within(n.Cond) {
					return true
				}
			case *ast.SwitchStmt:
				if within(n.Tag) {
					return true
				}
			case *ast.CallExpr:
				pkg, name := c.callee(n)
				if pkg == "strings" && (name == "HasPrefix" || name == "HasSuffix") ||
					pkg == "path/filepath" && (name == "VolumeName" || name == "IsAbs") {
					return true
				}
			}
		}
		return false
	})
}
