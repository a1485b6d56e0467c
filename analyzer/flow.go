package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// This file holds the little data flow the analyzer needs: what a local
// variable was assigned, inside the function that declares it.

// funcBody returns the body of the function that encloses cur, or nil.
func funcBody(cur inspector.Cursor) *ast.BlockStmt {
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		switch f := f.Node().(type) {
		case *ast.FuncDecl:
			return f.Body
		case *ast.FuncLit:
			return f.Body
		}
	}
	return nil
}

// declBody returns body, the body of a function, when it declares the
// local variable v, or else the body of the function around body that
// does: the function literal of a t.Run uses variables of its caller.
func (c *checker) declBody(body *ast.BlockStmt, v *types.Var) *ast.BlockStmt {
	if body != nil && body.Pos() <= v.Pos() && v.Pos() < body.End() {
		return body
	}
	cur, ok := c.root.FindByPos(v.Pos(), v.Pos())
	if !ok {
		return body
	}
	for f := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		var b *ast.BlockStmt
		switch f := f.Node().(type) {
		case *ast.FuncDecl:
			b = f.Body
		case *ast.FuncLit:
			b = f.Body
		}
		if b != nil && b.Pos() <= v.Pos() && v.Pos() < b.End() {
			return b
		}
	}
	return body
}

// localVar returns the local variable that e names or declares, or nil.
func (c *checker) localVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	obj := c.pass.TypesInfo.Uses[id]
	if obj == nil {
		obj = c.pass.TypesInfo.Defs[id]
	}
	v, ok := obj.(*types.Var)
	if !ok || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// definitions returns what the variable v is given in body: the
// right-hand side of each assignment to it (a call when it receives one
// of several results), each range statement that sets it, and nil for
// the zero value of a declaration without one. It reports
// false when v is also set in a way these do not show: it is a
// parameter, a named result, or its address is taken.
func (c *checker) definitions(body *ast.BlockStmt, v *types.Var) ([]ast.Node, bool) {
	body = c.declBody(body, v)
	if body == nil || !(body.Pos() <= v.Pos() && v.Pos() < body.End()) {
		return nil, false // a parameter or a result
	}
	var defs []ast.Node
	ok := true
	is := func(e ast.Expr) bool {
		id, isID := e.(*ast.Ident)
		return isID && (c.pass.TypesInfo.Defs[id] == v || c.pass.TypesInfo.Uses[id] == v)
	}
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for i, lhs := range n.Lhs {
				if !is(lhs) {
					continue
				}
				switch {
				case n.Tok != token.ASSIGN && n.Tok != token.DEFINE:
					ok = false // v += x
				case len(n.Rhs) == len(n.Lhs):
					defs = append(defs, n.Rhs[i])
				default:
					defs = append(defs, n.Rhs[0])
				}
			}
		case *ast.ValueSpec:
			for i, name := range n.Names {
				switch {
				case !is(name):
				case len(n.Values) == len(n.Names):
					defs = append(defs, n.Values[i])
				case len(n.Values) == 1:
					defs = append(defs, n.Values[0])
				case len(n.Values) == 0:
					defs = append(defs, nil) // var s string: the zero value
				default:
					ok = false
				}
			}
		case *ast.RangeStmt:
			if n.Key != nil && is(n.Key) || n.Value != nil && is(n.Value) {
				defs = append(defs, n)
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && is(n.X) {
				ok = false
			}
		}
		return true
	})
	return defs, ok && len(defs) > 0
}

// uses reports whether pred holds for some use of v in body.
func (c *checker) uses(body *ast.BlockStmt, v *types.Var, pred func(id *ast.Ident, stack []ast.Node) bool) bool {
	body = c.declBody(body, v)
	if body == nil {
		return false
	}
	found := false
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if found {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if id, ok := n.(*ast.Ident); ok && c.pass.TypesInfo.Uses[id] == v && pred(id, stack) {
			found = true
		}
		stack = append(stack, n)
		return true
	})
	return found
}

// callee returns the package path and name of the function or method
// that call calls, such as ("strings", "TrimPrefix") or ("net/url",
// "URL.String"), or empty strings.
func (c *checker) callee(call *ast.CallExpr) (pkg, name string) {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil {
		return "", ""
	}
	name = fn.Name()
	if recv := fn.Signature().Recv(); recv != nil {
		t := recv.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			name = n.Obj().Name() + "." + name
		}
	}
	return fn.Pkg().Path(), name
}

// stringConst returns the value of e when it is a constant string.
func (c *checker) stringConst(e ast.Expr) (string, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.String {
		return "", false
	}
	return constant.StringVal(tv.Value), true
}

// isString reports whether e has type string exactly.
func (c *checker) isString(e ast.Expr) bool {
	return types.Identical(c.pass.TypesInfo.TypeOf(e), types.Typ[types.String])
}

// isStringLike reports whether e has a type whose underlying type is
// string or []byte, which a %s or %v verb prints as text, or an
// interface, which may hold text.
func (c *checker) isStringLike(e ast.Expr) bool {
	t := c.pass.TypesInfo.TypeOf(e)
	if t == nil {
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString != 0
	case *types.Slice:
		b, ok := u.Elem().Underlying().(*types.Basic)
		return ok && b.Kind() == types.Byte
	case *types.Interface:
		return true
	}
	return false
}

// fileScheme returns the length of the scheme prefix s ends with, in
// any case: "file://" (7) or "file:///" (8), with no scheme character
// before it; 0 when s ends with neither.
func fileScheme(s string) int {
	for _, n := range []int{8, 7} {
		if len(s) >= n && strings.EqualFold(s[len(s)-n:], "file:///"[:n]) &&
			(len(s) == n || !isSchemeChar(s[len(s)-n-1])) {
			return n
		}
	}
	return 0
}

// soleDefinition returns the only definition in body of the local
// variable e names (see definitions), or nil.
func (c *checker) soleDefinition(body *ast.BlockStmt, e ast.Expr) ast.Node {
	v := c.localVar(e)
	if v == nil {
		return nil
	}
	defs, ok := c.definitions(body, v)
	if !ok || len(defs) != 1 {
		return nil
	}
	return defs[0]
}
