package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/edge"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

const (
	pathReadMessage   = "file URL Path used as an OS path: on Windows it is /C:/x and a UNC host is lost; use fileuri.ToPath"
	pathReturnMessage = "file URL Path returned as an OS path: /C:/x on Windows, a UNC host lost; use fileuri.ToPath"
)

// checkPathRead reports the Path of a file URL handed to a function that
// takes an OS path, in a file that builds for Windows:
//
//	u, err := url.Parse(uri)
//	if u.Scheme == "file" {
//		f, err := os.Open(u.Path)                    // /C:/x, not C:\x
//		p := filepath.FromSlash(u.Path)              // \C:\x
//		p = filepath.Join(u.Host, u.Path)            // host\share\x, not \\host\share\x
//
// A function of the package that hands the parameter it is given to one
// of those takes an OS path too: WatchFile(ctx, u.Path); so does a
// function of another module whose parameter is named for a path (see
// pathParamOutside). A call that
// gives a field of a url.URL, URI text, is no use as an OS path. The URL
// must be a file URL there whose drive the code leaves alone (see
// fileURLAt). The call is at cur.
func (c *checker) checkPathRead(cur inspector.Cursor, call *ast.CallExpr) {
	var url types.Object
	arg := -1
	for i, a := range call.Args {
		if url = c.pathOfURL(a); url != nil {
			arg = i
			break
		}
	}
	if url == nil || !c.enabled(PathFromURL) {
		return
	}
	if !takesOSPath(c.callee(call)) && !c.pathParamOutside(call, arg) && (c.outsidePackage(call) || !c.passesToOSPath(call, arg, url)) || c.intoURL(cur) {
		return // not read as an OS path
	}
	if c.fileURLAt(cur, url) {
		c.reportPathFromURL(call, pathReadMessage)
	}
}

// reportPathFromURL reports the read of a file URL's Path at n.
func (c *checker) reportPathFromURL(n ast.Node, msg string) {
	c.report(analysis.Diagnostic{Pos: n.Pos(), End: n.End(), Category: string(PathFromURL), Message: msg})
}

// checkPathAssign reports the Path of a file URL given to a local
// variable that is then handed to a function that takes an OS path:
//
//	p := u.Path
//	p = strings.TrimSuffix(p, "/")
//	f, err := os.Open(p)                          // /C:/x, not C:\x
//
// The uses of the variable are followed in the order they are written,
// through definitions that keep its leading slash (see keepsSlash); any
// other definition, or a slice of it, ends the search. The URL must be
// a file URL where the Path is read, as checkPathRead requires. The
// assignment is at cur.
func (c *checker) checkPathAssign(cur inspector.Cursor, as *ast.AssignStmt) {
	if len(as.Lhs) != len(as.Rhs) || !c.enabled(PathFromURL) {
		return
	}
	for i, rhs := range as.Rhs {
		url := c.pathOfURL(rhs)
		if url == nil {
			continue
		}
		v := c.localVar(as.Lhs[i])
		if v == nil {
			continue
		}
		use, ok := c.osPathUse(c.flowAt(cur), v, as.End())
		if ok && !c.notWindows(use.Node().Pos()) && c.fileURLAt(cur.ChildAt(edge.AssignStmt_Rhs, i), url) {
			c.reportPathFromURL(rhs, pathReadMessage)
		}
	}
}

// osPathUse returns the first use of the variable v after pos that hands
// it to a function that takes an OS path, or returns it from a function
// that gives one (see returnsOSPath), if no definition of v between them
// drops its leading slash and no slice of v after pos does, on any
// branch (path[1:] where the system is Windows).
func (c *checker) osPathUse(f *flow, v *types.Var, pos token.Pos) (inspector.Cursor, bool) {
	if f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
		s, ok := use.Parent().Node().(*ast.SliceExpr)
		return ok && s.X == ast.Expr(id) && id.Pos() > pos
	}) {
		return inspector.Cursor{}, false
	}
	for _, use := range f.useIndex()[v] {
		id := use.Node().(*ast.Ident)
		if id.Pos() < pos || c.otherBranch(use, pos) {
			continue
		}
		switch p := use.Parent().Node().(type) {
		case *ast.CallExpr:
			if as, ok := use.Parent().Parent().Node().(*ast.AssignStmt); ok && slices.ContainsFunc(as.Lhs, func(l ast.Expr) bool { return c.localVar(l) == v }) {
				break // p = filepath.FromSlash(p), followed at its left side
			}
			if argIndex(p, id) >= 0 && takesOSPath(c.callee(p)) {
				return use, true
			}
			if fn, ok := typeutil.Callee(c.pass.TypesInfo, p).(*types.Func); ok && driveName(fn.Name()) {
				return use, false // if hasDrive(p) { ... }
			}
		case *ast.ReturnStmt:
			if c.returnsOSPath(use) {
				return use, true
			}
		case *ast.AssignStmt:
			if !slices.Contains(p.Lhs, ast.Expr(id)) {
				break
			}
			if len(p.Lhs) == len(p.Rhs) && c.keepsSlash(p.Rhs[slices.Index(p.Lhs, ast.Expr(id))], v) {
				break
			}
			return use, false // v is given another value
		case *ast.UnaryExpr:
			return use, false // fixDrive(&p)
		case *ast.IndexExpr:
			return use, false // p[0] == '/' looks at the slash before a drive
		}
	}
	return inspector.Cursor{}, false
}

