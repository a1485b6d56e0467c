package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/ast/inspector"
)

// The intended silences: code that looks like a defect to the checks
// but is right in the format it is written for. Each is a rule of its
// own here, with the cases that pin it in testdata/src.
//
//	what is silenced                        why                                          test
//	"PUT file://C:\x @~", "GET @~ file://"  Snowflake's PUT and GET take "file://" and   transfer
//	                                        an OS path as it is (transferCommand)
//	dep.Repository = "file://" + abs        helm writes back the raw format it cut       negative: chartDeps
//	after TrimPrefix(dep.Repository, ...)   "file://" off (writesBack)
//	filepath.Join(base, rest) or            helm's file://../chart, a dialect of         negative: helmGetLocalPath, isAbsDependency
//	IsAbs(rest) after the cut               relative paths read on purpose
//	                                        (joinsToBase; the IsAbs test of decoded)
//	TrimPrefix(p, "file://") after          go-openapi/swag decodes the whole URI        negative: decodedFirst
//	p, _ = url.PathUnescape(u)              before it cuts the prefix (decodedBefore)
//	regexp.MustCompile(`^file:/|x`)         a regular expression, not a URI (isPattern)  negative: siteRE
//	uri := fs.Prefix() + abs, then          the cut gives back the path the function     surgeryundo
//	TrimPrefix(uri, "file://")              put after a run-time prefix (concatenatedHere)
//
// Dialects read out of the authority (golang-migrate's file://./x,
// helm's file://../chart, file://~/x) are kinds of fileuri reported only
// with -strict (fileuri.NotAbsolute); literal URIs in tests are exempt
// unless -check-test-literals (exemptTestLiteral).

// transferCommand reports whether "file:" between the texts before and
// after names the local file of a Snowflake PUT or GET command, as in
// "PUT file:///tmp/x.csv @~" or "GET @%t 'file://C:\out'". That text is
// Snowflake's own syntax: "file://" and an OS path as it is, backslashes
// and all, with quotes around blanks; it is no RFC 8089 URI, and
// percent-encoding it would name another file. The statement must start
// with PUT, or with GET and a stage ("@...", quoted or not), right before
// the file; after PUT, one of the two words after the path must be a
// stage, the path running to its closing quote when it is quoted. SQL
// comments before the command are skipped. Only the nearest
// transferWindow bytes are read, so that a long text with many URIs is
// read in linear time.
func transferCommand(before, after string) bool {
	b := strings.TrimRight(before[max(0, len(before)-transferWindow):], blanks)
	after = after[:min(len(after), transferWindow)]
	if quoted := strings.HasSuffix(b, "'"); quoted || endsWithCommand(b, "PUT") {
		if quoted {
			b = strings.TrimRight(b[:len(b)-1], blanks)
			if i := strings.IndexByte(after, '\''); i >= 0 {
				after = "x" + after[i+1:]
			}
		}
		if !endsWithCommand(b, "PUT") {
			return endsWithStage(b)
		}
		next := strings.Fields(after)
		return slices.ContainsFunc(next[:min(len(next), 2)], func(w string) bool {
			return strings.HasPrefix(strings.TrimLeft(w, "'"), "@")
		})
	}
	return endsWithStage(b)
}

// transferWindow is how many bytes around "file:" transferCommand reads.
const transferWindow = 256

// blanks are the characters that separate the words of a command.
const blanks = " \t\r\n"

// endsWithStage reports whether s ends with GET and a stage, quoted or
// not: "GET @~/x" or "get '@%t'".
func endsWithStage(s string) bool {
	s = strings.TrimSuffix(s, "'")
	i := strings.LastIndexByte(s, '@')
	if i <= 0 || strings.ContainsAny(s[i:], blanks) {
		return false
	}
	s = strings.TrimSuffix(s[:i], "'")
	return s != strings.TrimRight(s, blanks) && endsWithCommand(strings.TrimRight(s, blanks), "GET")
}

// endsWithCommand reports whether the text s ends with the word verb (in
// any case) that starts a statement: at the start of s, after a ";", or
// after an SQL comment ("-- ..." to the end of a line, "/* ... */").
func endsWithCommand(s, verb string) bool {
	n := len(s) - len(verb)
	if n < 0 || !strings.EqualFold(s[n:], verb) {
		return false
	}
	if n > 0 && s[n-1] == ';' {
		return true
	}
	return statementStart(s[:n])
}

// statementStart reports whether a statement may start after s: s is
// blank, or ends with a ";" or with SQL comments.
func statementStart(s string) bool {
	for {
		s = strings.TrimRight(s, blanks)
		line := s[strings.LastIndexByte(s, '\n')+1:]
		switch {
		case s == "" || strings.HasSuffix(s, ";"):
			return true
		case strings.HasSuffix(s, "*/") && strings.Contains(s, "/*"):
			s = s[:strings.LastIndex(s, "/*")]
		case strings.HasPrefix(strings.TrimLeft(line, blanks), "--"):
			s = s[:len(s)-len(line)]
		default:
			return false
		}
	}
}

