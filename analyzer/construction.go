package analyzer

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/fileurilint/fileurilint/fileuri"
)

// constructionMessage returns the message for a file URI built from a
// path by how ("concatenation") after the text prefix, which ends with a
// file scheme (see schemeEnd).
func constructionMessage(how, prefix string) string {
	if schemeEnd(prefix) == "file:/" {
		return `file URI built as "file:/" + a path: its first directory becomes the host; use fileuri.FromPath`
	}
	return "file URI built from a path by " + how + " escapes nothing; use fileuri.FromPath"
}

// escapeMessage is the message for a file URI built from a path escaped
// whole by the net/url function name.
func escapeMessage(name string) string {
	return "file URI built with url." + name + `, which escapes every "/" as %2F; use fileuri.FromPath`
}

// The constructions of a file URI at run time from a path that the
// analyzer reports: concatenation, fmt formatting, and path joins.
//
//	"file://" + p                    ->  fileuri.FromPath(p)
//	fmt.Sprintf("file:///%s", p)     ->  fileuri.FromPath(p)
//	path.Join("file:///", dir, name) ->  (reported; no fix)

// checkBinary reports the concatenation e when it builds a file URI.
func (c *checker) checkBinary(cur inspector.Cursor, e *ast.BinaryExpr) {
	if e.Op != token.ADD || c.isConstString(e) || !c.isStringLike(e) {
		return
	}
	if p, ok := cur.Parent().Node().(*ast.BinaryExpr); ok && p.Op == token.ADD && !c.isConstString(p) {
		return // not the whole concatenation
	}
	c.checkConcat(cur, e)
}

// An operand is one part of a string built at run time: an expression,
// or a constant text with no expression of its own, such as the
// separator of strings.Join.
type operand struct {
	expr ast.Expr // nil for text
	text string
}

// operands flattens the concatenation e; a constant operand such as
// "a" + "file://" stays one operand.
func (c *checker) operands(e ast.Expr, out []operand) []operand {
	e = ast.Unparen(e)
	if b, ok := e.(*ast.BinaryExpr); ok && b.Op == token.ADD && !c.isConstString(b) {
		return c.operands(b.Y, c.operands(b.X, out))
	}
	return append(out, operand{expr: e})
}

// operandConst returns the value of o when it is constant.
func (c *checker) operandConst(o operand) (string, bool) {
	if o.expr == nil {
		return o.text, true
	}
	return c.stringConst(o.expr)
}

// checkConcat reports "file://" + p.
func (c *checker) checkConcat(cur inspector.Cursor, e *ast.BinaryExpr) {
	ops := c.operands(e, nil)
	i, x, msg := c.pathAfterScheme(cur, ops, "concatenation")
	if x == nil || c.writesBack(cur) {
		return
	}
	var fix []analysis.SuggestedFix
	if prefix, _ := c.operandConst(ops[i]); len(ops) == 2 && (prefix == "file://" || prefix == "file:///") && c.isString(e) {
		fix = c.fromPathFix(cur, e, x)
	}
	c.reportConstruction(e, msg, fix)
}

