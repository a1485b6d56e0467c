package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/fileurilint/fileurilint/fileuri"
)

// checkLiteral reports the file URIs written in string literals and
// constant string expressions. A constant expression is checked whole,
// at its largest extent, so that "file:///C:" + `\x` is one URI; a
// constant named in it was checked at its own declaration, so a URI that
// lies entirely inside such a name is not reported again.
//
// The literal lit is at cur; done records the expressions checked and the
// operators and parentheses walked through to them, each walked once.
func (c *checker) checkLiteral(cur inspector.Cursor, lit *ast.BasicLit, done map[ast.Expr]bool) {
	if lit.Kind != token.STRING || c.reported[lit] {
		return
	}
	if !inExpr(cur) && indexFold(lit.Value, "file:") < 0 {
		return // every string literal passes here: most stand alone, without "file:"
	}
	if !c.cfg.CheckTestLiterals && c.isTestFile(lit.Pos()) {
		return // tests feed malformed URIs to parsers on purpose (docs/positions.md)
	}
	top := cur
	for p := cur.Parent(); c.isConstString(p.Node()); p = p.Parent() {
		e := p.Node().(ast.Expr)
		if done[e] {
			return // checked with another operand
		}
		done[e] = true
		top = p
	}
	e := top.Node().(ast.Expr)
	if !c.isConstString(e) {
		return // not a constant: an import path or a struct tag
	}
	if c.isPattern(top) {
		return
	}
	c.checkConstExpr(e, top)
}

