package fileuri

import (
	"cmp"
	"strings"
	"testing"
)

// The examples of RFC 8089 (rfc8089-fr.txt: Appendices B, E.1–E.4, F) and
// of draft-ietf-appsawg-file-scheme-05 (Appendices A, C.1–C.4, with D and
// §3.1), each run through every function of the package. Where an appendix
// gives a rule but no example (E.1 userinfo, E.3.2 inline-IP, E.4
// backslashes), the row is the smallest URI the rule describes and its
// source says "(rule)". The expectations are docs/positions.md's; a row
// whose expectation departs from the example's reading in the RFC says why
// in its note.

// rfcFailed is what a row expects from a call that returns an error.
const rfcFailed = "error"

// An rfcExample is one example URI and what each call gives for it.
type rfcExample struct {
	source string // the sections that give the example
	in     string
	note   string // where docs/positions.md reads the example otherwise than the RFC, why

	// Parse: canon is String() of the result, "" when Parse fails; then
	// the written form, host, user, whether a password was dropped,
	// the drive letter and the decoded path.
	canon, form, host, user string
	password                bool
	drive, path             string

	// Check: the kinds found by default and in strict mode, space
	// separated. fixed is Fix, strictFixed Options{Strict: true}.Fix;
	// "" means the input unchanged (for strictFixed: the same as fixed).
	kinds, strictKinds, fixed, strictFixed string

	// ToPath in each style, or rfcFailed.
	posix, windows string
}

