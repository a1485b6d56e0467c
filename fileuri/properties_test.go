package fileuri

import (
	"math/rand/v2"
	"strings"
	"testing"
)

// The four properties that keep the package sound, asserted by the tests
// below on generated inputs and by the fuzz targets on whatever they find.

// checkStringKeepsMeaning asserts property (a): String preserves meaning.
// Parse(u.String()) succeeds, is stable, and both styles' ToPath give the
// same answer for it as for s.
func checkStringKeepsMeaning(t *testing.T, s string) {
	t.Helper()
	u, err := Parse(s)
	if err != nil {
		return
	}
	str := u.String()
	v, err := Parse(str)
	if err != nil {
		t.Fatalf("Parse(%q).String() = %q, which does not parse: %v", s, str, err)
	}
	if again := v.String(); again != str {
		t.Fatalf("String not stable: %q -> %q -> %q", s, str, again)
	}
	for _, st := range []Style{POSIX, Windows} {
		p1, err1 := st.ToPath(s)
		p2, err2 := st.ToPath(str)
		if p1 != p2 || (err1 == nil) != (err2 == nil) {
			t.Fatalf("%s.ToPath(%q) = %q, %v but of its String %q = %q, %v", st, s, p1, err1, str, p2, err2)
		}
	}
}

// checkFixInOneCall asserts property (b): Fix reaches its fixed point in
// one call, in the mode o.
func checkFixInOneCall(t *testing.T, o Options, s string) {
	t.Helper()
	fixed := o.Fix(s)
	for _, p := range o.Check(fixed) {
		if p.Fixable {
			t.Fatalf("%+v.Fix(%q) = %q, which still has fixable %s", o, s, fixed, problemString(fixed, p))
		}
	}
}

// checkCheckReportsWhatParseRejects asserts property (c): a candidate
// file URI, more than a prefix, that Parse rejects gets a problem from
// Check in default mode.
func checkCheckReportsWhatParseRejects(t *testing.T, s string) {
	t.Helper()
	if _, err := Parse(s); err == nil || !IsCandidate(s) || strings.Trim(s[5:], "/") == "" {
		return
	}
	if len(Check(s)) == 0 {
		_, err := Parse(s)
		t.Fatalf("Parse(%q) fails (%v), and Check reports nothing", s, err)
	}
}

// checkNoDevicePath asserts that no URI maps to a Windows device or
// namespace path.
func checkNoDevicePath(t *testing.T, s string) {
	t.Helper()
	p, err := Windows.ToPath(s)
	if err == nil && len(p) >= 4 && p[0] == '\\' && p[1] == '\\' && (p[2] == '.' || p[2] == '?') && p[3] == '\\' {
		t.Fatalf("Windows.ToPath(%q) = %q, a device path", s, p)
	}
}

// checkPathRoundTrip asserts property (d) for the path p in style st:
// FromPath accepts exactly what the model accepts, its URI is clean for
// Check in strict mode, and ToPath gives back the model's clean form.
func checkPathRoundTrip(t *testing.T, st Style, p string) {
	t.Helper()
	want, ok := modelPOSIX(p)
	if st == Windows {
		want, ok = modelWindows(p)
	}
	u, err := st.FromPath(p)
	switch {
	case err != nil && ok:
		t.Fatalf("%s.FromPath(%q): %v; the model cleans it to %q", st, p, err, want)
	case err == nil && !ok:
		t.Fatalf("%s.FromPath(%q) = %q; the model rejects the path", st, p, u)
	case err != nil:
		return
	}
	for _, pr := range (Options{Strict: true}).Check(u) {
		if v, err := Parse(u); st == POSIX && pr.Kind == EncodedSeparator && err == nil && v.Drive != 0 {
			continue // a directory /c:/ makes a drive URI, where %5C is a Windows separator
		}
		t.Fatalf("%s.FromPath(%q) = %q, which Check faults: %s", st, p, u, problemString(u, pr))
	}
	got, err := st.ToPath(u)
	if err != nil || got != want {
		t.Fatalf("%s.ToPath(FromPath(%q) = %q) = %q, %v; want %q", st, p, u, got, err, want)
	}
}

