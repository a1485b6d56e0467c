package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"
)

const (
	surgeryMessage       = "file URI taken apart by string surgery: escapes, host and drive are misread; use fileuri.ToPath"
	queryUnescapeMessage = `file URI decoded by url.QueryUnescape after surgery: a "+" becomes a space; use fileuri.ToPath`
	stripDecodeMessage   = "file URI cut by string surgery, then decoded: drive and host are misread; use fileuri.ToPath"
)

// checkSurgery reports paths taken out of a file URI by cutting its
// prefix off:
//
//	strings.TrimPrefix(u, "file://")
//	strings.Replace(u, "file:///", "", 1)
//	u[len("file://"):]
//	u[7:], after strings.HasPrefix(u, "file://")
//
// It is silent when the rest is only tested, compared or shown (never
// read as a path), when its segments are decoded or escaped one by one,
// when the whole URI was decoded before the cut, or when the rest is put
// back behind a "file:" prefix: that turns a URI into a URI. A rest
// decoded whole by url.PathUnescape is reported unless the decoded path
// goes into a url.URL or the function looks at the drive itself: the
// decoding leaves /C:/x on Windows and drops the host. A rest decoded by
// url.QueryUnescape is reported for the "+" it turns into a space.
//
// The call or slice expression x is at cur.
func (c *checker) checkSurgery(cur inspector.Cursor, x ast.Expr) {
	if !c.enabled(Surgery) || !c.isSurgery(cur, x) {
		return
	}
	if s, ok := x.(*ast.SliceExpr); ok && !c.literalPrefix(s.Low) {
		file, other := c.prefixTests(cur, s)
		if other || !file && !c.schemeChecked(cur, s) && !c.documentURI(s.X) {
			return // u[7:] with nothing to say what 7 is, or after a check of http://
		}
	}
	if c.roles(cur).onlyLooked() || c.decodedBefore(cur, x) || c.concatenatedHere(cur, x) || c.inEncoder(cur) {
		return
	}
	msg := surgeryMessage
	switch {
	case c.decoded(cur, "PathUnescape"):
		decode, whole := c.wholeDecode(cur)
		if !whole || c.decodedIntoURL(decode) || c.looksAtDrive(c.flowAt(cur)) {
			return // what the cut leaves is handled
		}
		msg = stripDecodeMessage
	case c.decoded(cur, "QueryUnescape"):
		msg = queryUnescapeMessage
	}
	c.report(analysis.Diagnostic{Pos: x.Pos(), End: x.End(), Category: string(Surgery), Message: msg})
}

// wholeDecode returns the call of url.PathUnescape that decodes the rest
// cut at cur whole, directly or through the variable it is assigned to,
// and whether there is one: a rest split into segments first is decoded
// one segment at a time, as code that re-encodes a URI does.
func (c *checker) wholeDecode(cur inspector.Cursor) (inspector.Cursor, bool) {
	if call, ok := cur.Parent().Node().(*ast.CallExpr); ok && c.isUnescape(call, "PathUnescape") {
		return cur.Parent(), true
	}
	assign, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(assign.Lhs) == 0 {
		return cur, false
	}
	v := c.localVar(assign.Lhs[0])
	var decode inspector.Cursor
	found := v != nil && c.flowAt(cur).someUse(v, func(use inspector.Cursor, _ *ast.Ident) bool {
		call, ok := use.Parent().Node().(*ast.CallExpr)
		decode = use.Parent()
		return ok && c.isUnescape(call, "PathUnescape")
	})
	return decode, found
}

// decodedIntoURL reports whether the decoded path that the call at cur
// gives goes into the Path of a url.URL, directly or through a variable
// that no os or filepath function opens: the URI is rebuilt, as code
// that canonicalizes a URI does.
//
//	u.Path, err = url.PathUnescape(rest)
//	path, err := url.PathUnescape(rest) ... url.URL{Scheme: "file", Path: path}
func (c *checker) decodedIntoURL(cur inspector.Cursor) bool {
	if c.intoURL(cur) {
		return true
	}
	assign, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(assign.Lhs) == 0 {
		return false
	}
	v := c.localVar(assign.Lhs[0])
	f := c.flowAt(cur)
	return v != nil && f.someUse(v, func(use inspector.Cursor, _ *ast.Ident) bool {
		return c.intoURL(use)
	}) && !f.someUse(v, func(use inspector.Cursor, _ *ast.Ident) bool {
		call, ok := use.Parent().Node().(*ast.CallExpr)
		return ok && takesOSPath(c.callee(call)) // also opened as a path
	})
}

// looksAtDrive reports whether the declaration f looks at the platform
// (see looksAtPlatform), or calls a function named for a drive
// (isWindowsDriveURIPath, hasDrive; not getDriverName), as code that
// turns /C:/x into C:\x does.
func (c *checker) looksAtDrive(f *flow) bool {
	for obj := range f.useIndex() {
		if fn, ok := obj.(*types.Func); ok && driveName(fn.Name()) {
			return true
		}
	}
	return c.looksAtPlatform(f)
}