var rfcExamples = []rfcExample{
	// Local files: the traditional form and the minimal form.
	{source: "RFC 8089 B, F; draft-05 A, F", in: "file:///path/to/file",
		canon: "file:///path/to/file", form: "empty-authority", path: "/path/to/file",
		posix: "/path/to/file", windows: rfcFailed},
	{source: "RFC 8089 B, F; draft-05 A, F", in: "file:/path/to/file",
		canon: "file:///path/to/file", form: "no-authority", path: "/path/to/file",
		strictKinds: "non-canonical", strictFixed: "file:///path/to/file",
		posix: "/path/to/file", windows: rfcFailed},

	// A non-local file: an error on POSIX, a UNC path on Windows
	// (RFC 8089 §3).
	{source: "RFC 8089 F; draft-05 A, F", in: "file://host.example.com/path/to/file",
		canon: "file://host.example.com/path/to/file", form: "host", host: "host.example.com", path: "/path/to/file",
		posix: rfcFailed, windows: `\\host.example.com\path\to\file`},
	{source: "RFC 8089 B (the French text writes exemple.com)", in: "file://host.exemple.com/path/to/file",
		canon: "file://host.exemple.com/path/to/file", form: "host", host: "host.exemple.com", path: "/path/to/file",
		posix: rfcFailed, windows: `\\host.exemple.com\path\to\file`},

	// E.1: userinfo is parsed; a password is a defect (draft-05 §6), the
	// fix drops it, and it is not kept.
	{source: "RFC 8089 E.1 (rule)", in: "file://user@host.example.com/path/to/file",
		canon: "file://user@host.example.com/path/to/file", form: "host", host: "host.example.com", user: "user", path: "/path/to/file",
		posix: rfcFailed, windows: `\\host.example.com\path\to\file`},
	{source: "RFC 8089 E.1 (rule); draft-05 §6", in: "file://user:secret@host.example.com/path/to/file",
		note:  "E.1 allows any userinfo; docs/positions.md (Defects: password) follows draft-05 §6, which forbids a password",
		canon: "file://user@host.example.com/path/to/file", form: "host", host: "host.example.com", user: "user", password: true, path: "/path/to/file",
		kinds: "password", strictKinds: "password", fixed: "file://user@host.example.com/path/to/file",
		posix: rfcFailed, windows: `\\host.example.com\path\to\file`},

	// E.2: drive letters, with and without the authority; the drive
	// case is kept.
	{source: "RFC 8089 E.2, E.2.2, F; draft-05 C.1, F", in: "file:c:/path/to/file",
		canon: "file:///c:/path/to/file", form: "bare-drive", drive: "c", path: "/c:/path/to/file",
		strictKinds: "non-canonical", strictFixed: "file:///c:/path/to/file",
		posix: "/c:/path/to/file", windows: `c:\path\to\file`},
	{source: "RFC 8089 E.2, E.2.2, F; draft-05 C.1", in: "file:///c:/path/to/file",
		canon: "file:///c:/path/to/file", form: "empty-authority", drive: "c", path: "/c:/path/to/file",
		posix: "/c:/path/to/file", windows: `c:\path\to\file`},

	// E.2.1: the base and resolved URIs of the examples
	// (TestRFCRelativeResolution runs the references), and the URIs of
	// the references with a drive followed by no slash, which name no
	// absolute path.
	{source: "RFC 8089 E.2.1; draft-05 C.1.1 (base)", in: "file:///c:/path/to/file.txt",
		canon: "file:///c:/path/to/file.txt", form: "empty-authority", drive: "c", path: "/c:/path/to/file.txt",
		posix: "/c:/path/to/file.txt", windows: `c:\path\to\file.txt`},
	{source: "RFC 8089 E.2.1; draft-05 C.1.1 (resolved)", in: "file:///c:/some/other/thing.bmp",
		canon: "file:///c:/some/other/thing.bmp", form: "empty-authority", drive: "c", path: "/c:/some/other/thing.bmp",
		posix: "/c:/some/other/thing.bmp", windows: `c:\some\other\thing.bmp`},
	{source: "RFC 8089 E.2.1; draft-05 C.1.1 (base)", in: "file:///c:/foo.txt",
		canon: "file:///c:/foo.txt", form: "empty-authority", drive: "c", path: "/c:/foo.txt",
		posix: "/c:/foo.txt", windows: `c:\foo.txt`},
	{source: "RFC 8089 E.2.1; draft-05 C.1.1 (resolved)", in: "file:///c:/bar.txt",
		canon: "file:///c:/bar.txt", form: "empty-authority", drive: "c", path: "/c:/bar.txt",
		posix: "/c:/bar.txt", windows: `c:\bar.txt`},
	{source: "RFC 8089 E.2.1; draft-05 C.1.1", in: "file:///c:bar/baz.txt",
		canon: "file:///c:bar/baz.txt", form: "empty-authority", path: "/c:bar/baz.txt",
		kinds: "drive-relative", strictKinds: "drive-relative",
		posix: "/c:bar/baz.txt", windows: rfcFailed},
	{source: "RFC 8089 E.2.1; draft-05 C.1.1", in: "file:///c:../foo.txt",
		canon: "file:///c:../foo.txt", form: "empty-authority", path: "/c:../foo.txt",
		kinds: "drive-relative", strictKinds: "drive-relative",
		posix: "/c:../foo.txt", windows: rfcFailed},

	// E.2.2: the vertical bar reads as ":", is a defect, and the fix
	// replaces it.
	{source: "RFC 8089 E.2.2, F (English text); draft-05 C.1.2, F", in: "file:///c|/path/to/file",
		canon: "file:///c:/path/to/file", form: "empty-authority", drive: "c", path: "/c:/path/to/file",
		kinds: "vertical-bar", strictKinds: "vertical-bar", fixed: "file:///c:/path/to/file",
		posix: "/c:/path/to/file", windows: `c:\path\to\file`},
	{source: "RFC 8089 E.2.2, F (English text); draft-05 C.1.2, F", in: "file:/c|/path/to/file",
		canon: "file:///c:/path/to/file", form: "no-authority", drive: "c", path: "/c:/path/to/file",
		kinds: "vertical-bar", strictKinds: "non-canonical vertical-bar", fixed: "file:/c:/path/to/file", strictFixed: "file:///c:/path/to/file",
		posix: "/c:/path/to/file", windows: `c:\path\to\file`},
	{source: "RFC 8089 E.2.2, F (English text); draft-05 C.1.2, F", in: "file:c|/path/to/file",
		canon: "file:///c:/path/to/file", form: "bare-drive", drive: "c", path: "/c:/path/to/file",
		kinds: "vertical-bar", strictKinds: "non-canonical vertical-bar", fixed: "file:c:/path/to/file", strictFixed: "file:///c:/path/to/file",
		posix: "/c:/path/to/file", windows: `c:\path\to\file`},
	// The French text prints the E.2.2 examples as "file:///c:/…",
	// "file:c:/…" (rows above) and "file:c|path/to/file", and those of F
	// as "file:c/path/to/file": the translation lost a "/" and the bars.
	{source: "RFC 8089 E.2.2 (French text)", in: "file:c|path/to/file",
		note:  `no separator follows "c|", so it is no drive letter (E.2.2: drive-letter path-absolute) and "|" is a character RFC 3986 does not allow: docs/positions.md reports it as unencoded`,
		kinds: "unencoded", strictKinds: "non-canonical unencoded", fixed: "file:c%7Cpath/to/file", strictFixed: "file:///c%7Cpath/to/file",
		posix: rfcFailed, windows: rfcFailed},
	{source: "RFC 8089 F (French text)", in: "file:c/path/to/file",
		note:  `"file:" followed by neither "/" nor a drive letter is no file URI (docs/positions.md: What is a file URI), so it is neither parsed nor reported`,
		posix: rfcFailed, windows: rfcFailed},

	// E.3.1: the UNC string \\host.example.com\Share\path\to\file.txt
	// (TestRFCUNCString converts it).
	{source: "RFC 8089 E.3.1; draft-05 C.2", in: "file://host.example.com/Share/path/to/file.txt",
		canon: "file://host.example.com/Share/path/to/file.txt", form: "host", host: "host.example.com", path: "/Share/path/to/file.txt",
		posix: rfcFailed, windows: `\\host.example.com\Share\path\to\file.txt`},

	// E.3.2: a UNC string in the path.
	{source: "RFC 8089 E.3.2, F", in: "file:///host.example.com/path/to/file",
		note:  "E.3.2 reads the first segment as a UNC host; docs/positions.md (What is a file URI) takes only four or five slashes as a UNC path, so this is the local file /host.example.com/path/to/file, as every RFC 8089 §2 reader takes it",
		canon: "file:///host.example.com/path/to/file", form: "empty-authority", path: "/host.example.com/path/to/file",
		posix: "/host.example.com/path/to/file", windows: rfcFailed},
	{source: "draft-05 C.3, F", in: "file:////host.example.com/path/to/file",
		canon: "file://host.example.com/path/to/file", form: "unc-path", host: "host.example.com", path: "/path/to/file",
		strictKinds: "unc-path", strictFixed: "file://host.example.com/path/to/file",
		posix: rfcFailed, windows: `\\host.example.com\path\to\file`},
	{source: "RFC 8089 E.3.2, F; draft-05 C.3, F", in: "file://///host.example.com/path/to/file",
		canon: "file://host.example.com/path/to/file", form: "unc-path", host: "host.example.com", path: "/path/to/file",
		strictKinds: "unc-path", strictFixed: "file://host.example.com/path/to/file",
		posix: rfcFailed, windows: `\\host.example.com\path\to\file`},
	{source: "RFC 8089 E.3.2 (rule: inline-IP); draft-05 C.3", in: "file:////%5B::1%5D/path/to/file",
		canon: "file://[::1]/path/to/file", form: "unc-path", host: "[::1]", path: "/path/to/file",
		strictKinds: "unc-path unc-path", strictFixed: "file://[::1]/path/to/file",
		posix: rfcFailed, windows: `\\0-0-0-0-0-0-0-1.ipv6-literal.net\path\to\file`,
		note: "Windows reads no brackets in a UNC server; an IPv6 server is named NAME.ipv6-literal.net there"},

	// E.4: backslashes as separators: Parse rejects them, Check reports
	// each, and Fix makes them slashes.
	{source: "RFC 8089 E.4 (rule); draft-05 C.4", in: `file:///c:\path\to\file`,
		kinds: "backslash backslash backslash", strictKinds: "backslash backslash backslash", fixed: "file:///c:/path/to/file",
		posix: rfcFailed, windows: rfcFailed},

	// Draft-05 D: an IRI (its bytes spell "file:C:/reçu.txt") and an
	// ambiguous percent-encoded URI, which fileuri reads as UTF-8 (§4).
	{source: "draft-05 D", in: "file:C:/re\u00e7u.txt",
		canon: "file:///C:/re%C3%A7u.txt", form: "bare-drive", drive: "C", path: "/C:/re\u00e7u.txt",
		strictKinds: "non-canonical non-ascii", strictFixed: "file:///C:/re%C3%A7u.txt",
		posix: "/C:/re\u00e7u.txt", windows: "C:\\re\u00e7u.txt"},
	{source: "draft-05 D", in: "file:///%E3%81%A1",
		canon: "file:///%E3%81%A1", form: "empty-authority", path: "/\u3061",
		posix: "/\u3061", windows: rfcFailed},

	// Draft-05 §3.1: RFC 1738's "file://" + "" + "/" + "/path/to/file.txt"
	// was never used that way; four slashes are a UNC path (C.3).
	{source: "draft-05 §3.1", in: "file:////path/to/file.txt",
		note:  "the draft shows what RFC 1738 implied for the POSIX path /path/to/file.txt and says it collides with C.3; docs/positions.md reads four slashes as C.3 does",
		canon: "file://path/to/file.txt", form: "unc-path", host: "path", path: "/to/file.txt",
		strictKinds: "unc-path", strictFixed: "file://path/to/file.txt", posix: rfcFailed, windows: `\\path\to\file.txt`},
}

