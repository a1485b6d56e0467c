package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ast/inspector"
)

// The constructions of a file URI spread over several calls or
// statements: strings.Join of the parts, a string grown with +=, and a
// strings.Builder or bytes.Buffer written piece by piece.
//
//	strings.Join([]string{"file://", p}, "")
//	s := "file://"; s += p
//	b.WriteString("file://"); b.WriteString(p)

// checkJoin reports strings.Join of a slice literal whose parts put a
// path after a file scheme.
func (c *checker) checkJoin(cur inspector.Cursor, call *ast.CallExpr) {
	lit, ok := ast.Unparen(call.Args[0]).(*ast.CompositeLit)
	sep, isConst := c.stringConst(call.Args[1])
	if !ok || !isConst {
		return
	}
	var ops []operand
	for i, e := range lit.Elts {
		if i > 0 && sep != "" {
			ops = append(ops, operand{text: sep})
		}
		ops = append(ops, operand{expr: e})
	}
	if _, x, msg := c.pathAfterScheme(cur, ops, "strings.Join"); x != nil {
		c.reportConstruction(call, msg, nil)
	}
}

// statements returns the list of statements that holds the statement at
// cur, and its index there, or nil.
func statements(cur inspector.Cursor) ([]ast.Stmt, int) {
	var list []ast.Stmt
	switch p := cur.Parent().Node().(type) {
	case *ast.BlockStmt:
		list = p.List
	case *ast.CaseClause:
		list = p.Body
	case *ast.CommClause:
		list = p.Body
	}
	for i, s := range list {
		if s == cur.Node() {
			return list, i
		}
	}
	return nil, 0
}

// inARow returns the operands of a string built by the statement at cur,
// which writes first, and by the statements that follow it in a row,
// each of which next maps to what it adds (nil ends the row); and the end
// of the last of them.
func inARow(cur inspector.Cursor, first ast.Expr, next func(ast.Stmt) ast.Expr) ([]operand, token.Pos) {
	list, i := statements(cur)
	ops := []operand{{expr: first}}
	last := cur.Node().End()
	for _, s := range list[min(i+1, len(list)):] {
		x := next(s)
		if x == nil {
			break
		}
		ops = append(ops, operand{expr: x})
		last = s.End()
	}
	return ops, last
}

// checkAppend reports a string variable set to a file scheme prefix and
// grown with += by a path in the statements that follow:
//
//	uri := "file://"
//	uri += p
//
// The assignment as is at cur.
func (c *checker) checkAppend(cur inspector.Cursor, as *ast.AssignStmt) {
	oneToOne := len(as.Lhs) == 1 && len(as.Rhs) == 1
	sets := as.Tok == token.DEFINE || as.Tok == token.ASSIGN
	if !oneToOne || !sets || !c.mayHoldFile(as.Rhs[0]) {
		return
	}
	v := c.localVar(as.Lhs[0])
	prefix, ok := c.stringConst(as.Rhs[0])
	if v == nil || !ok || schemeEnd(prefix) == "" {
		return
	}
	ops, last := inARow(cur, as.Rhs[0], func(s ast.Stmt) ast.Expr {
		if add, ok := s.(*ast.AssignStmt); ok && add.Tok == token.ADD_ASSIGN && len(add.Lhs) == 1 && c.localVar(add.Lhs[0]) == v {
			return add.Rhs[0]
		}
		return nil
	})
	if _, x, msg := c.pathAfterScheme(cur, ops, "+="); x != nil {
		c.reportRange(as.Pos(), last, msg)
	}
}

// checkWrites reports a strings.Builder or bytes.Buffer written a file
// scheme prefix and then a path, by WriteString calls in a row:
//
//	b.WriteString("file://")
//	b.WriteString(filepath.ToSlash(p))
//
// The call, whose argument holds "file:", is at cur.
func (c *checker) checkWrites(cur inspector.Cursor, call *ast.CallExpr) {
	recv, ok := c.writeString(call)
	if !ok {
		return
	}
	if prefix, ok := c.stringConst(call.Args[0]); !ok || schemeEnd(prefix) == "" {
		return
	}
	stmt := cur.Parent()
	if _, ok := stmt.Node().(*ast.ExprStmt); !ok {
		return
	}
	ops, last := inARow(stmt, call.Args[0], func(s ast.Stmt) ast.Expr {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			return nil
		}
		if next, ok := ast.Unparen(es.X).(*ast.CallExpr); ok {
			if r, ok := c.writeString(next); ok && r == recv {
				return next.Args[0]
			}
		}
		return nil
	})
	if _, x, msg := c.pathAfterScheme(cur, ops, "WriteString"); x != nil {
		c.reportRange(call.Pos(), last, msg)
	}
}

// writeString reports whether call is WriteString of a strings.Builder or
// bytes.Buffer held by a variable, and returns the variable.
func (c *checker) writeString(call *ast.CallExpr) (types.Object, bool) {
	pkg, name := c.callee(call)
	if !(pkg == "strings" && name == "Builder.WriteString" || pkg == "bytes" && name == "Buffer.WriteString") || len(call.Args) != 1 {
		return nil, false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok {
		return nil, false
	}
	id := identOf(sel.X)
	if id == nil {
		return nil, false
	}
	obj := c.pass.TypesInfo.Uses[id]
	return obj, obj != nil
}
