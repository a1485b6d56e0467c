package analyzer_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/fileurilint/fileurilint/analyzer"
)

// FuzzLiteral checks that no string, written as an interpreted or a raw
// literal, makes the analyzer panic; that its fixes leave a literal that
// is still a Go string, with nothing left to fix after one pass; and that
// in a file with CRLF line ends, where the scanner drops the carriage
// returns of a raw literal from its value, the diagnostics underline the
// same text and the fixes write the same literal as with LF line ends.
func FuzzLiteral(f *testing.F) {
	for _, s := range []string{
		`file:///C:\x y`, "file://C:/a\tb", "x file:///a%zz\xff", "file:////\\?\\C:\\", "FILE:c|/é`\"",
		strings.Repeat("file:///a b\\", 1000), "{\"u\": \"file://u:p@h/%00\"}",
		"usage:\n  see file:///a^b.txt and file:///C:\\x\\y\n", "a\nb\nfile:///c d.txt", "file:///C:/Program Files",
		`{"uri":"file:///C:\\x"}`, `{"uri":"file:///caf\u00e9\\x^y"}`, "file://:pw@C:/x", `search file:\.js$`,
		"put file://C:\\t x.csv @~; get @~/x file://C:\\y z", "PUT file:///a b",
		"-- c\n/* c */ PUT 'file://C:\\a b\\c d' @~; GET '@~/x' file:///a%", "x -- c\nput file:///a b @~",
		`{"u":"file:\/\/\/C:\\x"}`, `open('file:\/\/C:\/a^b')`, `see file:\/\/\/C:\\x`, "file:////localhost/x|/y",
		`{"u":"file:\/\/\/C:\/NUL:"}`,
	} {
		f.Add(s)
	}
	strict := analyzer.New(analyzer.Config{Strict: true})
	f.Fuzz(func(t *testing.T, s string) {
		lits := []string{strconv.Quote(s), strconv.QuoteToASCII(s)}
		if strconv.CanBackquote(strings.ReplaceAll(s, "\n", "")) {
			lits = append(lits, "`"+s+"`") // a raw literal of several lines
		}
		for _, lit := range lits {
			src := "package p\n\nvar x = " + lit + "\n"
			fixed, diags := fixSource(t, strict, src)
			fixedLit := fixed[len("package p\n\nvar x = ") : len(fixed)-1]
			if _, err := strconv.Unquote(fixedLit); err != nil {
				t.Fatalf("%s: fixed to %s, no Go string: %v", lit, fixedLit, err)
			}
			if _, again := fixSource(t, strict, fixed); slices.ContainsFunc(again, hasEdits) {
				t.Errorf("%s: fixed to %s, which has fixes left: %v", lit, fixedLit, again)
			}

			crlf := strings.ReplaceAll(src, "\n", "\r\n")
			fixedCRLF, diagsCRLF := fixSource(t, strict, crlf)
			if got, want := underlined(crlf, diagsCRLF), underlined(src, diags); !slices.Equal(got, want) {
				t.Errorf("%s: with CRLF line ends, diagnostics underline\n%q, want\n%q", lit, got, want)
			}
			if got := strings.ReplaceAll(fixedCRLF, "\r", ""); got != fixed {
				t.Errorf("%s: with CRLF line ends, fixed to\n%q, want\n%q", lit, got, fixed)
			}
		}
	})
}

// hasEdits reports whether d has a fix that edits something.
func hasEdits(d analysis.Diagnostic) bool {
	return slices.ContainsFunc(d.SuggestedFixes, func(f analysis.SuggestedFix) bool { return len(f.TextEdits) > 0 })
}

// underlined returns the category, the range (in bytes of src without
// carriage returns) and the text of the source that each diagnostic
// underlines in src, a file that starts at offset 1 of its file set.
func underlined(src string, diags []analysis.Diagnostic) []string {
	var out []string
	for _, d := range diags {
		start, end := int(d.Pos)-1, int(d.End)-1
		cr := strings.Count(src[:start], "\r")
		text := strings.ReplaceAll(src[start:end], "\r", "")
		out = append(out, fmt.Sprintf("%s %d:%d %q", d.Category, start-cr, start-cr+len(text), text))
	}
	return out
}

// TestStrictFixOnePassGenerated checks, on generated URIs written four
// ways (alone, embedded in text, in JSON text, in JSON text that escapes
// its slashes as PHP's json_encode does) and in both kinds of literal,
// that the strict analyzer's fixes leave a Go string, JSON text that
// still decodes, and nothing to fix. 1,500 URIs make about 12,000
// literals.
func TestStrictFixOnePassGenerated(t *testing.T) {
	strict := analyzer.New(analyzer.Config{Strict: true})
	starts := []string{"file:", "file:/", "file://", "file:///", "file:////", "FILE://", `file:\\`, `file:\`}
	pieces := []string{
		"C:", "c|", "/", `\`, "host", "localhost", ".", "?", "#", "u:pw@", "a", "%", "%zz", "%2F", "%41", "é",
		"|", "^", "x|", "NUL:", `"`, " ", "'", "%3A", "{", "%s",
	}
	r := rand.New(rand.NewPCG(8089, 3986))
	for range 1500 {
		var b strings.Builder
		b.WriteString(starts[r.IntN(len(starts))])
		for range r.IntN(7) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		u := b.String()
		js, err := json.Marshal(map[string]string{"u": u})
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{u, "see " + u + " x", string(js), strings.ReplaceAll(string(js), "/", `\/`)} {
			checkOnePass(t, strict, text, text[0] == '{')
		}
	}
}

