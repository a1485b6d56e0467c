package analyzer

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// absolutePath returns the expression of type string that is the
// absolute OS path x is, or that x is with its leading slash trimmed
// (strings.TrimPrefix(abs, "/"), TrimLeft), or nil.
func (c *checker) absolutePath(cur inspector.Cursor, x ast.Expr) ast.Expr {
	x = ast.Unparen(x)
	if call, ok := x.(*ast.CallExpr); ok && len(call.Args) == 2 {
		pkg, name := c.callee(call)
		if s, _ := c.stringConst(call.Args[1]); pkg == "strings" && (name == "TrimPrefix" || name == "TrimLeft") && s == "/" {
			x = ast.Unparen(call.Args[0])
		}
	}
	if !c.isString(x) || !c.isAbs(c.flowAt(cur), x, newAbsSearch()) {
		return nil
	}
	return x
}

// An absSearch is the state of one isAbs question: the variables whose
// definitions are being checked, and how many values last given (see
// lastValue) it has followed.
type absSearch struct {
	seen  map[*types.Var]bool
	steps int
}

// maxLastValues bounds the values last given that one isAbs question
// follows back (p = filepath.Join(p, x) repeated), so that long chains
// cost linear time; past it, every value a variable is given must be
// absolute.
const maxLastValues = 8

func newAbsSearch() *absSearch {
	return &absSearch{seen: make(map[*types.Var]bool)}
}

// isAbs reports whether e is evidently an absolute OS path: what
// filepath.Abs, os.Getwd, os.UserHomeDir, os.Executable, os.TempDir or
// t.TempDir give, what os.MkdirTemp gives in such a directory or in the
// default one, the Name of a file that os.CreateTemp made there or that
// os.Create or Open opened by such a path, filepath.Join, Clean,
// ToSlash, FromSlash, Dir or EvalSymlinks of such a path, or a local
// variable last given such a path before e (see lastValue) or assigned
// only such paths (abs = filepath.Clean(abs) included: s.seen holds the
// variables whose definitions are being checked).
func (c *checker) isAbs(f *flow, e ast.Expr, s *absSearch) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		return c.absCall(f, call, s)
	}
	v := c.localVar(e)
	if v == nil {
		return false
	}
	if s.steps < maxLastValues {
		// The value last given lies before e: following it cannot come back.
		if x := c.lastValue(f, v, e); x != nil {
			s.steps++
			return c.isAbs(f, x, s)
		}
	}
	if s.seen[v] {
		return true
	}
	s.seen[v] = true
	return c.definedAs(f, e, func(x ast.Expr) bool { return x != nil && c.isAbs(f, x, s) })
}

// absCall reports whether call gives an evidently absolute OS path (see
// isAbs).
func (c *checker) absCall(f *flow, call *ast.CallExpr, s *absSearch) bool {
	pkg, name := c.callee(call)
	switch {
	case keepsPath(pkg, name):
		return len(call.Args) > 0 && !call.Ellipsis.IsValid() && c.isAbs(f, call.Args[0], s)
	case pkg == "os" && name == "MkdirTemp", pkg == "io/ioutil" && name == "TempDir":
		return c.inAbsDir(f, call, s)
	case pkg == "os" && name == "File.Name":
		// tmp.Name(), of a file that os.CreateTemp made or os.Create
		// opened by an absolute name: Name gives the name it was opened by.
		sel, ok := call.Fun.(*ast.SelectorExpr)
		if !ok {
			return false
		}
		v := c.localVar(sel.X)
		if v == nil || s.seen[v] {
			return v != nil // f, err = os.Open(f.Name()): its other definitions decide
		}
		s.seen[v] = true
		return c.definedAs(f, sel.X, func(x ast.Expr) bool {
			open, ok := ast.Unparen(x).(*ast.CallExpr)
			if !ok || len(open.Args) == 0 {
				return false
			}
			switch pkg, name := c.callee(open); {
			case pkg == "os" && name == "CreateTemp", pkg == "io/ioutil" && name == "TempFile":
				return c.inAbsDir(f, open, s)
			case pkg == "os" && (name == "Create" || name == "Open" || name == "OpenFile"):
				return c.isAbs(f, open.Args[0], s)
			}
			return false
		})
	}
	return givesAbsPath(pkg, name)
}