// otherBranch reports whether the node at cur lies in a branch that
// runs instead of the code at pos, never after it: another case of the
// switch whose case holds pos, with no fallthrough, or the else of the
// if whose body holds pos, where no loop around them runs them again and
// the branch of pos does not end in a return or a jump (after which the
// code that follows the switch is another branch's too).
//
//	switch {
//	case u.Path != "":
//		p = u.Path
//	case u.Opaque != "":
//		p = u.Opaque // another branch
//	}
func (c *checker) otherBranch(cur inspector.Cursor, pos token.Pos) bool {
	in := func(n ast.Node) bool { return n != nil && n.Pos() <= pos && pos < n.End() }
	ends := func(list []ast.Stmt) bool { return len(list) > 0 && c.terminates(list[len(list)-1]) }
	for anc := range cur.Enclosing((*ast.CaseClause)(nil), (*ast.IfStmt)(nil)) {
		other := false
		switch n := anc.Node().(type) {
		case *ast.IfStmt:
			other = in(n.Body) && n.Else != nil && n.Else.Pos() <= cur.Node().Pos() && !ends(n.Body.List)
		case *ast.CaseClause:
			body, ok := anc.Parent().Node().(*ast.BlockStmt)
			if !ok || in(n) || !in(body) {
				continue
			}
			other = !slices.ContainsFunc(body.List, func(s ast.Stmt) bool {
				cc := s.(*ast.CaseClause)
				if len(cc.Body) > 0 {
					br, ok := cc.Body[len(cc.Body)-1].(*ast.BranchStmt)
					if ok && br.Tok == token.FALLTHROUGH {
						return true
					}
				}
				return in(cc) && ends(cc.Body)
			})
		}
		if !other {
			continue
		}
		for range anc.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
			return false // the next pass runs the other branch after pos
		}
		return true
	}
	return false
}

// keepsSlash reports whether e, a new value of the variable v, is v with
// its end trimmed, its dot segments cleaned, its slashes made the OS's
// separators or names joined after it: its leading slash, and a drive
// after it, stay (\C:\x, \C:\x\run).
func (c *checker) keepsSlash(e ast.Expr, v *types.Var) bool {
	same := func(x ast.Expr) bool { return c.localVar(x) == v }
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok && len(call.Args) > 0 && same(call.Args[0]) {
		pkg, name := c.callee(call)
		if pkg == "path/filepath" && (name == "FromSlash" || name == "Clean") && len(call.Args) == 1 ||
			(pkg == "path/filepath" || pkg == "path") && name == "Join" && call.Ellipsis == token.NoPos {
			return true
		}
	}
	return c.trimsEnd(e, same)
}

// trimsEnd reports whether e is a call that trims the end of its first
// argument, one that same holds, or cleans its dot segments:
// strings.TrimRight, TrimSuffix, TrimSpace, path.Clean.
func (c *checker) trimsEnd(e ast.Expr, same func(x ast.Expr) bool) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || !same(call.Args[0]) {
		return false
	}
	switch pkg, name := c.callee(call); pkg {
	case "strings":
		return name == "TrimRight" || name == "TrimSuffix" || name == "TrimSpace"
	case "path":
		return name == "Clean"
	}
	return false
}

// keepsPathSlash reports whether e, a new Path of the URL variable u,
// keeps the slash before a drive: a constant that starts with a slash,
// or the Path with its end trimmed or its dot segments cleaned (see
// trimsEnd).
func (c *checker) keepsPathSlash(e ast.Expr, u *types.Var) bool {
	if s, ok := c.stringConst(e); ok {
		return strings.HasPrefix(s, "/")
	}
	return c.trimsEnd(e, func(x ast.Expr) bool { return c.pathOfURL(x) == types.Object(u) })
}

// checkPathReturn reports the Path of a file URL returned by a function
// whose name says that it gives an OS path (see returnsOSPath):
//
//	func uriToPath(uri string) (string, error) {
//		u, err := url.Parse(uri)
//		...
//		if u.Scheme != "file" {
//			return "", errNotFile
//		}
//		return u.Path, nil                        // /C:/x, not C:\x
//	}
//
// The URL must be a file URL there, as checkPathRead requires. The
// return statement is at cur.
func (c *checker) checkPathReturn(cur inspector.Cursor, ret *ast.ReturnStmt) {
	for i, r := range ret.Results {
		url := c.pathOfURL(r)
		if url == nil || !c.enabled(PathFromURL) || !c.returnsOSPath(cur.ChildAt(edge.ReturnStmt_Results, i)) {
			continue
		}
		if c.fileURLAt(cur, url) {
			c.reportPathFromURL(r, pathReturnMessage)
		}
	}
}

// returnsOSPath reports whether the result at cur, a result of a return
// statement, is a string returned by a function declared with a name
// that says it gives an OS path (see pathFuncName).
func (c *checker) returnsOSPath(cur inspector.Cursor) bool {
	e, ok := cur.Node().(ast.Expr)
	if !ok || !types.Identical(c.pass.TypesInfo.TypeOf(e), types.Typ[types.String]) {
		return false
	}
	for fn := range cur.Enclosing((*ast.FuncDecl)(nil), (*ast.FuncLit)(nil)) {
		decl, ok := fn.Node().(*ast.FuncDecl)
		return ok && pathFuncName(decl.Name.Name)
	}
	return false
}

