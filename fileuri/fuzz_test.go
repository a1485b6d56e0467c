package fileuri

import (
	"strings"
	"testing"
)

var fuzzSeeds = []string{
	"file:///C:/x/y.txt", "file://C:/x", "file:///c|/x", `file:///C:\x\y`, `file:\\host\share\x`,
	"file:////host/share", "file://///host/share", "file://u:pw@host/x", "file://:pw@h/x",
	"file:///a b%zz%4", "file:///a%00%2F%5C%2f%41%7e", "FILE:/x", "file:C:/x", "file:///C:x",
	`file:\\?\C:\x`, "file:////?/C:/x", `file:\\.\pipe\x`, "file://./x", "file://~/x",
	"file:///a?b#c#d", "file://[::1]/x", "file://h:80/x", "file:///€\xff", "file://",
	"file:///C%3A/x", "file://localhost/C|/x", "file:C|", "file:///",
}

// FuzzCheck checks that Check never panics, returns ordered problems
// within s that do not overlap when fixable, never repeats a password,
// and that Fix is idempotent and leaves nothing fixable.
func FuzzCheck(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, o := range []Options{{}, {Strict: true}} {
			last := 0
			for _, p := range o.Check(s) {
				if p.Start < 0 || p.End > len(s) || p.Start > p.End {
					t.Fatalf("Check(%q): %s range [%d,%d) out of bounds", s, p.Kind, p.Start, p.End)
				}
				if p.Kind.Strict() && !o.Strict {
					t.Fatalf("Check(%q) reports strict kind %s by default", s, p.Kind)
				}
				if p.Fixable {
					if p.Start < last {
						t.Fatalf("Check(%q): fixable %s at %d overlaps the previous fix", s, p.Kind, p.Start)
					}
					last = p.End
				}
				// A long password cannot appear in a message by chance.
				if pw := strings.Trim(s[p.Start:p.End], ":@"); p.Kind == Password && len(pw) >= 6 && strings.Contains(p.Message, pw) {
					t.Fatalf("Check(%q): message repeats the password: %s", s, p.Message)
				}
			}
			fixed := o.Fix(s)
			for _, p := range o.Check(fixed) {
				if p.Fixable {
					t.Fatalf("Check(Fix(%q)) = Check(%q) still has fixable %s at %d", s, fixed, p.Kind, p.Start)
				}
			}
			if again := o.Fix(fixed); again != fixed {
				t.Fatalf("Fix not idempotent: %q -> %q -> %q", s, fixed, again)
			}
		}
	})
}

// FuzzParse checks that Parse never panics and that a parsed URI survives
// Parse(String()).
func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Offset > len(s) {
				t.Fatalf("Parse(%q) error %v: not an *Error with an offset in range", s, err)
			}
			return
		}
		str := u.String()
		v, err := Parse(str)
		if err != nil {
			t.Fatalf("Parse(%q).String() = %q, which does not parse: %v", s, str, err)
		}
		if v.String() != str {
			t.Fatalf("String not stable: %q -> %q -> %q", s, str, v.String())
		}
		if v.Host != u.Host || v.User != u.User || v.Path != u.Path || v.Drive != u.Drive ||
			v.RawQuery != u.RawQuery || v.Fragment != u.Fragment {
			t.Fatalf("Parse(String()) differs: %q -> %+v, %q -> %+v", s, *u, str, *v)
		}
	})
}

// FuzzPath checks, for both styles, that a path FromPath accepts comes
// back clean from ToPath, and that ToPath never panics.
func FuzzPath(f *testing.F) {
	for _, s := range []string{"/a/b", "/a b/../c/", `C:\a\b`, `\\h\s\x`, `\\?\UNC\h\s`, `\\?\C:\`, "/€%#?", `C:\a:b`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		for _, st := range []Style{POSIX, Windows} {
			_, _ = st.ToPath(p)
			u, err := st.FromPath(p)
			if err != nil {
				continue
			}
			checkRoundTrip(t, st, p, u)
		}
	})
}
