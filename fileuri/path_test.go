package fileuri

import (
	"errors"
	"path/filepath"
	"runtime"
	"testing"
)

// A conversionTest is an input of FromPath or ToPath in a style, and the
// result it gives: "" for an error.
type conversionTest struct {
	st       Style
	in, want string
}

// fromPathTests are paths and the URIs FromPath gives in each style.
var fromPathTests = []conversionTest{
	{POSIX, "/foo/bar.txt", "file:///foo/bar.txt"},
	{POSIX, "/foo bar", "file:///foo%20bar"},
	{POSIX, "/a#b?c%d", "file:///a%23b%3Fc%25d"},
	{POSIX, `/a\b`, "file:///a%5Cb"},
	{POSIX, "/€", "file:///%E2%82%AC"},
	{POSIX, "/a:b;c=d&e+f,g$h@i'j!k(l)m*n~o", "file:///a%3Ab;c=d&e+f,g$h@i'j!k(l)m*n~o"},
	{POSIX, "/x/a:b", "file:///x/a:b"},
	{POSIX, "/C:/x", "file:///C:/x"},
	{POSIX, "/c:", "file:///c:"},
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

func TestFromPath(t *testing.T) { checkConversions(t, "FromPath", Style.FromPath, fromPathTests) }

// toPathTests are URIs and the paths ToPath gives in each style.
var toPathTests = []conversionTest{
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
	{POSIX, "file:///doc?#a", "/doc"},
	{POSIX, "file:///data/x.db?mode=ro", "/data/x.db"},
	{POSIX, "file:///data/x.db?mode=ro#frag", "/data/x.db"},
	{POSIX, "file:///C:/x", "/C:/x"},
	{POSIX, "file:///€", "/€"},
	{POSIX, "file://host/share", ""},
	{POSIX, "file:////host/share", ""},
	{POSIX, "file:///a%2Fb", ""},
	{POSIX, "file:///a%00b", ""},
	{POSIX, "file:///a%zz", ""},
	{POSIX, "file:///a?b", "/a"},
	{POSIX, "file:///a%3Ab", "/a:b"},
	{POSIX, "file:etc/hosts", ""},
	{POSIX, "http:///etc/hosts", ""},

	{Windows, "file:///C:/x/y.txt", `C:\x\y.txt`},
	{Windows, "file:///C:/data/x.db?mode=ro", `C:\data\x.db`},
	{Windows, "file:///c|/x", `c:\x`},
	{Windows, "file:///C%3A/x", `C:\x`},
	{Windows, "file:///C%3a/x", `C:\x`},
	{Windows, "file:C:/x", `C:\x`},
	{Windows, "file:/C:/x", `C:\x`},
	{Windows, "file://localhost/C:/x", `C:\x`},
	{Windows, "file://%43%7C/x", ""},                                        // the server name C| (WHATWG forbids | in a host too)
	{Windows, "file://a%3Cb/x", ""},                                         // <
	{Windows, "file://[::1]/s/x", `\\0-0-0-0-0-0-0-1.ipv6-literal.net\s\x`}, // Windows reads no brackets
	{Windows, "file://[fe80::1%254]/s", `\\fe80-0-0-0-0-0-0-1s4.ipv6-literal.net\s`},
	{Windows, "file://[v1.x]/s", ""},
	{Windows, "file:///C:", `C:\`},
	{Windows, "file:///C:/", `C:\`},
	{Windows, "file:///C:/../../x", `C:\x`},
	{Windows, "file:///C:/a%20b/", `C:\a b\`},
	{Windows, "file://host/share/x.txt", `\\host\share\x.txt`},
	{Windows, "file://host/share/x?y#z", `\\host\share\x`},
	{Windows, "file:////host/share/x.txt", `\\host\share\x.txt`},
	{Windows, "file://///host/share/x.txt", `\\host\share\x.txt`},
	{Windows, "file://host/share/../../x", `\\host\share\x`},
	{Windows, "file://host/../x", ""},
	{Windows, "file://host/", ""},
	{Windows, "file://host", ""},
	{Windows, "file://localhost/share/x", `\\localhost\share\x`},
	{Windows, "file:///etc/hosts", ""},
	{Windows, "file:///C:x", ""},
	{Windows, "file:///C:/a%5Cb", ""},
	{Windows, "file:///C:/a%2Fb", ""},
	{Windows, `file:///C:\x`, ""},
	{Windows, "file://C:/x", ""},
}

func TestToPath(t *testing.T) { checkConversions(t, "ToPath", Style.ToPath, toPathTests) }

// checkConversions checks the result of convert, the method name of
// Style, on each test.
func checkConversions(t *testing.T, name string, convert func(Style, string) (string, error), tests []conversionTest) {
	t.Helper()
	for _, tt := range tests {
		got, err := convert(tt.st, tt.in)
		checkResult(t, tt.st.String()+"."+name, tt.in, got, err, tt.want)
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
