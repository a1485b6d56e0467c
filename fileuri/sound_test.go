package fileuri

import (
	"errors"
	"net/url"
	"strings"
	"testing"
)

// The regression tests of the soundness review: each pins one way a
// conversion used to name another file than the URI or path did.

func TestDevicePathsFromURIs(t *testing.T) {
	for _, uri := range []string{
		"file://./pipe/x", "file://%2E/pipe/x", "file://%2e/x", "file:////./pipe/x", "file://./C:/x",
		"file:////%2E/pipe/x", "file:////%3F/C:/x", "file://%3F/x", "file://./x", "file://../x",
	} {
		p, err := Windows.ToPath(uri)
		if !errors.Is(err, ErrDevicePath) && !errors.Is(err, ErrSyntax) {
			t.Errorf("Windows.ToPath(%q) = %q, %v; want ErrDevicePath or ErrSyntax", uri, p, err)
		}
	}
	// Check reports the device forms by default; the relative-host
	// dialect file://./dir only in strict mode.
	for uri, want := range map[string]string{
		"file://./pipe/x":     "win32-namespace[.]",
		"file://%2E/pipe/x":   "win32-namespace[%2E]",
		"file:////./pipe/x":   "win32-namespace[.]",
		"file://./C:/x":       "win32-namespace[.]",
		"file://./mailslot/x": "win32-namespace[.]",
		"file:////%3F/C:/x":   "win32-namespace[%3F]",
		"file://./migrations": "",
		"file://./tapes/x":    "", // a directory, not the device Tape0
		"file://./cdrom-iso":  "",
	} {
		if got := checkString(Options{}, uri); got != want {
			t.Errorf("Check(%q) = %q, want %q", uri, got, want)
		}
	}
	checkRejects(t, "Windows.FromPath", Windows.FromPath, ErrDevicePath,
		`\\.\pipe\x`, `\\?\UNC\.\x`, `//./C:/x`, `\\?\Volume{b75e2c83}\x`, `\\.\C:\x`)
}