// inAbsDir reports whether call, of os.MkdirTemp or os.CreateTemp, makes
// its file in the default directory ("") or an evidently absolute one.
func (c *checker) inAbsDir(f *flow, call *ast.CallExpr, s *absSearch) bool {
	dir, isConst := c.stringConst(call.Args[0])
	return isConst && dir == "" || c.isAbs(f, call.Args[0], s)
}

// givesAbsPath reports whether the function pkg.name returns an absolute
// OS path, whatever its arguments.
func givesAbsPath(pkg, name string) bool {
	switch pkg {
	case "path/filepath":
		return name == "Abs"
	case "os":
		switch name {
		case "Getwd", "UserHomeDir", "UserCacheDir", "UserConfigDir", "Executable", "TempDir":
			return true
		}
	case "testing":
		return strings.HasSuffix(name, ".TempDir")
	}
	return false
}

// keepsPath reports whether the function pkg.name returns an OS path made
// from the path of its first argument, absolute when that is.
func keepsPath(pkg, name string) bool {
	if pkg != "path/filepath" {
		return false
	}
	switch name {
	case "Join", "Clean", "ToSlash", "FromSlash", "Dir", "EvalSymlinks":
		return true
	}
	return false
}

// osPath reports whether e is an OS path as package filepath or os gives
// it (filepath.Abs, Join, Clean, ToSlash, os.Getwd, t.TempDir, ...), a
// local variable assigned only such paths, a call of a function of the
// package that returns only such paths, or a field that the package
// opens (see openedField). A path that the function tests,
// as a guard that adds a slash before a drive letter would, is none.
func (c *checker) osPath(cur inspector.Cursor, e ast.Expr, depth int) bool {
	e = ast.Unparen(e)
	f := c.flowAt(cur)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.ADD {
		return c.osPath(cur, b.X, depth) // filepath.ToSlash(wd) + "/"
	}
	if call, ok := e.(*ast.CallExpr); ok {
		if decl, ok := c.packageFunc(call); ok {
			return depth <= 2 && c.returnsOnly(decl, func(cur inspector.Cursor, r ast.Expr) bool { return c.osPath(cur, r, depth+1) })
		}
		if pkg, name := c.callee(call); pkg == "path" && name == "Join" && len(call.Args) > 1 && call.Ellipsis == token.NoPos {
			return c.osPath(cur, call.Args[0], depth+1) // path.Join(wd, name): C:\work/name
		}
		if !isOSPathFunc(c.callee(call)) && !c.slashesByHand(f, call) || len(call.Args) > 0 && c.slashFirst(f, call.Args[0], 0) {
			return false
		}
		// filepath.ToSlash(p) where p is tested: if filepath.VolumeName(p) != "".
		tested := false
		ast.Inspect(call, func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok && !tested {
				if v, ok := c.pass.TypesInfo.Uses[id].(*types.Var); ok {
					tested = c.tested(f, v)
				}
			}
			return !tested
		})
		return !tested
	}
	if sel, ok := e.(*ast.SelectorExpr); ok {
		return c.openedField(sel)
	}
	v := c.localVar(e)
	if v == nil || depth > 2 || c.tested(f, v) {
		return false
	}
	defs, ok := f.definitions(v)
	guard := c.absGuard(f, v)
	some := false
	return (ok || c.paramReplaced(f, v)) && !slices.ContainsFunc(defs, func(d ast.Node) bool {
		x, isExpr := d.(ast.Expr)
		switch {
		case isExpr && x != nil && c.appendsTo(x, v):
			return false // p = p + "/" keeps what p was
		case isExpr && x != nil && c.osPath(cur, x, depth+1):
			some = true
			return false
		case guard != nil && d != nil && d.End() <= guard.Pos():
			return false // made absolute by the guard when it is not "/..."
		}
		return true
	}) && some
}

