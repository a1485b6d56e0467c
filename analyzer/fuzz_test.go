package analyzer_test

import (
	"fmt"
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
