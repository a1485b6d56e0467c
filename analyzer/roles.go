package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

// A fix to a file URI changes the bytes of a value, which is right only
// where the value is used as a URI. The roles of a value are the ways
// the package uses it, found by following it from where it is written:
// through parentheses, concatenations and conversions, into the
// constants and variables it is given to, up to the use.
//
//	fmt.Printf(base+"%s\n", name)             a format: %20 reads as a verb
//	path.Match("file:///usr/*.[ch]", u)       a pattern: [ch] is no character
//	strings.HasPrefix(u, "file:///C:\\")       a matcher of input, as are ==,
//	case "file://C:/x":                        switch cases and the old strings
//	strings.NewReplacer("file://C:/", ...)     of a Replacer
//	strings.TrimPrefix(dir, "file://")         surgery: the value taken apart
//	strings.HasSuffix(rest, ".ts")            inspected: tested, nothing taken out
//	errors.New("no file://" + p)              a message: text for a person
//
// A value is fixed only when every use the package shows is a URI
// (passed on, stored, returned, parsed, opened, joined into a URI); a
// value used only to recognise input (patterns and matchers) is no URI
// the code writes, and is not reported outside strict mode.
type role uint8

const (
	asURI       role = 1 << iota // passed on, stored, returned: a URI
	asFormat                     // a printf format, through a name or a concatenation
	asPattern                    // a regexp, glob or SQL LIKE pattern
	asMatcher                    // compared with input, searched for, cut off or replaced
	asSurgery                    // taken apart: sliced, measured, cut
	asInspected                  // tested whole: its prefix, suffix or a part looked for
	asMessage                    // text for a person: an error, a log line, a usage
	asPrinted                    // printed to the terminal: a person or a program reads it

	recognisers = asPattern | asMatcher
)

// fixable reports whether a fix to the value keeps every use right: a
// message shows the URI it holds, fixed or not.
func (r role) fixable() bool { return r&^(asURI|asMessage|asPrinted) == 0 }

// onlyRecognises reports whether every use of the value recognises input.
func (r role) onlyRecognises() bool { return r != 0 && r&^recognisers == 0 }

// onlyMessage reports whether every use of the value is text for a
// person: a URI built only for an error or a log line is no URI the
// program uses.
func (r role) onlyMessage() bool { return r != 0 && r&^asMessage == 0 }

// onlyLooked reports whether every use of the value, the rest of a URI
// cut by surgery, tests it, compares it or shows it: it is never read as
// a path.
func (r role) onlyLooked() bool { return r != 0 && r&^(asInspected|asMatcher|asMessage|asPrinted) == 0 }

// maxRoleDepth bounds the constants and variables followed from a value.
const maxRoleDepth = 4

// roles returns the roles of the value of the expression at cur.
func (c *checker) roles(cur inspector.Cursor) role {
	return c.rolesAt(cur, 0, make(map[types.Object]bool))
}