// pathFuncName reports whether the name of a function says that it gives
// an OS path, by the words after its last To (URIToPath, toFilename),
// before its From (pathFromURL), or of the whole name (localPath): one
// of them names a path, none a URI or URL. A name that is only Path, as
// the accessor of a URL type has, says nothing of the OS.
func pathFuncName(name string) bool {
	words := nameWords(name)
	if len(words) == 1 && strings.EqualFold(words[0], "path") {
		return false
	}
	for i, w := range slices.Backward(words) {
		if strings.EqualFold(w, "to") {
			words = words[i+1:]
			break
		}
		if strings.EqualFold(w, "from") {
			words = words[:i]
			break
		}
	}
	return pathTypeName(strings.Join(words, "_"))
}

// fileURLAt reports whether the URL variable u is a file URL where the
// node at cur uses its Path, in a file that builds for Windows: the
// function checks the scheme (see checksScheme), a caller does (see
// callerChecksScheme) or its name says it takes a file URL (see
// fileURLName), the node is not where u is known to be another URL (see
// notFileHere), and the function does not handle the drive itself (see
// handlesDrive).
func (c *checker) fileURLAt(cur inspector.Cursor, u types.Object) bool {
	pos := cur.Node().Pos()
	if c.notWindows(pos) {
		return false
	}
	f := c.flowAt(cur)
	var file bool
	if c.isFieldURL(u) {
		file = c.guarded(cur, u, pos) // no flow of the field is kept
	} else {
		file = c.checksScheme(f, u, pos) || c.callerChecksScheme(f, u) || fileURLName(f)
	}
	return file && !c.notFileHere(cur, u) && !c.handlesDrive(f, u, pos)
}

// fileURLName reports whether the declaration f is a function whose name
// says that it turns a file URL into a path: fileURLToPath,
// pathFromFileURI; not handleFileURL or downloadFileURL, whose "file
// URL" is often the URL of a file to fetch.
func fileURLName(f *flow) bool {
	decl, ok := f.root.Node().(*ast.FuncDecl)
	if !ok || !pathFuncName(decl.Name.Name) {
		return false
	}
	words := nameWords(decl.Name.Name)
	for i := range len(words) - 1 {
		if strings.EqualFold(words[i], "file") && (strings.EqualFold(words[i+1], "url") || strings.EqualFold(words[i+1], "uri")) {
			return true
		}
	}
	return false
}

// pathOfURL returns the URL u when e is u.Path, or a concatenation that
// holds it, such as u.Host + u.Path; or nil. The URL is a variable or a
// field of one (see urlObject).
func (c *checker) pathOfURL(e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if e.Sel.Name == "Path" && c.isURL(c.pass.TypesInfo.TypeOf(e.X)) {
			return c.urlObject(e.X)
		}
	case *ast.BinaryExpr:
		if e.Op == token.ADD {
			if u := c.pathOfURL(e.X); u != nil {
				return u
			}
			return c.pathOfURL(e.Y)
		}
	}
	return nil
}

// A fieldURL is a URL held in a field of a variable: cfg.URL.
type fieldURL struct {
	v     types.Object // cfg
	field types.Object // URL
}

// urlObject returns the object of the URL that e names: the variable u,
// or for cfg.URL one object that stands for the field URL of the
// variable cfg (see someURLUse); or nil.
func (c *checker) urlObject(e ast.Expr) types.Object {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return c.pass.TypesInfo.Uses[e]
	case *ast.SelectorExpr:
		sel, ok := c.pass.TypesInfo.Selections[e]
		id := identOf(e.X)
		if !ok || sel.Kind() != types.FieldVal || id == nil || c.pass.TypesInfo.Uses[id] == nil || !c.isURL(sel.Obj().Type()) {
			return nil
		}
		key := fieldURL{c.pass.TypesInfo.Uses[id], sel.Obj()}
		if u, ok := c.fieldURLs[key]; ok {
			return u
		}
		u := types.NewVar(e.Pos(), c.pass.Pkg, id.Name+"."+e.Sel.Name, sel.Obj().Type())
		c.fieldURLs[key] = u
		c.fieldURLKeys[u] = key
		return u
	}
	return nil
}

// isFieldURL reports whether u stands for the URL field of a variable
// (see urlObject).
func (c *checker) isFieldURL(u types.Object) bool {
	_, ok := c.fieldURLKeys[u]
	return ok
}

