package analyzer

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"

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
	if lit.Kind != token.STRING || !inExpr(cur) && indexFold(lit.Value, "file:") < 0 {
		return // every literal passes here: most stand alone, without "file:"
	}
	if c.reported[lit] {
		return
	}
	if c.exemptTestLiteral(lit) {
		return
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
// (see checkLiteral). done records the expressions checked. The
// concatenation at cur is the outermost of its expression, visited
// before those inside it: these are left alone.
func (c *checker) checkConstants(cur inspector.Cursor, done map[ast.Expr]bool) {
	top := cur
	for p := cur.Parent(); c.isConstString(p.Node()); p = p.Parent() {
		if _, ok := p.Node().(*ast.ParenExpr); !ok {
			return // inside a concatenation, checked whole from its top
		}
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
	if hasLit || c.exemptTestLiteral(e) || c.isPattern(top) {
		return
	}
	done[e] = true
	c.checkConstExpr(e, cur)
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
	var uses role // found on the first URI with a problem
	for _, span := range uriSpans(value) {
		if insideChecked(pieces, span) {
			continue // reported where the constant was declared
		}
		problems := c.checkURI(value, span)
		if !slices.ContainsFunc(problems, func(p fileuri.Problem) bool { return c.enabled(p.Kind) }) {
			continue
		}
		r := asPattern // in the pattern of an SQL LIKE
		if !likePattern(value[:span[0]]) {
			if uses == 0 && use != isFormat {
				uses = c.roles(at)
			}
			r = uses
		}
		if r.onlyRecognises() && !c.cfg.Strict {
			continue // it recognises input: no URI the code writes
		}
		if !r.fixable() {
			for i := range problems {
				problems[i].Fixable = false
			}
		}
		c.reportURI(e, pieces, problems, span, use)
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
	if !ok || !c.isFormatArg(call, argIndex(call, cur.Node().(ast.Expr))) {
		return notFormat
	}
	return isFormat
}

// isFormatArg reports whether the argument i of call is the format of a
// printf-like function (see formatUse).
func (c *checker) isFormatArg(call *ast.CallExpr, i int) bool {
	fn, _ := typeutil.Callee(c.pass.TypesInfo, call).(*types.Func)
	return isFormatParam(fn, i)
}

// isFormatParam reports whether the parameter i of fn is the format of a
// printf-like function (see formatUse).
func isFormatParam(fn *types.Func, i int) bool {
	if fn == nil || !strings.HasSuffix(fn.Name(), "f") || isScan(fn) {
		return false
	}
	sig := fn.Signature()
	n := sig.Params().Len()
	if !sig.Variadic() || n < 2 || i != n-2 {
		return false
	}
	s, ok := sig.Params().At(n - 1).Type().(*types.Slice)
	return ok && types.IsInterface(s.Elem())
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

// reportURI reports the problems of the URI at span of the value of e,
// one diagnostic per kind, in the order the kinds first occur.
func (c *checker) reportURI(e ast.Expr, pieces []piece, problems []fileuri.Problem, span [2]int, use formatUse) {
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
			p.Replacement, p.Fixable = escapeLike(p.Replacement, q, text)
		}
	}
	return problems
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
	c.report(d)
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

const (
	noEscapes   escapes = iota // a Go raw string: none, and CRs dropped
	goEscapes                  // a Go interpreted string
	jsonEscapes                // a JSON string (RFC 8259 §7), as JavaScript writes it too
)