// driveName reports whether one of the words of a function's name is
// Drive: hasDrive, isWindowsDriveURIPath; not getDriverName.
func driveName(name string) bool {
	return slices.ContainsFunc(nameWords(name), func(w string) bool { return strings.EqualFold(w, "drive") })
}

// isSurgery reports whether x cuts "file://" or "file:///" off a string:
// a call of strings.TrimPrefix or CutPrefix (of "file:/" too), Replace or
// ReplaceAll, or a slice expression from len("file://"), 7 or 8.
func (c *checker) isSurgery(cur inspector.Cursor, x ast.Expr) bool {
	switch x := x.(type) {
	case *ast.CallExpr:
		if i, ok := c.cutHelper(x); ok {
			old, ok := c.textConst(cur, x.Args[i])
			return ok && (isFilePrefix(old) || strings.EqualFold(old, "file:/"))
		}
		pkg, name := c.callee(x)
		if pkg != "strings" || len(x.Args) < 2 {
			return false
		}
		old, ok := c.textConst(cur, x.Args[1])
		if !ok {
			return false
		}
		switch name {
		case "TrimPrefix", "CutPrefix":
			// "file:/" too: file:///C:/x loses "file:/" and keeps //C:/x.
			return isFilePrefix(old) || strings.EqualFold(old, "file:/")
		case "Replace", "ReplaceAll":
			repl, ok := c.stringConst(x.Args[2])
			return isFilePrefix(old) && ok && !strings.HasPrefix(strings.ToLower(repl), "file:")
		}
	case *ast.SliceExpr:
		if x.Low == nil || x.High != nil || !c.isStringLike(x.X) {
			return false
		}
		n, ok := c.intConst(x.Low)
		return ok && (n == 7 || n == 8) || c.literalPrefix(x.Low)
	}
	return false
}

// cutsBareScheme reports whether the package cuts "file:" alone, in any
// case, off the front of a string (strings.TrimPrefix(s, "file:"),
// CutPrefix, s[len("file:"):]) and hands the rest to a function that
// takes an OS path, directly or through the variable it is given to.
// Such a package reads a notation of its own, "file:" and an OS path,
// which is no file URI: what it writes as "file:" + path is that
// notation too.
//
//	if name, ok := strings.CutPrefix(v, "file:"); ok {
//		b, err := os.ReadFile(name)
func (c *checker) cutsBareScheme() bool {
	if c.bareScheme == nil {
		bare := false
		for cur := range c.root.Preorder((*ast.CallExpr)(nil), (*ast.SliceExpr)(nil)) {
			var prefix ast.Expr
			switch n := cur.Node().(type) {
			case *ast.CallExpr:
				if pkg, name := c.callee(n); pkg == "strings" && (name == "TrimPrefix" || name == "CutPrefix") {
					prefix = n.Args[1]
				}
			case *ast.SliceExpr:
				if call := callOf1(n.Low); n.High == nil && call != nil && c.isBuiltin(call.Fun, "len") {
					prefix = call.Args[0]
				}
			}
			if s, ok := c.stringConst(prefix); ok && strings.EqualFold(s, "file:") && c.readAsOSPath(cur) {
				bare = true
				break
			}
		}
		c.bareScheme = &bare
	}
	return *c.bareScheme
}

// readAsOSPath reports whether the string that the expression at cur
// gives, or the first variable it is assigned to, is an argument of a
// function that takes an OS path (see takesOSPath).
func (c *checker) readAsOSPath(cur inspector.Cursor) bool {
	osArg := func(use inspector.Cursor) bool {
		call, ok := use.Parent().Node().(*ast.CallExpr)
		return ok && argIndex(call, use.Node().(ast.Expr)) >= 0 && takesOSPath(c.callee(call))
	}
	if osArg(cur) {
		return true
	}
	assign, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(assign.Lhs) == 0 {
		return false
	}
	v := c.localVar(assign.Lhs[0])
	return v != nil && c.flowAt(cur).someUse(v, func(use inspector.Cursor, _ *ast.Ident) bool { return osArg(use) })
}

// cutHelper reports whether call calls a function of the package that
// cuts one string parameter, the prefix, off the front of another, as
// strings.TrimPrefix does, and returns the index of the argument that
// gives the prefix. Such a function returns, in some return statement,
// s[len(prefix):] or strings.TrimPrefix(s, prefix) as its first result:
//
//	func trimScheme(s, prefix string) string {
//		if strings.HasPrefix(s, prefix) {
//			return s[len(prefix):]
//		}
//		return s
//	}
func (c *checker) cutHelper(call *ast.CallExpr) (int, bool) {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if fn == nil || fn.Pkg() != c.pass.Pkg || fn.Signature().Results().Len() == 0 ||
		!types.Identical(fn.Signature().Results().At(0).Type(), types.Typ[types.String]) {
		return 0, false
	}
	decl, ok := c.declarationOf(fn).Node().(*ast.FuncDecl)
	if !ok || decl.Body == nil {
		return 0, false
	}
	params := fn.Signature().Params()
	index := func(e ast.Expr) int { // of the string parameter e names
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok || !c.isString(id) {
			return -1
		}
		for i := range min(params.Len(), len(call.Args)) {
			if c.pass.TypesInfo.Uses[id] == params.At(i) {
				return i
			}
		}
		return -1
	}
	prefix := -1
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false // another function's returns
		case *ast.ReturnStmt:
			if len(n.Results) == 0 {
				break
			}
			switch r := ast.Unparen(n.Results[0]).(type) {
			case *ast.SliceExpr:
				if n := callOf1(r.Low); r.High == nil && n != nil && c.isBuiltin(n.Fun, "len") && index(r.X) >= 0 {
					prefix = max(prefix, index(n.Args[0]))
				}
			case *ast.CallExpr:
				if pkg, name := c.callee(r); pkg == "strings" && name == "TrimPrefix" && index(r.Args[0]) >= 0 {
					prefix = max(prefix, index(r.Args[1]))
				}
			}
		}
		return prefix < 0
	})
	return prefix, prefix >= 0
}