// someURLUse reports whether pred holds of a use of the URL u in the
// declaration f, at the expression that names it (see urlObject): u, or
// cfg.URL when u stands for that field.
func (c *checker) someURLUse(f *flow, u types.Object, pred func(use inspector.Cursor) bool) bool {
	key, isField := c.fieldURLKeys[u]
	if !isField {
		return f.someUse(u, func(use inspector.Cursor, _ *ast.Ident) bool { return pred(use) })
	}
	return f.someUse(key.field, func(use inspector.Cursor, id *ast.Ident) bool {
		sel, ok := use.Parent().Node().(*ast.SelectorExpr)
		return ok && sel.Sel == id && c.urlObject(sel) == u && pred(use.Parent())
	})
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

// outsidePackage reports whether call calls a function of another
// package than the one analyzed, or no known function: only a function
// of the package can be followed to the os or filepath call it hands a
// path to.
func (c *checker) outsidePackage(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	return !ok || fn.Pkg() != c.pass.Pkg
}

// pathParamOutside reports whether call calls a function of a module
// outside the standard library, not one of URIs or URLs, whose name says
// it opens or reads what it is given (NewFileStream, LoadConfig,
// ReadManifest; see opensByName) and whose parameter i, a string, is
// named for a file path (path, filename, dir; see pathTypeName). Its
// body is not read: both names are the evidence. A name alone is not:
// path is as often a URL's path (uri.From(scheme, host, path, ...)).
func (c *checker) pathParamOutside(call *ast.CallExpr, i int) bool {
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Pkg() == c.pass.Pkg || c.standard(fn.Pkg()) ||
		!opensByName(fn.Name()) || uriFunc(fn) || uriPackage(fn.Pkg()) {
		return false
	}
	params := fn.Signature().Params()
	if i >= params.Len() || fn.Signature().Variadic() && i >= params.Len()-1 {
		return false
	}
	p := params.At(i)
	return types.Identical(p.Type(), types.Typ[types.String]) && pathTypeName(p.Name())
}

// standard reports whether pkg is of the standard library: the first
// element of its path has no dot, and is not the first element of the
// package analyzed (a module named "rais" has packages "rais/src/img").
func (c *checker) standard(pkg *types.Package) bool {
	first := func(path string) string { return strings.Split(path, "/")[0] }
	return !strings.Contains(first(pkg.Path()), ".") && first(pkg.Path()) != first(c.pass.Pkg.Path())
}

// uriPackage reports whether an element of the path of pkg names URIs
// or URLs: go.lsp.dev/uri, github.com/x/urlutil.
func uriPackage(pkg *types.Package) bool {
	return slices.ContainsFunc(strings.Split(pkg.Path(), "/"), func(elem string) bool {
		elem = strings.ToLower(elem)
		return strings.Contains(elem, "uri") || strings.Contains(elem, "url")
	})
}

// uriFunc reports whether the name of the function fn, or of the type
// of its receiver, says that it works on a URI or URL: a method of a
// type URI, ParseURI, FromURL.
func uriFunc(fn *types.Func) bool {
	words := append(nameWords(fn.Name()), nameWords(recvTypeName(fn))...)
	return slices.ContainsFunc(words, func(w string) bool {
		return strings.EqualFold(w, "uri") || strings.EqualFold(w, "url")
	})
}

// opensByName reports whether one of the words of a function's name says
// that it opens or reads a file: Open, Read, Load, Stat, Stream, Watch.
func opensByName(name string) bool {
	return slices.ContainsFunc(nameWords(name), func(w string) bool {
		switch strings.ToLower(w) {
		case "open", "read", "load", "stat", "stream", "watch":
			return true
		}
		return false
	})
}

// checksScheme reports whether the declaration f makes the URL variable
// u a file URL where pos is: it compares u.Scheme with "file", switches
// on it with pos in the case "file", or assigns u the result of
// url.Parse of "file:" text; or reads it under an if whose condition is
// a helper of the package that compares the Scheme of its parameter
// with "file" (if isFile(u) { ... }; see guarded). When u is a parameter
// of f, callerChecksScheme looks at the callers.
func (c *checker) checksScheme(f *flow, u types.Object, pos token.Pos) bool {
	if v, ok := u.(*types.Var); ok && slices.ContainsFunc(f.assigned[v], func(d ast.Node) bool {
		e, isExpr := d.(ast.Expr)
		return isExpr && c.parsesFileText(e)
	}) {
		return true
	}
	return c.someURLUse(f, u, func(use inspector.Cursor) bool {
		if _, ok := use.Parent().Node().(*ast.CallExpr); ok {
			return c.guarded(use, u, pos)
		}
		sel, ok := use.Parent().Node().(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Scheme" && c.comparedWithFile(use.Parent(), pos)
	})
}

// comparedWithFile reports whether the scheme at cur (u.Scheme, or the
// scheme of a split) is compared with "file" or switched on, with pos in
// a case "file" or after one that falls out of the switch.
func (c *checker) comparedWithFile(cur inspector.Cursor, pos token.Pos) bool {
	for _, ok := cur.Parent().Node().(*ast.ParenExpr); ok; _, ok = cur.Parent().Node().(*ast.ParenExpr) {
		cur = cur.Parent()
	}
	switch p := cur.Parent().Node().(type) {
	case *ast.BinaryExpr: // u.Scheme == "file"
		return (p.Op == token.EQL || p.Op == token.NEQ) && c.isFileScheme(otherOperand(p.X, p.Y, cur.Node()))
	case *ast.CallExpr: // strings.EqualFold(u.Scheme, "file")
		pkg, name := c.callee(p)
		return pkg == "strings" && name == "EqualFold" && len(p.Args) == 2 &&
			c.isFileScheme(otherOperand(p.Args[0], p.Args[1], cur.Node()))
	case *ast.SwitchStmt: // switch u.Scheme { case "file": ... }
		return p.Tag == cur.Node() && (inFileCase(c, p, pos) || p.End() <= pos && fileCaseFallsOut(c, p))
	}
	return false
}

// otherOperand returns the one of x and y that is not e.
func otherOperand(x, y ast.Expr, e ast.Node) ast.Expr {
	if x == e {
		return y
	}
	return x
}

// inFileCase reports whether pos lies in a case "file" of the switch s.
func inFileCase(c *checker, s *ast.SwitchStmt, pos token.Pos) bool {
	for _, stmt := range s.Body.List {
		cc := stmt.(*ast.CaseClause)
		if cc.Pos() <= pos && pos < cc.End() && slices.ContainsFunc(cc.List, c.isFileScheme) {
			return true
		}
	}
	return false
}

// fileCaseFallsOut reports whether the switch s has a case "file" whose
// body does not end in a return, a branch or a panic: the code after the
// switch reads a file URL too.
//
//	switch u.Scheme {
//	case "file":
//		// ok
//	default:
//		return errScheme
//	}
//	name := filepath.Join(u.Host, u.Path)
func fileCaseFallsOut(c *checker, s *ast.SwitchStmt) bool {
	for _, stmt := range s.Body.List {
		cc := stmt.(*ast.CaseClause)
		if slices.ContainsFunc(cc.List, c.isFileScheme) {
			return len(cc.Body) == 0 || !c.terminates(cc.Body[len(cc.Body)-1])
		}
	}
	return false
}

// terminates reports whether the statement s, the last of a block,
// leaves the code that follows: a return, a continue or goto, a
// labelled break, a call of panic, os.Exit, log.Fatal or Panic, or a
// test's Fatal, FailNow or Skip, or an if and else that both leave. An
// unlabelled break leaves only the switch.
func (c *checker) terminates(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return s.Tok != token.BREAK || s.Label != nil
	case *ast.IfStmt:
		last := func(b *ast.BlockStmt) bool { return len(b.List) > 0 && c.terminates(b.List[len(b.List)-1]) }
		switch e := s.Else.(type) {
		case *ast.BlockStmt:
			return last(s.Body) && last(e)
		case *ast.IfStmt:
			return last(s.Body) && c.terminates(e)
		}
	case *ast.ExprStmt:
		call, ok := s.X.(*ast.CallExpr)
		if !ok {
			return false
		}
		if id, isIdent := ast.Unparen(call.Fun).(*ast.Ident); isIdent {
			_, builtin := c.pass.TypesInfo.Uses[id].(*types.Builtin)
			return builtin && id.Name == "panic"
		}
		pkg, name := c.callee(call)
		return pkg == "os" && name == "Exit" ||
			pkg == "log" && (strings.Contains(name, "Fatal") || strings.Contains(name, "Panic")) ||
			pkg == "testing" && (strings.Contains(name, "Fatal") || strings.Contains(name, "FailNow") || strings.Contains(name, "Skip"))
	}
	return false
}

// parsesFileText reports whether e is url.Parse of text that starts with
// "file:": a constant, or a concatenation whose first operand is one.
func (c *checker) parsesFileText(e ast.Expr) bool {
	call := callOf1(e)
	if call == nil {
		return false
	}
	if !c.isURLParse(call) {
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

// handlesDrive reports whether the declaration f looks at the platform
// (see looksAtPlatform) or at the drive of u (see checksDriveOf), trims
// the slash off the Path of u, or gives the Path a
// new value without it, as code that turns /C:/x into C:\x does. A trim
// in a branch for other schemes than the read at pos (the key of an
// s3:// URL, see otherSchemeBranch) handles no drive of it.
func (c *checker) handlesDrive(f *flow, u types.Object, pos token.Pos) bool {
	if v, ok := u.(*types.Var); ok && slices.ContainsFunc(f.fields[v], func(fv fieldValue) bool {
		return fv.field == "Path" && !c.keepsPathSlash(fv.value, v)
	}) {
		return true // u.Path = u.Path[1:]
	}
	return c.looksAtPlatform(f) || c.checksDriveOf(f, u) || c.someURLUse(f, u, func(use inspector.Cursor) bool {
		sel, ok := use.Parent().Node().(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Path" || c.otherSchemeBranch(use, u, pos) {
			return false
		}
		if as, ok := use.Parent().Parent().Node().(*ast.AssignStmt); ok && slices.Contains(as.Lhs, ast.Expr(sel)) && c.isFieldURL(u) {
			return true // cfg.URL.Path = ...: what a field's Path is given is not followed
		}
		call, ok := use.Parent().Parent().Node().(*ast.CallExpr)
		if !ok || len(call.Args) != 2 || call.Args[0] != ast.Expr(sel) {
			return false
		}
		pkg, name := c.callee(call)
		return pkg == "strings" && (name == "TrimPrefix" || name == "TrimLeft")
	})
}

// checksDriveOf reports whether the declaration f calls a function
// named for a drive (see driveName) on the URL u, its Path, or a local
// variable given something of u: a look at the drive of other text,
// such as the raw input before it is parsed, handles nothing of u.
//
//	p := u.Path
//	if hasDrive(p) { p = p[1:] }
func (c *checker) checksDriveOf(f *flow, u types.Object) bool {
	fromU := func(e ast.Expr) bool {
		return c.mentions(e, u) || c.someDefinition(f, e, func(x ast.Expr) bool { return c.mentions(x, u) })
	}
	for obj, uses := range f.useIndex() {
		fn, ok := obj.(*types.Func)
		if !ok || !driveName(fn.Name()) {
			continue
		}
		for _, use := range uses {
			fun := use
			if sel, ok := use.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == use.Node() {
				fun = use.Parent()
			}
			if call, ok := fun.Parent().Node().(*ast.CallExpr); ok && call.Fun == fun.Node() && slices.ContainsFunc(call.Args, fromU) {
				return true
			}
		}
	}
	return false
}

// otherSchemeBranch reports whether the node at cur lies in a branch
// that runs only for other schemes than "file", and pos outside it: a
// case of a switch on u.Scheme for other schemes (see otherSchemeCase),
// or the body of an if whose condition makes u another URL (see
// otherScheme).
//
//	switch u.Scheme {
//	case "s3":
//		key := strings.TrimPrefix(u.Path, "/") // an s3:// URL's key
//	case "file":
//		return os.Open(u.Path)                 // pos
//	}
func (c *checker) otherSchemeBranch(cur inspector.Cursor, u types.Object, pos token.Pos) bool {
	for anc := range cur.Enclosing((*ast.CaseClause)(nil), (*ast.IfStmt)(nil)) {
		switch n := anc.Node().(type) {
		case *ast.CaseClause:
			sw, ok := anc.Parent().Parent().Node().(*ast.SwitchStmt)
			if ok && c.isSchemeOf(sw.Tag, u) && !(n.Pos() <= pos && pos < n.End()) && c.otherSchemeCase(sw, n) {
				return true
			}
		case *ast.IfStmt:
			if n.Body.Pos() <= cur.Node().Pos() && cur.Node().Pos() < n.Body.End() &&
				!(n.Body.Pos() <= pos && pos < n.Body.End()) && c.otherScheme(n.Cond, u) {
				return true
			}
		}
	}
	return false
}

// looksAtPlatform reports whether the declaration f looks at
// runtime.GOOS, calls filepath.VolumeName, or compares os.PathSeparator
// or filepath.Separator (os.PathSeparator != '/').
func (c *checker) looksAtPlatform(f *flow) bool {
	for _, obj := range []types.Object{c.importedFunc("runtime", "GOOS"), c.importedFunc("path/filepath", "VolumeName")} {
		if obj != nil && len(f.useIndex()[obj]) > 0 {
			return true
		}
	}
	for _, obj := range []types.Object{c.importedFunc("os", "PathSeparator"), c.importedFunc("path/filepath", "Separator")} {
		if obj != nil && f.someUse(obj, func(use inspector.Cursor, _ *ast.Ident) bool {
			b, ok := use.Parent().Parent().Node().(*ast.BinaryExpr)
			return ok && (b.Op == token.EQL || b.Op == token.NEQ)
		}) {
			return true
		}
	}
	return false
}

// guarded reports whether pos lies in the body of an if statement, or
// in a case "file" of a switch on u.Scheme, that holds the node at cur
// (in its condition, for an if) and whose condition makes the URL
// variable u a file URL (see fileGuard):
//
//	if isFile(u) { os.Open(u.Path) }
func (c *checker) guarded(cur inspector.Cursor, u types.Object, pos token.Pos) bool {
	for anc := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.CaseClause)(nil)) {
		switch n := anc.Node().(type) {
		case *ast.IfStmt:
			if n.Body.Pos() <= pos && pos < n.Body.End() && c.fileGuard(n.Cond, u) {
				return true
			}
		case *ast.CaseClause:
			sw, ok := anc.Parent().Parent().Node().(*ast.SwitchStmt)
			if ok && c.isSchemeOf(sw.Tag, u) && n.Pos() <= pos && pos < n.End() && slices.ContainsFunc(n.List, c.isFileScheme) {
				return true
			}
		}
	}
	return false
}

// fileGuard reports whether the condition cond, when true, makes the URL
// variable u a file URL: u.Scheme == "file", strings.EqualFold(u.Scheme,
// "file"), a call of a helper of the package with one bool result that
// compares its parameter's Scheme so (isFile(u)), a conjunction that
// holds one of them, or a disjunction of one with comparisons of
// u.Scheme with other constants (u.Scheme == "file" || u.Scheme == "",
// a bare path).
func (c *checker) fileGuard(cond ast.Expr, u types.Object) bool {
	return c.fileCond(cond, u, true)
}

// fileCompare reports whether e, the result of a helper, is true only
// for some schemes of u, "file" among them, as a condition of fileGuard
// is; a helper of a helper is followed no further.
func (c *checker) fileCompare(e ast.Expr, u types.Object) bool {
	return c.fileCond(e, u, false)
}

// fileCond reports whether cond is a condition of fileGuard, counting
// calls of the package's helpers when helpers is set.
func (c *checker) fileCond(cond ast.Expr, u types.Object, helpers bool) bool {
	switch e := ast.Unparen(cond).(type) {
	case *ast.BinaryExpr:
		switch e.Op {
		case token.LAND:
			return c.fileCond(e.X, u, helpers) || c.fileCond(e.Y, u, helpers)
		case token.LOR:
			file := false
			for _, d := range disjuncts(e) {
				switch {
				case c.fileCond(d, u, helpers):
					file = true
				case !c.schemeConst(d, u):
					return false
				}
			}
			return file
		}
	}
	var helper func(ast.Expr, types.Object) bool
	if helpers {
		helper = c.fileCompare
	}
	return c.fileTest(cond, u, helper)
}

// fileOnlyIf reports whether the condition cond, when false, leaves the
// URL variable u no file URL: a test of its scheme (see fileTest), with
// helpers when helpers is set, or a disjunction that holds one. A
// conjunction does not: after
//
//	if u.Scheme == "file" && u.Host == "" { return }
//
// u may still be a file URL with a host.
func (c *checker) fileOnlyIf(cond ast.Expr, u types.Object, helpers bool) bool {
	if b, ok := ast.Unparen(cond).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return c.fileOnlyIf(b.X, u, helpers) || c.fileOnlyIf(b.Y, u, helpers)
	}
	var helper func(ast.Expr, types.Object) bool
	if helpers {
		helper = func(r ast.Expr, param types.Object) bool { return c.fileOnlyIf(r, param, false) }
	}
	return c.fileTest(cond, u, helper)
}