// checkConstants checks the constant string expression around the
// concatenation at cur when it is made of named constants only, such as
// prefix + dir: the literals of other expressions start their checks
// (see checkLiteral). done records the expressions checked.
func (c *checker) checkConstants(cur inspector.Cursor, done map[ast.Expr]bool) {
	top := cur
	for p := cur.Parent(); c.isConstString(p.Node()); p = p.Parent() {
		top = p // the whole expression, such as (prefix + dir)
	}
	e := top.Node().(ast.Expr)
	if done[e] {
		return
	}
	hasLit := false
	ast.Inspect(e, func(n ast.Node) bool {
		_, isLit := n.(*ast.BasicLit)
		hasLit = hasLit || isLit
		return !hasLit
	})
	if hasLit || !c.cfg.CheckTestLiterals && c.isTestFile(e.Pos()) || c.isPattern(top) {
		return
	}
	done[e] = true
	c.checkConstExpr(e, cur)
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

// inExpr reports whether the literal at cur is an operand of a binary or
// parenthesized expression, where another operand may supply "file:".
func inExpr(cur inspector.Cursor) bool {
	switch cur.Parent().Node().(type) {
	case *ast.BinaryExpr, *ast.ParenExpr:
		return true
	}
	return false
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

// A piece is one operand of a constant string expression: a string
// literal, or another constant (a name, a conversion) whose text is not
// in the expression. It spans value[start:end] of the whole expression.
type piece struct {
	expr       ast.Expr
	lit        *ast.BasicLit // nil when expr is no string literal
	start, end int
	// checked says that the piece is a constant whose value holds
	// "file:": it was checked, and its URIs reported, where it was
	// declared.
	checked bool
}

// pieces flattens the constant string expression e into its operands.
func (c *checker) pieces(e ast.Expr, start int, out []piece) []piece {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return c.pieces(x.X, start, out)
	case *ast.BinaryExpr:
		if x.Op == token.ADD {
			out = c.pieces(x.X, start, out)
			return c.pieces(x.Y, out[len(out)-1].end, out)
		}
	}
	v := constant.StringVal(c.pass.TypesInfo.Types[e].Value)
	p := piece{expr: e, start: start, end: start + len(v)}
	if lit, ok := e.(*ast.BasicLit); ok {
		p.lit = lit
	} else {
		p.checked = indexFold(v, "file:") >= 0
	}
	return append(out, p)
}

// checkConstExpr reports the file URIs in the value of the constant
// string expression e, which is at the cursor at (see formatUse).
func (c *checker) checkConstExpr(e ast.Expr, at inspector.Cursor) {
	value := constant.StringVal(c.pass.TypesInfo.Types[e].Value)
	if indexFold(value, "file:") < 0 {
		return
	}
	use := c.formatUse(at)
	if use == notFormat && hasVerb(value) {
		use = maybeFormat
	}
	pieces := c.pieces(e, 0, nil)
	for _, span := range uriSpans(value) {
		if insideChecked(pieces, span) {
			continue // reported where the constant was declared
		}
		c.reportURI(e, pieces, value, span, use)
	}
}

// A formatUse says whether a constant string is a printf format, where
// the "%" that a fix writes (%20, %25) would be read as a verb.
type formatUse int

const (
	notFormat   formatUse = iota
	isFormat              // the format of a printf-like call: a fix writes "%%"
	maybeFormat           // it holds a verb: no fix writes a "%"
)

// formatUse returns isFormat when the constant expression at cur is the
// format argument of a printf-like call: the argument before a final
// ...any parameter, of a function whose name ends in "f" (fmt.Sprintf,
// log.Printf, t.Errorf, a wrapper of them).
func (c *checker) formatUse(cur inspector.Cursor) formatUse {
	call, ok := cur.Parent().Node().(*ast.CallExpr)
	if !ok {
		return notFormat
	}
	fn, ok := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	if !ok || !strings.HasSuffix(fn.Name(), "f") {
		return notFormat
	}
	sig := fn.Signature()
	n := sig.Params().Len()
	if !sig.Variadic() || n < 2 || len(call.Args) < n-1 || call.Args[n-2] != cur.Node() {
		return notFormat
	}
	if s, ok := sig.Params().At(n - 1).Type().(*types.Slice); !ok || !types.IsInterface(s.Elem()) {
		return notFormat
	}
	return isFormat
}

// hasVerb reports whether s holds a printf verb (see isVerb).
func hasVerb(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if isVerb(s[i+1:]) {
			return true
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// insideChecked reports whether the span of the value lies inside one
// piece that was checked where it was declared.
func insideChecked(pieces []piece, span [2]int) bool {
	i := pieceAt(pieces, span[0])
	return i < len(pieces) && pieces[i].checked && pieces[i].start <= span[0] && span[1] <= pieces[i].end
}

// pieceAt returns the index of the first piece that ends after offset i
// of the value, or len(pieces).
func pieceAt(pieces []piece, i int) int {
	n, _ := slices.BinarySearchFunc(pieces, i, func(p piece, i int) int {
		if p.end <= i {
			return -1
		}
		return 1
	})
	return n
}

// reportURI checks the URI value[span[0]:span[1]] and reports its
// problems, one diagnostic per kind, in the order the kinds first occur.
func (c *checker) reportURI(e ast.Expr, pieces []piece, value string, span [2]int, use formatUse) {
	problems := c.checkURI(value, span)
	var kinds []fileuri.Kind
	count := make(map[fileuri.Kind]int)
	for _, p := range problems {
		if count[p.Kind] == 0 && c.enabled(p.Kind) {
			kinds = append(kinds, p.Kind)
		}
		count[p.Kind]++
	}
	for _, k := range kinds {
		group := make([]fileuri.Problem, 0, count[k])
		for _, p := range problems {
			if p.Kind == k {
				p.Start += span[0]
				p.End += span[0]
				group = append(group, p)
			}
		}
		c.reportGroup(e, pieces, group, use)
	}
}

// checkURI returns the problems of the file URI value[span[0]:span[1]],
// placed in that text. A URI in a quoted string of another language,
// such as JSON text, that holds an escape only such a string holds (see
// hasJSONEscape) is written with that language's escapes: in
// {"uri":"file:///C:\\x"} the URI is file:///C:\x, with one backslash,
// and in {"uri":"file:///caf\u00e9"} it has no backslash. Its problems are those of the URI it stands for,
// with fixes escaped for that string; a problem inside an escape, or in
// text whose escapes do not decode, has no fix. A URI cut short by an
// escaped quote ({"uri":"file:///a\"b"}) is not checked: its end is
// unknown.
func (c *checker) checkURI(value string, span [2]int) []fileuri.Problem {
	text := value[span[0]:span[1]]
	q := quoteBefore(value, span[0])
	if q == 0 || !hasJSONEscape(text) && !strings.HasSuffix(text, `\`) {
		return c.opts.Check(text)
	}
	if span[1] < len(value) && value[span[1]] == q && (len(text)-len(strings.TrimRight(text, `\`)))%2 == 1 {
		return nil // the quote is escaped
	}
	m, uri, ok := mapEscapes(text, 0, jsonEscapes, q)
	if !ok {
		problems := c.opts.Check(text)
		for i := range problems {
			problems[i].Fixable = false
		}
		return problems
	}
	problems := c.opts.Check(uri)
	for i := range problems {
		p := &problems[i]
		from, to, ok := m.sourceRange(p.Start, p.End)
		if !ok {
			from, to, p.Fixable = 0, len(text), false
		}
		p.Start, p.End = from, to
		if p.Fixable {
			p.Replacement, p.Fixable = escapeIn(p.Replacement, q)
		}
	}
	return problems
}

// quoteBefore returns s[i-1] when it is a double or a single quote, or 0.
func quoteBefore(s string, i int) byte {
	if i > 0 && (s[i-1] == '"' || s[i-1] == '\'') {
		return s[i-1]
	}
	return 0
}

// escapeIn returns s written inside a string quoted by q, its
// backslashes and quotes escaped, or false when s holds a control
// character.
func escapeIn(s string, q byte) (string, bool) {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c < ' ' || c == 0x7F:
			return "", false
		case c == '\\' || c == q:
			b.WriteByte('\\')
		}
		b.WriteByte(s[i])
	}
	return b.String(), true
}

// reportGroup reports the problems of one kind in one URI as one
// diagnostic that spans them all, with one fix that edits every one of
// them when each can be mapped to the source and fixed.
func (c *checker) reportGroup(e ast.Expr, pieces []piece, group []fileuri.Problem, use formatUse) {
	pos, end := token.NoPos, token.NoPos
	fixable := true
	edits := make([]analysis.TextEdit, 0, len(group))
	n := 0
	for _, p := range group {
		if strings.Contains(p.Replacement, "%") {
			switch use {
			case isFormat:
				p.Replacement = strings.ReplaceAll(p.Replacement, "%", "%%")
			case maybeFormat:
				p.Fixable = false
			}
		}
		ppos, pend, edit, where := c.locate(pieces, p)
		switch where {
		case inConstant:
			continue // reported where the constant was declared
		case inSeveral:
			ppos, pend, fixable = e.Pos(), e.End(), false
		}
		n++
		if pos == token.NoPos || ppos < pos {
			pos = ppos
		}
		end = max(end, pend)
		if fixable && p.Fixable && edit != nil {
			edits = append(edits, *edit)
		} else {
			fixable = false
		}
	}
	if n == 0 {
		return
	}
	msg := group[0].Message
	if n > 1 {
		msg += fmt.Sprintf(" (%d places)", n)
	}
	d := analysis.Diagnostic{Pos: pos, End: end, Category: string(group[0].Kind), Message: msg}
	if fixable {
		d.SuggestedFixes = []analysis.SuggestedFix{{Message: fixMessage(group[0].Kind), TextEdits: edits}}
	}
	c.pass.Report(d)
}

// Where a problem lies in a constant expression.
const (
	inLiteral  = iota // in one string literal, or a constant without "file:"
	inConstant        // in one named constant checked where declared
	inSeveral         // across operands
)

// locate maps the byte range of problem p in the value of an expression
// made of pieces to its range in the source, and returns the edit that
// writes its replacement there, and where the range lies. The edit is nil
// when the range is not inside one literal or its replacement cannot be
// written there.
func (c *checker) locate(pieces []piece, p fileuri.Problem) (pos, end token.Pos, edit *analysis.TextEdit, where int) {
	if i := pieceAt(pieces, p.Start); i < len(pieces) && pieces[i].start <= p.Start && p.End <= pieces[i].end {
		pc := pieces[i]
		if pc.lit == nil {
			if !pc.checked {
				// A constant without "file:", such as a directory
				// `C:\Users\me` after "file:///": its declaration holds
				// no URI to report. Edits to it could break its other
				// uses, so there is no fix.
				return pc.expr.Pos(), pc.expr.End(), nil, inLiteral
			}
			return pc.expr.Pos(), pc.expr.End(), nil, inConstant
		}
		m, ok := c.mapLiteral(pc.lit)
		if !ok {
			return pc.lit.Pos(), pc.lit.End(), nil, inLiteral
		}
		from, to, ok := m.sourceRange(p.Start-pc.start, p.End-pc.start)
		if !ok {
			return pc.lit.Pos(), pc.lit.End(), nil, inLiteral
		}
		pos, end = pc.lit.Pos()+token.Pos(from), pc.lit.Pos()+token.Pos(to)
		if text, ok := m.encode(p.Replacement); ok {
			edit = &analysis.TextEdit{Pos: pos, End: end, NewText: []byte(text)}
		}
		return pos, end, edit, inLiteral
	}
	return token.NoPos, token.NoPos, nil, inSeveral
}

// A litMap relates the bytes of a string literal's value to its source
// text (The Go Programming Language Specification, "String literals").
// The token that gives byte i of the value (a byte, or an escape such as
// \t or \u00e9) starts at src[i] in the literal's text; first[i] says
// whether byte i is the first byte that token gives. A range of the value
// has a range of text when both its ends fall on first bytes.
type litMap struct {
	raw   bool
	src   []int  // len(value)+1 offsets in the literal's text
	first []bool // byte i starts the output of its source token
}

// A decodedLit is the litMap of a literal, and whether it decoded.
type decodedLit struct {
	litMap
	ok bool
}

// mapLiteral returns the litMap of lit, computed once per literal: a
// literal may hold thousands of problems.
func (c *checker) mapLiteral(lit *ast.BasicLit) (litMap, bool) {
	m, ok := c.litMaps[lit]
	if !ok {
		if text, ok := c.literalText(lit); ok {
			m.litMap, m.ok = mapLiteral(text)
		}
		c.litMaps[lit] = m
	}
	return m.litMap, m.ok
}

// literalText returns the source text of lit, byte for byte. The scanner
// drops the carriage returns of a raw literal from its Value (The Go
// Programming Language Specification, "String literals"), while positions
// count the bytes of the file: the text of a raw literal that spans CRLF
// line ends is read back from the file. It reports false when the file
// cannot be read or no longer holds the literal.
func (c *checker) literalText(lit *ast.BasicLit) (string, bool) {
	if int(lit.End()-lit.Pos()) == len(lit.Value) {
		return lit.Value, true
	}
	tf := c.pass.Fset.File(lit.Pos())
	if tf == nil || c.pass.ReadFile == nil {
		return "", false
	}
	src, ok := c.sources[tf]
	if !ok {
		src, _ = c.pass.ReadFile(tf.Name())
		c.sources[tf] = src
	}
	start, end := tf.Offset(lit.Pos()), tf.Offset(lit.End())
	if end > len(src) {
		return "", false
	}
	text := string(src[start:end])
	if strings.ReplaceAll(text, "\r", "") != lit.Value {
		return "", false
	}
	return text, true
}

// mapLiteral decodes text, the source text of a string literal, and
// relates its value to it. It reports false when the text does not
// decode, which a well-typed package does not have.
func mapLiteral(text string) (litMap, bool) {
	if len(text) < 2 {
		return litMap{}, false
	}
	esc := goEscapes
	if text[0] == '`' {
		esc = noEscapes
	}
	m, value, ok := mapEscapes(text[1:len(text)-1], 1, esc, '"')
	if want, err := strconv.Unquote(text); !ok || err != nil || want != value {
		return litMap{}, false
	}
	return m, true
}

// escapes names the escapes the text of a string is written with.
type escapes int

const (
	noEscapes   escapes = iota // a Go raw string: none, and CRs dropped
	goEscapes                  // a Go interpreted string
	jsonEscapes                // a JSON string (RFC 8259 §7), as JavaScript writes it too
)

// mapEscapes decodes body, the text between the quotes of a string
// quoted by quote and written with esc, and relates the decoded value to
// the text, whose first byte is at offset off. It reports false when an
// escape does not decode.
func mapEscapes(body string, off int, esc escapes, quote byte) (litMap, string, bool) {
	m := litMap{raw: esc == noEscapes, src: make([]int, 0, len(body)+1), first: make([]bool, 0, len(body))}
	value := make([]byte, 0, len(body))
	emit := func(b []byte, from int) {
		for i, x := range b {
			value = append(value, x)
			m.src = append(m.src, from)
			m.first = append(m.first, i == 0)
		}
	}
	for i := 0; i < len(body); {
		from := off + i
		switch {
		case esc == noEscapes && body[i] == '\r':
			i++ // carriage returns are discarded from raw strings
		case esc == noEscapes || body[i] != '\\':
			emit([]byte{body[i]}, from)
			i++
		case esc == jsonEscapes && strings.HasPrefix(body[i:], `\/`):
			emit([]byte{'/'}, from)
			i += 2
		case esc == jsonEscapes && (i+1 == len(body) || strings.IndexByte(`\"'bfnrtu`, body[i+1]) < 0):
			return litMap{}, "", false
		default:
			v, multibyte, tail, err := strconv.UnquoteChar(body[i:], quote)
			if err != nil {
				return litMap{}, "", false
			}
			if multibyte { // \u and \U escapes
				emit(utf8.AppendRune(nil, v), from)
			} else {
				emit([]byte{byte(v)}, from) // \xff and \377 give one byte
			}
			i = len(body) - len(tail)
		}
	}
	m.src = append(m.src, off+len(body))
	return m, string(value), true
}

// hasJSONEscape reports whether s holds an escape that only a string of
// JSON or another language would hold: "\\", "\/" or "\u" and four hex
// digits. A single backslash before a letter, as in C:\temp, is more
// likely a Windows separator than an escape.
func hasJSONEscape(s string) bool {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		switch s[i+1] {
		case '\\', '/':
			return true
		case 'u':
			if len(s) >= i+6 && isHex(s[i+2]) && isHex(s[i+3]) && isHex(s[i+4]) && isHex(s[i+5]) {
				return true
			}
		}
		i++ // the escaped byte
	}
	return false
}

// sourceRange returns the range of the literal's text that holds
// value[start:end], or false when the range starts or ends inside the
// output of one escape sequence.
func (m litMap) sourceRange(start, end int) (int, int, bool) {
	if start >= end || end >= len(m.src) {
		return 0, 0, false
	}
	if !m.first[start] || (end < len(m.first) && !m.first[end]) {
		return 0, 0, false
	}
	return m.src[start], m.src[end], true
}

// encode returns s as text for the literal, escaped for an interpreted
// literal. A raw literal cannot hold a backquote or a carriage return.
func (m litMap) encode(s string) (string, bool) {
	if m.raw {
		return s, !strings.ContainsAny(s, "`\r")
	}
	q := strconv.Quote(s)
	return q[1 : len(q)-1], true
}

// fixMessage is the message of the fix for a kind of defect.
func fixMessage(k fileuri.Kind) string {
	switch k {
	case fileuri.Backslash:
		return `Replace \ with /`
	case fileuri.VerticalBar:
		return "Replace | with :"
	case fileuri.DriveAuthority:
		return "Add the third slash before the drive letter"
	case fileuri.Unencoded:
		return "Percent-encode the character"
	case fileuri.BadEscape:
		return "Encode % as %25"
	case fileuri.Password:
		return "Remove the password"
	case fileuri.NonCanonical:
		return `Write the canonical "file:///" form`
	case fileuri.UNCPath:
		return `Write the UNC form "file://host/share"`
	case fileuri.UpperCaseScheme:
		return "Lower-case the scheme"
	case fileuri.LowerCaseEscape:
		return "Upper-case the percent-encoding"
	case fileuri.EncodedUnreserved:
		return "Decode the unreserved character"
	case fileuri.NonASCII:
		return "Percent-encode the UTF-8 bytes"
	}
	return "Fix the file URI"
}

// uriSpans returns the ranges of the file URIs in s. A URI starts with
// "file:" (in any case) at the start of s or after a character that
// cannot belong to a scheme (RFC 3986 §3.1), and must be a candidate for
// fileuri.Check; see uriEnd for where it ends.
func uriSpans(s string) [][2]int {
	var spans [][2]int
	for i := 0; i < len(s); {
		j := indexFold(s[i:], "file:")
		if j < 0 {
			break
		}
		start := i + j
		i = start + len("file:")
		if start > 0 && isSchemeChar(s[start-1]) || !fileuri.IsCandidate(s[start:]) || !canStartURI(s[start:]) {
			continue
		}
		end := uriEnd(s, start)
		spans = append(spans, [2]int{start, end})
		i = max(i, end)
	}
	return spans
}

// canStartURI reports whether u, a candidate for fileuri.Check, can be a
// file URI: after "file:\" only a UNC host ("file:\\host\share") or a
// drive letter ("file:\C:\x") can follow (RFC 8089 E.4). Other text, such
// as the file filter of a code-search syntax (`file:\.js$`), is no path.
func canStartURI(u string) bool {
	if u[len("file:")] != '\\' {
		return true
	}
	rest := u[len(`file:\`):]
	return strings.HasPrefix(rest, `\`) || len(rest) >= 2 && isLetter(rest[0]) && (rest[1] == ':' || rest[1] == '|')
}

// isSchemeChar reports whether b may appear in a URI scheme (RFC 3986
// §3.1): "profile://" or "x-file:" is no file URI.
func isSchemeChar(b byte) bool {
	return isLetter(b) || '0' <= b && b <= '9' || b == '+' || b == '-' || b == '.'
}

// uriEnd returns where the file URI that starts at s[start] ends. A URI
// that makes up the whole string runs to its end or to a line break,
// blanks included, unless it reads as prose (see wholeWithSpaces). A URI
// embedded in text ends at a blank, a control character, a quote, a
// bracket or a "|" that is no drive's, and loses trailing punctuation.
// Either ends where a template or a format starts: a brace, "<" (as in
// file:///<path>), a printf verb such as %s, or an environment variable
// such as %APPDATA%.
func uriEnd(s string, start int) int {
	whole := start == 0
	end := len(s)
	blank := -1
	for i := start + len("file:"); i < len(s); i++ {
		b := s[i]
		if b == ' ' || b == '\t' {
			if !whole {
				end = i
				break
			}
			if blank < 0 {
				blank = i
			}
			continue
		}
		stop := b == '\n' || b == '\r' || b == '{' || b == '}' || b == '<' ||
			b == '%' && (isVerb(s[i+1:]) || isEnvVar(s[i:]))
		if !whole {
			stop = stop || b < ' ' || b == 0x7F || strings.IndexByte("\"'`>()[]", b) >= 0 ||
				b == '|' && !isDriveBar(s[start:], i-start)
		}
		if stop {
			end = i
			break
		}
	}
	if blank >= 0 && !wholeWithSpaces(s[start:end], blank-start) {
		end = blank
	}
	if !whole {
		end = start + len(strings.TrimRight(s[start:end], ".,;:!?"))
	}
	return end
}

// isDriveBar reports whether u[i], a "|" in the file URI u, follows a
// drive letter ("file:///c|/x", RFC 8089 E.2.2) rather than separating the
// URI from the text after it, as in a table or a pipeline.
func isDriveBar(u string, i int) bool {
	return i >= 2 && isLetter(u[i-1]) && (u[i-2] == '/' || u[i-2] == ':') &&
		(i+1 == len(u) || u[i+1] == '/' || u[i+1] == '\\')
}

// wholeWithSpaces reports whether u, a whole string holding a file URI
// with its first blank at u[space], is one URI whose path has blanks
// ("file:///C:/Program Files", "file:///a b") rather than a URI followed
// by prose ("file:///x: no such file", "file:// is not supported",
// "file:///x (default)"). A string that is only a URI is one to its end;
// it reads as prose when the text before the blank is a prefix, when a
// word but the last ends with punctuation, or when a later word is a
// word of prose (see isProse).
func wholeWithSpaces(u string, space int) bool {
	if strings.Trim(u[len("file:"):space], `/\`) == "" || strings.TrimLeft(u[space:], " \t") == "" {
		return false // a prefix, or trailing blanks
	}
	words := strings.Fields(u)
	for i, w := range words[1:] {
		if strings.ContainsAny(words[i][len(words[i])-1:], ".,;:!?") || isProse(w) {
			return false
		}
	}
	return true
}

// isProse reports whether w, a word after a file URI, is a word of prose
// rather than part of a file name: a common English function word ("is",
// "not", "or"), a dash, a word in brackets or quotes with no separator
// ("(default)"; "(x86)/App" may be a path), or a word that holds
// another file URI.
func isProse(w string) bool {
	if strings.IndexByte("([{'\"-", w[0]) >= 0 && !strings.ContainsAny(w, `/\`) || indexFold(w, "file:") >= 0 {
		return true
	}
	return proseWords[strings.ToLower(w)]
}

// proseWords are words that say a string is a sentence about a URI.
var proseWords = map[string]bool{
	"is": true, "are": true, "was": true, "not": true, "no": true, "cannot": true, "must": true,
	"should": true, "will": true, "does": true, "has": true, "and": true, "or": true, "to": true,
	"for": true, "of": true, "in": true, "on": true, "at": true, "by": true, "as": true, "from": true,
	"the": true, "if": true, "when": true, "with": true, "instead": true, "e.g.": true, "i.e.": true,
}

// isEnvVar reports whether s starts with a Windows environment variable
// such as %APPDATA%, a name of three or more letters, digits and
// underscores between two "%" that does not start as an escape ("%E2%"
// or "%c3%a9" are escapes).
func isEnvVar(s string) bool {
	if len(s) < 5 || isHex(s[1]) && isHex(s[2]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		switch b := s[i]; {
		case b == '%':
			return i > 3
		case b == '_' || isLetter(b) || '0' <= b && b <= '9' && i > 1:
		default:
			return false
		}
	}
	return false
}

// isVerb reports whether s, the text after a "%", starts a printf verb
// rather than a percent-encoding: "%s", "%v", "%-10s", "%[1]q", "%c". Two hex
// digits are an encoding ("%2F"), however a format would read them.
func isVerb(s string) bool {
	if len(s) >= 2 && isHex(s[0]) && isHex(s[1]) {
		return false
	}
	i := 0
	for i < len(s) && strings.IndexByte("+-# 0123456789.*[]", s[i]) >= 0 {
		i++
	}
	if i == 0 && len(s) > 0 && s[0] == 'c' {
		// "%c", a drive letter formatted as a character; only bare,
		// for "100%.cpp" is a bad escape, not the verb %.c.
		return true
	}
	return i < len(s) && strings.IndexByte("vTdqxXfgsp%w", s[i]) >= 0
}

// isLetter reports whether b is an ASCII letter (RFC 3986 ALPHA).
func isLetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }

// isHex reports whether b is a hexadecimal digit.
func isHex(b byte) bool {
	return '0' <= b && b <= '9' || 'a' <= b|0x20 && b|0x20 <= 'f'
}