// pathAfterScheme looks in the operands of a string built at run time by
// how ("concatenation") for a path that follows a file scheme prefix, and
// returns the index of the prefix, the path and the message to report;
// the path is nil when there is none, or when the text is built only for
// a message (see builtForMessage). The literals of the prefix are marked
// reported. A path after "file:" or "file:/" must be evidently
// absolute (see isAbs), and the scheme start the text or follow a quote,
// "=" or a bracket: "file:" + name is more often prose, or SQLite's
// relative "file:" + name + "?mode=ro", than a file URI.
func (c *checker) pathAfterScheme(cur inspector.Cursor, ops []operand, how string) (int, ast.Expr, string) {
	for i := 0; i+1 < len(ops); i++ {
		first, ok := c.operandConst(ops[i])
		if !ok && ops[i].expr != nil {
			first, ok = c.schemeVar(cur, ops[i].expr)
		}
		if !ok || schemeEnd(first) == "" {
			continue
		}
		prefix, j := c.constantPrefix(cur, ops, i, first)
		if j == len(ops) || schemeEnd(prefix) == "" {
			continue
		}
		next := ""
		if j+1 < len(ops) {
			next, _ = c.operandConst(ops[j+1])
		}
		if transferCommand(prefix[:len(prefix)-len(schemeEnd(prefix))], c.textOf(ops[j+1:])) {
			continue
		}
		msg, ok := c.construction(cur, prefix, ops[j].expr, next, how, j == i+1)
		if !ok {
			continue
		}
		return c.found(cur, ops, i, j, msg)
	}
	for i := range ops {
		first, ok := c.operandConst(ops[i])
		if !ok || !strings.HasPrefix(strings.ToLower(first), "file://") || schemeEnd(first) != "" {
			continue
		}
		prefix, j := c.constantPrefix(cur, ops, i, first)
		if j == len(ops) {
			continue
		}
		next := ""
		if j+1 < len(ops) {
			next, _ = c.operandConst(ops[j+1])
		}
		if v, ok := c.breakingConstant(cur, ops[j].expr, prefix, next); ok {
			return c.found(cur, ops, i, j, unescapedValueMessage(how, v))
		}
	}
	return 0, nil, ""
}

// found returns what pathAfterScheme does for the value ops[j] put after
// the prefix that ops[i] starts, and marks the prefix reported; or
// nothing when the text is built only for a message.
func (c *checker) found(cur inspector.Cursor, ops []operand, i, j int, msg string) (int, ast.Expr, string) {
	if c.builtForMessage(cur) {
		return 0, nil, "" // text for a person, not a URI the program uses
	}
	if ops[i].expr != nil {
		c.markReported(ops[i].expr)
	}
	return i, ops[j].expr, msg
}

// unescapedValueMessage is the message for a file URI built by how with a
// known value that must be escaped in its path.
func unescapedValueMessage(how, value string) string {
	if len(value) > 16 {
		n := 16
		for !utf8.RuneStart(value[n]) {
			n--
		}
		value = value[:n] + "..."
	}
	return fmt.Sprintf("file URI built by %s puts %q in its path unescaped; use url.PathEscape", how, value)
}

// breakingConstant returns a value of x, put into the path of a file URI
// between the constant texts prefix and next, that makes the URI
// malformed where another name would not, as a name with a space in
//
//	for _, tc := range []struct{ name string }{{"a b"}} {
//		fmt.Sprintf("file:///test/%s.lisp", tc.name)
//
// Every value x can take must be a constant (see constantValues), not
// changed in place (see changedInPlace): a value not known is not
// reported. Only a character that needs escaping counts, in the path
// (not after a "?" or "#"); in a _test.go file, where tests feed bad
// names to parsers on purpose, the values count as literals.
func (c *checker) breakingConstant(cur inspector.Cursor, x ast.Expr, prefix, next string) (string, bool) {
	if len(fileuri.Check(prefix+"x"+next)) > 0 || strings.ContainsAny(prefix, "?#") || c.exemptTestLiteral(x) ||
		c.changedInPlace(c.flowAt(cur), x) {
		return "", false // the literal's own defect is reported as such
	}
	values, _ := c.constantValues(cur, x)
	for _, v := range values {
		if slices.ContainsFunc(fileuri.Check(prefix+v+next), needsEscape) {
			return v, true
		}
	}
	return "", false
}

// needsEscape reports whether p is a character that a URI cannot hold as
// it is, or a "%" that starts no escape (RFC 3986 §2.1).
func needsEscape(p fileuri.Problem) bool {
	return p.Kind == fileuri.Unencoded || p.Kind == fileuri.BadEscape
}