// fileTest reports whether e compares the scheme of the URL u with
// "file": u.Scheme == "file", strings.EqualFold(u.Scheme, "file"), or,
// when helper is not nil, a call of a helper of the package whose result
// helper accepts (see schemeHelper).
func (c *checker) fileTest(e ast.Expr, u types.Object, helper func(ast.Expr, types.Object) bool) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.BinaryExpr:
		return e.Op == token.EQL && c.schemeAndFile(e.X, e.Y, u)
	case *ast.CallExpr:
		if pkg, name := c.callee(e); pkg == "strings" && name == "EqualFold" && len(e.Args) == 2 {
			return c.schemeAndFile(e.Args[0], e.Args[1], u)
		}
		if helper == nil {
			return false
		}
		for i, a := range e.Args {
			if c.urlObject(a) == u {
				return c.schemeHelper(e, i, helper)
			}
		}
	}
	return false
}

// notFileHere reports whether the node at cur lies where the URL
// variable u is known not to be a file URL: in the body of an if whose
// condition is u.Scheme != "file", in the else of one whose condition
// is false only for other URLs (see fileOnlyIf), after one whose body
// leaves (see fileLeftBefore), or in a case of a switch on u.Scheme that names only
// other schemes, or in its default when a case names "file".
func (c *checker) notFileHere(cur inspector.Cursor, u types.Object) bool {
	pos := cur.Node().Pos()
	for anc := range cur.Enclosing((*ast.IfStmt)(nil), (*ast.BlockStmt)(nil), (*ast.CaseClause)(nil)) {
		switch n := anc.Node().(type) {
		case *ast.CaseClause:
			if sw, ok := anc.Parent().Parent().Node().(*ast.SwitchStmt); ok && c.isSchemeOf(sw.Tag, u) && c.otherSchemeCase(sw, n) {
				return true
			}
		case *ast.IfStmt:
			if n.Body.Pos() <= pos && pos < n.Body.End() {
				if c.otherScheme(n.Cond, u) {
					return true
				}
			} else if n.Else != nil && n.Else.Pos() <= pos && pos < n.Else.End() && c.fileOnlyIf(n.Cond, u, true) {
				return true
			}
		case *ast.BlockStmt:
			if c.fileLeftBefore(n, pos, u) {
				return true
			}
		}
	}
	return false
}