// literalPrefix reports whether e is len(s) of a constant s that is
// "file://" or "file:///".
func (c *checker) literalPrefix(e ast.Expr) bool {
	call := callOf1(e)
	if call == nil || !c.isBuiltin(call.Fun, "len") {
		return false
	}
	s, ok := c.stringConst(call.Args[0])
	return ok && isFilePrefix(s)
}

// isFilePrefix reports whether s, in any case, is "file://" or
// "file:///", or "file://" and a host with or without a user name, with
// or without the slash after it: "file://localhost/", a WSL share's
// "file://wsl%24/", "file://user@localhost". What follows such a prefix
// is the path of a file URI. A password or a port is no prefix: the
// literal is malformed in itself. The host must be evidently one:
// localhost, or a name with a dot or an escape; "file://stub/" is as
// often a dialect's relative directory, and the dialects' "file://./",
// "file://../" and "file://~/" name no host.
func isFilePrefix(s string) bool {
	if fileScheme(s) == len(s) {
		return true
	}
	if len(s) <= len("file://") || !strings.EqualFold(s[:len("file://")], "file://") {
		return false
	}
	authority := strings.TrimSuffix(s[len("file://"):], "/")
	user, host, hasUser := strings.Cut(authority, "@")
	if !hasUser {
		user, host = "", authority
	}
	return host != "" && isAlnum(host[0]) && strings.Trim(host, regNameChars) == "" &&
		strings.Trim(user, regNameChars) == "" &&
		(strings.EqualFold(host, "localhost") || strings.ContainsAny(host, ".%"))
}

// isAlnum reports whether b is an ASCII letter or digit: the first
// character of a host name, not of a dialect's ".", ".." or "~".
func isAlnum(b byte) bool {
	return 'a' <= b|0x20 && b|0x20 <= 'z' || '0' <= b && b <= '9'
}

// regNameChars are the characters of a host name, escapes included
// (RFC 3986 §3.2.2: reg-name, less the sub-delims).
const regNameChars = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~%"

// prefixTests reports whether the declaration around the slice s[n:]
// tests s for a prefix p (see checkedPrefixes) that is "file://" or
// "file:///", of length n or more, and whether it tests s for a prefix
// of another scheme than file (https://, gitfs:/), which n then counts.
// s[7:] after a check of "file:///" keeps the slash of a POSIX path,
// and still reads neither escapes nor a drive.
func (c *checker) prefixTests(cur inspector.Cursor, s *ast.SliceExpr) (file, other bool) {
	n, _ := c.intConst(s.Low)
	for _, p := range c.checkedPrefixes(cur, s) {
		file = file || isFilePrefix(p) && n <= int64(len(p))
		other = other || otherScheme(p)
	}
	return file, other
}

// checkedPrefixes returns the constant prefixes p that the declaration
// around the slice s[n:] tests s for: by strings.HasPrefix(s, p), or by
// comparing the slice of s as long as p with it where the comparison
// guards the slice (see guardedBy): if s[:7] == "file://" { ... s[7:] }.
func (c *checker) checkedPrefixes(cur inspector.Cursor, s *ast.SliceExpr) []string {
	x := c.unconvert(s.X)
	target := types.ExprString(x)
	f := c.flowAt(cur)
	var prefixes []string
	if hasPrefix := c.importedFunc("strings", "HasPrefix"); hasPrefix != nil {
		f.someUse(hasPrefix, func(use inspector.Cursor, _ *ast.Ident) bool {
			call := callOf(use)
			if call != nil && len(call.Args) == 2 && types.ExprString(c.unconvert(call.Args[0])) == target {
				if p, ok := c.stringConst(call.Args[1]); ok {
					prefixes = append(prefixes, p)
				}
			}
			return false
		})
	}
	var objs []types.Object // of x, on the first head of its text
	for _, h := range c.comparedHeads(f, target) {
		if objs == nil {
			objs = c.objectsOf(x)
		}
		if slices.Equal(c.objectsOf(h.text), objs) && c.guardedBy(h.cmp, cur, s.Pos()) {
			prefixes = append(prefixes, h.prefix)
		}
	}
	return prefixes
}

// A headCompare is a comparison of the head of a text with a constant
// prefix as long as it: text[:n] == prefix, or !=.
type headCompare struct {
	cmp    inspector.Cursor // the comparison
	text   ast.Expr
	prefix string
}

