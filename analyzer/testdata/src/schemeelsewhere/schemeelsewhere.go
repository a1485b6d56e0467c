// Package schemeelsewhere pins file URLs whose scheme is checked away
// from where their Path is read as an OS path: in a switch case, in a
// helper of the package, or by the caller.
package schemeelsewhere

import (
	"net/url"
	"os"
	"runtime"
	"strings"
)

func switchHostPath(u *url.URL) ([]byte, error) {
	switch u.Scheme {
	case "file":
		return os.ReadFile(u.Host + u.Path) // want `file URL Path used as an OS path`
	case "http":
		return os.ReadFile(u.Host + u.Path) // not a file URL here
	}
	return nil, nil
}

func ifHostPath(u *url.URL) ([]byte, error) {
	if u.Scheme == "file" {
		return os.ReadFile(u.Host + u.Path) // want `file URL Path used as an OS path`
	}
	return nil, nil
}

func isFile(u *url.URL) bool { return u.Scheme == "file" }

func isHTTP(u *url.URL) bool { return strings.HasPrefix(u.Scheme, "http") }

func viaHelper(u *url.URL) ([]byte, error) {
	if isFile(u) {
		return os.ReadFile(u.Path) // want `file URL Path used as an OS path`
	}
	return nil, nil
}

func viaOtherHelper(u *url.URL) ([]byte, error) {
	if isHTTP(u) {
		return os.ReadFile(u.Path) // a helper that says nothing of "file"
	}
	return nil, nil
}

func openURL(u *url.URL) (*os.File, error) {
	return os.Open(u.Path) // want `file URL Path used as an OS path`
}

func load(s string) (*os.File, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	if u.Scheme == "file" {
		return openURL(u)
	}
	return nil, os.ErrInvalid
}

func openAny(u *url.URL) (*os.File, error) {
	return os.Open(u.Path) // no caller says it is a file URL
}

func loadAny(u *url.URL) (*os.File, error) { return openAny(u) }

func driveAware(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	return os.Open(p) // the drive is handled
}
