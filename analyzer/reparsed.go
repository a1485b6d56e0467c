package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
)

// reparsedToOSPath reports whether the function declared by f parses its
// parameter param as a URL again and hands that URL's Path to a function
// that takes an OS path (see takesOSPath), on a way that a path, whose
// URL has no scheme, takes:
//
//	func fromFile(p string) ([]byte, error) {
//		w, err := url.Parse(p)
//		if err != nil {
//			return nil, err
//		}
//		return os.ReadFile(w.Path)
//	}
//
// A caller that hands it the Path of a file URL has it read as URI text
// twice, and /C:/x stays /C:/x. Where the way is not plain the answer is
// no: the parse must be a statement of the function's body, after no if
// on the parameter that leaves; the read must be in the same function,
// under no if, switch or loop that looks at the URL, after no if or
// switch on it that leaves (see looksAt); and the function must not
// handle the drive (see handlesDrive). The answer is kept per parameter.
func (c *checker) reparsedToOSPath(f *flow, param *types.Var) bool {
	if r, ok := c.reparsed[param]; ok {
		return r
	}
	r := f.someUse(param, func(use inspector.Cursor, id *ast.Ident) bool {
		call, ok := use.Parent().Node().(*ast.CallExpr)
		if !ok || len(call.Args) != 1 || call.Args[0] != ast.Expr(id) {
			return false
		}
		if !c.isURLParse(call) {
			return false
		}
		w, stmt := c.parsedInto(f, use.Parent())
		return w != nil && c.plainStart(stmt, param) && c.plainRead(f, w, param, stmt)
	})
	c.reparsed[param] = r
	return r
}

// parsedInto returns the variable that the url.Parse call at cur
// defines, and its statement, when that is the variable's one
// definition: w, err := url.Parse(p), or var w, err = url.Parse(p).
func (c *checker) parsedInto(f *flow, cur inspector.Cursor) (*types.Var, inspector.Cursor) {
	var w *types.Var
	stmt := cur.Parent()
	switch p := stmt.Node().(type) {
	case *ast.AssignStmt:
		if len(p.Rhs) == 1 {
			w = varOf(c.pass.TypesInfo, p.Lhs[0])
		}
	case *ast.ValueSpec:
		if len(p.Values) == 1 {
			w = varOf(c.pass.TypesInfo, p.Names[0])
		}
		stmt = stmt.Parent().Parent() // the DeclStmt
	}
	if defs, known := f.definitions(w); w == nil || !known || len(defs) != 1 {
		return nil, stmt
	}
	return w, stmt
}

// plainStart reports whether the statement at cur is a statement of the
// body of a function, after no if on the parameter param whose body
// leaves (if !strings.HasPrefix(p, "file:") { return }).
func (c *checker) plainStart(cur inspector.Cursor, param *types.Var) bool {
	body, ok := cur.Parent().Node().(*ast.BlockStmt)
	if !ok {
		return false
	}
	switch cur.Parent().Parent().Node().(type) {
	case *ast.FuncDecl, *ast.FuncLit:
	default:
		return false
	}
	for _, s := range body.List {
		if s == cur.Node() {
			return true
		}
		if c.leaves(s) && c.looksAt(heads(s), []types.Object{param}) {
			return false
		}
	}
	return false
}

// plainRead reports whether the function declared by f hands the Path of
// the URL w, parsed from param by the statement at def, to a function
// that takes an OS path, in the function of def, on a way where nothing
// looks at w, at param, or at a variable given a value made from w
// (scheme := strings.ToLower(w.Scheme)): no if, switch or loop around
// the read, and no if or switch before it that leaves, looks at them.
func (c *checker) plainRead(f *flow, w, param *types.Var, def inspector.Cursor) bool {
	objs := []types.Object{w, param}
	for v, defs := range f.assigned {
		for _, d := range defs {
			if e, ok := d.(ast.Expr); ok && v != w && c.mentions(e, w) {
				objs = append(objs, v)
				break
			}
		}
	}
	fn := enclosingFunc(def)
	return f.someUse(w, func(use inspector.Cursor, _ *ast.Ident) bool {
		at := use.Parent()
		if sel, ok := at.Node().(*ast.SelectorExpr); !ok || sel.Sel.Name != "Path" || use.Node().Pos() < def.Node().End() {
			return false
		}
		for b, ok := at.Parent().Node().(*ast.BinaryExpr); ok && b.Op == token.ADD; b, ok = at.Parent().Node().(*ast.BinaryExpr) {
			at = at.Parent() // w.Host + w.Path
		}
		read, ok := at.Parent().Node().(*ast.CallExpr)
		if !ok || argIndex(read, at.Node().(ast.Expr)) < 0 || !takesOSPath(c.callee(read)) || enclosingFunc(at) != fn {
			return false
		}
		for anc := at.Parent(); anc != fn; anc = anc.Parent() {
			if c.looksAround(anc, at.Node(), objs) || c.leftBefore(anc, def.Node(), objs) {
				return false
			}
		}
		return !c.handlesDrive(f, w, read.Pos())
	})
}