// changedInPlace reports whether x, a range variable or a field of one,
// may not hold the value of the composite literal it ranges over: the
// variable, or the local variable ranged over, is used but to be read
// (tc.name = url.PathEscape(tc.name), names[i] = ..., escapeAll(names),
// &tc).
func (c *checker) changedInPlace(f *flow, x ast.Expr) bool {
	x = ast.Unparen(x)
	if sel, ok := x.(*ast.SelectorExpr); ok {
		x = sel.X
	}
	rng, ok := c.soleDefinition(f, x).(*ast.RangeStmt)
	if !ok {
		return false // a package variable: assigned only whole (see packageVarValues)
	}
	for _, e := range []ast.Expr{x, rng.X} {
		v := c.localVar(e)
		if v != nil && f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
			return id != rng.Key && id != rng.Value && id != ast.Unparen(rng.X) && !c.onlyRead(use)
		}) {
			return true
		}
	}
	return false
}

// constantValues returns every value x can take, when each is a
// constant: x ranges over a composite literal (see rangeValues) or is a
// package variable given only constants (see packageVarValues). The
// zero value counts as "".
func (c *checker) constantValues(cur inspector.Cursor, x ast.Expr) ([]string, bool) {
	exprs := c.rangeValues(c.flowAt(cur), x)
	if exprs == nil {
		exprs = c.packageVarValues(x)
	}
	var values []string
	for _, e := range exprs {
		s := ""
		if e != nil {
			var ok bool
			if s, ok = c.stringConst(e); !ok {
				return nil, false
			}
		}
		values = append(values, s)
	}
	return values, len(values) > 0
}

// builtForMessage reports whether the text built at cur, an expression,
// is used only as text for a person: an error, a log line, a usage (see
// role.onlyMessage), or the format of a call that writes a message. Text built by statements (+=, WriteString) is
// followed no further.
func (c *checker) builtForMessage(cur inspector.Cursor) bool {
	if call, ok := cur.Node().(*ast.CallExpr); ok && len(call.Args) > 0 {
		// fmt.Fprintf(os.Stderr, "see file://%s\n", p) writes its format
		fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
		if c.messageRole(fn, call, len(call.Args)-1) == asMessage {
			return true
		}
	}
	_, isExpr := cur.Node().(ast.Expr)
	return isExpr && c.roles(cur).onlyMessage()
}

// textOf returns the first bytes of the text that ops give, with a word
// "x" for each operand that is not constant: enough of it for
// transferCommand to find a stage after the path, as in
// "PUT file://" + dir + "/" + name + " @~".
func (c *checker) textOf(ops []operand) string {
	var b strings.Builder
	for _, o := range ops {
		if b.Len() >= transferWindow {
			break
		}
		if v, ok := c.operandConst(o); ok {
			b.WriteString(v)
		} else {
			b.WriteString("x")
		}
	}
	return b.String()
}

// constantPrefix returns the text of the operands from ops[i], whose
// text is first, on that hold only constants, such as a slash put before
// a drive letter in "file://" + slash + p, and the index of the first
// operand after them.
func (c *checker) constantPrefix(cur inspector.Cursor, ops []operand, i int, first string) (string, int) {
	prefix := first
	j := i + 1
	for ; j < len(ops); j++ {
		if v, ok := c.operandConst(ops[j]); ok {
			prefix += v
		} else if !c.constantsOnly(cur, ops[j].expr) {
			break
		}
	}
	return prefix, j
}

