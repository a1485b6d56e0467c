package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
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
		if sel, ok := ast.Unparen(a).(*ast.SelectorExpr); ok && sel.Sel.Name == "Path" {
			if id := identOf(sel.X); id != nil && c.isURL(c.pass.TypesInfo.TypeOf(id)) {
				url = c.pass.TypesInfo.Uses[id]
				break
			}
		}
	}
	if url == nil || !c.enabled(PathFromURL) || !takesOSPath(c.callee(call)) || c.notWindows(call.Pos()) {
		return
	}
	if c.intoURL(cur) {
		return
	}
	body := funcBody(cur)
	if body == nil || !c.fileURL(body, url, call.Pos()) || c.handlesDrive(body, url) {
		return
	}
	c.pass.Report(analysis.Diagnostic{Pos: call.Pos(), End: call.End(), Category: string(PathFromURL), Message: pathReadMessage})
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

// fileURL reports whether body makes the URL variable u a file URL where
// pos is: it compares u.Scheme with "file", switches on it with pos in
// the case "file", or assigns u the result of url.Parse of "file:" text.
func (c *checker) fileURL(body *ast.BlockStmt, u types.Object, pos token.Pos) bool {
	isScheme := func(e ast.Expr) bool {
		sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Scheme" && identOf(sel.X) != nil && c.pass.TypesInfo.Uses[identOf(sel.X)] == u
	}
	isFile := func(e ast.Expr) bool {
		s, ok := c.stringConst(e)
		return ok && strings.EqualFold(s, "file")
	}
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				found = found || isScheme(n.X) && isFile(n.Y) || isScheme(n.Y) && isFile(n.X)
			}
		case *ast.CallExpr:
			if pkg, name := c.callee(n); pkg == "strings" && name == "EqualFold" && len(n.Args) == 2 {
				found = found || isScheme(n.Args[0]) && isFile(n.Args[1]) || isScheme(n.Args[1]) && isFile(n.Args[0])
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && isScheme(n.Tag) {
				for _, s := range n.Body.List {
					cc := s.(*ast.CaseClause)
					for _, e := range cc.List {
						found = found || isFile(e) && cc.Pos() <= pos && pos < cc.End()
					}
				}
			}
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if id := identOf(lhs); id != nil && (c.pass.TypesInfo.Defs[id] == u || c.pass.TypesInfo.Uses[id] == u) {
					found = found || c.parsesFileText(n.Rhs[min(i, len(n.Rhs)-1)])
				}
			}
		}
		return !found
	})
	return found
}

// parsesFileText reports whether e is url.Parse of text that starts with
// "file:": a constant, or a concatenation whose first operand is one.
func (c *checker) parsesFileText(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
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

// handlesDrive reports whether body looks at runtime.GOOS or
// filepath.VolumeName, or trims the slash off the Path of u, as code that
// turns /C:/x into C:\x does.
func (c *checker) handlesDrive(body *ast.BlockStmt, u types.Object) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if obj, ok := c.pass.TypesInfo.Uses[n.Sel]; ok && obj.Pkg() != nil {
				p, name := obj.Pkg().Path(), obj.Name()
				found = found || p == "runtime" && name == "GOOS" || p == "path/filepath" && name == "VolumeName"
			}
		case *ast.CallExpr:
			pkg, name := c.callee(n)
			if pkg == "strings" && (name == "TrimPrefix" || name == "TrimLeft") && len(n.Args) == 2 {
				if sel, ok := ast.Unparen(n.Args[0]).(*ast.SelectorExpr); ok && sel.Sel.Name == "Path" {
					found = found || identOf(sel.X) != nil && c.pass.TypesInfo.Uses[identOf(sel.X)] == u
				}
			}
		}
		return !found
	})
	return found
}
