package fileuri

import (
	"fmt"
	"strings"
	"testing"
)

// problemString renders a problem as "kind[start:end]" or
// "kind[start:end]=replacement".
func problemString(s string, p Problem) string {
	r := fmt.Sprintf("%s[%s]", p.Kind, s[p.Start:p.End])
	if p.Fixable {
		r += "=" + p.Replacement
	}
	return r
}

func checkString(o Options, s string) string {
	var parts []string
	for _, p := range o.Check(s) {
		parts = append(parts, problemString(s, p))
	}
	return strings.Join(parts, " ")
}

// checkTests are URIs with the problems Check finds in them, as
// problemString renders them, and what Fix makes of them.
var checkTests = []struct {
	in     string
	strict bool
	want   string // problems as problemString renders them, space-separated
	fixed  string // Fix(in); "" when in is unchanged
}{
	// Correct URIs and prefixes: silent.
	{in: "file:///C:/x/y.txt"},
	{in: "file:///etc/hosts"},
	{in: "file://localhost/etc/hosts"},
	{in: "file://host/share/x.txt"},
	{in: "file:///a%20b%23c%3Fd%25e"},
	{in: "file:///a;b=c&d+e,f$g@h:i!'()*~"},
	{in: "file:///tmp/test.db?mode=ro&cache=shared"},
	{in: "file:///doc.html#section-2"},
	{in: "file:///€.txt"},
	{in: "file:"},
	{in: "file://"},
	{in: "file:///"},
	{in: "file:///C|", want: "vertical-bar[|]=:", fixed: "file:///C:"},
	{in: "file://user@host/x"},
	{in: "file://[::1]/x"},
	{in: "file://host:8080/x", want: "malformed[:8080]"},
	{in: "file:///a%5Cb"}, // a POSIX name may hold a backslash
	{in: "file://./migrations"},
	{in: "file://../chart"},
	{in: "file://~/x"},
	// Not candidates: never checked.
	{in: "file: not found"},
	{in: "file:%s:%d"},
	{in: "file::memory:"},
	{in: "file:test.db?mode=ro"},
	{in: "file:../pkg"},
	{in: "profile:///a b"},
	{in: "filex:///a b"},

	// Default defects.
	{in: `file:///C:\x\y.txt`, want: `backslash[\]=/ backslash[\]=/`, fixed: "file:///C:/x/y.txt"},
	{in: `file:\\host\share\x`, want: `backslash[\]=/ backslash[\]=/ backslash[\]=/ backslash[\]=/`, fixed: "file://host/share/x"},
	{in: "file:///c|/x", want: "vertical-bar[|]=:", fixed: "file:///c:/x"},
	{in: "file:C|/x", want: "vertical-bar[|]=:", fixed: "file:C:/x"},
	{in: "file://C:/x", want: "drive-authority[C:]=/C:", fixed: "file:///C:/x"},
	{in: "file://c|/x", want: "drive-authority[c|]=/c:", fixed: "file:///c:/x"},
	{in: `file://C:\data`, want: `drive-authority[C:]=/C: backslash[\]=/`, fixed: "file:///C:/data"},
	{in: "file://D:", want: "drive-authority[D:]=/D:", fixed: "file:///D:"},
	{in: "file:///a b.txt", want: "unencoded[ ]=%20", fixed: "file:///a%20b.txt"},
	{in: "file:///a\tb", want: "unencoded[\t]=%09", fixed: "file:///a%09b"},
	{in: "file:///a\"b<c>^`{}", want: `unencoded["]=%22 unencoded[<]=%3C unencoded[>]=%3E unencoded[^]=%5E unencoded[` + "`" + `]=%60 unencoded[{]=%7B unencoded[}]=%7D`, fixed: "file:///a%22b%3Cc%3E%5E%60%7B%7D"},
	{in: "file:///a|b", want: "unencoded[|]=%7C", fixed: "file:///a%7Cb"},
	{in: "file:///a[1]", want: "unencoded[[]=%5B unencoded[]]=%5D", fixed: "file:///a%5B1%5D"},
	{in: "file:///a\x7f", want: "unencoded[\x7f]=%7F", fixed: "file:///a%7F"},
	{in: "file:///a\xff", want: "unencoded[\xff]=%FF", fixed: "file:///a%FF"},
	{in: "file:///x#a#b", want: "unencoded[#]=%23", fixed: "file:///x#a%23b"},
	{in: "file:///100%", want: "bad-escape[%]=%25", fixed: "file:///100%25"},
	{in: "file:///a%zz", want: "bad-escape[%]=%25", fixed: "file:///a%25zz"},
	{in: "file:///a%4", want: "bad-escape[%]=%25", fixed: "file:///a%254"},
	{in: "file://u:secret@host/x", want: "password[:secret]=", fixed: "file://u@host/x"},
	{in: "file://:secret@host/x", want: "password[:secret@]=", fixed: "file://host/x"},
	{in: "file:///a%00b", want: "nul[%00]"},
	{in: "file:///a%2Fb", want: "encoded-separator[%2F]"},
	{in: "file:///a%2fb", want: "encoded-separator[%2f]"},
	{in: "file:///C:/a%5Cb", want: "encoded-separator[%5C]"},
	{in: "file://host/share/a%5Cb", want: "encoded-separator[%5C]"},
	{in: "file:///C:x", want: "drive-relative[C:]"},
	{in: `file:\\?\C:\x`, want: `win32-namespace[\\?\]`},
	{in: `file:///\\?\C:\x`, want: `win32-namespace[\\?\]`},
	{in: `file:\\.\pipe\x`, want: `win32-namespace[\\.\]`},
	{in: "file:////?/C:/x", want: `win32-namespace[//?/]`},

	// Strict kinds.
	{in: "file://./migrations", strict: true, want: "not-absolute[.]"},
	{in: "file://../chart", strict: true, want: "not-absolute[..]"},
	{in: "file://~/x", strict: true, want: "not-absolute[~]"},
	{in: "file:///a%2f", strict: true, want: "encoded-separator[%2f]"},
	{in: "file:///a%c3%a9", strict: true, want: "lower-case-escape[%c3]=%C3 lower-case-escape[%a9]=%A9", fixed: "file:///a%C3%A9"},
	{in: "file:///%41b%7e", strict: true, want: "encoded-unreserved[%41]=A encoded-unreserved[%7e]=~", fixed: "file:///Ab~"},
	{in: "file:/etc/hosts", strict: true, want: "non-canonical[:]=://", fixed: "file:///etc/hosts"},
	{in: "file:C:/x", strict: true, want: "non-canonical[:]=:///", fixed: "file:///C:/x"},
	{in: "file:////host/share", strict: true, want: "unc-path[////]=//", fixed: "file://host/share"},
	{in: "file://///host/share", strict: true, want: "unc-path[/////]=//", fixed: "file://host/share"},
	{in: "FILE:///x", strict: true, want: "upper-case-scheme[FILE]=file", fixed: "file:///x"},
	{in: "File:///x", strict: true, want: "upper-case-scheme[File]=file", fixed: "file:///x"},
	{in: "file:///é", strict: true, want: "non-ascii[é]=%C3%A9", fixed: "file:///%C3%A9"},
	{in: "file://hö/x", strict: true, want: "non-ascii[ö]=%C3%B6", fixed: "file://h%C3%B6/x"},
	{in: "file:///C%3a/x", strict: true, want: "non-canonical[%3a]=:", fixed: "file:///C:/x"},
	{in: "file:///c%3A/x", strict: true, want: "non-canonical[%3A]=:", fixed: "file:///c:/x"},
	{in: "file:///c%3A/x"}, // vscode-uri's form: a style matter only
}