func TestUNCShareIsRoot(t *testing.T) {
	for p, want := range map[string]string{
		`\\server\share\..\x`:    "file://server/share/x",
		`\\server\share\..\..\x`: "file://server/share/x",
		`\\server\share\a\..\..`: "file://server/share/",
		`//server/share/../x`:    "file://server/share/x",
		`\\?\UNC\server\share\x`: "file://server/share/x",
	} {
		if got, err := Windows.FromPath(p); err != nil || got != want {
			t.Errorf("Windows.FromPath(%q) = %q, %v; want %q", p, got, err, want)
		}
	}
	for uri, want := range map[string]string{
		"file://server/share/../x":       `\\server\share\x`,
		"file://server/share/%2E%2E/x":   `\\server\share\x`,
		"file:////server/share/../../x":  `\\server\share\x`,
		"file://localhost/share/../x":    `\\localhost\share\x`,
		"file://server/share/a/../../..": `\\server\share\`,
	} {
		if got, err := Windows.ToPath(uri); err != nil || got != want {
			t.Errorf("Windows.ToPath(%q) = %q, %v; want %q", uri, got, err, want)
		}
	}
	for _, p := range []string{`\\server\..\x`, `\\server\.\x`, `\\..\share\x`} {
		if u, err := Windows.FromPath(p); err == nil {
			t.Errorf("Windows.FromPath(%q) = %q; want an error: it names no share", p, u)
		}
	}
	for _, uri := range []string{"file://server/../x", "file://server/./x", "file://server/", "file://server"} {
		if p, err := Windows.ToPath(uri); err == nil {
			t.Errorf("Windows.ToPath(%q) = %q; want an error: it names no share", uri, p)
		}
	}
}

func TestStringKeepsMeaning(t *testing.T) {
	for in, want := range map[string]string{
		"file://localhost//server/share/x":     "file://localhost//server/share/x",
		"file://%5Bx%5D/s/x":                   "file://%5Bx%5D/s/x",
		"file://%6C%6F%63%61%6C%68%6F%73%74/x": "file://localhost/x",
		"file:///%43:/x":                       "file:///C:/x",
		"file://localhost/share/x":             "file://localhost/share/x",
		"file://localhost/C:/x":                "file:///C:/x",
		"file:///a%3Ab":                        "file:///a%3Ab",
		"file:////%5B::1%5D/s":                 "file://[::1]/s",
	} {
		u, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if got := u.String(); got != want {
			t.Errorf("Parse(%q).String() = %q, want %q", in, got, want)
		}
		checkStringKeepsMeaning(t, in)
	}
	u, err := Parse("file://%6C%6F%63%61%6C%68%6F%73%74/x")
	if err != nil || !u.Local() {
		t.Errorf("Parse of an encoded localhost: Local() = false, %v", err)
	}
	// A URI built with a drive-like name and no drive keeps it a name.
	if got := (&URI{Path: "/a:b"}).String(); got != "file:///a%3Ab" {
		t.Errorf("URI{Path: /a:b}.String() = %q, want file:///a%%3Ab", got)
	}
}

func TestFixInOneCall(t *testing.T) {
	tests := []struct {
		in     string
		strict bool
		want   string
	}{
		{"file://:pw@C:/x", false, "file:///C:/x"},
		{"file://u:pw@C:/x", false, "file:///C:/x"},
		{"file://u@C:/x", false, "file:///C:/x"},
		{"file:////C:/x", false, "file:///C:/x"},
		{"file:///%63%3A/x", true, "file:///c:/x"},
		{"file://:pw@//host/share", true, "file://:pw@//host/share"}, // no host: reported, not guessed
		{"file://%43|/x", false, "file:///C:/x"},
	}
	for _, tt := range tests {
		o := Options{Strict: tt.strict}
		if got := o.Fix(tt.in); got != tt.want {
			t.Errorf("%+v.Fix(%q) = %q, want %q", o, tt.in, got, tt.want)
		}
		checkFixInOneCall(t, o, tt.in)
	}
}

func TestCheckReportsWhatParseRejects(t *testing.T) {
	for in, want := range map[string]string{
		"file://host:80/x":  "malformed[:80]",
		"file://u@C:/x":     "drive-authority[u@C:]=/C:",
		"file:////C:/x":     "drive-authority[////C:]=///C:",
		"file://u@/x":       "malformed[u@]",
		"file:///////x":     "malformed[///////]",
		"file://[::1/x":     "malformed[[::1]",
		"file://[x]/y":      "malformed[[x]]",
		"file:////@h/x":     "",
		"file:////#x":       "malformed[////]",
		"file://:pw@//h/s":  "password[:pw] malformed[:pw@]",
		"file://%2Fa%2Fb/x": "encoded-separator[%2F] encoded-separator[%2F]",
	} {
		if got := checkString(Options{}, in); got != want {
			t.Errorf("Check(%q) = %q, want %q", in, got, want)
		}
		checkCheckReportsWhatParseRejects(t, in)
	}
}

func TestFromPathOutputIsClean(t *testing.T) {
	tests := []struct {
		st        Style
		path, uri string
		back      string // ToPath(uri); "" when it is path
	}{
		{st: POSIX, path: "/a:b", uri: "file:///a%3Ab"},
		{st: POSIX, path: "/Z:x/y", uri: "file:///Z%3Ax/y"},
		{st: POSIX, path: "/a:", uri: "file:///a:"},
		{st: POSIX, path: "/x/a:b", uri: "file:///x/a:b"},
		{st: Windows, path: `\\[::1]\s\x`, uri: "file://[::1]/s/x", back: `\\0-0-0-0-0-0-0-1.ipv6-literal.net\s\x`},
		{st: Windows, path: `\\[fe80::1%4]\s`, uri: "file://[fe80::1%254]/s", back: `\\fe80-0-0-0-0-0-0-1s4.ipv6-literal.net\s`},
		{st: Windows, path: `\\--1.ipv6-literal.net\s\x`, uri: "file://--1.ipv6-literal.net/s/x"},
	}
	for _, tt := range tests {
		u, err := tt.st.FromPath(tt.path)
		if err != nil || u != tt.uri {
			t.Errorf("%s.FromPath(%q) = %q, %v; want %q", tt.st, tt.path, u, err, tt.uri)
			continue
		}
		if pr := (Options{Strict: true}).Check(u); pr != nil {
			t.Errorf("%s.FromPath(%q) = %q, which Check faults: %s", tt.st, tt.path, u, problemString(u, pr[0]))
		}
		want := tt.back
		if want == "" {
			want = tt.path
		}
		if got, err := tt.st.ToPath(u); err != nil || got != want {
			t.Errorf("%s.ToPath(%q) = %q, %v; want %q", tt.st, u, got, err, want)
		}
	}
	if u, err := Windows.FromPath(`\\[x]\s`); err == nil {
		t.Errorf("Windows.FromPath of a bracketed non-IPv6 server = %q, want an error", u)
	}
}

func TestErrorClasses(t *testing.T) {
	tests := []struct {
		err  error
		want error
	}{
		{errOf(POSIX.FromPath("a/b")), ErrRelative},
		{errOf(Windows.FromPath(`C:x`)), ErrRelative},
		{errOf(Windows.FromPath(`\x`)), ErrRelative},
		{errOf(POSIX.FromPath("/a\x00")), ErrNUL},
		{errOf(Windows.FromPath(`\\.\pipe\x`)), ErrDevicePath},
		{errOf(Windows.FromPath(`\\a|b\s`)), ErrSyntax},
		{errOf(POSIX.ToPath("file://host/x")), ErrNonLocal},
		{errOf(POSIX.ToPath("file:///a%2Fb")), ErrEncodedSeparator},
		{errOf(Windows.ToPath("file:///C:/a%5Cb")), ErrEncodedSeparator},
		{errOf(POSIX.ToPath("file:///a%00")), ErrNUL},
		{errOf(Windows.ToPath("file://./pipe/x")), ErrDevicePath},
		{errOf(Windows.ToPath("file:///x")), ErrRelative},
		{errOf(POSIX.ToPath("http://x/y")), ErrNotFileURI},
		{errOf(POSIX.ToPath("file:x")), ErrNotFileURI},
		{errOf(POSIX.ToPath("file:///a b")), ErrSyntax},
		{errOf(Parse("file://h:80/x")), ErrSyntax},
		{errOf(Style(7).FromPath("/x")), ErrSyntax},
	}
	for i, tt := range tests {
		var e *Error
		if !errors.Is(tt.err, tt.want) || !errors.As(tt.err, &e) {
			t.Errorf("%d: error %v is not %v", i, tt.err, tt.want)
		}
	}
	// The input of an error never holds a password.
	_, err := Windows.ToPath("file://u:hunter2@C:/x")
	var e *Error
	if !errors.As(err, &e) || strings.Contains(e.Input, "hunter2") || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("error %v: want the password redacted from Input and the message", err)
	}
}

func errOf[T any](_ T, err error) error { return err }

func TestStylesAreConstants(t *testing.T) {
	const posix, windows = POSIX, Windows // compiles only if they are constants
	if posix.String() != "POSIX" || windows.String() != "Windows" || Style(9).String() != "Style(9)" {
		t.Errorf("Style names: %v %v %v", posix, windows, Style(9))
	}
}

// TestFilePathURL checks the net/url forms against the string forms.
func TestFilePathURL(t *testing.T) {
	paths := []struct {
		st Style
		p  string
	}{
		{POSIX, "/a b/c#d?e%f"}, {POSIX, "/€/x;y=z"}, {POSIX, "/a:b"}, {POSIX, "/dir/"},
		{Windows, `C:\Program Files\x`}, {Windows, `\\host\share\a b`}, {Windows, `\\[::1]\s\x`}, {Windows, `c:\a!$&'()*+,;=@~`},
	}
	for _, tt := range paths {
		s, err := tt.st.FromPath(tt.p)
		if err != nil {
			t.Fatal(err)
		}
		u, err := tt.st.FromFilePath(tt.p)
		if err != nil || u.String() != s {
			t.Errorf("%s.FromFilePath(%q) = %v, %v; want %q", tt.st, tt.p, u, err, s)
			continue
		}
		want, _ := tt.st.ToPath(s)
		if got, err := tt.st.ToFilePath(u); err != nil || got != want {
			t.Errorf("%s.ToFilePath(%v) = %q, %v; want %q", tt.st, u, got, err, want)
		}
	}
	for _, s := range []string{"file:///C:/x?mode=ro", "file:C:/x", "FILE://host/share/x", "file://u:pw@host/s/x", "file:/etc/hosts"} {
		u, err := url.Parse(s)
		if err != nil {
			t.Fatal(err)
		}
		for _, st := range []Style{POSIX, Windows} {
			want, wantErr := st.ToPath(s)
			if got, err := st.ToFilePath(u); got != want || (err == nil) != (wantErr == nil) {
				t.Errorf("%s.ToFilePath(url.Parse(%q)) = %q, %v; want %q, %v", st, s, got, err, want, wantErr)
			}
		}
	}
	for _, u := range []*url.URL{nil, {Scheme: "http", Host: "x", Path: "/y"}, {Scheme: "file", Host: "C:", Path: "/x"}} {
		if p, err := Windows.ToFilePath(u); err == nil {
			t.Errorf("Windows.ToFilePath(%v) = %q, want an error", u, p)
		}
	}
	if _, err := Windows.FromFilePath(`\\.\pipe\x`); !errors.Is(err, ErrDevicePath) {
		t.Errorf("Windows.FromFilePath of a device path: %v, want ErrDevicePath", err)
	}
}