// comparedHeads returns the comparisons of a head of the text target,
// as types.ExprString writes it, in the part f.
func (c *checker) comparedHeads(f *flow, target string) []headCompare {
	if f.heads == nil {
		f.heads = make(map[string][]headCompare)
		for n := range f.root.Preorder((*ast.BinaryExpr)(nil)) {
			b := n.Node().(*ast.BinaryExpr)
			if b.Op != token.EQL && b.Op != token.NEQ {
				continue
			}
			for _, pair := range [2][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
				if p, ok := c.stringConst(pair[1]); ok {
					if text := c.headOf(pair[0], len(p)); text != nil {
						key := types.ExprString(text)
						f.heads[key] = append(f.heads[key], headCompare{n, text, p})
					}
				}
			}
		}
	}
	return f.heads[target]
}

// headOf returns the text of which e is the slice from the start to n,
// s[:n] or s[0:n] with n a constant, or nil.
func (c *checker) headOf(e ast.Expr, n int) ast.Expr {
	s, ok := ast.Unparen(e).(*ast.SliceExpr)
	if !ok || s.High == nil || s.Slice3 {
		return nil
	}
	if s.Low != nil {
		if low, ok := c.intConst(s.Low); !ok || low != 0 {
			return nil
		}
	}
	if high, ok := c.intConst(s.High); !ok || high != int64(n) {
		return nil
	}
	return c.unconvert(s.X)
}

// objectsOf returns the objects that the identifiers of e refer to, in
// order: two texts written alike name the same values when these are
// the same.
func (c *checker) objectsOf(e ast.Expr) []types.Object {
	var objs []types.Object
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			objs = append(objs, c.pass.TypesInfo.Uses[id])
		}
		return true
	})
	return objs
}

// guardedBy reports whether the comparison at cmp is true where pos
// lies (see trueAt), in the function of the node at cur:
//
//	if len(s) >= 7 && s[:7] == "file://" { ... }
//	if len(s) < 8 || s[:8] != "file:///" { return }
func (c *checker) guardedBy(cmp, cur inspector.Cursor, pos token.Pos) bool {
	return sameFunc(cmp, cur) && c.trueAt(cmp, pos)
}

// trueAt reports whether the comparison at cmp is true where pos lies:
// in the body of an if whose condition is the comparison by == or holds
// it by &&, or after an if in the same block whose body leaves and whose
// condition is the comparison by != or holds it by ||.
func (c *checker) trueAt(cmp inspector.Cursor, pos token.Pos) bool {
	b := cmp.Node().(*ast.BinaryExpr)
	for anc := range cmp.Enclosing((*ast.IfStmt)(nil)) {
		ifs := anc.Node().(*ast.IfStmt)
		switch {
		case b.Op == token.EQL && holds(ifs.Cond, b, token.LAND):
			return ifs.Body.Pos() <= pos && pos < ifs.Body.End()
		case b.Op == token.NEQ && holds(ifs.Cond, b, token.LOR):
			n := len(ifs.Body.List)
			return n > 0 && c.terminates(ifs.Body.List[n-1]) && ifs.End() <= pos && pos < anc.Parent().Node().End()
		}
		return false
	}
	return false
}

// holds reports whether cond is e, or joins e with others by the
// operators ops (&&, ||), in parentheses or not.
func holds(cond, e ast.Expr, ops ...token.Token) bool {
	cond = ast.Unparen(cond)
	if cond == e {
		return true
	}
	b, ok := cond.(*ast.BinaryExpr)
	return ok && slices.Contains(ops, b.Op) && (holds(b.X, e, ops...) || holds(b.Y, e, ops...))
}

// schemeChecked reports whether the slice s[n:] lies where a scheme
// compared with "file" says the text is a file URI: in the body of an
// if scheme == "file", after an if scheme != "file" whose body returns,
// or in the case "file" of a switch on the scheme. The scheme is a
// variable or field named for one (scheme, Schema): a field of the same
// value when s is a field, as in
//
//	if iourl.Schema != "file" {
//		return iourl.openUrlReader()
//	}
//	return File(iourl.Url[7:]).Open()
//
// and otherwise a variable, or a field of one, made from s (scheme, _, _
// := strings.Cut(raw, ":"); u, _ := url.Parse(raw)).
func (c *checker) schemeChecked(cur inspector.Cursor, s *ast.SliceExpr) bool {
	target := c.unconvert(s.X)
	base := ""
	if sel, ok := target.(*ast.SelectorExpr); ok {
		base = types.ExprString(sel.X)
	}
	f := c.flowAt(cur)
	for _, n := range c.schemeNames(f) {
		id := n.Node().(*ast.Ident)
		scheme, root := n, ast.Expr(id)
		if sel, ok := n.Parent().Node().(*ast.SelectorExpr); ok && sel.Sel == id {
			scheme, root = n.Parent(), sel.X
		}
		same := base != "" && types.ExprString(root) == base
		if (same || base == "" && c.madeFrom(f, root, target)) && sameFunc(scheme, cur) && c.fileBranch(scheme, s.Pos()) {
			return true
		}
	}
	return false
}

