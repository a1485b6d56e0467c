package analyzer

import (
	"slices"
	"testing"
)

// TestJSONSlashSpans: "file:\/" starts a URI in a quoted string, JSON
// text as PHP's json_encode writes it, and nowhere else; the other
// escapes after "file:\" start one as before.
func TestJSONSlashSpans(t *testing.T) {
	for _, c := range []struct {
		text string
		want [][2]int
	}{
		{`{"u":"file:\/\/\/C:\\x"}`, [][2]int{{6, 22}}},
		{`open('file:\/\/\/C:\\tmp')`, [][2]int{{6, 24}}},
		{`see file:\/\/\/C:\\x`, nil},
		{`file:\/\/\/x`, nil},
		{`search file:\.js$`, nil},
		{`{"u":"file:\\\\h\\s"}`, [][2]int{{6, 19}}},
	} {
		if got := uriSpans(c.text); !slices.Equal(got, c.want) {
			t.Errorf("uriSpans(%s) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestEscapeLike: a replacement written into JSON text keeps the text's
// escaping of slashes.
func TestEscapeLike(t *testing.T) {
	for _, c := range []struct {
		s, text, want string
		q             byte
	}{
		{"/", `file:\/\/\/C:\\x`, `\/`, '"'},
		{"///C:", `file:\/\/C:\/x`, `\/\/\/C:`, '"'},
		{"/", `file:///C:\\x`, `/`, '"'},
		{"/", `file:///C:\\/x`, `/`, '"'}, // "\\" then "/": no escaped slash
		{`a\b"/`, `file:\/x`, `a\\b\"\/`, '"'},
		{"%5E", `file:\/\/\/a^b`, "%5E", '\''},
	} {
		if got, ok := escapeLike(c.s, c.q, c.text); !ok || got != c.want {
			t.Errorf("escapeLike(%q, %q, %q) = %q, %v; want %q", c.s, c.q, c.text, got, ok, c.want)
		}
	}
	if _, ok := escapeLike("\t", '"', `file:\/x`); ok {
		t.Error("escapeLike of a tab: ok, want false")
	}
	for s, want := range map[string][2]bool{
		`file:\/x`: {true, true}, `file:\\x`: {true, false}, `file:\\/x`: {true, false},
		`caf\u00e9`: {true, false}, `C:\temp`: {false, false}, `a\\\/b`: {true, true},
	} {
		if esc, slash := jsonEscapesIn(s); esc != want[0] || slash != want[1] {
			t.Errorf("jsonEscapesIn(%s) = %v, %v; want %v", s, esc, slash, want)
		}
	}
}

// TestSpanEndsAlikeAfterFix: a URI ends in the same place before and
// after its fixes, so that one -fix pass is enough. A "|" after a
// percent-encoded letter, or after a letter behind a backslash, is a
// drive's; an environment variable is read through the escapes of
// unreserved characters that the strict fix decodes.
func TestSpanEndsAlikeAfterFix(t *testing.T) {
	for text, uri := range map[string]string{
		`see file:///a\c|\x y`:    `file:///a\c|\x`,
		`see file:///a/c%7C/x y`:  `file:///a/c%7C/x`,
		`see file:////%41|\\ y`:   `file:////%41|\\`,
		`see file://A|// y`:       `file://A|//`,
		`see file:///%43|/x y`:    `file:///%43|/x`,
		"file:///x|%zz%41%41%s":   "file:///x|",
		"file:///x|%zzAA%s":       "file:///x|",
		"file:///x|%zz%41%20%s":   "file:///x|",
		"file:///x|%zzA%20%s":     "file:///x|",
		"file:///x|%APPDATA%41/y": "file:///x|",
	} {
		if sp := uriSpans(text); len(sp) != 1 || text[sp[0][0]:sp[0][1]] != uri {
			t.Errorf("uriSpans(%q) = %v, want the URI %q", text, sp, uri)
		}
	}
	for s, want := range map[string]bool{
		"%APPDATA%": true, "%APPDATA%41": true, "%zz%41%41%s": true, "%zzAA%s": true, "%zz%41%20": true,
		"%zz%2E%41%": false, "%E2%80": false, "%a_1%": true, "%1ab%": false, "%zz%31%": true,
	} {
		if got := isEnvVar(s); got != want {
			t.Errorf("isEnvVar(%q) = %v, want %v", s, got, want)
		}
	}
}