// TestServerAndShareNames pins what the differential run found: a server
// that is not UTF-8, and a share spelled like a drive, named another file
// on the way back.
func TestServerAndShareNames(t *testing.T) {
	checkRejects(t, "Windows.ToPath", Windows.ToPath, ErrSyntax,
		"file://%C3/s/x", "file:////%C3/s/x", "file://localhost//C:/x", "file://host/C:/x", "file://host/a%3Ab/x")
	checkRejects(t, "Windows.FromPath", Windows.FromPath, ErrSyntax,
		`\\localhost\C:\x`, `\\LocalHost\c:`, `\\server\a|b\x`, `\\server\a`+"\x01"+`b`)
	// An empty share: the peers read it three ways, fileuri refuses it.
	checkRejects(t, "Windows.ToPath", Windows.ToPath, ErrSyntax,
		"file://localhost//server/share/x", "file://host//share/x", "file:////host//share")
	checkRejects(t, "Windows.FromPath", Windows.FromPath, ErrSyntax, `\\server\\share\x`)
}

// The tests from here to TestRawNUL pin what an adversarial review of the
// package found.

// TestIPv6ZoneIsUnreserved: an IPv6 zone may hold unreserved characters
// only (RFC 6874); an escape there could put a separator, a NUL or a "]"
// into the UNC server.
func TestIPv6ZoneIsUnreserved(t *testing.T) {
	for _, uri := range []string{
		"file://[fe80::1%25%5Cevil%5Cshare]/x", "file://[fe80::1%25a%2Fb]/s/x", "file://[fe80::1%25%00]/s",
		"file://[fe80::1%25%5D]/s", "file://[fe80::1%25%zz]/s",
	} {
		if p, err := Windows.ToPath(uri); err == nil {
			t.Errorf("Windows.ToPath(%q) = %q, want an error", uri, p)
		}
		if got := checkString(Options{}, uri); !strings.Contains(got, "malformed") && !strings.Contains(got, "bad-escape") {
			t.Errorf("Check(%q) = %q, want malformed", uri, got)
		}
	}
	for _, p := range []string{`\\[fe80::1%]\x`, `\\[fe80::1%a b]\x`, `\\[fe80::1%é]\x`} {
		if u, err := Windows.FromPath(p); err == nil {
			t.Errorf("Windows.FromPath(%q) = %q, want an error", p, u)
		}
	}
	if p, err := Windows.ToPath("file://[::ffff:1.2.3.4]/s"); err != nil || p != `\\0-0-0-0-0-ffff-102-304.ipv6-literal.net\s` {
		t.Errorf("Windows.ToPath of an IPv4-mapped host = %q, %v; want hexadecimal groups", p, err)
	}
}