// appendsTo reports whether x is v + s: the value of v with text after it.
func (c *checker) appendsTo(x ast.Expr, v *types.Var) bool {
	b, ok := ast.Unparen(x).(*ast.BinaryExpr)
	return ok && b.Op == token.ADD && c.localVar(b.X) == v
}

// paramReplaced reports whether v is a parameter of the function f
// whose first statement gives it a new value (p = filepath.ToSlash(p)),
// and which is set no other way than by assignments: what the caller
// passed is seen only through that first value.
func (c *checker) paramReplaced(f *flow, v *types.Var) bool {
	decl, ok := f.root.Node().(*ast.FuncDecl)
	if !ok || decl.Body == nil || len(decl.Body.List) == 0 || v.Parent() != c.pass.TypesInfo.Scopes[decl.Type] {
		return false
	}
	first, ok := decl.Body.List[0].(*ast.AssignStmt)
	if !ok || first.Tok != token.ASSIGN || len(first.Lhs) != 1 || c.localVar(first.Lhs[0]) != v {
		return false
	}
	return !f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
		switch p := use.Parent().Node().(type) {
		case *ast.AssignStmt:
			return slices.Contains(p.Lhs, ast.Expr(id)) && p.Tok != token.ASSIGN
		case *ast.UnaryExpr:
			return p.Op == token.AND
		}
		return false
	})
}

// absGuard returns the if statement of f that makes the variable v
// absolute when path.IsAbs or filepath.IsAbs says it is not (see
// makesAbs), or nil. Before it, v may hold any path: what passes the
// guard unchanged is absolute, a slash first for path.IsAbs and an OS
// path for filepath.IsAbs, and what the guard gives it is judged on its
// own.
//
//	src := path.Join(elems...)
//	if !path.IsAbs(src) {
//		src = path.Join(wd, src)
//	}
func (c *checker) absGuard(f *flow, v *types.Var) *ast.IfStmt {
	var guard *ast.IfStmt
	f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
		if s, ok := use.Parent().Parent().Parent().Node().(*ast.IfStmt); ok && s.Cond.Pos() <= id.Pos() && id.End() <= s.Cond.End() && c.makesAbs(f, s, v) {
			guard = s
		}
		return guard != nil
	})
	return guard
}

// openedField reports whether sel names a string field of a struct of
// the package that the package opens as an OS path: the field is handed
// to a function that takes one (see takesOSPath), or is given a variable
// that its function hands to one, as a constructor that opens a file and
// keeps its name does, in a function that does not look at the platform
// (which may make a slashed path an OS path first); and the field is
// never given a URL's Path, whose slash comes before a drive:
//
//	fs := &FileStream{filepath: path}
//	fs.File, err = os.Open(path)
func (c *checker) openedField(sel *ast.SelectorExpr) bool {
	field, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
	if !ok || !field.IsField() || field.Pkg() != c.pass.Pkg || !types.Identical(field.Type(), types.Typ[types.String]) {
		return false
	}
	if opened, ok := c.openedFields[field]; ok {
		return opened
	}
	opened, fromURL := false, false
	for _, use := range c.packageFlow().useIndex()[field] {
		id := use.Node().(*ast.Ident)
		var value ast.Expr // what the field is given
		switch p := use.Parent().Node().(type) {
		case *ast.KeyValueExpr: // &FileStream{filepath: path}
			if p.Key == ast.Expr(id) {
				value = p.Value
			}
		case *ast.SelectorExpr:
			switch q := use.Parent().Parent().Node().(type) {
			case *ast.CallExpr: // os.Open(fs.filepath)
				opened = opened || argIndex(q, p) >= 0 && takesOSPath(c.callee(q)) && !c.looksAtPlatform(c.flowAt(use))
			case *ast.AssignStmt: // fs.filepath = path
				if i := slices.Index(q.Lhs, ast.Expr(p)); i >= 0 && len(q.Lhs) == len(q.Rhs) {
					value = q.Rhs[i]
				}
			}
		}
		if value == nil {
			continue
		}
		f := c.flowAt(use)
		fromURL = fromURL || c.pathOfURL(value) != nil || c.someDefinition(f, value, func(x ast.Expr) bool { return c.pathOfURL(x) != nil })
		if v := c.localVar(value); v != nil && c.openedAsPath(f, v) && !c.looksAtPlatform(f) {
			opened = true
		}
	}
	opened = opened && !fromURL
	c.openedFields[field] = opened
	return opened
}

