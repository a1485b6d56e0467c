// Package urlstruct builds file URLs with url.URL.
package urlstruct

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func drive() *url.URL {
	return &url.URL{Scheme: "file", Host: "C:", Path: "/x"} // want `file URL has a drive letter as its Host`
}

func volume(p string) url.URL {
	return url.URL{Scheme: "file", Host: filepath.VolumeName(p)} // want `file URL has a drive letter as its Host`
}

func password(user, pw string) *url.URL {
	return &url.URL{Scheme: "file", User: url.UserPassword(user, pw), Host: "srv", Path: "/x"} // want `file URL has a password in userinfo`
}

func abs(p string) (string, error) {
	a, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	u := url.URL{Scheme: "file", Path: filepath.ToSlash(a)} // want `file URL Path is an OS path`
	return u.String(), nil
}

func getwd() string {
	wd, _ := os.Getwd()
	u := &url.URL{Scheme: "file", Path: wd} // want `file URL Path is an OS path`
	return u.String()
}

func assigned(p string) string {
	var u url.URL
	u.Scheme = "file"
	u.Path = filepath.Clean(p) // want `file URL Path is an OS path`
	u.Host = "c|"              // want `file URL has a drive letter as its Host`
	return u.String()
}

func temp(t *testing.T) string {
	return (&url.URL{Scheme: "file", Path: t.TempDir()}).String() // want `file URL Path is an OS path`
}

// Guarded: a slash is added before a drive letter.
func guarded(p string) string {
	p = filepath.ToSlash(p)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}

func guarded2(p string) string {
	abs, _ := filepath.Abs(p)
	return (&url.URL{Scheme: "file", Path: "/" + filepath.ToSlash(abs)}).String()
}

func otherScheme(p string) string {
	return (&url.URL{Scheme: "https", Host: "C:", Path: filepath.ToSlash(p), User: url.UserPassword("a", "b")}).String()
}

func user(name string) *url.URL {
	return &url.URL{Scheme: "file", User: url.User(name), Host: "srv", Path: "/x"}
}

// Shapes found in k6's loader.
func pwdURL(pwd string) *url.URL {
	return &url.URL{Scheme: "file", Path: filepath.ToSlash(filepath.Clean(pwd)) + "/"} // want `file URL Path is an OS path`
}

func sepGuard(pwd, src string) *url.URL {
	p := src
	if !filepath.IsAbs(src) {
		p = filepath.Join(pwd, src)
	}
	p = filepath.Clean(string(filepath.Separator) + p)
	return &url.URL{Scheme: "file", Path: filepath.ToSlash(p)}
}

func table() []*url.URL {
	var out []*url.URL
	for name, dir := range map[string]string{"/path/to/file.txt": filepath.FromSlash("/path/to/"), "-": "/"} {
		out = append(out, &url.URL{Scheme: "file", Path: name}, &url.URL{Scheme: "file", Path: filepath.ToSlash(dir)})
	}
	return out
}

// A path made by a function of the package.
type catalog struct{ root string }

func (c *catalog) dirOf(ns []string) string {
	return filepath.Join(append([]string{c.root}, ns...)...)
}

func (c *catalog) location(ns []string) string {
	p := c.dirOf(ns)
	return (&url.URL{Scheme: "file", Path: p}).String() // want `file URL Path is an OS path`
}

func slashDir(name string) string {
	if name == "" {
		return "/"
	}
	return filepath.ToSlash(filepath.Join("/srv", name))
}

func served(name string) string {
	return (&url.URL{Scheme: "file", Path: slashDir(name)}).String()
}
