package analyzer

import (
	"go/ast"
	"strconv"
	"strings"
	"unicode/utf8"
)

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
	src := c.source(tf)
	if src == nil {
		return "", false
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
	escape, _ := jsonEscapesIn(s)
	return escape
}

// jsonEscapesIn reports whether s holds an escape of JSON (see
// hasJSONEscape), and whether it escapes a slash, "\/", as PHP's
// json_encode writes every slash.
func jsonEscapesIn(s string) (escape, slash bool) {
	for i := 0; i+1 < len(s); i++ {
		if s[i] != '\\' {
			continue
		}
		switch s[i+1] {
		case '/':
			return true, true
		case '\\':
			escape = true
		case 'u':
			escape = escape || len(s) >= i+6 && isHex(s[i+2]) && isHex(s[i+3]) && isHex(s[i+4]) && isHex(s[i+5])
		}
		i++ // the escaped byte
	}
	return escape, false
}

// escapeLike returns s written inside the string quoted by q whose
// escaped text is text, as escapeIn does, with every "/" written "\/"
// when text escapes its slashes: a fix of file:\/\/\/C:\\x keeps that
// style, file:\/\/\/C:\/x.
func escapeLike(s string, q byte, text string) (string, bool) {
	out, ok := escapeIn(s, q)
	if _, slash := jsonEscapesIn(text); slash && ok {
		out = strings.ReplaceAll(out, "/", `\/`)
	}
	return out, ok
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