// construction returns the message for the path x put after prefix, text
// that ends with a file scheme, and before the constant text next, or
// false when x is no path that this mangles. adjacent says that x
// follows the operand that holds the scheme.
func (c *checker) construction(cur inspector.Cursor, prefix string, x ast.Expr, next, how string, adjacent bool) (string, bool) {
	scheme := schemeEnd(prefix)
	switch {
	case scheme == "file:" || scheme == "file:/":
		// Only as a whole text, or an attribute or argument: "in file:"
		// + name is prose.
		k := len(prefix) - len(scheme)
		if k > 0 && !strings.ContainsRune(`"'=(<[`, rune(prefix[k-1])) || !c.isAbs(c.flowAt(cur), x, newAbsSearch()) ||
			scheme == "file:" && c.cutsBareScheme() {
			return "", false
		}
	case adjacent && (scheme == "file://" || scheme == "file://localhost") && c.escapesSlash(x) != "":
		// The path starts with a slash, escaped: "file://%2Fx".
		return escapeMessage(c.escapesSlash(x)), true
	case !c.pathLike(cur, x, scheme, next):
		return "", false
	}
	return constructionMessage(how, prefix), true
}

// escapesSlash returns the name of the function of net/url that x calls
// when it escapes "/" as %2F (PathEscape, QueryEscape), or "".
func (c *checker) escapesSlash(x ast.Expr) string {
	call := callOf1(x)
	if call == nil {
		return ""
	}
	if _, isConst := c.stringConst(call.Args[0]); isConst {
		return ""
	}
	pkg, name := c.callee(call)
	if pkg == "net/url" && (name == "PathEscape" || name == "QueryEscape") {
		return name
	}
	return ""
}

// constantsOnly reports whether e is a constant string or a local
// variable given only constant strings (or its zero value).
func (c *checker) constantsOnly(cur inspector.Cursor, e ast.Expr) bool {
	if _, ok := c.stringConst(e); ok {
		return true
	}
	return c.definedAs(c.flowAt(cur), e, func(x ast.Expr) bool {
		_, isConst := c.stringConst(x)
		return x == nil || isConst
	})
}

// schemeVar returns the first value of e, a local variable given only
// constants that each end with a file scheme, as a prefix chosen by the
// form of the path:
//
//	prefix := "file://"
//	if !strings.HasPrefix(p, "/") { prefix = "file:///" }
//	u := prefix + p
func (c *checker) schemeVar(cur inspector.Cursor, e ast.Expr) (string, bool) {
	if v := c.localVar(e); v == nil || !c.schemeVars[v] {
		return "", false // the common case, answered without a flow index
	}
	var values []string
	ok := c.definedAs(c.flowAt(cur), e, func(x ast.Expr) bool {
		if x == nil {
			return true // var prefix string, given a value on every branch
		}
		s, isConst := c.stringConst(x)
		values = append(values, s)
		return isConst && schemeEnd(s) != ""
	})
	if !ok || len(values) == 0 {
		return "", false
	}
	return values[0], true
}

// noteSchemeVar records the local variable that the literal lit, at
// cur, is given to when lit is a constant ending with a file scheme, as
// in prefix := "file:///". The analyzer visits a function's statements
// in order, so that a prefix is noted before the concatenations that
// use it (see schemeVar).
func (c *checker) noteSchemeVar(cur inspector.Cursor, lit *ast.BasicLit) {
	var lhs ast.Expr
	switch p := cur.Parent().Node().(type) {
	case *ast.AssignStmt:
		if i := slices.Index(p.Rhs, ast.Expr(lit)); i >= 0 && len(p.Lhs) == len(p.Rhs) {
			lhs = p.Lhs[i]
		}
	case *ast.ValueSpec:
		if i := slices.Index(p.Values, ast.Expr(lit)); i >= 0 && len(p.Names) == len(p.Values) {
			lhs = p.Names[i]
		}
	}
	if lhs == nil || lit.Kind != token.STRING || indexFold(lit.Value, "file:") < 0 {
		return
	}
	if s, ok := c.stringConst(lit); ok && schemeEnd(s) != "" {
		if v := c.localVar(lhs); v != nil {
			c.schemeVars[v] = true
		}
	}
}

// markReported records that the literals of the constant e are part of a
// construction already reported.
func (c *checker) markReported(e ast.Expr) {
	ast.Inspect(e, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok {
			c.reported[lit] = true
		}
		return true
	})
}