// rolesAt returns the roles of the expression at cur, depth objects
// away from where the value was written; seen holds the objects followed.
func (c *checker) rolesAt(cur inspector.Cursor, depth int, seen map[types.Object]bool) role {
	e := cur.Node().(ast.Expr)
	parent := cur.Parent()
	switch p := parent.Node().(type) {
	case *ast.ParenExpr:
		return c.rolesAt(parent, depth, seen)
	case *ast.BinaryExpr:
		switch p.Op {
		case token.ADD:
			return c.rolesAt(parent, depth, seen) // part of a longer text
		case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
			return asMatcher
		}
	case *ast.CaseClause:
		return asMatcher
	case *ast.SwitchStmt:
		if p.Tag == e {
			return asInspected // the value is compared by the cases
		}
	case *ast.SliceExpr:
		return asSurgery
	case *ast.IndexExpr:
		switch {
		case p.X == e && !c.isStringLike(e):
			return c.rolesAt(parent, depth, seen) // an element of a map or slice
		case p.X == e:
			return asSurgery // a byte of the text
		case c.isMap(p.X):
			return asMatcher // a key looked up
		}
	case *ast.RangeStmt:
		if p.X != e {
			break
		}
		if c.isStringLike(e) {
			return asSurgery // its bytes read one by one
		}
		var r role // the elements go where the variables go
		for _, v := range []ast.Expr{p.Key, p.Value} {
			if id, ok := v.(*ast.Ident); ok && (v == p.Value || c.isMap(e)) {
				r |= c.objectRoles(c.objectOf(id), depth, seen)
			}
		}
		return r
	case *ast.CallExpr:
		if p.Fun != e {
			return c.argRoles(parent, p, e, depth, seen)
		}
	case *ast.SelectorExpr:
		if p.Sel == e {
			return c.rolesAt(parent, depth, seen) // a use of a field: x.f
		}
	case *ast.KeyValueExpr:
		if field := c.packageField(p.Key); p.Value == e && field != nil {
			return c.objectRoles(field, depth, seen) // T{f: v}
		}
		switch {
		case p.Key == e && c.packageField(p.Key) != nil:
			return 0 // the name of a field written: T{f: v}
		case p.Key == e && c.isMap(parent.Parent().Node().(ast.Expr)):
			return asMatcher // a key that input is looked up by
		}
		return c.rolesAt(parent, depth, seen) // an element of a map or slice
	case *ast.CompositeLit:
		return c.rolesAt(parent, depth, seen) // an element: the collection's uses
	case *ast.ReturnStmt:
		return c.returnRoles(parent, depth, seen)
	case *ast.ValueSpec:
		for i, v := range p.Values {
			if v == e && len(p.Names) == len(p.Values) {
				return c.objectRoles(c.pass.TypesInfo.Defs[p.Names[i]], depth, seen)
			}
		}
	case *ast.AssignStmt:
		if slices.Contains(p.Lhs, e) && p.Tok == token.ASSIGN {
			return 0 // written, not read: x.f = v
		}
		for i, v := range p.Rhs {
			if v != e || len(p.Lhs) != len(p.Rhs) {
				continue
			}
			switch lhs := ast.Unparen(p.Lhs[i]).(type) {
			case *ast.Ident:
				return c.objectRoles(c.objectOf(lhs), depth, seen)
			case *ast.SelectorExpr:
				if field := c.packageField(lhs.Sel); field != nil {
					return c.objectRoles(field, depth, seen) // x.f = v
				}
			}
		}
	}
	return asURI
}

// isMap reports whether e is a map.
func (c *checker) isMap(e ast.Expr) bool { return underlyingIs[*types.Map](c.pass.TypesInfo, e) }

// packageField returns the field of a struct type of the package that
// the expression e names, or nil.
func (c *checker) packageField(e ast.Expr) *types.Var {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := c.pass.TypesInfo.Uses[id].(*types.Var)
	if !ok || !v.IsField() || v.Pkg() != c.pass.Pkg {
		return nil
	}
	return v
}

// returnRoles returns the roles of a value returned by the return
// statement at cur: those of the calls of its function, a function of
// the package with one result, that the package makes.
func (c *checker) returnRoles(cur inspector.Cursor, depth int, seen map[types.Object]bool) role {
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		decl, ok := fn.Node().(*ast.FuncDecl)
		if !ok {
			return asURI // a function literal, called where it goes
		}
		obj := c.pass.TypesInfo.Defs[decl.Name]
		if obj == nil || obj.Type().(*types.Signature).Results().Len() != 1 || seen[obj] || depth >= maxRoleDepth {
			return asURI
		}
		seen[obj] = true
		var r role
		for _, use := range c.packageFlow().useIndex()[obj] {
			fun := use
			if sel, ok := use.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == use.Node() {
				fun = use.Parent()
			}
			if call, ok := fun.Parent().Node().(*ast.CallExpr); ok && call.Fun == fun.Node() {
				r |= c.rolesAt(fun.Parent(), depth+1, seen)
			} else {
				r |= asURI // the function is passed on as a value
			}
		}
		if r == 0 {
			return asURI
		}
		return r
	}
	return asURI
}

// objectOf returns the object that id declares or refers to.
func (c *checker) objectOf(id *ast.Ident) types.Object {
	if obj := c.pass.TypesInfo.Defs[id]; obj != nil {
		return obj
	}
	return c.pass.TypesInfo.Uses[id]
}

// objectRoles returns the roles of the uses of obj, a constant or a
// variable given the value, that the package shows; a value it does not
// use is passed on (an exported constant) and so a URI.
func (c *checker) objectRoles(obj types.Object, depth int, seen map[types.Object]bool) role {
	switch obj.(type) {
	case *types.Const, *types.Var:
	default:
		return asURI
	}
	if obj.Name() == "_" || seen[obj] {
		return 0
	}
	if depth >= maxRoleDepth {
		return asURI
	}
	seen[obj] = true
	f := c.packageFlow()
	if obj.Parent() != nil && obj.Parent() != obj.Pkg().Scope() {
		f = c.flowOf(c.declarationOf(obj)) // a local, used in its declaration only
	}
	var r role
	for _, use := range f.useIndex()[obj] {
		r |= c.rolesAt(use, depth+1, seen)
	}
	if r == 0 {
		return asURI
	}
	return r
}