// schemeNames returns the identifiers of strings in the part f named for
// a scheme: scheme, Schema, fileScheme.
func (c *checker) schemeNames(f *flow) []inspector.Cursor {
	if f.schemeNames == nil {
		var names []inspector.Cursor
		for n := range f.root.Preorder((*ast.Ident)(nil)) {
			id := n.Node().(*ast.Ident)
			name := strings.ToLower(id.Name)
			if (strings.Contains(name, "scheme") || strings.Contains(name, "schema")) && c.isStringLike(id) {
				names = append(names, n)
			}
		}
		f.schemeNames = &names
	}
	return *f.schemeNames
}

// madeFrom reports whether the local variable e is defined once, from an
// expression that names the variable target.
func (c *checker) madeFrom(f *flow, e, target ast.Expr) bool {
	def := c.soleDefinition(f, e)
	v := c.localVar(target)
	return def != nil && v != nil && c.looksAt([]ast.Node{def}, []types.Object{v})
}

// sameFunc reports whether the nodes at a and b lie in the same function
// literal or declaration.
func sameFunc(a, b inspector.Cursor) bool {
	return enclosingFunc(a) == enclosingFunc(b)
}

// fileBranch reports whether pos lies where the scheme at cur is "file":
// where scheme == "file" or scheme != "file" says so (see trueAt: in the
// body of if scheme == "file", after if scheme != "file" { return ... }
// in the same block), or in a case "file" of a switch on it.
func (c *checker) fileBranch(cur inspector.Cursor, pos token.Pos) bool {
	for _, ok := cur.Parent().Node().(*ast.ParenExpr); ok; _, ok = cur.Parent().Node().(*ast.ParenExpr) {
		cur = cur.Parent()
	}
	switch p := cur.Parent().Node().(type) {
	case *ast.BinaryExpr:
		return (p.Op == token.EQL || p.Op == token.NEQ) && c.isFileScheme(otherOperand(p.X, p.Y, cur.Node())) &&
			c.trueAt(cur.Parent(), pos)
	case *ast.SwitchStmt:
		return p.Tag == cur.Node() && inFileCase(c, p, pos)
	}
	return false
}

// documentURI reports whether e, or the operand of its conversion, is of
// a named string type of a language server's document URIs: one named
// DocumentURI, or named URI in a package whose path names lsp
// (go.lsp.dev/uri). Such a URI is a file URI: uri[7:] cuts "file://".
func (c *checker) documentURI(e ast.Expr) bool {
	n, ok := types.Unalias(c.pass.TypesInfo.TypeOf(c.unconvert(e))).(*types.Named)
	if !ok || !types.Identical(n.Underlying(), types.Typ[types.String]) {
		return false
	}
	name := n.Obj().Name()
	if strings.EqualFold(name, "DocumentURI") {
		return true
	}
	pkg := n.Obj().Pkg()
	return strings.EqualFold(name, "URI") && pkg != nil && strings.Contains(strings.ToLower(pkg.Path()), "lsp")
}

// unconvert returns the operand of e when e is a type conversion,
// string(uri) of a named string type, and e otherwise, without the
// parentheses around either.
func (c *checker) unconvert(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok && len(call.Args) == 1 && c.pass.TypesInfo.Types[call.Fun].IsType() {
		return ast.Unparen(call.Args[0])
	}
	return e
}

// decoded reports whether the rest of the URI cut at cur is handed to
// decoder (url.PathUnescape or QueryUnescape), directly or through a
// variable (see handled), is parsed as a URL again (see parsedAgain),
// is put back behind a "file:" prefix, is thrown
// away (_, ok := strings.CutPrefix(...)), is only tested by IsAbs, as a
// reader of a dialect of relative paths does, or is a variable scanned
// for "%" as a fast path does before it takes the rest as a path (see
// scannedForEscapes).
func (c *checker) decoded(cur inspector.Cursor, decoder string) bool {
	switch p := cur.Parent().Node().(type) {
	case *ast.CallExpr:
		rest := cur.Node().(ast.Expr)
		if r, ok := cur.Parent().Parent().Node().(*ast.RangeStmt); ok && r.X == p && c.isSplit(p) {
			w := c.rangeValue(r) // for _, seg := range strings.Split(rest, "/")
			f := c.flowAt(cur)
			return w != nil && (c.handled(f, w, decoder, 1) || c.reencoded(f, w, 1))
		}
		return c.isUnescape(p, decoder) || c.joinsToBase(p, rest) || c.isPathFunc(p, "IsAbs") || // IsAbs: see exceptions.go
			c.parsedAgain(cur.Parent(), rest)
	case *ast.BinaryExpr:
		prefix, ok := c.stringConst(p.X)
		return p.Op == token.ADD && ok && fileScheme(prefix) > 0
	case *ast.AssignStmt:
		if len(p.Lhs) == 0 {
			return false
		}
		if id := identOf(p.Lhs[0]); id != nil && id.Name == "_" {
			return true
		}
		v := c.localVar(p.Lhs[0])
		f := c.flowAt(cur)
		return v != nil && (c.handled(f, v, decoder, 2) || c.scannedForEscapes(f, v) || c.reencoded(f, v, 2))
	}
	return false
}