// reportConstruction reports a construction at e.
func (c *checker) reportConstruction(e ast.Expr, msg string, fix []analysis.SuggestedFix) {
	c.report(analysis.Diagnostic{Pos: e.Pos(), End: e.End(), Category: string(Construction), Message: msg, SuggestedFixes: fix})
}

// reportRange reports a construction spread over statements, from pos to
// end, with no fix.
func (c *checker) reportRange(pos, end token.Pos, msg string) {
	c.report(analysis.Diagnostic{Pos: pos, End: end, Category: string(Construction), Message: msg})
}

// pathLike reports whether x, which follows the scheme (see schemeEnd) in a
// construction, can be a path that the construction mangles. It cannot
// when x is no text, when it is escaped or is the rest of a URI already,
// when it is a drive letter (next starts with ":"), or when every value it
// can take is a constant that makes a correct URI.
func (c *checker) pathLike(cur inspector.Cursor, x ast.Expr, scheme, next string) bool {
	if !c.isStringLike(x) || strings.HasPrefix(next, ":") || strings.HasPrefix(next, "|") {
		return false
	}
	if v := c.localVar(x); v != nil && c.bytesVetted(c.flowAt(cur), v) {
		return false
	}
	return !c.escaped(cur, x, 0) && !c.escapedByHand(c.flowAt(cur), x) && !c.allConstantsCorrect(cur, x, scheme, next)
}

// escapedByHand reports whether x, or a definition before it of the
// local variable x names, replaces characters with percent-encoded octets
// itself, as in
//
//	p = strings.ReplaceAll(p, " ", "%20")
//
// The code chose which characters to encode; that it missed one is more
// than the analyzer can tell.
func (c *checker) escapedByHand(f *flow, x ast.Expr) bool {
	if c.replacesWithEscape(f, x) {
		return true
	}
	return c.someDefinition(f, x, func(e ast.Expr) bool {
		return e.Pos() < x.Pos() && c.replacesWithEscape(f, e)
	})
}

// replacesWithEscape reports whether e is a call of strings.Replace,
// strings.ReplaceAll or a strings.Replacer with a percent-encoded octet
// ("%20") as a replacement (not as the text replaced, which decodes). A
// Replacer may be a variable of the package or of the function f.
func (c *checker) replacesWithEscape(f *flow, e ast.Expr) bool {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.ADD {
		return c.replacesWithEscape(f, b.X) || c.replacesWithEscape(f, b.Y) // "/" + r.Replace(volume)
	}
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	switch pkg, name := c.callee(call); {
	case pkg != "strings":
	case name == "Replace" || name == "ReplaceAll":
		return len(call.Args) > 2 && c.holdsEscape(call.Args[2])
	case name == "NewReplacer":
		for i := 1; i < len(call.Args); i += 2 {
			if c.holdsEscape(call.Args[i]) { // old, new, old, new...
				return true
			}
		}
	case name == "Replacer.Replace" || name == "Replacer.WriteString":
		sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
		if !ok {
			return false
		}
		replacer := func(v ast.Expr) bool { return v != nil && c.replacesWithEscape(f, v) }
		return replacer(sel.X) || slices.ContainsFunc(c.packageVarValues(sel.X), replacer) ||
			c.definedAs(f, sel.X, replacer)
	}
	return false
}

// holdsEscape reports whether e is a constant string that holds a
// percent-encoded octet (RFC 3986 §2.1) of a printable character or of
// UTF-8: "%20", not the "%04" of a printf verb "%04d".
func (c *checker) holdsEscape(e ast.Expr) bool {
	s, ok := c.stringConst(e)
	for i := 0; ok && i+2 < len(s); i++ {
		if s[i] == '%' && isHex(s[i+1]) && isHex(s[i+2]) && s[i+1] >= '2' {
			return true
		}
	}
	return false
}

