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

// callee returns the package path and name of the function or method
// that call calls, such as ("strings", "TrimPrefix") or ("net/url",
// "URL.String"), or empty strings.
func (c *checker) callee(call *ast.CallExpr) (pkg, name string) {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	return funcName(fn)
}

// funcName returns the package path and name of the function or method
// fn (see callee), or empty strings.
func funcName(fn *types.Func) (pkg, name string) {
	if fn == nil || fn.Pkg() == nil {
		return "", ""
	}
	name = fn.Name()
	if recv := recvTypeName(fn); recv != "" {
		name = recv + "." + name
	}
	return fn.Pkg().Path(), name
}

// recvTypeName returns the name of the named type of the receiver of the
// method fn, through a pointer, or "" for a function.
func recvTypeName(fn *types.Func) string {
	recv := fn.Signature().Recv()
	if recv == nil {
		return ""
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := t.(*types.Named); ok {
		return n.Obj().Name()
	}
	return ""
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

// intConst returns the value of the integer constant e.
func (c *checker) intConst(e ast.Expr) (int64, bool) {
	tv, ok := c.pass.TypesInfo.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// identOf returns the identifier e is, or nil.
func identOf(e ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(e).(*ast.Ident)
	return id
}

// isURL reports whether t is net/url.URL or a pointer to it.
func (c *checker) isURL(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "net/url" && n.Obj().Name() == "URL"
}

// isConstString reports whether n is a literal, a parenthesized or
// concatenated expression with a constant string value.
func (c *checker) isConstString(n ast.Node) bool {
	switch n.(type) {
	case *ast.BasicLit, *ast.BinaryExpr, *ast.ParenExpr:
	default:
		return false
	}
	tv, ok := c.pass.TypesInfo.Types[n.(ast.Expr)]
	return ok && tv.Value != nil && tv.Value.Kind() == constant.String
}

// callOf1 returns the call that e is when it has one argument, or nil.
func callOf1(e ast.Expr) *ast.CallExpr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil
	}
	return call
}

// isBuiltin reports whether fun names the built-in function name.
func (c *checker) isBuiltin(fun ast.Expr, name string) bool {
	b, ok := c.pass.TypesInfo.Uses[identOf(fun)].(*types.Builtin)
	return ok && b.Name() == name
}

// importedFunc returns the object pkg.name, such as strings.HasPrefix, of
// a package that the package imports, or nil.
func (c *checker) importedFunc(pkg, name string) types.Object {
	for _, p := range c.pass.Pkg.Imports() {
		if p.Path() == pkg {
			return p.Scope().Lookup(name)
		}
	}
	return nil
}

// callOf returns the call of the function that the identifier at use
// names, qualified (strings.HasPrefix) or not, or nil.
func callOf(use inspector.Cursor) *ast.CallExpr {
	fun := use
	if sel, ok := use.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == use.Node() {
		fun = use.Parent()
	}
	call, ok := fun.Parent().Node().(*ast.CallExpr)
	if !ok || call.Fun != fun.Node() {
		return nil
	}
	return call
}

// mayHoldFile reports whether e is a constant string expression whose
// value holds "file:" or is the scheme name "file" (as an operand of
// fmt.Sprintf("%s://%s", "file", p)).
func (c *checker) mayHoldFile(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BasicLit:
		return e.Kind == token.STRING && (indexFold(e.Value, "file:") >= 0 || strings.EqualFold(e.Value, `"file"`))
	case *ast.Ident:
		return c.constHoldsFile(e)
	case *ast.SelectorExpr:
		return c.constHoldsFile(e.Sel)
	case *ast.BinaryExpr:
		return e.Op == token.ADD && (c.mayHoldFile(e.X) || c.mayHoldFile(e.Y))
	case *ast.CompositeLit: // the parts of strings.Join
		return slices.ContainsFunc(e.Elts, c.mayHoldFile)
	case *ast.CallExpr: // a conversion such as string(prefix)
		return len(e.Args) == 1 && c.mayHoldFile(e.Args[0])
	}
	return false
}

// constHoldsFile reports whether id names a string constant that holds
// "file:" or is the scheme name "file".
func (c *checker) constHoldsFile(id *ast.Ident) bool {
	k, ok := c.pass.TypesInfo.Uses[id].(*types.Const)
	if !ok || k.Val().Kind() != constant.String {
		return false
	}
	v := constant.StringVal(k.Val())
	return indexFold(v, "file:") >= 0 || strings.EqualFold(v, "file")
}

// textConst returns the text of e when it is known before the program
// runs: a constant string, or fmt.Sprintf or Sprint of constants, such
// as a scheme prefix built at run time from a constant,
//
//	prefix := fmt.Sprintf("%s://", fileScheme)
//
// given directly or as the sole value of a local variable (cur is where
// e is).
func (c *checker) textConst(cur inspector.Cursor, e ast.Expr) (string, bool) {
	if s, ok := c.stringConst(e); ok {
		return s, true
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		call, ok = c.soleDefinition(c.flowAt(cur), e).(*ast.CallExpr)
	}
	if !ok || len(call.Args) == 0 {
		return "", false
	}
	var args []string
	for _, a := range call.Args {
		s, ok := c.stringConst(a)
		if !ok {
			return "", false
		}
		args = append(args, s)
	}
	switch pkg, name := c.callee(call); {
	case pkg != "fmt":
	case name == "Sprint":
		return strings.Join(args, ""), true // constant strings: no spaces between
	case name == "Sprintf":
		return sprintConst(args[0], args[1:])
	}
	return "", false
}

// sprintConst returns what fmt.Sprintf gives for the format and the
// string operands when its verbs are only plain %s, %v and %%.
func sprintConst(format string, args []string) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			b.WriteByte(format[i])
			continue
		}
		if i+1 == len(format) {
			return "", false
		}
		i++
		switch format[i] {
		case '%':
			b.WriteByte('%')
		case 's', 'v':
			if len(args) == 0 {
				return "", false
			}
			b.WriteString(args[0])
			args = args[1:]
		default:
			return "", false
		}
	}
	return b.String(), len(args) == 0
}

// isSlice reports whether e is a slice.
func (c *checker) isSlice(e ast.Expr) bool { return underlyingIs[*types.Slice](c.pass.TypesInfo, e) }

// underlyingIs reports whether the type of e has an underlying type of
// the kind T, such as *types.Map.
func underlyingIs[T types.Type](info *types.Info, e ast.Expr) bool {
	t := info.TypeOf(e)
	if t == nil {
		return false
	}
	_, ok := t.Underlying().(T)
	return ok
}
