package fileuri

import (
	"errors"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

func TestFromPath(t *testing.T) {
	tests := []struct {
		st   Style
		path string
		want string // "" for an error
	}{
		{POSIX, "/foo/bar.txt", "file:///foo/bar.txt"},
		{POSIX, "/foo bar", "file:///foo%20bar"},
		{POSIX, "/a#b?c%d", "file:///a%23b%3Fc%25d"},
		{POSIX, `/a\b`, "file:///a%5Cb"},
		{POSIX, "/€", "file:///%E2%82%AC"},
		{POSIX, "/a:b;c=d&e+f,g$h@i'j!k(l)m*n~o", "file:///a:b;c=d&e+f,g$h@i'j!k(l)m*n~o"},
		{POSIX, "/a[b]^c|d\"e<f>`g{h}", "file:///a%5Bb%5D%5Ec%7Cd%22e%3Cf%3E%60g%7Bh%7D"},
		{POSIX, "//host/share", "file:///host/share"},
		{POSIX, "/a/../b/./c//d", "file:///b/c/d"},
		{POSIX, "/../..", "file:///"},
		{POSIX, "/dir/", "file:///dir/"},
		{POSIX, "/", "file:///"},
		{POSIX, "/a\tb", "file:///a%09b"},
		{POSIX, "/a%20b", "file:///a%2520b"},
		{POSIX, "a/b", ""},
		{POSIX, "", ""},
		{POSIX, "/a\x00b", ""},

		{Windows, `C:\foo\bar.txt`, "file:///C:/foo/bar.txt"},
		{Windows, `C:/foo/bar.txt`, "file:///C:/foo/bar.txt"},
		{Windows, `c:\foo`, "file:///c:/foo"},
		{Windows, `C:\`, "file:///C:/"},
		{Windows, `C:\a\..\..\b`, "file:///C:/b"},
		{Windows, `C:\a/b\c`, "file:///C:/a/b/c"},
		{Windows, `C:\foo bar\`, "file:///C:/foo%20bar/"},
		{Windows, `C:\a#b`, "file:///C:/a%23b"},
		{Windows, `C:\a%b`, "file:///C:/a%25b"},
		{Windows, `C:\a:b`, "file:///C:/a:b"},
		{Windows, `\\host\share\x.txt`, "file://host/share/x.txt"},
		{Windows, `\\host\share`, "file://host/share"},
		{Windows, `\\host\share\a b`, "file://host/share/a%20b"},
		{Windows, `\\host\c$\x`, "file://host/c$/x"},
		{Windows, `\\höst\share\x`, "file://h%C3%B6st/share/x"},
		{Windows, `//host/share/x`, "file://host/share/x"},
		{Windows, `\\?\C:\x`, "file:///C:/x"},
		{Windows, `\\?\UNC\host\share\x`, "file://host/share/x"},
		{Windows, `\\.\pipe\x`, ""},
		{Windows, `\\?\Volume{b75e2c83}\x`, ""},
		{Windows, `\\host`, ""},
		{Windows, `C:`, ""},
		{Windows, `C:foo`, ""},
		{Windows, `\foo\bar`, ""},
		{Windows, `foo`, ""},
	}
	for _, tt := range tests {
		got, err := tt.st.FromPath(tt.path)
		checkResult(t, tt.st.String()+".FromPath", tt.path, got, err, tt.want)
	}
}

func TestToPath(t *testing.T) {
	tests := []struct {
		st   Style
		uri  string
		want string // "" for an error
	}{
		{POSIX, "file:///etc/hosts", "/etc/hosts"},
		{POSIX, "file:/etc/hosts", "/etc/hosts"},
		{POSIX, "file://localhost/etc/hosts", "/etc/hosts"},
		{POSIX, "file://LOCALHOST/etc/hosts", "/etc/hosts"},
		{POSIX, "file:///a%20b%23c", "/a b#c"},
		{POSIX, "file:///a%5Cb", `/a\b`},
		{POSIX, "file:///a/./b/../c", "/a/c"},
		{POSIX, "file:///../x", "/x"},
		{POSIX, "file:///dir/", "/dir/"},
		{POSIX, "file:///doc#frag", "/doc"},
		{POSIX, "file:///doc#a?b", "/doc"},
		{POSIX, "file:///doc?#a", ""},
		{POSIX, "file:///C:/x", "/C:/x"},
		{POSIX, "file:///€", "/€"},
		{POSIX, "file://host/share", ""},
		{POSIX, "file:////host/share", ""},
		{POSIX, "file:///a%2Fb", ""},
		{POSIX, "file:///a%00b", ""},
		{POSIX, "file:///a%zz", ""},
		{POSIX, "file:///a?b", ""},
		{POSIX, "file:etc/hosts", ""},
		{POSIX, "http:///etc/hosts", ""},

		{Windows, "file:///C:/x/y.txt", `C:\x\y.txt`},
		{Windows, "file:///c|/x", `c:\x`},
		{Windows, "file:///C%3A/x", `C:\x`},
		{Windows, "file:///C%3a/x", `C:\x`},
		{Windows, "file:C:/x", `C:\x`},
		{Windows, "file:/C:/x", `C:\x`},
		{Windows, "file://localhost/C:/x", `C:\x`},
		{Windows, "file://%43%7C/x", ""},         // the server name C| (WHATWG forbids | in a host too)
		{Windows, "file://a%3Cb/x", ""},          // <
		{Windows, "file://[::1]/x", `\\[::1]\x`}, // an IP literal is written as is
		{Windows, "file:///C:", `C:\`},
		{Windows, "file:///C:/", `C:\`},
		{Windows, "file:///C:/../../x", `C:\x`},
		{Windows, "file:///C:/a%20b/", `C:\a b\`},
		{Windows, "file://host/share/x.txt", `\\host\share\x.txt`},
		{Windows, "file:////host/share/x.txt", `\\host\share\x.txt`},
		{Windows, "file://///host/share/x.txt", `\\host\share\x.txt`},
		{Windows, "file://host/share/../../x", `\\host\x`},
		{Windows, "file://localhost/share/x", `\\localhost\share\x`},
		{Windows, "file:///etc/hosts", ""},
		{Windows, "file:///C:x", ""},
		{Windows, "file:///C:/a%5Cb", ""},
		{Windows, "file:///C:/a%2Fb", ""},
		{Windows, `file:///C:\x`, ""},
		{Windows, "file://C:/x", ""},
	}
	for _, tt := range tests {
		got, err := tt.st.ToPath(tt.uri)
		checkResult(t, tt.st.String()+".ToPath", tt.uri, got, err, tt.want)
	}
}

// checkResult checks the result of fn(in): want, or an *Error when want
// is "".
func checkResult(t *testing.T, fn, in, got string, err error, want string) {
	t.Helper()
	if want == "" {
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("%s(%q) = %q, %v; want an *Error", fn, in, got, err)
		}
		return
	}
	if err != nil || got != want {
		t.Errorf("%s(%q) = %q, %v; want %q", fn, in, got, err, want)
	}
}

func TestHostFromPath(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("expectations are written for POSIX hosts")
	}
	wd, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	want, err := POSIX.FromPath(wd + "/a b")
	if err != nil {
		t.Fatal(err)
	}
	if got := FromPath("a b"); got != want {
		t.Errorf("FromPath(%q) = %q, want %q", "a b", got, want)
	}
	if got := FromPath("a b/"); got != want+"/" {
		t.Errorf("FromPath(%q) = %q, want %q (trailing slash kept)", "a b/", got, want+"/")
	}
	if got := FromPath("/"); got != "file:///" {
		t.Errorf("FromPath(%q) = %q, want %q", "/", got, "file:///")
	}
	if got, want := FromPath("/a\x00b"), "file:///a%00b"; got != want {
		t.Errorf("FromPath(NUL) = %q, want %q", got, want)
	}
	if got, err := ToPath("file:///tmp/a%20b"); err != nil || got != "/tmp/a b" {
		t.Errorf("ToPath = %q, %v", got, err)
	}
}

// cleanWindows returns the clean form of a Windows path that
// Windows.FromPath accepts: "\" separators, dot segments removed without
// climbing above the drive or share, the \\?\ prefixes dropped, a
// trailing separator kept.
func cleanWindows(p string) string {
	q := strings.ReplaceAll(p, `\`, "/")
	if after, ok := strings.CutPrefix(q, "//?/"); ok {
		q = after
		if len(q) >= 4 && strings.EqualFold(q[:4], "UNC/") {
			q = "//" + q[4:]
		}
	}
	var root string
	if hasDrive(q) {
		root, q = q[:2], q[2:]
	} else {
		server, rest, _ := strings.Cut(q[2:], "/")
		root, q = "//"+server, rest
	}
	return strings.ReplaceAll(root+cleanPath(q), "/", `\`)
}

// randomPath returns an absolute path in style st, made of segments with
// bytes that need every kind of treatment.
func randomPath(r *rand.Rand, st Style) string {
	const alphabet = "aZ09-._~!$&'()*+,;=:@ %#?[]^|\"<>`{}\t\x7féü€.."
	var b strings.Builder
	if st.windows {
		switch r.IntN(4) {
		case 0:
			b.WriteString(`\\server\share`)
		case 1:
			b.WriteString(`\\?\D:`)
		default:
			b.WriteString(string(rune('A'+r.IntN(26))) + ":")
		}
	}
	sep := "/"
	for range r.IntN(6) {
		if st.windows && r.IntN(2) == 0 {
			sep = `\`
		}
		b.WriteString(sep)
		for range 1 + r.IntN(6) {
			if st.windows {
				// A Windows name is Unicode; a POSIX name any bytes.
				runes := []rune(alphabet)
				b.WriteRune(runes[r.IntN(len(runes))])
			} else {
				b.WriteByte(alphabet[r.IntN(len(alphabet))])
			}
		}
	}
	if r.IntN(3) == 0 || b.Len() <= 2 || (st.windows && b.Len() <= len(`\\server\share`) && strings.HasPrefix(b.String(), `\\`)) {
		b.WriteString(sep)
	}
	return b.String()
}

// TestRoundTrip checks the property ToPath(FromPath(p)) == clean(p) on
// random absolute paths of both styles, and that the URI is canonical:
// Check finds nothing in it, even in strict mode but for non-ASCII.
func TestRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		for _, st := range []Style{POSIX, Windows} {
			p := randomPath(r, st)
			u, err := st.FromPath(p)
			if err != nil {
				t.Fatalf("%s.FromPath(%q): %v", st, p, err)
			}
			for _, pr := range (Options{Strict: true}).Check(u) {
				if pr.Kind == DriveRelative && !st.windows {
					continue // a POSIX name "a:b" at the root reads as drive-relative on Windows
				}
				t.Fatalf("%s.FromPath(%q) = %q, which Check faults: %s", st, p, u, problemString(u, pr))
			}
			checkRoundTrip(t, st, p, u)
		}
	}
}

// checkRoundTrip checks that st.ToPath(u), where u = st.FromPath(p), is
// the clean form of p.
func checkRoundTrip(t *testing.T, st Style, p, u string) {
	t.Helper()
	got, err := st.ToPath(u)
	if err != nil {
		t.Fatalf("%s.ToPath(FromPath(%q) = %q): %v", st, p, u, err)
	}
	want := cleanPath(p)
	if st.windows {
		want = cleanWindows(p)
	}
	if got != want {
		t.Fatalf("%s.ToPath(FromPath(%q)) = %q via %q, want %q", st, p, got, u, want)
	}
}