// TestVerbatimAndDevices: Windows trims a final dot or blank and opens
// DOS devices, but not after \\?\: such a path cannot be written as a
// URI.
func TestVerbatimAndDevices(t *testing.T) {
	checkRejects(t, "Windows.FromPath", Windows.FromPath, ErrSyntax,
		`\\?\C:\x\a.`, `\\?\C:\x\a.\b`, `\\?\C:\x\a `)
	checkRejects(t, "Windows.FromPath", Windows.FromPath, ErrDevicePath,
		`\\?\C:\x\NUL`, `C:\x\NUL`, `C:\x\com1.txt`, `\\h\s\CON `, `C:\LPT¹`)
	checkRejects(t, "Windows.ToPath", Windows.ToPath, ErrDevicePath,
		"file:///C:/x/NUL", "file:///C:/x/Com1.txt", "file://h/s/aux")
	if p, err := POSIX.ToPath("file:///x/NUL"); err != nil || p != "/x/NUL" {
		t.Errorf("POSIX.ToPath of a name NUL = %q, %v: a POSIX name may be NUL", p, err)
	}
}

// TestDriveShareBehindLocalhost: a share spelled like a drive behind
// localhost keeps its four slashes.
func TestDriveShareBehindLocalhost(t *testing.T) {
	for _, s := range []string{"file:////localhost/C:/x", "file:////%6Cocalhost/%43:"} {
		checkStringKeepsMeaning(t, s)
		checkFixInOneCall(t, Options{Strict: true}, s)
	}
	if got := (Options{Strict: true}).Fix("file:////localhost/C:/x"); got != "file:////localhost/C:/x" {
		t.Errorf("strict Fix moved a UNC URI onto a drive: %q", got)
	}
	checkFixInOneCall(t, Options{Strict: true}, "file:////localhost/%5c")
}

