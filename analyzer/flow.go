package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/ast/inspector"
)

// This file holds the little data flow the analyzer needs: what each
// variable is assigned and where each object is used. The questions a
// check asks about a site are answered from an index of the top-level
// declaration around it (a function with the function literals in it),
// built the first time a check asks; the variables of the package are
// answered from an index of the whole package. Each declaration is read
// once however many sites it holds.

// A flow indexes the variables and uses of one part of the package.
type flow struct {
	root inspector.Cursor // the part: a top-level declaration, or the package
	info *types.Info
	// assigned holds what each variable is given: the right-hand side of
	// an assignment (the call, when it gives several results), a range
	// statement that sets it, or nil for the zero value of a declaration
	// without a value.
	assigned map[*types.Var][]ast.Node
	// unknown holds the variables also set in a way assigned does not
	// show: parameters, results and receivers, v += x, or their address
	// taken.
	unknown map[*types.Var]bool
	// fields holds, for each variable, the values its fields are given,
	// as in u.Scheme = "file".
	fields map[*types.Var][]fieldValue
	// uses holds the identifiers that refer to each object, found on
	// first use (see useIndex).
	uses map[types.Object][]inspector.Cursor
	// straight is what lastValue needs, built on its first question.
	straight *straightIndex
	// tested caches the answers of checker.tested.
	tested map[*types.Var]bool
	// percent caches whether the part compares a value with '%':
	// 0 not known yet, 1 no, 2 yes.
	percent int
	// encoder caches checker.encodesURI the same way.
	encoder int
	// heads holds, for each text as types.ExprString writes it, the
	// comparisons of a head of it with a constant (s[:7] == "file://"),
	// built on first question (see checker.comparedHeads).
	heads map[string][]headCompare
	// schemeNames holds the identifiers named for a scheme (scheme,
	// Schema), built on first question (see checker.schemeNames).
	schemeNames *[]inspector.Cursor
}

// A fieldValue is a value given to a field of a variable.
type fieldValue struct {
	field string
	value ast.Expr
}

// flowAt returns the index of the top-level declaration around cur.
func (c *checker) flowAt(cur inspector.Cursor) *flow {
	for p := cur; ; p = p.Parent() {
		parent := p.Parent()
		if _, ok := parent.Node().(*ast.File); ok || parent.Node() == nil {
			return c.flowOf(p)
		}
	}
}

// packageFlow returns the index of the whole package.
func (c *checker) packageFlow() *flow {
	return c.flowOf(c.root)
}

// flowOf returns the index of the part at root, built on first use.
func (c *checker) flowOf(root inspector.Cursor) *flow {
	if f, ok := c.flows[root.Node()]; ok {
		return f
	}
	f := &flow{
		root:     root,
		info:     c.pass.TypesInfo,
		assigned: make(map[*types.Var][]ast.Node),
		unknown:  make(map[*types.Var]bool),
		fields:   make(map[*types.Var][]fieldValue),
	}
	info := c.pass.TypesInfo
	for cur := range root.Preorder(flowNodes...) {
		switch n := cur.Node().(type) {
		case *ast.AssignStmt:
			f.assign(info, n)
		case *ast.ValueSpec:
			f.declare(info, n)
		case *ast.RangeStmt:
			for _, e := range []ast.Expr{n.Key, n.Value} {
				if v := varOf(info, e); v != nil {
					f.assigned[v] = append(f.assigned[v], n)
				}
			}
		case *ast.UnaryExpr:
			if v := varOf(info, n.X); v != nil && n.Op == token.AND {
				f.unknown[v] = true
			}
		case *ast.FuncDecl:
			f.given(info, n.Recv)
		case *ast.FuncType:
			f.given(info, n.Params)
			f.given(info, n.Results)
		}
	}
	c.flows[root.Node()] = f
	return f
}

var flowNodes = []ast.Node{
	(*ast.AssignStmt)(nil),
	(*ast.ValueSpec)(nil),
	(*ast.RangeStmt)(nil),
	(*ast.UnaryExpr)(nil),
	(*ast.FuncDecl)(nil),
	(*ast.FuncType)(nil),
}