// TestRFCExamples runs every example through Parse, Check, Fix and both
// styles' ToPath.
func TestRFCExamples(t *testing.T) {
	for _, ex := range rfcExamples {
		t.Run(ex.in, func(t *testing.T) {
			if ex.note != "" {
				t.Log(ex.note)
			}
			ex.checkParse(t)
			ex.checkCheck(t)
			for _, c := range []struct {
				st   Style
				want string
			}{{POSIX, ex.posix}, {Windows, ex.windows}} {
				p, err := c.st.ToPath(ex.in)
				if got := answerOrFailed(p, err); got != c.want {
					t.Errorf("%s: %v.ToPath = %q (%v), want %q", ex.source, c.st, got, err, c.want)
				}
			}
		})
	}
}

func (ex rfcExample) checkParse(t *testing.T) {
	t.Helper()
	u, err := Parse(ex.in)
	switch {
	case ex.canon == "" && err == nil:
		t.Errorf("%s: Parse = %q, want an error", ex.source, u)
	case ex.canon != "" && err != nil:
		t.Errorf("%s: Parse: %v", ex.source, err)
	case err == nil:
		drive := ""
		if u.Drive != 0 {
			drive = string(u.Drive)
		}
		got := []any{u.String(), u.Form.String(), u.Host, u.User, u.HasPassword, drive, u.Path}
		want := []any{ex.canon, ex.form, ex.host, ex.user, ex.password, ex.drive, ex.path}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: Parse gives String, Form, Host, User, HasPassword, Drive, Path\n%#v\nwant\n%#v", ex.source, got, want)
				break
			}
		}
	}
}