// slashFirst reports whether the path e evidently starts with a
// separator, so that no drive letter comes first: a constant "/x", a
// concatenation that starts with one or with a Separator, a path or
// filepath function of such a path, fmt.Sprintf of a format that starts
// with one, a variable assigned such a path at least once (a guard), or
// one that ranges over constant such paths.
func (c *checker) slashFirst(f *flow, e ast.Expr, depth int) bool {
	if depth > 3 {
		return false
	}
	e = ast.Unparen(e)
	if s, ok := c.stringConst(e); ok {
		return strings.HasPrefix(s, "/") || strings.HasPrefix(s, `\`)
	}
	switch x := e.(type) {
	case *ast.BinaryExpr:
		return x.Op == token.ADD && c.slashFirst(f, x.X, depth+1)
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
		if tv, ok := c.pass.TypesInfo.Types[x.Fun]; ok && tv.IsType() || pkg == "path/filepath" && name != "Abs" || pkg == "path" ||
			pkg == "fmt" && name == "Sprintf" {
			return len(x.Args) > 0 && c.slashFirst(f, x.Args[0], depth+1)
		}
		return false
	}
	return c.slashFirstValue(f, e, depth)
}

// slashFirstValue reports whether the variable e ranges over constant
// paths that each start with a separator, or is assigned such a path at
// least once (see slashFirst).
func (c *checker) slashFirstValue(f *flow, e ast.Expr, depth int) bool {
	if values := c.rangeValues(f, e); len(values) > 0 {
		return !slices.ContainsFunc(values, func(v ast.Expr) bool { return !c.slashFirst(f, v, depth+1) })
	}
	return c.someDefinition(f, e, func(x ast.Expr) bool { return c.slashFirst(f, x, depth+1) })
}

// slashesByHand reports whether call turns the backslashes of a path
// into slashes, as filepath.ToSlash does on Windows:
// strings.ReplaceAll(p, `\`, "/") or strings.Replace(p, `\`, "/", -1),
// where p is no field of a url.URL, URI text, nor a variable given one
// in the declaration f.
func (c *checker) slashesByHand(f *flow, call *ast.CallExpr) bool {
	pkg, name := c.callee(call)
	if pkg != "strings" || !(name == "ReplaceAll" && len(call.Args) == 3 || name == "Replace" && len(call.Args) == 4) {
		return false
	}
	urlField := func(x ast.Expr) bool {
		sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
		return ok && c.isURL(c.pass.TypesInfo.TypeOf(sel.X))
	}
	if urlField(call.Args[0]) || c.someDefinition(f, call.Args[0], urlField) {
		return false
	}
	if name == "Replace" {
		if tv := c.pass.TypesInfo.Types[call.Args[3]]; tv.Value == nil || constant.Sign(tv.Value) >= 0 {
			return false // a count of replacements
		}
	}
	old, ok1 := c.stringConst(call.Args[1])
	slash, ok2 := c.stringConst(call.Args[2])
	return ok1 && ok2 && old == `\` && slash == "/"
}

// isOSPathFunc reports whether the function pkg.name returns an OS path.
func isOSPathFunc(pkg, name string) bool {
	return givesAbsPath(pkg, name) || keepsPath(pkg, name) || pkg == "os" && name == "MkdirTemp"
}

// tested reports whether body tests the variable v as a guard for a
// drive letter would: in the condition of an if, the tag of a switch or
// a case of one without a tag, or with strings.HasPrefix, Cut, Index or
// Contains, filepath.VolumeName or filepath.IsAbs. A test that
// makes v absolute when it is not (see makesAbs) guards no drive.
func (c *checker) tested(f *flow, v *types.Var) bool {
	if t, ok := f.tested[v]; ok {
		return t
	}
	if f.tested == nil {
		f.tested = make(map[*types.Var]bool)
	}
	f.tested[v] = f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
		if c.emptinessTest(use) || c.endTest(use, v) {
			return false // if p == "" { return errEmpty }; if p[len(p)-1] != '/'
		}
		within := func(e ast.Node) bool { return e != nil && e.Pos() <= id.Pos() && id.End() <= e.End() }
		if s, ok := use.Parent().Parent().Parent().Node().(*ast.IfStmt); ok && within(s.Cond) && c.makesAbs(f, s, v) {
			return false // !filepath.IsAbs(v)
		}
		for n := range use.Enclosing((*ast.IfStmt)(nil), (*ast.SwitchStmt)(nil), (*ast.CallExpr)(nil)) {
			switch n := n.Node().(type) {
			case *ast.IfStmt:
				if within(n.Cond) {
					return true
				}
			case *ast.SwitchStmt:
				if within(n.Tag) || n.Tag == nil && slices.ContainsFunc(n.Body.List, func(s ast.Stmt) bool {
					return slices.ContainsFunc(s.(*ast.CaseClause).List, func(e ast.Expr) bool { return within(e) })
				}) {
					return true
				}
			case *ast.CallExpr:
				pkg, name := c.callee(n)
				if pkg == "strings" && (name == "HasPrefix" || name == "HasSuffix" || name == "Cut" || strings.HasPrefix(name, "Index") || strings.HasPrefix(name, "Contains")) ||
					pkg == "path/filepath" && (name == "VolumeName" || name == "IsAbs") {
					return true
				}
			}
		}
		return false
	})
	return f.tested[v]
}

// endTest reports whether the use of the string variable v at cur looks
// at its end, which says nothing of a drive: v[len(v)-1], or
// strings.HasSuffix(v, s).
func (c *checker) endTest(cur inspector.Cursor, v *types.Var) bool {
	lastByte := func(ix inspector.Cursor) bool { // v[len(v)-1]
		p, ok := ix.Node().(*ast.IndexExpr)
		if !ok || c.localVar(p.X) != v {
			return false
		}
		last, ok := ast.Unparen(p.Index).(*ast.BinaryExpr)
		if !ok || last.Op != token.SUB || !isOne(c.pass.TypesInfo, last.Y) {
			return false
		}
		n := callOf1(last.X)
		return n != nil && c.isBuiltin(n.Fun, "len") && c.localVar(n.Args[0]) == v
	}
	switch p := cur.Parent().Node().(type) {
	case *ast.IndexExpr:
		return p.X == cur.Node() && lastByte(cur.Parent())
	case *ast.CallExpr:
		if c.isBuiltin(p.Fun, "len") { // the len(v) of v[len(v)-1]
			return lastByte(cur.Parent().Parent().Parent())
		}
		pkg, name := c.callee(p)
		return pkg == "strings" && name == "HasSuffix" && argIndex(p, cur.Node().(ast.Expr)) == 0
	}
	return false
}

// isOne reports whether e is the integer constant 1.
func isOne(info *types.Info, e ast.Expr) bool {
	tv := info.Types[e]
	return tv.Value != nil && tv.Value.Kind() == constant.Int && constant.Compare(tv.Value, token.EQL, constant.MakeInt64(1))
}

// emptinessTest reports whether the use of a string variable at cur
// only asks whether it is empty, which says nothing of a drive: v == "",
// v != "", or len(v) compared with 0.
func (c *checker) emptinessTest(cur inspector.Cursor) bool {
	at := cur
	if call, ok := at.Parent().Node().(*ast.CallExpr); ok && len(call.Args) == 1 {
		if id, isIdent := ast.Unparen(call.Fun).(*ast.Ident); !isIdent || c.pass.TypesInfo.Uses[id] != types.Universe.Lookup("len") {
			return false
		}
		at = at.Parent() // len(v)
	}
	b, ok := at.Parent().Node().(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL && b.Op != token.NEQ && b.Op != token.GTR && b.Op != token.LSS && b.Op != token.GEQ && b.Op != token.LEQ {
		return false
	}
	tv, ok := c.pass.TypesInfo.Types[otherOperand(b.X, b.Y, at.Node())]
	if !ok || tv.Value == nil {
		return false
	}
	switch tv.Value.Kind() {
	case constant.String:
		return constant.StringVal(tv.Value) == ""
	case constant.Int:
		return constant.Sign(tv.Value) == 0
	}
	return false
}

// makesAbs reports whether the if statement s is `if !filepath.IsAbs(v)`
// (or path.IsAbs) and gives v no value that starts with a separator: the test makes a
// relative path absolute (filepath.Abs, a Join onto a base, an error),
// and a drive letter still comes first.
func (c *checker) makesAbs(f *flow, s *ast.IfStmt, v *types.Var) bool {
	not, ok := ast.Unparen(s.Cond).(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT {
		return false
	}
	call, ok := ast.Unparen(not.X).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 || c.localVar(call.Args[0]) != v {
		return false
	}
	if pkg, name := c.callee(call); pkg != "path/filepath" && pkg != "path" || name != "IsAbs" {
		return false
	}
	slashed := false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		if x, ok := assignedIn(c.pass.TypesInfo, n, v); ok && c.slashFirst(f, x, 0) {
			slashed = true
		}
		return !slashed
	})
	return !slashed
}

// takesOSPath reports whether the function pkg.name takes an OS path.
func takesOSPath(pkg, name string) bool {
	switch pkg {
	case "path/filepath":
		switch name {
		case "FromSlash", "Clean", "Abs", "Join", "EvalSymlinks", "Rel", "Dir", "Walk", "WalkDir", "Glob":
			return true
		}
	case "os":
		switch name {
		case "Open", "OpenFile", "ReadFile", "WriteFile", "Stat", "Lstat", "Create", "ReadDir",
			"Remove", "RemoveAll", "Mkdir", "MkdirAll", "Chdir", "DirFS", "Rename", "Chmod",
			"Chtimes", "Truncate", "Readlink", "Symlink", "Link", "OpenRoot":
			return true
		}
	case "io/ioutil":
		return name == "ReadFile" || name == "WriteFile" || name == "ReadDir"
	}
	return false
}

// packageFunc returns the declaration of the function of the package
// that call calls, when it has a body.
func (c *checker) packageFunc(call *ast.CallExpr) (inspector.Cursor, bool) {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() != c.pass.Pkg {
		return inspector.Cursor{}, false
	}
	fn = fn.Origin()
	decl := c.declarationOf(fn)
	d, ok := decl.Node().(*ast.FuncDecl)
	return decl, ok && d.Body != nil && c.pass.TypesInfo.Defs[d.Name] == fn
}

// returnsOnly reports whether the function declared at decl returns, as
// its first result, only values that satisfy pred, each given with the
// cursor of its return statement; the returns of function literals in it
// are not its own.
func (c *checker) returnsOnly(decl inspector.Cursor, pred func(cur inspector.Cursor, r ast.Expr) bool) bool {
	all, some := true, false
	decl.Inspect([]ast.Node{(*ast.FuncLit)(nil), (*ast.ReturnStmt)(nil)}, func(cur inspector.Cursor) bool {
		ret, ok := cur.Node().(*ast.ReturnStmt)
		if !ok || !all {
			return false // a function literal, or an answer known
		}
		some = true
		all = len(ret.Results) > 0 && pred(cur, ret.Results[0])
		return false
	})
	return some && all
}