// handled reports whether body percent-decodes the rest of a URI held
// by v, or resolves it against a base directory as a relative path, the
// way a dialect such as helm's file://../chart is read on purpose
// (docs/positions.md: dialects are not reported by default):
//
//	rest := strings.TrimPrefix(u, "file://")
//	dir := filepath.Join(base, rest)
//
// Up to depth times, it follows the rest into the parts strings.Split
// gives and the elements a range over them gives:
//
//	for _, seg := range strings.Split(rest, "/") {
//		seg, err = url.PathUnescape(seg)
func (c *checker) handled(f *flow, v *types.Var, decoder string, depth int) bool {
	return f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
		switch p := use.Parent().Node().(type) {
		case *ast.CallExpr:
			if c.isUnescape(p, decoder) || c.joinsToBase(p, id) || c.parsedAgain(use.Parent(), id) && !c.openedAsPath(f, v) {
				return true
			}
			if depth == 0 || !c.isSplit(p) {
				return false
			}
			switch q := use.Parent().Parent().Node().(type) {
			case *ast.AssignStmt: // parts := strings.Split(rest, "/")
				w := c.localVar(q.Lhs[0])
				return len(q.Rhs) == 1 && w != nil && c.handled(f, w, decoder, depth-1)
			case *ast.RangeStmt: // for _, seg := range strings.Split(rest, "/")
				w := c.rangeValue(q)
				return q.X == p && w != nil && c.handled(f, w, decoder, depth-1)
			}
		case *ast.RangeStmt: // for _, seg := range parts
			w := c.rangeValue(p)
			return depth > 0 && p.X == id && w != nil && c.handled(f, w, decoder, depth-1)
		}
		return false
	})
}

// parsedAgain reports whether the call at cur parses its argument arg,
// the rest of a cut, as a URL again, and what it gives is URI text: the
// URL is a local variable whose Path the function never reads, or is
// thrown away. That is a parser that repairs file://C:\x by parsing
// C:\x. The parser is url.Parse or a function of the package that hands
// its parameter to url.Parse and neither opens it nor reads the Path it
// gives (see parsesParam).
func (c *checker) parsedAgain(cur inspector.Cursor, arg ast.Expr) bool {
	call := cur.Node().(*ast.CallExpr)
	i := slices.Index(call.Args, arg)
	if i < 0 || !c.parsesParam(call, i) {
		return false
	}
	var lhs ast.Expr
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		lhs = p.Lhs[0]
	case *ast.ValueSpec:
		lhs = p.Names[0]
	default:
		return true // return parseURL(rest)
	}
	if id, ok := lhs.(*ast.Ident); ok && id.Name == "_" {
		return true
	}
	u := varOf(c.pass.TypesInfo, lhs)
	return u != nil && !c.flowAt(cur).someUse(u, func(use inspector.Cursor, _ *ast.Ident) bool {
		sel, ok := use.Parent().Node().(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Path"
	})
}

// parsesParam reports whether call hands its argument i to url.Parse or
// url.ParseRequestURI: it calls one of them, or a function of the
// package that calls one with its parameter i, and neither hands that
// parameter to a function that takes an OS path nor reads the Path of
// the URL it makes as one (see reparsedToOSPath).
func (c *checker) parsesParam(call *ast.CallExpr, i int) bool {
	if c.isURLParse(call) {
		return i == 0
	}
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	param := c.paramOf(fn, i)
	decl, ok := c.packageFunc(call)
	if param == nil || !ok {
		return false
	}
	f := c.flowOf(decl)
	return !c.openedAsPath(f, param) && !c.reparsedToOSPath(f, param) && f.someUse(param, func(use inspector.Cursor, id *ast.Ident) bool {
		inner, ok := use.Parent().Node().(*ast.CallExpr)
		return ok && argIndex(inner, id) == 0 && c.isURLParse(inner)
	})
}

// isURLParse reports whether call calls url.Parse or url.ParseRequestURI.
func (c *checker) isURLParse(call *ast.CallExpr) bool {
	pkg, name := c.callee(call)
	return pkg == "net/url" && (name == "Parse" || name == "ParseRequestURI")
}

// openedAsPath reports whether the declaration f hands v to a function
// that takes an OS path (see takesOSPath).
func (c *checker) openedAsPath(f *flow, v types.Object) bool {
	return f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
		call, ok := use.Parent().Node().(*ast.CallExpr)
		return ok && argIndex(call, id) >= 0 && takesOSPath(c.callee(call))
	})
}

// rangeValue returns the local variable that holds the elements of a
// range statement, or nil.
func (c *checker) rangeValue(r *ast.RangeStmt) *types.Var {
	if r.Value == nil {
		return nil
	}
	return c.localVar(r.Value)
}

// isPathFunc reports whether call is the function fn, such as Join or
// IsAbs, of package path or path/filepath.
func (c *checker) isPathFunc(call *ast.CallExpr, fn string) bool {
	pkg, name := c.callee(call)
	return (pkg == "path" || pkg == "path/filepath") && name == fn
}