func (ex rfcExample) checkCheck(t *testing.T) {
	t.Helper()
	strict := Options{Strict: true}
	if got := kinds(Check(ex.in)); got != ex.kinds {
		t.Errorf("%s: Check kinds = %q, want %q", ex.source, got, ex.kinds)
	}
	if got := kinds(strict.Check(ex.in)); got != ex.strictKinds {
		t.Errorf("%s: strict Check kinds = %q, want %q", ex.source, got, ex.strictKinds)
	}
	fixed := cmp.Or(ex.fixed, ex.in)
	if got := Fix(ex.in); got != fixed {
		t.Errorf("%s: Fix = %q, want %q", ex.source, got, fixed)
	}
	if got, want := strict.Fix(ex.in), cmp.Or(ex.strictFixed, fixed); got != want {
		t.Errorf("%s: strict Fix = %q, want %q", ex.source, got, want)
	}
}

// TestRFCUNCString converts the UNC string of RFC 8089 E.3.1 (draft-05
// C.2) both ways.
func TestRFCUNCString(t *testing.T) {
	const unc, uri = `\\host.example.com\Share\path\to\file.txt`, "file://host.example.com/Share/path/to/file.txt"
	if got, err := Windows.FromPath(unc); err != nil || got != uri {
		t.Errorf("Windows.FromPath(%q) = %q, %v; want %q", unc, got, err, uri)
	}
	if got, err := Windows.ToPath(uri); err != nil || got != unc {
		t.Errorf("Windows.ToPath(%q) = %q, %v; want %q", uri, got, err, unc)
	}
}