// looksAround reports whether the node at anc, around n, chooses whether
// n runs by a look at objs: one of its heads before n (see heads)
// mentions one of them, or it is a select.
func (c *checker) looksAround(anc inspector.Cursor, n ast.Node, objs []types.Object) bool {
	switch s := anc.Node().(type) {
	case *ast.CommClause, *ast.SelectStmt:
		return true // which case runs is not known
	case *ast.CaseClause:
		return c.looksAt(exprNodes(s.List), objs)
	case *ast.IfStmt, *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.ForStmt, *ast.RangeStmt:
		return c.looksAt(slices.DeleteFunc(heads(s.(ast.Stmt)), func(h ast.Node) bool { return h.End() > n.Pos() }), objs)
	}
	return false
}

// heads returns the parts of the statement s that choose which of its
// statements run: the init and condition of an if and of the ifs of its
// else; the init, tag and case lists of a switch; the init, condition
// and post statement of a loop, or what it ranges over; the statement
// itself for any other.
func heads(s ast.Stmt) []ast.Node {
	var hs []ast.Node
	add := func(ns ...ast.Node) {
		for _, n := range ns {
			if n != nil {
				hs = append(hs, n)
			}
		}
	}
	switch s := s.(type) {
	case *ast.IfStmt:
		add(s.Init, s.Cond)
		if elif, ok := s.Else.(*ast.IfStmt); ok {
			hs = append(hs, heads(elif)...)
		}
	case *ast.SwitchStmt:
		add(s.Init, s.Tag)
		for _, cc := range s.Body.List {
			add(exprNodes(cc.(*ast.CaseClause).List)...)
		}
	case *ast.TypeSwitchStmt:
		add(s.Init, s.Assign)
	case *ast.ForStmt:
		add(s.Init, s.Cond, s.Post)
	case *ast.RangeStmt:
		add(s.X)
	default:
		add(s)
	}
	return hs
}

// exprNodes returns the expressions es as nodes.
func exprNodes(es []ast.Expr) []ast.Node {
	ns := make([]ast.Node, len(es))
	for i, e := range es {
		ns[i] = e
	}
	return ns
}

// leftBefore reports whether the node at cur is a statement after which,
// in its list and after def, a statement leaves the function on a look
// at objs (see leaves and heads).
func (c *checker) leftBefore(cur inspector.Cursor, def ast.Node, objs []types.Object) bool {
	list, i := statements(cur)
	return slices.ContainsFunc(list[:i], func(s ast.Stmt) bool {
		return s.Pos() > def.Pos() && c.leaves(s) && c.looksAt(heads(s), objs)
	})
}

// leaves reports whether the statement s holds a statement that leaves
// the code after it (see terminates), outside the function literals it
// holds.
func (c *checker) leaves(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if st, ok := n.(ast.Stmt); ok && c.terminates(st) {
			found = true
		}
		_, lit := n.(*ast.FuncLit)
		return !found && !lit
	})
	return found
}

// looksAt reports whether one of the nodes ns mentions one of objs.
func (c *checker) looksAt(ns []ast.Node, objs []types.Object) bool {
	found := false
	for _, n := range ns {
		ast.Inspect(n, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && slices.Contains(objs, c.pass.TypesInfo.Uses[id]) {
				found = true
			}
			return !found
		})
	}
	return found
}

// enclosingFunc returns the function declaration or literal around cur.
func enclosingFunc(cur inspector.Cursor) inspector.Cursor {
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		return fn
	}
	return inspector.Cursor{}
}