// declarationOf returns the top-level declaration that holds the local
// object obj, or the package when none does.
func (c *checker) declarationOf(obj types.Object) inspector.Cursor {
	for _, f := range c.pass.Files {
		if f.FileStart <= obj.Pos() && obj.Pos() < f.FileEnd {
			for _, d := range f.Decls {
				if d.Pos() <= obj.Pos() && obj.Pos() < d.End() {
					if cur, ok := c.root.FindNode(d); ok {
						return cur
					}
				}
			}
		}
	}
	return c.root
}

// argRoles returns the role of e, an argument of the call at cur.
func (c *checker) argRoles(cur inspector.Cursor, call *ast.CallExpr, e ast.Expr, depth int, seen map[types.Object]bool) role {
	i := argIndex(call, e)
	if i < 0 {
		return asURI // call(xs...)
	}
	if tv, ok := c.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() {
		return c.rolesAt(cur, depth, seen) // a conversion: []byte(s)
	}
	if c.isBuiltin(call.Fun, "len") || c.isBuiltin(call.Fun, "cap") {
		return asSurgery
	}
	if c.isBuiltin(call.Fun, "panic") {
		return asMessage
	}
	fn, lit := c.calleeOf(cur, call)
	if lit != nil {
		if param := litParam(c.pass.TypesInfo, lit, i); param != nil {
			return c.objectRoles(param, depth, seen) // a closure: its uses of the parameter
		}
		return asURI
	}
	switch {
	case isScan(fn):
		return asMatcher // a scanning format matches input: fmt.Sscanf
	case c.isTestFile(call.Pos()) && isAssertion(fn):
		return asMatcher // a test compares it with what the code gives
	case isFormatParam(fn, i):
		return asFormat
	case isPatternParam(fn, i):
		return asPattern
	case isSprint(fn):
		return c.rolesAt(cur, depth, seen) // printed into text that goes where the call goes
	}
	if r := c.messageRole(fn, call, i); r != 0 {
		return r
	}
	pkg, name := funcName(fn)
	switch pkg {
	case "regexp":
		return asPattern
	case "slices", "sort":
		switch name {
		case "Contains", "Index", "BinarySearch", "Equal", "SearchStrings":
			return asMatcher // looked for among input
		}
	case "path", "path/filepath":
		switch name {
		case "Match":
			return [2]role{asPattern, asMatcher}[min(i, 1)]
		case "Glob":
			return asPattern
		}
	case "strings", "bytes":
		if r, ok := textRole(name, i); ok {
			return r
		}
	}
	if param := c.paramOf(fn, i); param != nil {
		return c.objectRoles(param, depth, seen) // a function of the package: its uses of the parameter
	}
	return asURI
}

// calleeOf returns the function that call, at cur, calls: a function or
// method, named or held by a local variable given only it (hp :=
// strings.HasPrefix), or the function literal that such a variable holds.
func (c *checker) calleeOf(cur inspector.Cursor, call *ast.CallExpr) (*types.Func, *ast.FuncLit) {
	if fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func); ok {
		return fn, nil
	}
	switch d := c.soleDefinition(c.flowAt(cur), call.Fun).(type) {
	case *ast.FuncLit:
		return nil, d
	case *ast.Ident:
		fn, _ := c.pass.TypesInfo.Uses[d].(*types.Func)
		return fn, nil
	case *ast.SelectorExpr:
		fn, _ := c.pass.TypesInfo.Uses[d.Sel].(*types.Func)
		return fn, nil
	}
	return nil, nil
}

// litParam returns the parameter of the function literal lit that its
// argument i is given, or nil, as paramOf does.
func litParam(info *types.Info, lit *ast.FuncLit, i int) *types.Var {
	var names []*ast.Ident
	for _, field := range lit.Type.Params.List {
		if _, variadic := field.Type.(*ast.Ellipsis); variadic {
			break
		}
		names = append(names, field.Names...)
	}
	if i >= len(names) {
		return nil
	}
	v, _ := info.Defs[names[i]].(*types.Var)
	return v
}

