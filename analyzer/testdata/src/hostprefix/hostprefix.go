// Package hostprefix pins prefixes that carry more than the scheme:
// "file:/" makes the first directory of an absolute path the host, and
// a WSL share's "file://wsl%24/" is followed by a path left unescaped.
package hostprefix

import (
	"net/url"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

func oneSlash(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	return "file:/" + abs, nil // want `file URI built as "file:/" \+ a path: its first directory becomes the host`
}

func prose(name string) string {
	return "see file:/" + name // text, and name is not evidently absolute
}

func wslBuild(distro, p string) string {
	return "file://wsl%24/" + path.Join(distro, p) // want `file URI built from a path by concatenation escapes nothing`
}

func wslEscaped(distro, p string) string {
	return "file://wsl%24/" + url.PathEscape(distro) + (&url.URL{Path: p}).EscapedPath()
}

func wslCut(u string) string {
	return u[len("file://wsl%24/"):] // want `file URI taken apart by string surgery`
}

func localhostCut(u string) string {
	return strings.TrimPrefix(u, "file://localhost/") // want `file URI taken apart by string surgery`
}

func httpCut(u string) string {
	return strings.TrimPrefix(u, "https://example.com/")
}

// Dialects read a relative path out of the authority on purpose: they
// are reported in strict mode only.
func dialects(name, p string) []string {
	return []string{"file://../" + name, "file://./" + name, "file://~/" + p}
}

// A prefix chosen by the form of the path is a prefix all the same.
func chosen(p string) string {
	var prefix string
	if strings.HasPrefix(p, "/") {
		prefix = "file://"
	} else {
		prefix = "file:///"
	}
	return prefix + p // want `file URI built from a path by concatenation escapes nothing`
}

// Ory's "file://stub/" names a relative directory, not a host.
func relative(keyFile string) string {
	return "file://stub/" + keyFile
}

// A host with a user name is a prefix too: the path after it is put in
// raw. A password or a port makes the literal itself malformed, and
// what follows "host:" is the port.
func authorities(t *testing.T, port string) []string {
	name := filepath.Join(t.TempDir(), "test.log")
	return []string{
		"file://rms@localhost" + name, // want `file URI built from a path by concatenation escapes nothing`
		"file://cache" + name,
		"file://localhost:8080" + name,        // want `file URI has a port`
		"file://user:secret@localhost" + name, // want `password in userinfo`
		"file://localhost:" + port,            // want `file URI has a port`
	}
}
