// Package absguard pins `if !filepath.IsAbs(p)`: a test that makes a
// relative path absolute guards no drive letter, so a file URL whose
// Path is that OS path still reads the drive as a host on Windows.
package absguard

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
)

func resourceName(name string) string {
	abs := name
	if !filepath.IsAbs(abs) {
		if resolved, err := filepath.Abs(abs); err == nil {
			abs = resolved
		}
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String() // want `file URL Path is an OS path`
}

func joined(base, p string) *url.URL {
	if !filepath.IsAbs(p) {
		p = filepath.Join(base, p)
	}
	return &url.URL{Scheme: "file", Path: filepath.ToSlash(p)} // want `file URL Path is an OS path`
}

func refused(p string) (*url.URL, error) {
	if !filepath.IsAbs(p) {
		return nil, errors.New("not absolute")
	}
	return &url.URL{Scheme: "file", Path: filepath.ToSlash(p)}, nil // want `file URL Path is an OS path`
}

// The look-alikes: a slash comes before the drive letter.

func slashed(p string) *url.URL {
	p = filepath.ToSlash(p)
	if !filepath.IsAbs(p) {
		p = "/" + p
	}
	return &url.URL{Scheme: "file", Path: p}
}

func windowsGuard(p string) *url.URL {
	if filepath.IsAbs(p) && runtime.GOOS == "windows" {
		p = "/" + p
	}
	return &url.URL{Scheme: "file", Path: filepath.ToSlash(p)}
}

func prefixGuard(p string) *url.URL {
	p = filepath.ToSlash(p)
	if !filepath.IsAbs(p) || !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return &url.URL{Scheme: "file", Path: p}
}

func windowsLater(p string) (*url.URL, error) {
	if !filepath.IsAbs(p) {
		return nil, errors.New("not absolute")
	}
	u := &url.URL{Scheme: "file", Path: filepath.ToSlash(p)}
	if runtime.GOOS == "windows" {
		u.Path = "/" + u.Path
	}
	return u, nil
}

func pathFixedLater(p string) *url.URL {
	if !filepath.IsAbs(p) {
		p, _ = filepath.Abs(p)
	}
	u := &url.URL{Scheme: "file", Path: filepath.ToSlash(p)}
	if !strings.HasPrefix(u.Path, "/") {
		u.Path = "/" + u.Path
	}
	return u
}

func rootJoined(p string) *url.URL {
	if !filepath.IsAbs(p) {
		p, _ = filepath.Abs(p)
	}
	p = path.Join("/", filepath.ToSlash(p))
	return &url.URL{Scheme: "file", Path: p}
}

func slashFormatted(p string) *url.URL {
	if !filepath.IsAbs(p) {
		p, _ = filepath.Abs(p)
	}
	p = fmt.Sprintf("/%s", filepath.ToSlash(p))
	return &url.URL{Scheme: "file", Path: p}
}

// emptyChecked asks only whether the path is empty: no drive guard.
func emptyChecked(p string) (*url.URL, error) {
	if p == "" {
		return nil, errors.New("no path")
	}
	if len(p) == 0 {
		return nil, errors.New("no path")
	}
	return &url.URL{Scheme: "file", Path: filepath.ToSlash(p)}, nil // want `file URL Path is an OS path`
}

// slashedByHand makes the separators slashes as filepath.ToSlash does.
func slashedByHand(p string) *url.URL {
	return &url.URL{Scheme: "file", Path: strings.ReplaceAll(p, `\`, "/")} // want `file URL Path is an OS path`
}

func slashedByReplace(p string) *url.URL {
	return &url.URL{Scheme: "file", Path: strings.Replace(p, `\`, "/", -1)} // want `file URL Path is an OS path`
}

// slashedOnce and slashGuarded are no OS paths as the URL wants them:
// one backslash replaced says nothing, and a slash comes first.
func slashedOnce(p string) *url.URL {
	return &url.URL{Scheme: "file", Path: strings.Replace(p, `\`, "/", 1)}
}

func slashGuarded(p string) *url.URL {
	return &url.URL{Scheme: "file", Path: "/" + strings.ReplaceAll(p, `\`, "/")}
}

func prefixChecked(p string) *url.URL {
	if p != "" && !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return &url.URL{Scheme: "file", Path: strings.ReplaceAll(p, `\`, "/")}
}

// fromURLPath and fromURLVar make slashes of a URL's Path, URI text that
// starts with a slash already.
func fromURLPath(u *url.URL) *url.URL {
	return &url.URL{Scheme: "file", Path: strings.ReplaceAll(u.Path, `\`, "/")}
}

func fromURLVar(raw string) *url.URL {
	u, _ := url.Parse(raw)
	p := strings.ReplaceAll(u.Path, `\`, "/")
	return &url.URL{Scheme: "file", Path: p}
}

// initGuarded sends every path with a drive down another way, after a
// look for its colon.
func initGuarded(p string) string {
	if p == "" {
		return ""
	}
	s := filepath.ToSlash(p)
	if _, _, ok := strings.Cut(s, ":"); ok {
		return "file:///" + s // want `escapes nothing`
	}
	return (&url.URL{Scheme: "file", Path: s}).String()
}

// caseGuarded tests the path in the cases of a switch without a tag.
func caseGuarded(p string) string {
	s := filepath.ToSlash(p)
	var u url.URL
	switch {
	case s == "":
		return ""
	case s[0] == '/':
		u = url.URL{Scheme: "file", Path: s}
	default:
		u = url.URL{Scheme: "file", Path: "/" + s}
	}
	return u.String()
}

// slashOrJoined passes a path that starts with a slash and joins any
// other to the working directory, an OS path: C:\work/a.pkl on Windows.
func slashOrJoined(elems ...string) *url.URL {
	src := path.Join(elems...)
	if !path.IsAbs(src) {
		wd, err := os.Getwd()
		if err != nil {
			panic(err)
		}
		src = path.Join(wd, src)
	}
	return &url.URL{Scheme: "file", Path: src} // want `file URL Path is an OS path`
}

// slashOrRooted puts a slash before any other path.
func slashOrRooted(elems ...string) *url.URL {
	src := path.Join(elems...)
	if !path.IsAbs(src) {
		src = "/" + src
	}
	return &url.URL{Scheme: "file", Path: src}
}

// dirURL makes its parameter slashed and ends it with a slash: a look at
// its last byte guards no drive, C:/lib/ on Windows.
func dirURL(path string) *url.URL {
	path = filepath.ToSlash(path)
	if path[len(path)-1] != '/' {
		path = path + "/"
	}
	return &url.URL{Scheme: "file", Path: path} // want `file URL Path is an OS path`
}

func dirURLSuffix(path string) *url.URL {
	path = filepath.ToSlash(path)
	if !strings.HasSuffix(path, "/") {
		path += "/"
	}
	return &url.URL{Scheme: "file", Path: path} // += is not followed
}

// dirURLGuarded looks at its first byte: a slash may come first.
func dirURLGuarded(path string) *url.URL {
	path = filepath.ToSlash(path)
	if path[0] != '/' {
		path = "/" + path
	}
	return &url.URL{Scheme: "file", Path: path}
}

// given keeps what its caller passed: nothing says it is an OS path.
func given(path string) *url.URL {
	if path[len(path)-1] != '/' {
		path = path + "/"
	}
	return &url.URL{Scheme: "file", Path: path}
}