// paramOf returns the parameter of fn, a function or method declared in
// the package, that its argument i is given, or nil: for the ...
// parameter, whose uses see a slice, and for other packages' functions.
func (c *checker) paramOf(fn *types.Func, i int) *types.Var {
	if fn == nil || fn.Pkg() != c.pass.Pkg {
		return nil
	}
	sig := fn.Signature()
	if n := sig.Params().Len(); i >= n || sig.Variadic() && i >= n-1 {
		return nil
	}
	return sig.Params().At(i)
}

// isAssertion reports whether fn is named as test assertions are
// (c.Assert, assert.Equal, require.Equal, reflect.DeepEqual, cmp.Diff,
// Expect): the values a test gives it are compared with those of the
// code under test, in whatever form that code writes them.
func isAssertion(fn *types.Func) bool {
	if fn == nil {
		return false
	}
	name := strings.ToLower(fn.Name())
	for _, word := range []string{"equal", "assert", "expect", "require", "diff", "match"} {
		if strings.Contains(name, word) {
			return true
		}
	}
	return false
}

// isScan reports whether fn scans input with a format, as fmt.Sscanf
// does: its format text is matched, not printed.
func isScan(fn *types.Func) bool {
	return fn != nil && strings.Contains(strings.ToLower(fn.Name()), "scan")
}

// argIndex returns the index of e among the arguments of call.
func argIndex(call *ast.CallExpr, e ast.Expr) int {
	for i, a := range call.Args {
		if a == e {
			return i
		}
	}
	return -1
}

// textRole returns the role of the argument i of the function name of
// package strings or bytes, when it reads the argument as text to take
// apart (the first) or to look for (the others):
//
//	strings.HasPrefix(s, prefix)      s inspected, prefix a matcher
//	strings.TrimPrefix(s, prefix)     s surgery, prefix a matcher
//	strings.ReplaceAll(s, old, new)   old a matcher, new a URI
//	strings.NewReplacer(old, new...)  the olds matchers, the news URIs
func textRole(name string, i int) (role, bool) {
	switch name {
	case "NewReplacer":
		return [2]role{asMatcher, asURI}[i%2], true
	case "Replace", "ReplaceAll":
		return [3]role{asSurgery, asMatcher, asURI}[min(i, 2)], true
	case "HasPrefix", "HasSuffix", "Contains", "ContainsAny", "ContainsRune", "Count",
		"Index", "IndexAny", "IndexByte", "IndexRune", "LastIndex", "LastIndexAny", "LastIndexByte",
		"EqualFold", "Compare", "Equal",
		"TrimPrefix", "TrimSuffix", "Trim", "TrimLeft", "TrimRight",
		"Cut", "CutPrefix", "CutSuffix",
		"Split", "SplitN", "SplitAfter", "SplitAfterN", "SplitSeq", "SplitAfterSeq":
		switch {
		case i > 0 || name == "EqualFold" || name == "Compare" || name == "Equal":
			return asMatcher, true
		case strings.HasPrefix(name, "Trim") || strings.HasPrefix(name, "Cut") || strings.HasPrefix(name, "Split"):
			return asSurgery, true
		}
		return asInspected, true
	}
	return 0, false
}

// isPatternParam reports whether the parameter i of the function fn is
// named as a pattern, as the glob and matching libraries name it
// (doublestar.Match(pattern, name), gitignore matchers).
func isPatternParam(fn *types.Func, i int) bool {
	if fn == nil || i < 0 {
		return false
	}
	params := fn.Signature().Params()
	if params.Len() == 0 {
		return false
	}
	p := params.At(min(i, params.Len()-1))
	switch strings.ToLower(p.Name()) {
	case "pattern", "patterns", "pat", "glob", "regex", "regexp", "re":
		return true
	}
	return false
}

// likePattern reports whether the text before a URI in a string ends
// inside the quoted operand of an SQL LIKE, ILIKE, GLOB or SIMILAR TO
// operator, as in "WHERE uri LIKE 'file:///home/%'" or "LIKE '%file:/%'":
// the URI is a pattern, its "%" and "_" wildcards.
func likePattern(before string) bool {
	i := strings.LastIndexAny(before, "'\"`")
	if i < 0 {
		return false
	}
	s := strings.ToUpper(strings.TrimRight(before[:i], " \t\r\n"))
	for _, op := range []string{"LIKE", "ILIKE", "GLOB", "SIMILAR TO"} {
		if strings.HasSuffix(s, op) && (len(s) == len(op) || !isSchemeChar(s[len(s)-len(op)-1])) {
			return true
		}
	}
	return false
}