// otherSchemeCase reports whether the case cc of the switch sw on a
// URL's scheme is taken by other URLs than file URLs: it names only
// other constant schemes, or it is the default and another case names
// "file".
func (c *checker) otherSchemeCase(sw *ast.SwitchStmt, cc *ast.CaseClause) bool {
	if cc.List == nil {
		return slices.ContainsFunc(sw.Body.List, func(s ast.Stmt) bool {
			return slices.ContainsFunc(s.(*ast.CaseClause).List, c.isFileScheme)
		})
	}
	return !slices.ContainsFunc(cc.List, func(e ast.Expr) bool {
		_, isConst := c.stringConst(e)
		return !isConst || c.isFileScheme(e)
	})
}

// otherScheme reports whether the condition cond, when true, makes the
// URL u no file URL: u.Scheme != "file", u.Scheme == "" or another
// constant, a disjunction of such comparisons, or the negation of a
// condition that leaves u no file URL when false (see fileOnlyIf):
// !(u.Scheme == "file" || u.Scheme == "").
func (c *checker) otherScheme(cond ast.Expr, u types.Object) bool {
	if n, ok := ast.Unparen(cond).(*ast.UnaryExpr); ok && n.Op == token.NOT {
		return c.fileOnlyIf(n.X, u, true)
	}
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	switch b.Op {
	case token.LOR:
		return c.otherScheme(b.X, u) && c.otherScheme(b.Y, u)
	case token.LAND:
		return c.otherScheme(b.X, u) || c.otherScheme(b.Y, u)
	case token.NEQ:
		return c.schemeAndFile(b.X, b.Y, u)
	case token.EQL:
		var other ast.Expr
		switch {
		case c.isSchemeOf(b.X, u):
			other = b.Y
		case c.isSchemeOf(b.Y, u):
			other = b.X
		default:
			return false
		}
		_, isConst := c.stringConst(other)
		return isConst && !c.isFileScheme(other)
	}
	return false
}