// varOf returns the variable that e names or declares, or nil.
func varOf(info *types.Info, e ast.Expr) *types.Var {
	id := identOf(e)
	if id == nil {
		return nil
	}
	obj := info.Defs[id]
	if obj == nil {
		obj = info.Uses[id]
	}
	v, _ := obj.(*types.Var)
	return v
}

// assign records the values an assignment gives its variables.
func (f *flow) assign(info *types.Info, as *ast.AssignStmt) {
	for i, lhs := range as.Lhs {
		if sel, ok := ast.Unparen(lhs).(*ast.SelectorExpr); ok && len(as.Rhs) == len(as.Lhs) && as.Tok == token.ASSIGN {
			if v := varOf(info, sel.X); v != nil {
				f.fields[v] = append(f.fields[v], fieldValue{sel.Sel.Name, as.Rhs[i]})
			}
			continue
		}
		v := varOf(info, lhs)
		switch {
		case v == nil:
		case as.Tok != token.ASSIGN && as.Tok != token.DEFINE:
			f.unknown[v] = true // v += x
		default:
			f.assigned[v] = append(f.assigned[v], valueOf(as.Rhs, i, len(as.Lhs)))
		}
	}
}

// valueOf returns the value given to the i-th of n names: the i-th of
// values, or the one call that gives them all (a, err := f()).
func valueOf(values []ast.Expr, i, n int) ast.Expr {
	if len(values) == n {
		return values[i]
	}
	return values[0]
}

// declare records the values a declaration gives its variables.
func (f *flow) declare(info *types.Info, spec *ast.ValueSpec) {
	for i, name := range spec.Names {
		v, ok := info.Defs[name].(*types.Var)
		switch {
		case !ok:
		case len(spec.Values) == len(spec.Names) || len(spec.Values) == 1:
			f.assigned[v] = append(f.assigned[v], valueOf(spec.Values, i, len(spec.Names)))
		case len(spec.Values) == 0:
			f.assigned[v] = append(f.assigned[v], nil) // var s string: the zero value
		default:
			f.unknown[v] = true
		}
	}
}

// given records the variables of a parameter, result or receiver list,
// which the caller sets.
func (f *flow) given(info *types.Info, fields *ast.FieldList) {
	if fields == nil {
		return
	}
	for _, field := range fields.List {
		for _, name := range field.Names {
			if v, ok := info.Defs[name].(*types.Var); ok {
				f.unknown[v] = true
			}
		}
	}
}

// definitions returns what the variable v is given (see flow.assigned),
// or false when it is also set in a way these do not show or is never
// given a value.
func (f *flow) definitions(v *types.Var) ([]ast.Node, bool) {
	defs := f.assigned[v]
	return defs, !f.unknown[v] && len(defs) > 0
}

// useIndex returns the identifiers that refer to each object in the
// part, found on the first call.
func (f *flow) useIndex() map[types.Object][]inspector.Cursor {
	if f.uses == nil {
		f.uses = make(map[types.Object][]inspector.Cursor)
		for cur := range f.root.Preorder((*ast.Ident)(nil)) {
			if obj := f.info.Uses[cur.Node().(*ast.Ident)]; obj != nil {
				f.uses[obj] = append(f.uses[obj], cur)
			}
		}
	}
	return f.uses
}

// someUse reports whether pred holds for a use of obj, an identifier at
// the cursor it is given.
func (f *flow) someUse(obj types.Object, pred func(use inspector.Cursor, id *ast.Ident) bool) bool {
	for _, use := range f.useIndex()[obj] {
		if pred(use, use.Node().(*ast.Ident)) {
			return true
		}
	}
	return false
}

// comparesPercent reports whether the part compares a value with the
// constant '%', as code that scans text for escapes does.
func (f *flow) comparesPercent() bool {
	if f.percent == 0 {
		f.percent = 1
		for cur := range f.root.Preorder((*ast.BinaryExpr)(nil)) {
			if b := cur.Node().(*ast.BinaryExpr); b.Op == token.EQL && (isPercent(f.info, b.X) || isPercent(f.info, b.Y)) {
				f.percent = 2
				break
			}
		}
	}
	return f.percent == 2
}

