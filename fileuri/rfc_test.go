package fileuri

import (
	"strings"
	"testing"
)

// TestRFCExamples runs every example URI of RFC 8089 (Appendices B, E and
// F) and of draft-ietf-appsawg-file-scheme-05 (Appendices A, C and D)
// through Parse, Check, Fix and both styles' ToPath. Where an appendix
// gives a rule but no example (E.1 userinfo, E.4 backslashes), the row is
// the smallest URI the rule describes. The expectations are SPEC.md's:
// the nonstandard variations of Appendix E are parsed, and the ones that
// break readers (a "|", a backslash, a password) are defects.
func TestRFCExamples(t *testing.T) {
	const bad = "error" // a ToPath that fails
	tests := []struct {
		source string
		in     string
		// Parse: the canonical String, the written form, the host, the
		// drive letter and the decoded path; canon is "" when Parse
		// fails.
		canon, form, host, drive, path string
		// Check: the kinds found by default and in strict mode, and
		// the strict Fix (the default Fix when only default kinds
		// are found).
		kinds, strictKinds, fixed string
		// ToPath in each style.
		posix, windows string
	}{
		// Local files: the traditional form and the minimal form.
		{source: "RFC 8089 B, F; draft-05 A", in: "file:///path/to/file",
			canon: "file:///path/to/file", form: "empty-authority", path: "/path/to/file",
			fixed: "file:///path/to/file", posix: "/path/to/file", windows: bad},
		{source: "RFC 8089 B, F; draft-05 A", in: "file:/path/to/file",
			canon: "file:///path/to/file", form: "no-authority", path: "/path/to/file",
			strictKinds: "non-canonical", fixed: "file:///path/to/file", posix: "/path/to/file", windows: bad},
		// A non-local file: an error on POSIX, a UNC path on Windows.
		{source: "RFC 8089 B, F; draft-05 A", in: "file://host.example.com/path/to/file",
			canon: "file://host.example.com/path/to/file", form: "host", host: "host.example.com", path: "/path/to/file",
			fixed: "file://host.example.com/path/to/file", posix: bad, windows: `\\host.example.com\path\to\file`},
		// E.1: userinfo is parsed; a password is a defect (draft-05 §6)
		// and the fix drops it.
		{source: "RFC 8089 E.1 (rule)", in: "file://user@host.example.com/path/to/file",
			canon: "file://user@host.example.com/path/to/file", form: "host", host: "host.example.com", path: "/path/to/file",
			fixed: "file://user@host.example.com/path/to/file", posix: bad, windows: `\\host.example.com\path\to\file`},
		{source: "RFC 8089 E.1 (rule); draft-05 §6", in: "file://user:secret@host.example.com/path/to/file",
			canon: "file://user@host.example.com/path/to/file", form: "host", host: "host.example.com", path: "/path/to/file",
			kinds: "password", strictKinds: "password", fixed: "file://user@host.example.com/path/to/file",
			posix: bad, windows: `\\host.example.com\path\to\file`},
		// E.2: drive letters, with and without the authority; the drive
		// case is kept.
		{source: "RFC 8089 E.2, F; draft-05 C.1", in: "file:c:/path/to/file",
			canon: "file:///c:/path/to/file", form: "bare-drive", drive: "c", path: "/c:/path/to/file",
			strictKinds: "non-canonical", fixed: "file:///c:/path/to/file", posix: "/c:/path/to/file", windows: `c:\path\to\file`},
		{source: "RFC 8089 E.2, E.2.2, F; draft-05 C.1, C.1.2", in: "file:///c:/path/to/file",
			canon: "file:///c:/path/to/file", form: "empty-authority", drive: "c", path: "/c:/path/to/file",
			fixed: "file:///c:/path/to/file", posix: "/c:/path/to/file", windows: `c:\path\to\file`},
		// E.2.1: the resolved examples, and the references with a drive
		// followed by no slash, which name no absolute path.
		{source: "RFC 8089 E.2.1; draft-05 C.1.1", in: "file:///c:/some/other/thing.bmp",
			canon: "file:///c:/some/other/thing.bmp", form: "empty-authority", drive: "c", path: "/c:/some/other/thing.bmp",
			fixed: "file:///c:/some/other/thing.bmp", posix: "/c:/some/other/thing.bmp", windows: `c:\some\other\thing.bmp`},
		{source: "RFC 8089 E.2.1; draft-05 C.1.1", in: "file:///c:/bar.txt",
			canon: "file:///c:/bar.txt", form: "empty-authority", drive: "c", path: "/c:/bar.txt",
			fixed: "file:///c:/bar.txt", posix: "/c:/bar.txt", windows: `c:\bar.txt`},
		{source: "RFC 8089 E.2.1; draft-05 C.1.1", in: "file:///c:bar/baz.txt",
			canon: "file:///c:bar/baz.txt", form: "empty-authority", path: "/c:bar/baz.txt",
			kinds: "drive-relative", strictKinds: "drive-relative", fixed: "file:///c:bar/baz.txt",
			posix: "/c:bar/baz.txt", windows: bad},
		{source: "RFC 8089 E.2.1; draft-05 C.1.1", in: "file:///c:../foo.txt",
			canon: "file:///c:../foo.txt", form: "empty-authority", path: "/c:../foo.txt",
			kinds: "drive-relative", strictKinds: "drive-relative", fixed: "file:///c:../foo.txt",
			posix: "/c:../foo.txt", windows: bad},
		// E.2.2: the vertical bar reads as ":", is a defect, and the
		// fix replaces it. (The French RFC 8089 prints "file:c|path"
		// and "file:c/path"; the draft's "/" after the bar is meant.)
		{source: "RFC 8089 E.2.2, F; draft-05 C.1.2, F", in: "file:///c|/path/to/file",
			canon: "file:///c:/path/to/file", form: "empty-authority", drive: "c", path: "/c:/path/to/file",
			kinds: "vertical-bar", strictKinds: "vertical-bar", fixed: "file:///c:/path/to/file",
			posix: "/c:/path/to/file", windows: `c:\path\to\file`},
		{source: "RFC 8089 F; draft-05 C.1.2, F", in: "file:/c|/path/to/file",
			canon: "file:///c:/path/to/file", form: "no-authority", drive: "c", path: "/c:/path/to/file",
			kinds: "vertical-bar", strictKinds: "non-canonical vertical-bar", fixed: "file:///c:/path/to/file",
			posix: "/c:/path/to/file", windows: `c:\path\to\file`},
		{source: "RFC 8089 E.2.2, F; draft-05 C.1.2, F", in: "file:c|/path/to/file",
			canon: "file:///c:/path/to/file", form: "bare-drive", drive: "c", path: "/c:/path/to/file",
			kinds: "vertical-bar", strictKinds: "non-canonical vertical-bar", fixed: "file:///c:/path/to/file",
			posix: "/c:/path/to/file", windows: `c:\path\to\file`},
		// E.3.1: the UNC string \\host.example.com\Share\path\to\file.txt
		// (TestRFCUNCString converts it).
		{source: "RFC 8089 E.3.1; draft-05 C.2", in: "file://host.example.com/Share/path/to/file.txt",
			canon: "file://host.example.com/Share/path/to/file.txt", form: "host", host: "host.example.com",
			path: "/Share/path/to/file.txt", fixed: "file://host.example.com/Share/path/to/file.txt",
			posix: bad, windows: `\\host.example.com\Share\path\to\file.txt`},
		// E.3.2: a UNC string in the path. With an empty authority and
		// three slashes, the path is local and its first segment an
		// ordinary name (SPEC.md: only four or five slashes make a UNC
		// path); four and five slashes read as the host, a style defect.
		{source: "RFC 8089 E.3.2, F", in: "file:///host.example.com/path/to/file",
			canon: "file:///host.example.com/path/to/file", form: "empty-authority", path: "/host.example.com/path/to/file",
			fixed: "file:///host.example.com/path/to/file", posix: "/host.example.com/path/to/file", windows: bad},
		{source: "draft-05 C.3, F", in: "file:////host.example.com/path/to/file",
			canon: "file://host.example.com/path/to/file", form: "unc-path", host: "host.example.com", path: "/path/to/file",
			strictKinds: "unc-path", fixed: "file://host.example.com/path/to/file",
			posix: bad, windows: `\\host.example.com\path\to\file`},
		{source: "RFC 8089 E.3.2, F; draft-05 C.3, F", in: "file://///host.example.com/path/to/file",
			canon: "file://host.example.com/path/to/file", form: "unc-path", host: "host.example.com", path: "/path/to/file",
			strictKinds: "unc-path", fixed: "file://host.example.com/path/to/file",
			posix: bad, windows: `\\host.example.com\path\to\file`},
		// E.4: backslashes as separators: Parse rejects them, Check
		// reports each, and Fix makes them slashes.
		{source: "RFC 8089 E.4 (rule); draft-05 C.4", in: `file:///c:\path\to\file`,
			kinds: "backslash backslash backslash", strictKinds: "backslash backslash backslash",
			fixed: "file:///c:/path/to/file", posix: bad, windows: bad},
		// Draft-05 D: an IRI and its percent-encoded URI. The IRI is
		// accepted; strict mode encodes it as UTF-8.
		{source: "draft-05 D", in: "file:c:/re\u00e7u.txt",
			canon: "file:///c:/re%C3%A7u.txt", form: "bare-drive", drive: "c", path: "/c:/re\u00e7u.txt",
			strictKinds: "non-canonical non-ascii", fixed: "file:///c:/re%C3%A7u.txt",
			posix: "/c:/re\u00e7u.txt", windows: "c:\\re\u00e7u.txt"},
		{source: "draft-05 D", in: "file:///%E3%81%A1",
			canon: "file:///%E3%81%A1", form: "empty-authority", path: "/\u3061",
			fixed: "file:///%E3%81%A1", posix: "/\u3061", windows: bad},
		// Draft-05 §3: RFC 1738's "file://" + "" + "/" + "/path/to/file.txt"
		// was never used that way; four slashes read as a UNC path.
		{source: "draft-05 §3", in: "file:////path/to/file.txt",
			canon: "file://path/to/file.txt", form: "unc-path", host: "path", path: "/to/file.txt",
			strictKinds: "unc-path", fixed: "file://path/to/file.txt", posix: bad, windows: `\\path\to\file.txt`},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			u, err := Parse(tt.in)
			switch {
			case tt.canon == "" && err == nil:
				t.Errorf("%s: Parse = %q, want an error", tt.source, u)
			case tt.canon != "" && err != nil:
				t.Errorf("%s: Parse: %v", tt.source, err)
			case err == nil:
				drive := ""
				if u.Drive != 0 {
					drive = string(u.Drive)
				}
				got := []string{u.String(), u.Form.String(), u.Host, drive, u.Path}
				want := []string{tt.canon, tt.form, tt.host, tt.drive, tt.path}
				if strings.Join(got, " | ") != strings.Join(want, " | ") {
					t.Errorf("%s: Parse gives String, Form, Host, Drive, Path\n%q\nwant\n%q", tt.source, got, want)
				}
			}
			if got := kinds(Check(tt.in)); got != tt.kinds {
				t.Errorf("%s: Check kinds = %q, want %q", tt.source, got, tt.kinds)
			}
			strict := Options{Strict: true}
			if got := kinds(strict.Check(tt.in)); got != tt.strictKinds {
				t.Errorf("%s: strict Check kinds = %q, want %q", tt.source, got, tt.strictKinds)
			}
			if got := strict.Fix(tt.in); got != tt.fixed {
				t.Errorf("%s: strict Fix = %q, want %q", tt.source, got, tt.fixed)
			}
			for _, c := range []struct {
				st   Style
				want string
			}{{POSIX, tt.posix}, {Windows, tt.windows}} {
				p, err := c.st.ToPath(tt.in)
				if got := answerOrBad(p, err, bad); got != c.want {
					t.Errorf("%s: %v.ToPath = %q (%v), want %q", tt.source, c.st, got, err, c.want)
				}
			}
		})
	}
}

// TestRFCUNCString converts the UNC string of RFC 8089 E.3.1 both ways.
func TestRFCUNCString(t *testing.T) {
	const unc, uri = `\\host.example.com\Share\path\to\file.txt`, "file://host.example.com/Share/path/to/file.txt"
	if got, err := Windows.FromPath(unc); err != nil || got != uri {
		t.Errorf("Windows.FromPath(%q) = %q, %v; want %q", unc, got, err, uri)
	}
	if got, err := Windows.ToPath(uri); err != nil || got != unc {
		t.Errorf("Windows.ToPath(%q) = %q, %v; want %q", uri, got, err, unc)
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

func answerOrBad(s string, err error, bad string) string {
	if err != nil {
		return bad
	}
	return s
}