// checkOnePass checks the strict fixes of text, written as an
// interpreted and as a raw literal (see TestStrictFixOnePassGenerated).
func checkOnePass(t *testing.T, strict *analysis.Analyzer, text string, isJSON bool) {
	t.Helper()
	lits := []string{strconv.Quote(text)}
	if strconv.CanBackquote(text) {
		lits = append(lits, "`"+text+"`")
	}
	for _, lit := range lits {
		src := "package p\n\nvar x = " + lit + "\n"
		fixed, _ := fixSource(t, strict, src)
		fixedLit := fixed[len("package p\n\nvar x = ") : len(fixed)-1]
		v, err := strconv.Unquote(fixedLit)
		if err != nil {
			t.Fatalf("%s: fixed to %s, no Go string: %v", lit, fixedLit, err)
		}
		var m map[string]string
		if err := json.Unmarshal([]byte(v), &m); isJSON && err != nil {
			t.Errorf("%s: fixed to %s, no JSON: %v", lit, fixedLit, err)
		}
		if _, again := fixSource(t, strict, fixed); slices.ContainsFunc(again, hasEdits) {
			t.Errorf("%s: fixed to %s, which has fixes left", lit, fixedLit)
		}
	}
}

// roleFiles are files that use a literal, %s, otherwise than as a URI:
// as a printf format through a name, a pattern, a matcher of input, or a
// source of surgery. The first recognisers ones only recognise input.
var roleFiles = []string{
	`func f(u string) bool { ok, _ := path.Match(%s, u); return ok }`,
	`func f(u string) bool { return u == %s }`,
	`func f(u string) string { switch u { case %s: return "x" }; return "" }`,
	`func f(u string) bool { return strings.HasPrefix(u, %s) || strings.Contains(u, %[1]s) }`,
	`var r = strings.NewReplacer(%s, "x")`,
	`func f(q interface{ Query(string) }) { q.Query("SELECT 1 FROM t WHERE u LIKE '" + %s + "'") }`,
	`const c = %s; func f(n string) string { return fmt.Sprintf(c+"%%s", n) }`,
	`const c = %s; func f() string { return strings.TrimPrefix(c, "file://") + c[len(c)/2:] }`,
	`func f(n string) string { v := %s; return fmt.Sprintf(v+"%%d", 1) + strings.TrimSuffix(v, "/") }`,
	`const p = %s; func f(s string) string { return "file:///" + s[len(p):] + strings.TrimPrefix(s, p) }`,
	`func f(s string) string { if len(s) >= len(%s) && s[:len(%[1]s)] == %[1]s { return s[7:] }; return s }`,
}

// recognisers is the number of roleFiles whose literal only recognises
// input.
const recognisers = 6

// FuzzRoles checks that a file URI used in any role of roleFiles gets no
// fix, by default and in strict mode, and that one that only recognises
// input is not reported by default; and that no literal makes the
// analyzer panic there.
func FuzzRoles(f *testing.F) {
	for i, s := range []string{
		"file:///srv/my data/", "file:///home/%", "file:///usr/include/*.[ch]", "file://C:/", `file:///C:\`,
		"file://C:/autoexec.bat", "file:///tmp/my dir", "file:///c|/windows", "file://u:pw@host/x", "file:///a b#c",
		"git:/", "C:", "\xff:", ":",
	} {
		f.Add(s, uint8(i))
	}
	def, strict := analyzer.Analyzer, analyzer.New(analyzer.Config{Strict: true})
	f.Fuzz(func(t *testing.T, s string, role uint8) {
		i := int(role) % len(roleFiles)
		src := "package p\n\nimport (\n\t\"fmt\"\n\t\"path\"\n\t\"strings\"\n)\n\nvar _, _, _ = fmt.Sprint, path.Match, strings.Cut\n\n" +
			fmt.Sprintf(roleFiles[i], strconv.Quote(s)) + "\n"
		for _, a := range []*analysis.Analyzer{def, strict} {
			diags := checkSource(t, "p", "p.go", src).run(t, a)
			for _, d := range diags {
				if hasEdits(d) {
					t.Errorf("%s: %q has a fix: %s", roleFiles[i], s, d.Message)
				}
			}
			if a == def && i < recognisers && len(diags) > 0 {
				t.Errorf("%s: %q, which only recognises input, is reported: %s", roleFiles[i], s, diags[0].Message)
			}
		}
	})
}