// fileLeftBefore reports whether a statement of the block before pos is
// an if without else whose condition is false only for other URLs than
// file URLs (see fileOnlyIf) and whose body leaves (see terminates):
// after it, u is no file URL.
//
//	if u.Scheme == "file" {
//		return fromFileURL(u)
//	}
//	key := u.Path
func (c *checker) fileLeftBefore(block *ast.BlockStmt, pos token.Pos, u types.Object) bool {
	for _, stmt := range block.List {
		if stmt.End() > pos {
			break
		}
		n, ok := stmt.(*ast.IfStmt)
		if ok && n.Else == nil && len(n.Body.List) > 0 && c.terminates(n.Body.List[len(n.Body.List)-1]) && c.fileOnlyIf(n.Cond, u, true) {
			return true
		}
	}
	return false
}

// schemeAndFile reports whether one of x and y is u.Scheme and the other
// the scheme "file", the operands of a comparison of u's scheme.
func (c *checker) schemeAndFile(x, y ast.Expr, u types.Object) bool {
	return c.isSchemeOf(x, u) && c.isFileScheme(y) || c.isSchemeOf(y, u) && c.isFileScheme(x)
}

// isSchemeOf reports whether e is u.Scheme, or the variable given the
// scheme of u when u is the rest of a split (see checkSchemeSplit).
func (c *checker) isSchemeOf(e ast.Expr, u types.Object) bool {
	if s := c.splitSchemes[u]; s != nil {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && c.pass.TypesInfo.Uses[id] == s
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Scheme" {
		return false
	}
	return u != nil && c.urlObject(sel.X) == u
}