// isSprint reports whether fn is fmt.Sprint, Sprintf or Sprintln, whose
// operands are printed into the text it returns.
func isSprint(fn *types.Func) bool {
	pkg, name := funcName(fn)
	return pkg == "fmt" && (name == "Sprint" || name == "Sprintf" || name == "Sprintln")
}

// messageRole returns the role of the argument i of the call of fn,
// not a function of the package: asMessage when it is text for a person
// to read (an error's text, a log line, a test's log or failure, a
// flag's usage, what is printed to os.Stderr), asPrinted when it is
// printed to the standard output (fmt.Println) or another writer, where
// a program may read it, or 0.
func (c *checker) messageRole(fn *types.Func, call *ast.CallExpr, i int) role {
	if fn == nil || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg {
		return 0
	}
	path, name := fn.Pkg().Path(), fn.Name()
	switch path {
	case "errors":
		if name == "New" {
			return asMessage
		}
	case "fmt":
		switch name {
		case "Errorf":
			return asMessage
		case "Print", "Printf", "Println":
			return asPrinted
		case "Fprint", "Fprintf", "Fprintln":
			if i > 0 {
				return c.streamRole(call.Args[0])
			}
		}
	case "log", "log/slog":
		return asMessage
	case "flag":
		if params := fn.Signature().Params(); i < params.Len() && params.At(i).Name() == "usage" {
			return asMessage
		}
	default:
		if isLoggerMethod(name) && (path == "testing" || loggerPackage(path) || loggerType(fn)) ||
			isLogField(name) && structuredLogger(path) {
			return asMessage
		}
	}
	return 0
}

// isLogField reports whether name is the name of a function or method of
// a logging package that gives a structured log line a field or its
// message: zerolog's Str and Msg, zap's String and Any, logrus's
// WithField, logr's WithValues.
func isLogField(name string) bool {
	switch name {
	case "Str", "Strs", "String", "Strings", "Stringer", "Any", "Interface", "Field", "WithField", "WithValues", "Msg", "Msgf":
		return true
	}
	return false
}

// structuredLogger reports whether the package path is that of a logger
// whose lines take fields: zerolog, zap, logrus, logr, hclog.
func structuredLogger(path string) bool {
	switch path {
	case "github.com/rs/zerolog", "go.uber.org/zap", "github.com/sirupsen/logrus",
		"github.com/go-logr/logr", "github.com/hashicorp/go-hclog":
		return true
	}
	return false
}

// loggerPackage reports whether the last element of the package path
// names a logging package: log, klog, glog, hclog, zerolog, logrus.
func loggerPackage(path string) bool {
	elem := path[strings.LastIndexByte(path, '/')+1:]
	if v := strings.TrimLeft(elem, "v0123456789"); v == "" && strings.Contains(path, "/") {
		elem = strings.TrimSuffix(path, "/"+elem) // a major version: k8s.io/klog/v2
		elem = elem[strings.LastIndexByte(elem, '/')+1:]
	}
	return strings.Contains(strings.ToLower(elem), "log")
}

// loggerType reports whether fn is a method of a type named as a logger
// (Logger, SugaredLogger, LogEntry).
func loggerType(fn *types.Func) bool {
	return strings.Contains(strings.ToLower(recvTypeName(fn)), "log")
}

// streamRole returns the role of text printed to the writer w: asMessage
// for os.Stderr, where a person reads it, and asPrinted for any other
// writer (os.Stdout, a command's output), where a program may.
func (c *checker) streamRole(w ast.Expr) role {
	if sel, ok := ast.Unparen(w).(*ast.SelectorExpr); ok {
		v, ok := c.pass.TypesInfo.Uses[sel.Sel].(*types.Var)
		if ok && v.Pkg() != nil && v.Pkg().Path() == "os" && v.Name() == "Stderr" {
			return asMessage
		}
	}
	return asPrinted
}

// isLoggerMethod reports whether name is the name of a function or
// method that writes a log line or a test's failure, in the style of
// testing.T, logrus, zap's SugaredLogger and klog: Logf, Errorf, Infow,
// Warning.
func isLoggerMethod(name string) bool {
	for _, suffix := range []string{"", "f", "w", "ln"} {
		switch strings.TrimSuffix(name, suffix) {
		case "Log", "Debug", "Info", "Warn", "Warning", "Error", "Fatal", "Panic", "Trace", "Print", "Skip", "Notice":
			return true
		}
	}
	return false
}
