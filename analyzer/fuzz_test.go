package analyzer_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/fileurilint/fileurilint/analyzer"
)

// FuzzLiteral checks that no string, written as an interpreted or a raw
// literal, makes the analyzer panic, and that its fixes leave a literal
// that is still a Go string whose value has nothing left to fix.
func FuzzLiteral(f *testing.F) {
	for _, s := range []string{
		`file:///C:\x y`, "file://C:/a\tb", "x file:///a%zz\xff", "file:////\\?\\C:\\", "FILE:c|/é`\"",
		strings.Repeat("file:///a b\\", 1000), "{\"u\": \"file://u:p@h/%00\"}",
	} {
		f.Add(s)
	}
	strict := analyzer.New(analyzer.Config{Strict: true})
	f.Fuzz(func(t *testing.T, s string) {
		lits := []string{strconv.Quote(s), strconv.QuoteToASCII(s)}
		if strconv.CanBackquote(s) {
			lits = append(lits, "`"+s+"`")
		}
		for _, lit := range lits {
			fixed := fixLiteral(t, strict, lit)
			if _, err := strconv.Unquote(fixed); err != nil {
				t.Fatalf("%s: fixed to %s, no Go string: %v", lit, fixed, err)
			}
			if again := fixLiteral(t, strict, fixed); again != fixed {
				t.Errorf("%s: fixed to %s, then to %s", lit, fixed, again)
			}
		}
	})
}