// schemeHelper reports whether call is a call of a function of the
// package with one bool result whose one statement returns a test of
// the Scheme of its parameter i that test accepts:
//
//	func isFile(u *url.URL) bool { return u.Scheme == "file" }
func (c *checker) schemeHelper(call *ast.CallExpr, i int, test func(e ast.Expr, param types.Object) bool) bool {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	param := c.paramOf(fn, i)
	if param == nil {
		return false
	}
	res := fn.Signature().Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type(), types.Typ[types.Bool]) {
		return false
	}
	decl, ok := c.declarationOf(fn).Node().(*ast.FuncDecl)
	if !ok || decl.Body == nil || len(decl.Body.List) != 1 {
		return false
	}
	ret, ok := decl.Body.List[0].(*ast.ReturnStmt)
	return ok && len(ret.Results) == 1 && test(ret.Results[0], param)
}

// disjuncts returns the operands of the disjunction e, a || b || c,
// whatever its parentheses.
func disjuncts(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.LOR {
		return append(disjuncts(b.X), disjuncts(b.Y)...)
	}
	return []ast.Expr{e}
}

// schemeConst reports whether e compares u.Scheme with a constant by
// ==, as another disjunct of a check that lets file URLs in does.
func (c *checker) schemeConst(e ast.Expr, u types.Object) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return false
	}
	_, xConst := c.stringConst(b.X)
	_, yConst := c.stringConst(b.Y)
	return c.isSchemeOf(b.X, u) && yConst || c.isSchemeOf(b.Y, u) && xConst
}

// callerChecksScheme reports whether u is a parameter of the function
// declared by f and a call of that function in the package hands it a
// URL under a check that makes it a file URL (see guarded):
//
//	if u.Scheme == "file" { return openURL(u) }
//	func openURL(u *url.URL) { os.Open(u.Path) }
func (c *checker) callerChecksScheme(f *flow, u types.Object) bool {
	decl, ok := f.root.Node().(*ast.FuncDecl)
	if !ok {
		return false
	}
	fn, _ := c.pass.TypesInfo.Defs[decl.Name].(*types.Func)
	if fn == nil {
		return false
	}
	i := paramIndex(fn, u)
	if i < 0 || c.looksAtScheme(f, u) {
		return false
	}
	for _, use := range c.packageFlow().useIndex()[fn] {
		call := callOf(use)
		if call == nil || i >= len(call.Args) {
			continue
		}
		arg := identOf(call.Args[i])
		if arg == nil {
			continue
		}
		if obj := c.pass.TypesInfo.Uses[arg]; obj != nil && c.isURL(obj.Type()) && c.guarded(use, obj, call.Pos()) && !c.notFileHere(use, obj) {
			return true
		}
	}
	return false
}

// looksAtScheme reports whether the declaration f tells the schemes of
// the URL u apart itself: it reads u.Scheme, calls u.IsAbs, or hands u
// to a function that answers a bool (isRemote(u)). Its own checks then
// decide where u is a file URL, whatever its callers let in.
func (c *checker) looksAtScheme(f *flow, u types.Object) bool {
	return c.someURLUse(f, u, func(use inspector.Cursor) bool {
		switch p := use.Parent().Node().(type) {
		case *ast.SelectorExpr:
			return p.Sel.Name == "Scheme" || p.Sel.Name == "IsAbs"
		case *ast.CallExpr:
			tv, ok := c.pass.TypesInfo.Types[p]
			return ok && types.Identical(tv.Type, types.Typ[types.Bool])
		}
		return false
	})
}

// paramIndex returns the index of the parameter v of fn, or -1.
func paramIndex(fn *types.Func, v types.Object) int {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if params.At(i) == v {
			return i
		}
	}
	return -1
}

// passesToOSPath reports whether call is a call of a function of the
// package that hands its parameter i, as it is, to a function of os or
// path/filepath that takes an OS path (see takesOSPath), or parses it as
// a URL again and hands that URL's Path to one (see reparsedToOSPath).
// A function that
// is also given the URL u or its Host, that looks at runtime.GOOS or
// filepath.VolumeName, or that is declared only for other systems than
// Windows converts the path itself, as cmd/go's convertFileURLPath(host,
// path) does.
func (c *checker) passesToOSPath(call *ast.CallExpr, i int, u types.Object) bool {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	param := c.paramOf(fn, i)
	if param == nil || c.notWindows(fn.Pos()) || slices.ContainsFunc(call.Args, func(a ast.Expr) bool {
		return a != call.Args[i] && c.mentions(a, u)
	}) {
		return false
	}
	decl := c.declarationOf(fn)
	if _, isFunc := decl.Node().(*ast.FuncDecl); !isFunc || c.looksAtPlatform(c.flowOf(decl)) {
		return false
	}
	f := c.flowOf(decl)
	return c.openedAsPath(f, param) || c.reparsedToOSPath(f, param)
}

// mentions reports whether the expression e refers to the object u.
func (c *checker) mentions(e ast.Expr, u types.Object) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			found = found || c.pass.TypesInfo.Uses[n] == u
		case *ast.SelectorExpr:
			found = found || c.isFieldURL(u) && c.urlObject(n) == u
		}
		return !found
	})
	return found
}
