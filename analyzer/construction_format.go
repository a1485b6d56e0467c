package analyzer

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// formatIndex returns the index of the format argument of the fmt
// function name, or -1. The format of Errorf is left out: an error's
// text is a message, not a URI the program uses.
func formatIndex(name string) int {
	switch name {
	case "Sprintf", "Printf":
		return 0
	case "Fprintf", "Appendf":
		return 1
	}
	return -1
}

// isPrint reports whether the fmt function name prints its operands
// without a format.
func isPrint(name string) bool {
	switch name {
	case "Sprint", "Print", "Fprint", "Append":
		return true
	}
	return false
}

// checkFormat reports a format that puts a path with a %s or %v verb
// after a file scheme prefix, written in the format or given by constant
// operands: fmt.Sprintf("file:///%s", p), fmt.Sprintf("%s://%s", "file", p).
// A format with an explicit argument index, or short of operands, is left
// alone.
func (c *checker) checkFormat(cur inspector.Cursor, call *ast.CallExpr, fi int, name string) {
	format, ok := c.stringConst(call.Args[fi])
	if !ok {
		return
	}
	var text strings.Builder // the output up to format[i], a zero byte for each operand not constant
	arg := fi + 1            // the operand of the next verb
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			text.WriteByte(format[i])
			continue
		}
		v, ok := scanVerb(format[i+1:])
		arg += v.stars
		if !ok || v.indexed || arg >= len(call.Args) {
			return
		}
		i += v.size
		if v.letter == '%' {
			text.WriteByte('%')
			continue
		}
		x := call.Args[arg]
		s, isConst := c.stringConst(x)
		switch {
		case v.letter != 's' && v.letter != 'v':
			text.WriteByte(0)
		case isConst:
			text.WriteString(s)
		case c.constantsOnly(cur, x) && (v.letter == 's' || v.letter == 'v'):
			// A slash or nothing, chosen at run time: "file://%s%s", slash, p.
		case c.reportFormat(cur, call, fi, name, text.String(), x, format[i+1:], v.size == 1):
			return
		default:
			text.WriteByte(0)
		}
		arg++
	}
}

// reportFormat reports the call of the fmt function name, whose format
// is its argument fi, when the operand x, printed after the output pre
// and before the rest of the format, is a path after a file scheme; it
// reports whether it did. bare says that the verb of x has no flags,
// width or precision, which fileuri.FromPath would not keep: only such a
// format is fixed.
func (c *checker) reportFormat(cur inspector.Cursor, call *ast.CallExpr, fi int, name, pre string, x ast.Expr, rest string, bare bool) bool {
	if schemeEnd(pre) == "file:" {
		return false // SQLite's file:data.db?mode=ro, not evidently a file URI
	}
	ops := []operand{{text: pre}, {expr: x}, {text: rest}}
	_, path, msg := c.pathAfterScheme(cur, ops, "a format")
	if path == nil {
		return false
	}
	c.markReported(call.Args[fi])
	var fix []analysis.SuggestedFix
	if name == "Sprintf" && len(call.Args) == 2 && bare && (pre == "file://" || pre == "file:///") && rest == "" {
		fix = c.fromPathFix(cur, call, x)
	}
	c.reportConstruction(call, msg, fix)
	return true
}

// checkPrint reports fmt.Sprint("file://", p).
func (c *checker) checkPrint(cur inspector.Cursor, call *ast.CallExpr, name string) {
	var ops []operand
	for _, a := range call.Args {
		ops = append(ops, operand{expr: a})
	}
	if _, x, msg := c.pathAfterScheme(cur, ops, "fmt."+name); x != nil {
		c.reportConstruction(call, msg, nil)
	}
}
