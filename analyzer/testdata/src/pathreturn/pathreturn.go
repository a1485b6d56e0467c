// Package pathreturn pins file URLs whose Path is returned as an OS path
// by a function whose name says it gives one: on Windows file:///C:/x
// has the Path /C:/x, and a UNC host is not in the Path.
package pathreturn

import (
	"errors"
	"net/url"
	"runtime"
	"strings"
)

var errNotFile = errors.New("not a file URI")

func URIToPath(uri string) (string, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return "", err
	}
	if u.Scheme != "file" {
		return "", errNotFile
	}
	return u.Path, nil // want `file URL Path returned as an OS path: /C:/x on Windows, a UNC host lost; use fileuri.ToPath`
}

func filenameFromURL(u *url.URL) string {
	if u.Scheme == "file" {
		return u.Path // want `file URL Path returned as an OS path`
	}
	return ""
}

func localPath(u *url.URL) string {
	switch u.Scheme {
	case "file":
		p := u.Path // want `file URL Path used as an OS path`
		return p
	}
	return ""
}

// Not reported: a name that says URL or says nothing of a path, the
// drive handled, another scheme, a Path that is not a string result.

func toURL(u *url.URL) string {
	if u.Scheme != "file" {
		return ""
	}
	return u.Path
}

func resolve(u *url.URL) string {
	if u.Scheme != "file" {
		return ""
	}
	return u.Path
}

func pathToURL(u *url.URL) string {
	if u.Scheme != "file" {
		return ""
	}
	return u.Path
}

func toPath(u *url.URL) string {
	if u.Scheme != "file" {
		return ""
	}
	if runtime.GOOS == "windows" {
		return strings.TrimPrefix(u.Path, "/")
	}
	return u.Path
}

func httpPath(u *url.URL) string {
	if u.Scheme != "https" {
		return ""
	}
	return u.Path
}

func filePath(u *url.URL) string {
	return u.Path // no scheme in sight
}

func dirs(u *url.URL) []string {
	if u.Scheme != "file" {
		return nil
	}
	return strings.Split(u.Path, "/")
}

func Path(u *url.URL) string {
	if u.Scheme != "file" {
		return ""
	}
	f := func() string { return u.Path }
	return f()
}

func filename(uri string) (string, error) {
	u, err := url.ParseRequestURI(uri)
	if err != nil {
		return "", err
	}
	if u.Scheme != "file" {
		return "", errNotFile
	}
	if len(u.Path) > 2 && u.Path[2] == ':' {
		u.Path = u.Path[1:]
	}
	return u.Path, nil
}

// A file URL has returned before the read.
func routePath(u *url.URL) string {
	if u.Scheme == "file" {
		return ""
	}
	return u.Path
}

func relativePath(u *url.URL) (string, error) {
	if u.Scheme == "file" {
		return URIToPath(u.String())
	}
	if u.Scheme == "" {
		return u.Path, nil
	}
	return "", errNotFile
}

// The accessor of a URL type.
type link struct{ u *url.URL }

func (l link) Path() string {
	u := l.u
	if u.Scheme != "file" {
		return ""
	}
	return u.Path
}