// writesBack reports whether the concatenation at cur is assigned to a
// field, such as dep.Repository, that the declaration around it has cut
// "file://" off before, with strings.TrimPrefix or CutPrefix: the code
// reads and writes a format of its own, a prefix before a path as it is
// (helm's Chart.yaml dependencies), and an encoded URI would break its
// reader.
func (c *checker) writesBack(cur inspector.Cursor) bool {
	assign, ok := cur.Parent().Node().(*ast.AssignStmt)
	if !ok || len(assign.Lhs) != len(assign.Rhs) {
		return false
	}
	i := slices.Index(assign.Rhs, cur.Node().(ast.Expr))
	if i < 0 {
		return false
	}
	sel, isField := assign.Lhs[i].(*ast.SelectorExpr)
	if !isField {
		return false
	}
	target := types.ExprString(sel)
	return c.flowAt(cur).someUse(c.pass.TypesInfo.Uses[sel.Sel], func(use inspector.Cursor, _ *ast.Ident) bool {
		call, ok := use.Parent().Parent().Node().(*ast.CallExpr)
		return ok && call.Pos() < assign.Pos() && len(call.Args) > 0 && call.Args[0] == use.Parent().Node() &&
			types.ExprString(call.Args[0]) == target && c.isSurgery(use.Parent().Parent(), call)
	})
}

// isPattern reports whether the constant expression at cur is the
// pattern of a regexp function, such as regexp.MustCompile(`^file:/|x`):
// its text is a regular expression, not a URI.
func (c *checker) isPattern(cur inspector.Cursor) bool {
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok || len(call.Args) == 0 || call.Args[0] != cur.Node() {
		return false
	}
	pkg, _ := c.callee(call)
	return pkg == "regexp"
}

// decodedBefore reports whether the string that x, a cut at cur, takes
// the prefix off is a local variable already percent-decoded whole by
// url.PathUnescape before the cut:
//
//	p, err := url.PathUnescape(u)
//	p = strings.TrimPrefix(p, "file://")
func (c *checker) decodedBefore(cur inspector.Cursor, x ast.Expr) bool {
	return c.someDefinition(c.flowAt(cur), cutSubject(x), func(e ast.Expr) bool {
		call, ok := ast.Unparen(e).(*ast.CallExpr)
		return ok && e.Pos() < x.Pos() && c.isUnescape(call, "PathUnescape")
	})
}

// concatenatedHere reports whether the string that x, a cut at cur,
// takes the prefix off is a local variable that the function itself
// builds, in every definition, as a prefix and the rest: the cut undoes
// that concatenation and gives back the rest as it was, read as no URI.
// The prefix is a value named for one, known only at run time (a
// Prefix method, a prefix variable): a constant "file://" before a path
// is a construction, reported with the cut as the two halves of a raw
// pair.
//
//	uri := fs.Prefix() + fs.AbsPath(p)
//	return strings.TrimPrefix(uri, LocalPrefix)
func (c *checker) concatenatedHere(cur inspector.Cursor, x ast.Expr) bool {
	return c.definedAs(c.flowAt(cur), cutSubject(x), func(e ast.Expr) bool {
		sum, ok := ast.Unparen(e).(*ast.BinaryExpr)
		if !ok || sum.Op != token.ADD {
			return false
		}
		first := sum.X
		for b, ok := ast.Unparen(first).(*ast.BinaryExpr); ok && b.Op == token.ADD; b, ok = ast.Unparen(first).(*ast.BinaryExpr) {
			first = b.X
		}
		_, isConst := c.stringConst(first)
		return !isConst && prefixName(first)
	})
}

// prefixName reports whether e names a value, or calls a function or
// method, one of whose name's words is Prefix.
func prefixName(e ast.Expr) bool {
	if call, ok := ast.Unparen(e).(*ast.CallExpr); ok {
		e = call.Fun
	}
	var name string
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		name = e.Name
	case *ast.SelectorExpr:
		name = e.Sel.Name
	}
	return slices.ContainsFunc(nameWords(name), func(w string) bool { return strings.EqualFold(w, "prefix") })
}

// cutSubject returns the string that x, a cut, takes a prefix off.
func cutSubject(x ast.Expr) ast.Expr {
	switch x := x.(type) {
	case *ast.CallExpr:
		return x.Args[0]
	case *ast.SliceExpr:
		return x.X
	}
	return nil
}

// joinsToBase reports whether call joins arg, the rest of a cut URI, to
// a base directory, as in filepath.Join(base, rest): the rest is read as
// a relative path, the way helm reads its file://../chart dialect.
func (c *checker) joinsToBase(call *ast.CallExpr, arg ast.Expr) bool {
	return c.isPathFunc(call, "Join") && slices.Index(call.Args, arg) > 0
}
