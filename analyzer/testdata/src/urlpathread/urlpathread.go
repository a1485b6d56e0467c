// Package urlpathread pins file URLs whose Path is read as an OS path:
// on Windows file:///C:/x has the Path /C:/x, and file://host/share/x
// keeps its host out of the Path.
package urlpathread

import (
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

func open(uri string) (*os.File, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	return os.Open(u.Path) // want `file URL Path used as an OS path: on Windows it is /C:/x and a UNC host is lost; use fileuri.ToPath`
}

func fromSlash(u *url.URL) string {
	switch u.Scheme {
	case "http":
		return u.Path
	case "file":
		return filepath.FromSlash(u.Path) // want `file URL Path used as an OS path`
	}
	return ""
}

func unc(u *url.URL) string {
	if strings.EqualFold(u.Scheme, "file") {
		return filepath.Join(u.Host, u.Path) // want `file URL Path used as an OS path`
	}
	return ""
}

func parsed(p string) ([]byte, error) {
	u, err := url.Parse("file://" + p) // want `file URI built from a path by concatenation`
	if err != nil {
		return nil, err
	}
	return os.ReadFile(u.Path) // want `file URL Path used as an OS path`
}

// The slice keeps the slash of "/x" but reads no escape and no drive.
func sliced(uri string) string {
	if strings.HasPrefix(uri, "file:///") {
		return uri[7:] // want `file URI taken apart by string surgery`
	}
	return ""
}

// Not reported: a scheme that is not "file", another case, a drive
// handled, a path not read as an OS path.
func other(u *url.URL) (string, error) {
	if u.Scheme == "https" {
		_, err := os.Stat(u.Path)
		return "", err
	}
	switch u.Scheme {
	case "file":
	default:
		return filepath.Clean(u.Path), nil
	}
	return u.Path, nil
}

func handled(u *url.URL) string {
	if u.Scheme != "file" {
		return ""
	}
	if runtime.GOOS == "windows" {
		return filepath.FromSlash(strings.TrimPrefix(u.Path, "/"))
	}
	return filepath.FromSlash(u.Path)
}

func trimmed(u *url.URL) string {
	if u.Scheme == "file" {
		return filepath.FromSlash(strings.TrimPrefix(u.Path, "/"))
	}
	return ""
}

// A field of another URL (templ's lsp/uri.Parse).
func rebuilt(us *url.URL) string {
	if us.Scheme != "file" {
		return ""
	}
	ut := url.URL{Scheme: "file", Path: us.Path, RawPath: filepath.FromSlash(us.Path)}
	ut.RawPath = filepath.Clean(us.Path)
	return ut.String()
}

func unknown(u *url.URL) (*os.File, error) {
	return os.Open(u.Path)
}