func TestCheck(t *testing.T) {
	for _, tt := range checkTests {
		o := Options{Strict: tt.strict}
		if got := checkString(o, tt.in); got != tt.want {
			t.Errorf("Options{Strict: %v}.Check(%q) = %s, want %s", tt.strict, tt.in, got, tt.want)
		}
		want := tt.fixed
		if want == "" {
			want = tt.in
		}
		if got := o.Fix(tt.in); got != want {
			t.Errorf("Options{Strict: %v}.Fix(%q) = %q, want %q", tt.strict, tt.in, got, want)
		}
		if tt.strict {
			continue
		}
		// Strict mode reports a superset of the default kinds.
		if got, all := checkString(o, tt.in), checkString(Options{Strict: true}, tt.in); !strings.Contains(all, got) {
			t.Errorf("strict Check(%q) = %s, lacks default problems %s", tt.in, all, got)
		}
	}
}

func TestCheckNeverRepeatsPassword(t *testing.T) {
	for _, s := range []string{
		"file://alice:hunter2@host/x",
		"file://alice:hunter2 hunter2@host/a b",
		"file://:hunter2@localhost/x%zz",
		"file://alice:hunter2@C:/x",
		`file:\\alice:hunter2@host\x`,
	} {
		for _, strict := range []bool{false, true} {
			for _, p := range (Options{Strict: strict}).Check(s) {
				if strings.Contains(p.Message, "hunter2") || strings.Contains(p.Replacement, "hunter2") {
					t.Errorf("Check(%q) problem %s repeats the password: %q", s, p.Kind, p.Message)
				}
			}
		}
		if _, err := Parse(s); err != nil && strings.Contains(err.Error(), "hunter2") {
			t.Errorf("Parse(%q) error repeats the password: %v", s, err)
		}
	}
}

func TestKinds(t *testing.T) {
	seen := map[Kind]bool{}
	strict := 0
	for _, k := range Kinds() {
		if seen[k] {
			t.Errorf("Kinds() lists %s twice", k)
		}
		seen[k] = true
		if k.Strict() {
			strict++
		}
	}
	if len(seen) != 18 || strict != 7 {
		t.Errorf("Kinds() has %d kinds, %d strict; want 18, 7", len(seen), strict)
	}
}