// TestRFCRelativeResolution runs the relative references of RFC 8089
// E.2.1 and draft-05 C.1.1. fileuri resolves no references: Parse reads
// an absolute file URI only, so each reference is rejected. What fileuri
// implements of the rule is the other half: when a reference is joined to
// its base without resolving it (RFC 3986 §5.2.3 merge, no §5.2.4),
// Windows.ToPath removes the dot segments without climbing above the
// drive, and so gives the path of the resolved URI. A reference that
// starts with "/" replaces the base's path, drive included, so joined
// alone it keeps no drive; E.2.1 asks a resolver to keep it.
func TestRFCRelativeResolution(t *testing.T) {
	tests := []struct {
		source, base, ref, resolved string
		joined                      string // the reference joined to the base, unresolved
		windows                     string // Windows.ToPath(joined)
	}{
		{source: "RFC 8089 E.2.1; draft-05 C.1.1", base: "file:///c:/path/to/file.txt", ref: "/some/other/thing.bmp",
			resolved: "file:///c:/some/other/thing.bmp", joined: "file:///some/other/thing.bmp", windows: rfcFailed},
		{source: "RFC 8089 E.2.1", base: "file:///c:/foo.txt", ref: "../bar.txt",
			resolved: "file:///c:/bar.txt", joined: "file:///c:/../bar.txt", windows: `c:\bar.txt`},
		{source: "draft-05 C.1.1", base: "file:///c:/foo.txt", ref: "../../bar.txt",
			resolved: "file:///c:/bar.txt", joined: "file:///c:/../../bar.txt", windows: `c:\bar.txt`},
		// E.2.1: a reference to a drive starts with "/".
		{source: "RFC 8089 E.2.1", base: "file:///c:/foo.txt", ref: "/c:/foo.txt",
			resolved: "file:///c:/foo.txt", joined: "file:///c:/foo.txt", windows: `c:\foo.txt`},
		// A drive followed by no slash names no absolute path; without
		// the slash, a generic parser reads "c:" as a scheme.
		{source: "RFC 8089 E.2.1", base: "file:///c:/foo.txt", ref: "/c:bar/baz.txt",
			joined: "file:///c:bar/baz.txt", windows: rfcFailed},
		{source: "RFC 8089 E.2.1", base: "file:///c:/foo.txt", ref: "/c:../foo.txt",
			joined: "file:///c:../foo.txt", windows: rfcFailed},
		{source: "draft-05 C.1.1", base: "file:///c:/foo.txt", ref: "c:bar/baz.txt",
			joined: "c:bar/baz.txt", windows: rfcFailed},
		{source: "draft-05 C.1.1", base: "file:///c:/foo.txt", ref: "c:../foo.txt",
			joined: "c:../foo.txt", windows: rfcFailed},
	}
	for _, tt := range tests {
		t.Run(tt.ref, func(t *testing.T) {
			if u, err := Parse(tt.ref); err == nil {
				t.Errorf("%s: Parse(%q) = %q, want an error: a reference is no file URI", tt.source, tt.ref, u)
			}
			p, err := Windows.ToPath(tt.joined)
			if got := answerOrFailed(p, err); got != tt.windows {
				t.Errorf("%s: Windows.ToPath(%q) = %q (%v), want %q", tt.source, tt.joined, got, err, tt.windows)
			}
			if tt.resolved == "" || tt.windows == rfcFailed {
				return
			}
			if want, err := Windows.ToPath(tt.resolved); err != nil || p != want {
				t.Errorf("%s: Windows.ToPath(%q) = %q, but the resolved %q gives %q, %v", tt.source, tt.joined, p, tt.resolved, want, err)
			}
		})
	}
}

// kinds lists the kinds of problems, space-separated.
func kinds(problems []Problem) string {
	var ks []string
	for _, p := range problems {
		ks = append(ks, string(p.Kind))
	}
	return strings.Join(ks, " ")
}

// answerOrFailed returns s, or rfcFailed when err is not nil.
func answerOrFailed(s string, err error) string {
	if err != nil {
		return rfcFailed
	}
	return s
}