// bytesVetted reports whether the function reads the bytes of v one by one
// in a loop, as a fast path that checks that no byte needs escaping does:
//
//	for i := 0; i < len(path); i++ {
//		if !safe(path[i]) { return "", false }
//	}
//	return "file://" + path, true
func (c *checker) bytesVetted(f *flow, v *types.Var) bool {
	return f.someUse(v, func(use inspector.Cursor, id *ast.Ident) bool {
		if ix, ok := use.Parent().Node().(*ast.IndexExpr); !ok || ix.X != id {
			return false
		}
		for range use.Enclosing((*ast.ForStmt)(nil), (*ast.RangeStmt)(nil)) {
			return true
		}
		return false
	})
}

// escaped reports whether x is text that is already part of a URI: the
// result of an escaping function of net/url or of package fileuri, the
// rest of a URI cut by string surgery, a conversion of such text, its
// parts by strings.Split or their strings.Join, a slice appended only
// such parts, or a local variable assigned only such values.
func (c *checker) escaped(cur inspector.Cursor, x ast.Expr, depth int) bool {
	if depth > 6 {
		return false
	}
	x = ast.Unparen(x)
	if c.isSurgery(cur, x) || c.cutsOtherScheme(cur, x) {
		return true
	}
	switch x := x.(type) {
	case *ast.SelectorExpr:
		// u.Host, u.RawPath, u.Opaque of a url.URL are URI text; u.Path
		// is decoded, a path.
		if c.isURL(c.pass.TypesInfo.TypeOf(x.X)) {
			switch x.Sel.Name {
			case "Host", "RawPath", "Opaque", "RawQuery", "RawFragment":
				return true
			}
		}
	case *ast.CallExpr:
		return c.escapedCall(cur, x, depth)
	}
	return c.definedAs(c.flowAt(cur), x, func(e ast.Expr) bool {
		if e == nil {
			return c.isSlice(x) // no parts yet
		}
		return c.escaped(cur, e, depth+1)
	})
}

// cutsOtherScheme reports whether x is the rest of a URI of another
// scheme cut off its prefix (s[len(gitPrefix):], strings.TrimPrefix(s,
// "git:/")): the rest of a URI is URI text, escaped already, whatever
// scheme is put before it.
func (c *checker) cutsOtherScheme(cur inspector.Cursor, x ast.Expr) bool {
	var prefix ast.Expr
	switch x := x.(type) {
	case *ast.SliceExpr:
		if call := callOf1(x.Low); x.High == nil && call != nil && c.isBuiltin(call.Fun, "len") {
			prefix = call.Args[0]
		}
	case *ast.CallExpr:
		if pkg, name := c.callee(x); pkg == "strings" && name == "TrimPrefix" && len(x.Args) == 2 {
			prefix = x.Args[1]
		}
	}
	if prefix == nil {
		return false
	}
	p, ok := c.textConst(cur, prefix)
	return ok && otherScheme(p)
}

// otherScheme reports whether p starts a URI of a scheme other than
// file, a scheme and ":/" (git:/, https://): a drive letter is one letter
// (RFC 3986 §3.1), and a notation such as oci-archive: or portal: puts
// an OS path after its colon.
func otherScheme(p string) bool {
	scheme, rest, found := strings.Cut(p, ":")
	notScheme := func(r rune) bool { return r > 0x7f || !isSchemeChar(byte(r)) }
	return found && strings.HasPrefix(rest, "/") && len(scheme) > 1 && isLetter(scheme[0]) &&
		!strings.ContainsFunc(scheme, notScheme) && !strings.EqualFold(scheme, "file")
}

// keepsText reports whether the strings function name gives parts of its
// first argument, or their join: split says that it is a Split.
func keepsText(name string, split bool) bool {
	switch name {
	case "Replace", "ReplaceAll", "TrimSuffix", "Join":
		return true
	}
	return split
}