// TestBackslashInQuery: a backslash in the query or the fragment is no
// separator.
func TestBackslashInQuery(t *testing.T) {
	if got := Fix(`file:///data/x.db?vfs=a\b#c\d`); got != "file:///data/x.db?vfs=a%5Cb#c%5Cd" {
		t.Errorf("Fix of a backslash in the query = %q", got)
	}
}

// TestDotHostBeforeDevice: a host "." before any device name is reported
// by default.
func TestDotHostBeforeDevice(t *testing.T) {
	for _, uri := range []string{"file://./COM1", "file://./CON", "file://./nul", "file://./CdRom0", "file://./c%7C/x"} {
		if got := checkString(Options{}, uri); got != "win32-namespace[.]" {
			t.Errorf("Check(%q) = %q, want win32-namespace[.]", uri, got)
		}
	}
}

// TestErrorInput: the password of a URI that is no file URI does not leak
// either, and an error names the path as given.
func TestErrorInput(t *testing.T) {
	for _, s := range []string{"//u:secret@host/x", "x: file://u:secret@host/x", `file:\\u:secret@h\x`} {
		if _, err := Parse(s); err == nil || strings.Contains(err.Error(), "secret") {
			t.Errorf("Parse(%q) error = %v; want one without the password", s, err)
		}
	}
	var e *Error
	if _, err := Windows.FromPath(`//?/GLOBALROOT/x`); !errors.As(err, &e) || e.Input != `//?/GLOBALROOT/x` {
		t.Errorf("Windows.FromPath(//?/GLOBALROOT/x) error = %#v, want an *Error with the path as given", err)
	}
	if _, err := Windows.FromPath(`\\?\C:x`); !errors.As(err, &e) || e.Offset != 6 {
		t.Errorf(`Windows.FromPath(\\?\C:x) error = %#v, want an *Error at offset 6`, err)
	}
}

func TestIPv4MappedServer(t *testing.T) {
	checkPathRoundTrip(t, Windows, `\\[::ffff:1.2.3.4]\s\x`)
}

// TestRawNUL: a NUL byte is no character to encode, since %00 names no
// file either.
func TestRawNUL(t *testing.T) {
	if got := checkString(Options{}, "file:///a\x00b"); got != "nul[\x00]" {
		t.Errorf("Check of a raw NUL = %q, want nul with no fix", got)
	}
}

// checkRejects checks that convert, named name, rejects each input with
// an error of the class want.
func checkRejects(t *testing.T, name string, convert func(string) (string, error), want error, inputs ...string) {
	t.Helper()
	for _, in := range inputs {
		if got, err := convert(in); !errors.Is(err, want) {
			t.Errorf("%s(%q) = %q, %v; want %v", name, in, got, err, want)
		}
	}
}