// randomURI returns a string that starts like a file URI, made of the
// pieces that each form and defect is written with.
func randomURI(r *rand.Rand) string {
	starts := []string{"file:", "file:/", "file://", "file:///", "file:////", "file://///", "FILE://", `file:\\`, `file:\`}
	pieces := []string{
		"C:", "c|", "%43:", "%63%3A", "C%3A", "/", "/", `\`, "host", "localhost", "%6C%6F%63%61%6C%68%6F%73%74",
		".", "..", "%2E", "?", "#", "%3F", "~", "u@", ":pw@", "u:pw@", ":80", "[::1]", "%5B::1%5D", "[x]", "%5Bx%5D",
		"a", "b c", "%20", "%", "%zz", "%00", "%2F", "%5C", "%41", "%c3%a9", "é", "pipe", "share", "a:b", "|", "^", "{x}",
		"x|", "%43|", "%7C", "%3a", "NUL:", "COM1", "LocalHost",
	}
	var b strings.Builder
	b.WriteString(starts[r.IntN(len(starts))])
	for range r.IntN(8) {
		b.WriteString(pieces[r.IntN(len(pieces))])
	}
	return b.String()
}

// TestProperties asserts the four properties on generated URIs and paths.
func TestProperties(t *testing.T) {
	r := rand.New(rand.NewPCG(8089, 2))
	for range 30000 {
		s := randomURI(r)
		checkStringKeepsMeaning(t, s)
		checkFixInOneCall(t, Options{}, s)
		checkFixInOneCall(t, Options{Strict: true}, s)
		checkCheckReportsWhatParseRejects(t, s)
		checkNoDevicePath(t, s)
	}
	for range 20000 {
		checkPathRoundTrip(t, POSIX, randomPOSIXPath(r))
		checkPathRoundTrip(t, Windows, randomWindowsPath(r))
	}
}

// fixPointStarts and fixPointPieces make the inputs of TestFixPointExhaustive:
// the ways a URI starts, and the pieces that change what the next ones
// are (a host, a drive, a separator, an escape a fix rewrites).
var (
	fixPointStarts = []string{"file:", "file:/", "file://", "file:///", "file:////", "file://///", "FILE://", `file:\\`, `file:\`, `file:\\\`, `file:/\/`}
	fixPointPieces = []string{
		"C:", "c|", "%43:", "%43|", "C%3A", "c%3a", "x|", "/", `\`, "localhost", "%6Cocalhost", "host", ".", "%2E", "?", "#", "~",
		"u:pw@", ":80", "[::1]", "%5B::1%5D", "a", " ", "%", "%zz", "%2F", "%5c", "%41", "é", "|", "{", "%7C", "NUL:",
	}
)

// TestFixPointExhaustive asserts property (b), Fix reaches its fixed point in
// one call, by default and in strict mode, on every start followed by up
// to three pieces (in -short mode, two): 11 starts and 33 pieces make
// 11 * (1 + 33 + 33² + 33³) = 407,660 inputs.
func TestFixPointExhaustive(t *testing.T) {
	// The regression: the "|" of a share "x|" is encoded, so the share
	// is no drive that four slashes must keep.
	for _, c := range []struct {
		o       Options
		in, out string
	}{
		{Options{Strict: true}, "file:////localhost/x|/y", "file://localhost/x%7C/y"},
		{Options{Strict: true}, "file:////localhost/%43|/y", "file://localhost/C%7C/y"},
		{Options{Strict: true}, "file:////localhost/c%3a/y", "file:////localhost/c%3A/y"},
		{Options{}, "file:////localhost/x|/y", "file:////localhost/x%7C/y"},
	} {
		if got := c.o.Fix(c.in); got != c.out {
			t.Errorf("%+v.Fix(%q) = %q, want %q", c.o, c.in, got, c.out)
		}
	}
	depth := 3
	if testing.Short() {
		depth = 2
	}
	n := 0
	var gen func(prefix string, left int)
	gen = func(prefix string, left int) {
		n++
		checkFixInOneCall(t, Options{}, prefix)
		checkFixInOneCall(t, Options{Strict: true}, prefix)
		if left > 0 {
			for _, p := range fixPointPieces {
				gen(prefix+p, left-1)
			}
		}
	}
	for _, s := range fixPointStarts {
		gen(s, depth)
	}
	t.Logf("%d inputs", n)
}