// isPercent reports whether e is an integer constant of value '%'.
func isPercent(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Compare(tv.Value, token.EQL, constant.MakeInt64('%'))
}

// localVar returns the local variable that e names or declares, or nil.
func (c *checker) localVar(e ast.Expr) *types.Var {
	v := varOf(c.pass.TypesInfo, ast.Unparen(e))
	if v == nil || v.IsField() || v.Parent() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	return v
}

// definedAs reports whether e names a local variable whose every
// definition (see flow.definitions) satisfies pred: an expression, or nil
// for the zero value; a range statement satisfies none.
func (c *checker) definedAs(f *flow, e ast.Expr, pred func(x ast.Expr) bool) bool {
	v := c.localVar(e)
	if v == nil {
		return false
	}
	defs, ok := f.definitions(v)
	return ok && !slices.ContainsFunc(defs, func(d ast.Node) bool {
		if d == nil {
			return !pred(nil)
		}
		x, isExpr := d.(ast.Expr)
		return !isExpr || !pred(x)
	})
}

// someDefinition reports whether e names a local variable one of whose
// definitions (see flow.definitions) is an expression that satisfies pred.
func (c *checker) someDefinition(f *flow, e ast.Expr, pred func(x ast.Expr) bool) bool {
	v := c.localVar(e)
	if v == nil {
		return false
	}
	defs, _ := f.definitions(v)
	return slices.ContainsFunc(defs, func(d ast.Node) bool {
		x, ok := d.(ast.Expr)
		return ok && pred(x)
	})
}

// soleDefinition returns the only definition in f of the local variable
// e names (see flow.definitions), or nil.
func (c *checker) soleDefinition(f *flow, e ast.Expr) ast.Node {
	v := c.localVar(e)
	if v == nil {
		return nil
	}
	defs, ok := f.definitions(v)
	if !ok || len(defs) != 1 {
		return nil
	}
	return defs[0]
}