// isSplit reports whether call splits a string with strings.Split,
// SplitN, SplitAfter or SplitAfterN.
func (c *checker) isSplit(call *ast.CallExpr) bool {
	pkg, name := c.callee(call)
	return pkg == "strings" && strings.HasPrefix(name, "Split") && !strings.HasSuffix(name, "Seq")
}

// scannedForEscapes reports whether body looks for a "%" in v: it looks
// at the bytes of v, by index or by a range over v or []byte(v), and
// compares some byte with '%', or it searches v for "%" with a function
// of strings (see findsPercent) and leaves when it finds one (see
// leavesWhenFound):
//
//	rest := u[len("file://"):]
//	for i := 0; i < len(rest); i++ {
//		if b := rest[i]; b == '%' || ... { goto slow }
//	}
//	if strings.ContainsAny(rest, "%?#") { goto slow }
func (c *checker) scannedForEscapes(f *flow, v *types.Var) bool {
	indexed := false
	searched := f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
		switch p := use.Parent().Node().(type) {
		case *ast.IndexExpr: // rest[i]
			indexed = indexed || p.X == id
		case *ast.RangeStmt: // range rest
			indexed = indexed || p.X == id
		case *ast.CallExpr:
			if len(p.Args) == 2 && p.Args[0] == ast.Expr(id) && c.findsPercent(p) && c.leavesWhenFound(use.Parent()) {
				return true
			}
			r, ok := use.Parent().Parent().Node().(*ast.RangeStmt) // range []byte(rest)
			indexed = indexed || ok && r.X == p && c.pass.TypesInfo.Types[p.Fun].IsType()
		}
		return false
	})
	return searched || indexed && f.comparesPercent()
}

// leavesWhenFound reports whether the search at cur, a call of
// findsPercent, leaves the function or loop when it finds: it is the
// condition, or a term of one joined by && or ||, of an if whose body
// leaves, an Index compared by >= 0, != -1 or > -1.
//
//	if !ok || strings.IndexByte(rest, '%') >= 0 { return "", false }
func (c *checker) leavesWhenFound(cur inspector.Cursor) bool {
	if _, name := c.callee(cur.Node().(*ast.CallExpr)); strings.HasPrefix(name, "Index") {
		b, ok := cur.Parent().Node().(*ast.BinaryExpr)
		if !ok || b.X != cur.Node() {
			return false
		}
		n, ok := c.intConst(b.Y)
		if !ok || !(b.Op == token.GEQ && n == 0 || (b.Op == token.NEQ || b.Op == token.GTR) && n == -1) {
			return false
		}
		cur = cur.Parent()
	}
	for anc := range cur.Enclosing((*ast.IfStmt)(nil)) {
		ifs := anc.Node().(*ast.IfStmt)
		n := len(ifs.Body.List)
		return holds(ifs.Cond, cur.Node().(ast.Expr), token.LAND, token.LOR) && n > 0 && c.terminates(ifs.Body.List[n-1])
	}
	return false
}

// findsPercent reports whether call searches its first argument for a
// "%": strings.Contains or Index of "%", ContainsAny or IndexAny of a
// set that holds it, ContainsRune, IndexByte or IndexRune of '%'.
func (c *checker) findsPercent(call *ast.CallExpr) bool {
	pkg, name := c.callee(call)
	if pkg != "strings" {
		return false
	}
	s, isString := c.stringConst(call.Args[1])
	switch name {
	case "Contains", "Index":
		return isString && s == "%"
	case "ContainsAny", "IndexAny":
		return isString && strings.Contains(s, "%")
	case "ContainsRune", "IndexByte", "IndexRune":
		return isPercent(c.pass.TypesInfo, call.Args[1])
	}
	return false
}

// isUnescape reports whether call percent-decodes with decoder, a
// function of net/url: PathUnescape or QueryUnescape.
func (c *checker) isUnescape(call *ast.CallExpr, decoder string) bool {
	pkg, name := c.callee(call)
	return pkg == "net/url" && name == decoder
}

// reencoded reports whether every use of v, the rest of a cut URI or
// its parts, splits it, ranges over it, measures it, joins it or writes
// into it, and its segments reach url.PathEscape: the URI is being
// encoded again segment by segment, not read as a path.
//
//	segs := strings.Split(strings.TrimPrefix(u, "file://"), "/")
//	for i, s := range segs { segs[i] = url.PathEscape(s) }
func (c *checker) reencoded(f *flow, v *types.Var, depth int) bool {
	escaped := false
	var other bool
	var walk func(v *types.Var, depth int)
	walk = func(v *types.Var, depth int) {
		for _, use := range f.useIndex()[v] {
			id := use.Node().(*ast.Ident)
			switch p := use.Parent().Node().(type) {
			case *ast.CallExpr:
				pkg, name := c.callee(p)
				switch {
				case pkg == "net/url" && name == "PathEscape":
					escaped = true
				case c.isBuiltin(p.Fun, "len"), pkg == "strings" && name == "Join" && p.Args[0] == ast.Expr(id):
				case c.isSplit(p) && p.Args[0] == ast.Expr(id) && depth > 0:
					if w := c.partsOf(use.Parent()); w != nil {
						walk(w, depth-1)
					} else {
						other = true
					}
				default:
					other = true
				}
			case *ast.RangeStmt:
				if w := c.rangeValue(p); p.X == id && w != nil && depth > 0 {
					walk(w, depth-1)
				} else if p.X != id {
					other = true
				}
			case *ast.IndexExpr: // segs[i] = ..., written
				assign, ok := use.Parent().Parent().Node().(*ast.AssignStmt)
				if !ok || !slices.Contains(assign.Lhs, ast.Expr(p)) {
					other = true
				}
			case *ast.AssignStmt:
				if !slices.Contains(p.Lhs, ast.Expr(id)) {
					other = true
				}
			default:
				other = true
			}
		}
	}
	walk(v, depth)
	return escaped && !other
}