// escapedCall reports whether the call gives text that is already part
// of a URI (see escaped).
func (c *checker) escapedCall(cur inspector.Cursor, call *ast.CallExpr, depth int) bool {
	if tv, ok := c.pass.TypesInfo.Types[call.Fun]; ok && tv.IsType() && len(call.Args) == 1 {
		return c.escaped(cur, call.Args[0], depth+1) // string(b)
	}
	if c.isBuiltin(call.Fun, "append") && len(call.Args) > 1 {
		return !slices.ContainsFunc(call.Args[1:], func(e ast.Expr) bool { return !c.escaped(cur, e, depth+1) })
	}
	pkg, name := c.callee(call)
	switch {
	case pkg == "net/url":
		return !decodes(name)
	case pkg == fileuriPath:
		return true
	case pkg == "strings" && len(call.Args) > 0 && keepsText(name, c.isSplit(call)):
		return c.escaped(cur, call.Args[0], depth+1) // the parts of URI text and their join are URI text
	case pkg == "path" && name == "Join":
		return !slices.ContainsFunc(call.Args, func(e ast.Expr) bool { return !c.escaped(cur, e, depth+1) })
	}
	return c.givesURIText(call, pkg, name)
}

// decodes reports whether the function or method name of net/url gives
// decoded text: an unescaped path or query, a query value, a user name
// or password.
func decodes(name string) bool {
	switch name {
	case "PathUnescape", "QueryUnescape", "Values.Get", "Userinfo.Username", "Userinfo.Password":
		return true
	}
	return false
}

// givesURIText reports whether the call of pkg.name gives URI text by
// what the function is: one named for escaping (util.PathEscapeSegments;
// not HTML escaping), one handed an escaping function to map over parts
// (slice.Map(parts, url.PathEscape)), or a method String or URI of
// another type (a DocumentURI, a span.URI), but not the String of a type
// named as a path (see pathTypeName).
func (c *checker) givesURIText(call *ast.CallExpr, pkg, name string) bool {
	typeName, method, _ := strings.Cut(name, ".")
	return escapingName(name) && !htmlEscaping(pkg) || slices.ContainsFunc(call.Args, c.isEscapingFunc) ||
		method == "String" && typeName != "Builder" && !pathTypeName(typeName) || method == "URI"
}

// pathTypeName reports whether the name of a type says that its values
// are paths, not URIs, by one of its words: AbsPath, Dir, Filename; not
// Profile or Redirect. Its String method gives a path that a file URI
// must escape.
func pathTypeName(name string) bool {
	path := false
	for _, w := range nameWords(name) {
		switch strings.ToLower(w) {
		case "uri", "url":
			return false
		case "path", "dir", "directory", "file", "filename", "folder":
			path = true
		}
	}
	return path
}

// nameWords splits a Go name into its words: "isWindowsDriveURIPath"
// gives is, Windows, Drive, URI, Path.
func nameWords(name string) []string {
	var words []string
	start := 0
	for i := 1; i < len(name); i++ {
		lower := func(b byte) bool { return 'a' <= b && b <= 'z' || '0' <= b && b <= '9' }
		upper := func(b byte) bool { return 'A' <= b && b <= 'Z' }
		// a word starts at an upper-case letter after a lower-case one,
		// or before a lower-case one after upper-case ones (URIPath)
		if upper(name[i]) && (lower(name[i-1]) || i+1 < len(name) && lower(name[i+1]) && upper(name[i-1])) || name[i] == '_' {
			words = append(words, strings.Trim(name[start:i], "_"))
			start = i
		}
	}
	return append(words, strings.Trim(name[start:], "_"))
}

// escapingName reports whether a function name says that it escapes or
// encodes text, such as PathEscapeSegments or encodeURIPath.
func escapingName(name string) bool {
	name = strings.ToLower(name)
	return strings.Contains(name, "escape") && !strings.Contains(name, "unescape") ||
		strings.Contains(name, "encode") && !strings.Contains(name, "decode")
}

