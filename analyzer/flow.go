package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
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
