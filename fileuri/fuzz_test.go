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
	// The defects of the soundness review, each a regression case.
	"file://./pipe/x", "file://%2E/pipe/x", "file:////./pipe/x", "file://./C:/x", "file:////%3F/C:/x",
	"file://server/share/../x", "file://localhost//server/share/x", "file://%5Bx%5D/s/x",
	"file://%6C%6F%63%61%6C%68%6F%73%74/x", "file:///%43:/x", "file://:pw@C:/x", "file://u:pw@C:/x",
	"file:///%63%3A/x", "file://:pw@//host/share", "file://host:80/x", "file://u@C:/x", "file:////C:/x",
	"file:///data/x.db?mode=ro", "file:///a%3Ab", "file://[::1]/s/x", "file://localhost/share/x",
	"file://%C3/s/x", "file://localhost//C:/x", "file://host/C:/x",
	"file://[fe80::1%25%5Cevil%5Cshare]/x", "file:////localhost/C:/x", "file:////%6Cocalhost/%43:",
	"file:////localhost/%5c", `file:///data/x.db?vfs=a\b`, "file://./COM1", "file:///C:/x/NUL",
	"file:///C:/a/NUL:", "file:///C:/a/CON%3A", "file:///C:/a/nul:.txt", "file:///C:/a/COM1:", "file://NUL/s/x",
	"file://h/NUL/x", "file:////localhost/x|/y", "file:///C:/a/NULL:x",
}

// FuzzCheck checks that Check never panics, returns ordered problems
// within s that do not overlap when fixable, never repeats a password,
// and that Fix is idempotent and leaves nothing fixable.
func FuzzCheck(f *testing.F) {
	addSeeds(f, fuzzSeeds)
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
			checkFixInOneCall(t, o, s)
			if fixed := o.Fix(s); o.Fix(fixed) != fixed {
				t.Fatalf("Fix not idempotent: %q -> %q -> %q", s, fixed, o.Fix(fixed))
			}
		}
	})
}

// FuzzParse checks that Parse never panics, returns an *Error with an
// offset in range, that String keeps the meaning of what it parses, that
// Check reports what Parse rejects, and that no URI maps to a device path.
func FuzzParse(f *testing.F) {
	addSeeds(f, fuzzSeeds)
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := Parse(s); err != nil {
			if e, ok := err.(*Error); !ok || e.Offset > len(e.Input) {
				t.Fatalf("Parse(%q) error %v: not an *Error with an offset in range", s, err)
			}
		}
		checkStringKeepsMeaning(t, s)
		checkCheckReportsWhatParseRejects(t, s)
		checkNoDevicePath(t, s)
	})
}

// FuzzPath checks, for both styles, that FromPath accepts what the model
// of path cleaning accepts, that its URI is clean and comes back from
// ToPath as the model cleans the path, and that ToPath never panics.
func FuzzPath(f *testing.F) {
	addSeeds(f, []string{
		"/a/b", "/a b/../c/", `C:\a\b`, `\\h\s\x`, `\\?\UNC\h\s`, `\\?\C:\`, "/€%#?", `C:\a:b`,
		`\\server\share\..\x`, `\\?\UNC\.\x`, "/a:b", `\\[::1]\s\x`, `//?/C:/dir`, `\\?\C:\a\..\b`,
		`\\localhost\C:\x`, `\\server\\share\x`, `\\[fe80::1%]\x`, `\\?\C:\x\a.`, `C:\x\NUL`,
		`C:\a\NUL:`, `C:\a\nul:.txt`, `C:\a\COM1:`, `C:\a\a:b`, `\\NUL\s\x`, `\\h\NUL\x`, `\\h\s\NUL:`,
	})
	f.Fuzz(func(t *testing.T, p string) {
		for _, st := range []Style{POSIX, Windows} {
			_, _ = st.ToPath(p)
			checkPathRoundTrip(t, st, p)
		}
	})
}

// addSeeds adds the seeds to the corpus of f.
func addSeeds(f *testing.F, seeds []string) {
	for _, s := range seeds {
		f.Add(s)
	}
}