// htmlEscaping reports whether pkg escapes for HTML, not for URIs: its
// EscapeString leaves a space or "#" as it is.
func htmlEscaping(pkg string) bool {
	return pkg == "html" || pkg == "html/template" || pkg == "text/template"
}

// isEscapingFunc reports whether e is a function value, not a call, of a
// function named for escaping, such as url.PathEscape.
func (c *checker) isEscapingFunc(e ast.Expr) bool {
	var id *ast.Ident
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		id = e
	case *ast.SelectorExpr:
		id = e.Sel
	}
	fn, ok := c.pass.TypesInfo.Uses[id].(*types.Func)
	return ok && escapingName(fn.Name()) && (fn.Pkg() == nil || !htmlEscaping(fn.Pkg().Path()))
}

// allConstantsCorrect reports whether every value x can take is a
// constant (see constantValues) and scheme + each constant + next is a file
// URI without defects: in
//
//	for name := range fstest.MapFS{"index.html": ...} { "file:///" + name }
//
// the names are known and need no escaping.
func (c *checker) allConstantsCorrect(cur inspector.Cursor, x ast.Expr, scheme, next string) bool {
	values, ok := c.constantValues(cur, x)
	return ok && !slices.ContainsFunc(values, func(v string) bool { return len(fileuri.Check(scheme+v+next)) > 0 })
}

// rangeValues returns the expressions that x takes when it is a variable
// of a range statement over a composite literal, or a field of one (the
// keys of a map, the elements of a slice or array), or nil:
//
//	for name, dir := range map[string]string{"a": "/x"} { ... name, dir ... }
//	for _, tc := range []struct{ path string }{{"/x"}} { ... tc.path ... }
func (c *checker) rangeValues(f *flow, x ast.Expr) []ast.Expr {
	x = ast.Unparen(x)
	field := ""
	if sel, ok := x.(*ast.SelectorExpr); ok {
		field, x = sel.Sel.Name, sel.X
	}
	v := c.localVar(x)
	rng, ok := c.soleDefinition(f, x).(*ast.RangeStmt)
	if !ok {
		return nil
	}
	lit := c.compositeOf(f, rng.X)
	if lit == nil {
		return nil
	}
	_, isMap := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Map)
	byKey := isMap && rng.Key != nil && c.localVar(rng.Key) == v
	if !byKey && (rng.Value == nil || c.localVar(rng.Value) != v) {
		return nil
	}
	var values []ast.Expr
	for _, elt := range lit.Elts {
		e := elt
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			e = kv.Value
			if byKey {
				e = kv.Key
			}
		}
		if field != "" {
			if e = c.fieldOf(e, field); e == nil {
				return nil
			}
		}
		values = append(values, e)
	}
	return values
}

// fieldOf returns the value of the field named field in the struct
// literal e, or nil.
func (c *checker) fieldOf(e ast.Expr, field string) ast.Expr {
	lit, ok := ast.Unparen(e).(*ast.CompositeLit)
	if !ok {
		return nil
	}
	st, ok := c.pass.TypesInfo.TypeOf(lit).Underlying().(*types.Struct)
	if !ok {
		return nil
	}
	for i, elt := range lit.Elts {
		if kv, ok := elt.(*ast.KeyValueExpr); ok {
			if id := identOf(kv.Key); id != nil && id.Name == field {
				return kv.Value
			}
		} else if i < st.NumFields() && st.Field(i).Name() == field {
			return elt
		}
	}
	return nil
}

// compositeOf returns the composite literal that e is, or that the local
// variable e is assigned once, or nil.
func (c *checker) compositeOf(f *flow, e ast.Expr) *ast.CompositeLit {
	lit, _ := c.soleDefinition(f, e).(*ast.CompositeLit)
	if l, ok := ast.Unparen(e).(*ast.CompositeLit); ok {
		lit = l
	}
	return lit
}