// inEncoder reports whether the cut at cur, given to a variable, lies in
// a function that turns a path into a file URI: it writes a "file:"
// prefix and escapes text with url.PathEscape, or with url.QueryEscape
// whose "+" it makes "%20" (see encodesURI), and the rest goes nowhere
// but into functions of strings, regexp, path, net/url and filepath
// (none that opens it) and back into itself. Such a function cuts "file://" off a path it was handed that may
// already be a URI, and encodes what is left segment by segment, in
// loops this analyzer does not follow:
//
//	path = strings.TrimPrefix(path, "file://")
//	...
//	for found {
//		part, rest, found = strings.Cut(rest, "/")
//		b.WriteString(strings.ReplaceAll(url.QueryEscape(part), "+", "%20"))
func (c *checker) inEncoder(cur inspector.Cursor) bool {
	assign, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(assign.Lhs) != 1 {
		return false
	}
	v := c.localVar(assign.Lhs[0])
	if v == nil {
		return false
	}
	f := c.flowAt(cur)
	return c.encodesURI(f) && !f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
		switch p := use.Parent().Node().(type) {
		case *ast.AssignStmt:
			return !slices.Contains(p.Lhs, ast.Expr(id)) // path = ...
		case *ast.CallExpr:
			if c.isBuiltin(p.Fun, "len") {
				return false
			}
			pkg, _ := c.callee(p)
			switch pkg {
			case "strings", "regexp", "path", "net/url":
				return false // path = strings.TrimPrefix(path, "/"), re.FindStringSubmatch(path)
			case "path/filepath":
				return takesOSPath(c.callee(p))
			}
		}
		return true // opened, returned, stored, handed on
	})
}

// encodesURI reports whether the part f writes a "file:" prefix (not
// one it cuts or tests; see cutOrMatched) and escapes path segments (see escapesSegment), as a function that turns
// a path into a file URI does.
func (c *checker) encodesURI(f *flow) bool {
	if f.encoder == 0 {
		prefix, escapes := false, false
		for n := range f.root.Preorder((*ast.BasicLit)(nil), (*ast.CallExpr)(nil)) {
			switch call := n.Node().(type) {
			case *ast.BasicLit:
				s, ok := c.stringConst(n.Node().(ast.Expr))
				prefix = prefix || ok && isFilePrefix(s) && !c.cutOrMatched(n)
			case *ast.CallExpr:
				escapes = escapes || c.escapesSegment(call)
			}
		}
		f.encoder = 1
		if prefix && escapes {
			f.encoder = 2
		}
	}
	return f.encoder == 2
}

// cutOrMatched reports whether the literal at cur is text that a
// function of package strings cuts, tests or replaces (see textRole:
// TrimPrefix, HasPrefix, the old text of Replace): it is written nowhere.
func (c *checker) cutOrMatched(cur inspector.Cursor) bool {
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok {
		return false
	}
	if pkg, name := c.callee(call); pkg == "strings" {
		r, ok := textRole(name, argIndex(call, cur.Node().(ast.Expr)))
		return ok && r != asURI
	}
	return false
}

// escapesSegment reports whether call escapes a path segment for a URI:
// url.PathEscape(s), or strings.ReplaceAll(url.QueryEscape(s), "+",
// "%20"), which encodes a space as a path needs.
func (c *checker) escapesSegment(call *ast.CallExpr) bool {
	pkg, name := c.callee(call)
	if pkg == "net/url" && name == "PathEscape" {
		return true
	}
	if pkg != "strings" || name != "ReplaceAll" || len(call.Args) != 3 {
		return false
	}
	inner, ok := ast.Unparen(call.Args[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	innerPkg, innerName := c.callee(inner)
	plus, ok1 := c.stringConst(call.Args[1])
	space, ok2 := c.stringConst(call.Args[2])
	return innerPkg == "net/url" && innerName == "QueryEscape" && ok1 && ok2 && plus == "+" && space == "%20"
}

// partsOf returns the variable that the parts of the split at cur are
// given to, by an assignment or as the value of a range over them.
func (c *checker) partsOf(cur inspector.Cursor) *types.Var {
	switch q := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		if len(q.Rhs) == 1 && len(q.Lhs) == 1 {
			return c.localVar(q.Lhs[0])
		}
	case *ast.RangeStmt:
		if q.X == cur.Node() {
			return c.rangeValue(q)
		}
	}
	return nil
}