// packageVarValues returns the values that x takes when it names a
// variable of the package, unexported, that is only ever assigned whole,
// as in
//
//	var urlPrefix string
//	func init() { if runtime.GOOS == "windows" { urlPrefix = "/C:" } }
//
// with nil for its zero value; or nil when x is no such variable.
func (c *checker) packageVarValues(x ast.Expr) []ast.Expr {
	id := identOf(x)
	if id == nil {
		return nil
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || v.Exported() || v.Pkg() != c.pass.Pkg || v.Parent() != c.pass.Pkg.Scope() {
		return nil
	}
	defs, ok := c.packageFlow().definitions(v)
	if !ok {
		return nil
	}
	values := make([]ast.Expr, len(defs))
	for i, d := range defs {
		if d != nil {
			e, isExpr := d.(ast.Expr)
			if !isExpr {
				return nil // for urlPrefix = range list
			}
			values[i] = e
		}
	}
	return values
}

// maxLookBack bounds the statements lastValue reads back from one use,
// so that a long block of uses costs linear time.
const maxLookBack = 32

// lastValue returns the value the local variable v, named by e, was last
// given in the code that runs straight to e: the nearest assignment
// before e in its block or an enclosing one. It returns nil when that
// value is not known so: a statement between them may set v another way
// (in a branch, by v += x), a loop around e sets v, e is in a function
// literal, v may be set where the code does not show it (see setAside),
// or the assignment lies more than maxLookBack statements back.
func (c *checker) lastValue(f *flow, v *types.Var, e ast.Expr) ast.Expr {
	id, _ := e.(*ast.Ident)
	idx := f.straightIndex()
	use, ok := idx.useAt[id]
	if !ok || idx.setAside(v, use) {
		return nil
	}
	info := c.pass.TypesInfo
	budget := maxLookBack
	for cur := use; ; {
		parent := cur.Parent()
		switch p := parent.Node().(type) {
		case nil, *ast.FuncDecl, *ast.FuncLit:
			return nil
		case *ast.BlockStmt, *ast.CaseClause, *ast.CommClause:
			if isClause(cur.Node()) {
				if idx.setsBeside(info, parent, cur, v) { // another case
					return nil
				}
				break
			}
			for s, ok := cur.PrevSibling(); ok; s, ok = s.PrevSibling() {
				if budget--; budget < 0 {
					return nil // a long way back: left to the definitions
				}
				if x, ok := assignedIn(info, s.Node(), v); ok {
					return x
				}
				if idx.sets(info, s.Node(), v) {
					return nil
				}
			}
		case *ast.ForStmt, *ast.RangeStmt:
			if idx.sets(info, p, v) {
				return nil
			}
		default:
			// An if, switch or select: its init may set v, and a branch
			// that does not run before e is left unread.
			if idx.setsBeside(info, parent, cur, v) {
				return nil
			}
		}
		cur = parent
	}
}

// A straightIndex is what lastValue needs of a part: the cursor of each
// use of a variable, the variables whose address is taken, the function
// literals that set each variable, and whether a goto may run code
// again.
type straightIndex struct {
	useAt     map[*ast.Ident]inspector.Cursor
	addressed map[*types.Var]bool
	litSets   map[*types.Var][]inspector.Cursor
	hasGoto   bool
	setsOf    map[setsKey]bool // see straightIndex.sets
}

// straightIndex returns the index lastValue reads, built on its first
// question: most parts never ask one.
func (f *flow) straightIndex() *straightIndex {
	if f.straight != nil {
		return f.straight
	}
	x := &straightIndex{
		useAt:     make(map[*ast.Ident]inspector.Cursor),
		addressed: make(map[*types.Var]bool),
		litSets:   make(map[*types.Var][]inspector.Cursor),
		setsOf:    make(map[setsKey]bool),
	}
	for obj, uses := range f.useIndex() {
		if _, isVar := obj.(*types.Var); isVar {
			for _, use := range uses {
				x.useAt[use.Node().(*ast.Ident)] = use
			}
		}
	}
	for cur := range f.root.Preorder(setterNodes...) {
		if b, ok := cur.Node().(*ast.BranchStmt); ok {
			x.hasGoto = x.hasGoto || b.Tok == token.GOTO
			continue
		}
		_, address := cur.Node().(*ast.UnaryExpr)
		for _, v := range varsSet(f.info, cur.Node()) {
			if address {
				x.addressed[v] = true
				continue
			}
			for lit := range cur.Enclosing((*ast.FuncLit)(nil)) {
				x.litSets[v] = append(x.litSets[v], lit)
			}
		}
	}
	f.straight = x
	return x
}

// setAside reports whether the variable v may be set where lastValue
// cannot see from use: its address is taken, a function literal that
// does not hold the use sets it, or a goto may run code again.
func (x *straightIndex) setAside(v *types.Var, use inspector.Cursor) bool {
	return x.hasGoto || x.addressed[v] ||
		slices.ContainsFunc(x.litSets[v], func(lit inspector.Cursor) bool { return !lit.Contains(use) })
}

// setsBeside reports whether a child of parent other than cur may set
// the variable v.
func (x *straightIndex) setsBeside(info *types.Info, parent, cur inspector.Cursor, v *types.Var) bool {
	for child := range parent.Children() {
		if child != cur && x.sets(info, child.Node(), v) {
			return true
		}
	}
	return false
}

// sets reports whether the code of n may set the variable v (see sets),
// read once for each node and variable: the uses of a variable in one
// loop ask of the same loop.
func (x *straightIndex) sets(info *types.Info, n ast.Node, v *types.Var) bool {
	key := setsKey{n, v}
	found, ok := x.setsOf[key]
	if !ok {
		found = sets(info, n, v)
		x.setsOf[key] = found
	}
	return found
}

// A setsKey is a node and a variable it may set.
type setsKey struct {
	n ast.Node
	v *types.Var
}

// isClause reports whether n is a case of a switch or select.
func isClause(n ast.Node) bool {
	switch n.(type) {
	case *ast.CaseClause, *ast.CommClause:
		return true
	}
	return false
}

// assignedIn returns the value the statement n gives the variable v when
// n is a plain assignment or declaration of v: a, err := f() gives a the
// call f().
func assignedIn(info *types.Info, n ast.Node, v *types.Var) (ast.Expr, bool) {
	switch n := n.(type) {
	case *ast.AssignStmt:
		if n.Tok != token.ASSIGN && n.Tok != token.DEFINE {
			return nil, false
		}
		i := slices.IndexFunc(n.Lhs, func(e ast.Expr) bool { return varOf(info, e) == v })
		if i < 0 || slices.IndexFunc(n.Lhs[i+1:], func(e ast.Expr) bool { return varOf(info, e) == v }) >= 0 {
			return nil, false // v, v = a, b: the last one holds
		}
		return valueOf(n.Rhs, i, len(n.Lhs)), true
	case *ast.DeclStmt:
		gen, _ := n.Decl.(*ast.GenDecl)
		if gen == nil {
			return nil, false
		}
		for _, spec := range gen.Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok {
				continue
			}
			for i, name := range vs.Names {
				if info.Defs[name] == v && len(vs.Values) > 0 {
					return valueOf(vs.Values, i, len(vs.Names)), true
				}
			}
		}
	}
	return nil, false
}

// sets reports whether the code of n may set the variable v: an
// assignment, declaration, increment or range of v, or its address.
func sets(info *types.Info, n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		found = found || slices.Contains(varsSet(info, n), v)
		return !found
	})
	return found
}

// onlyRead reports whether the identifier at cur is read and nothing
// more: not assigned, through a field or an index or whole, nor its
// address taken, nor handed to a call that may change what it holds.
func (c *checker) onlyRead(cur inspector.Cursor) bool {
	for {
		switch p := cur.Parent().Node().(type) {
		case *ast.SelectorExpr, *ast.IndexExpr, *ast.ParenExpr:
			cur = cur.Parent()
			continue
		case *ast.AssignStmt:
			return !slices.Contains(p.Lhs, cur.Node().(ast.Expr))
		case *ast.IncDecStmt:
			return false
		case *ast.RangeStmt:
			return p.X == cur.Node()
		case *ast.UnaryExpr:
			return p.Op != token.AND
		case *ast.CallExpr:
			_, isBasic := c.pass.TypesInfo.TypeOf(cur.Node().(ast.Expr)).Underlying().(*types.Basic)
			return isBasic // a string is copied; a slice, a map or a struct's pointer may be changed
		}
		return true
	}
}

// setterNodes are the nodes that may set a variable (see varsSet), and a
// goto, which may run an assignment again.
var setterNodes = []ast.Node{
	(*ast.AssignStmt)(nil),
	(*ast.ValueSpec)(nil),
	(*ast.IncDecStmt)(nil),
	(*ast.RangeStmt)(nil),
	(*ast.UnaryExpr)(nil),
	(*ast.BranchStmt)(nil),
}

// varsSet returns the variables that the node n itself sets, not its
// children: the left of an assignment, the names of a declaration, the
// operand of an increment, the key and value of a range, the operand of
// &, which may be set through the pointer.
func varsSet(info *types.Info, n ast.Node) []*types.Var {
	var exprs []ast.Expr
	switch n := n.(type) {
	case *ast.AssignStmt:
		exprs = n.Lhs
	case *ast.ValueSpec:
		for _, id := range n.Names {
			exprs = append(exprs, id)
		}
	case *ast.IncDecStmt:
		exprs = []ast.Expr{n.X}
	case *ast.RangeStmt:
		exprs = []ast.Expr{n.Key, n.Value}
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			exprs = []ast.Expr{n.X}
		}
	}
	var vs []*types.Var
	for _, e := range exprs {
		if v := varOf(info, e); v != nil {
			vs = append(vs, v)
		}
	}
	return vs
}
