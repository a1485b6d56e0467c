// Package pathparam pins a file URL's Path handed to a function of
// another module whose parameter is named for a path: on Windows
// file:///C:/x has the Path /C:/x.
package pathparam

import (
	"net/url"
	"os"
	"path"

	"example.com/stream"
	"pathparam/img"
)

func open(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	return stream.NewFileStream(u.Path) // want `file URL Path used as an OS path`
}

func deferred(u *url.URL) func() (*os.File, error) {
	if u.Scheme != "file" {
		return nil
	}
	return func() (*os.File, error) { return stream.NewFileStream(u.Path) } // want `file URL Path used as an OS path`
}

// sameModule opens by a package of its own module, whose path has no dot.
func sameModule(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	return img.NewFileStream(u.Path) // want `file URL Path used as an OS path`
}

// The look-alikes: a parameter not named for a path, a variadic one, a
// function whose name does not say it opens (From builds a URI of the
// path), one named for a URL, a URL of another scheme, the standard
// library's path of a URL.

func others(u *url.URL) string {
	if u.Scheme != "file" {
		return ""
	}
	stream.Route(u.Path)
	stream.Watch(u.Path)
	_ = stream.OpenURL(u.Path)
	_ = stream.From("file", u.Host, u.Path)
	return stream.Label(u.Path) + path.Base(u.Path)
}

func remote(u *url.URL) (*os.File, error) {
	if u.Scheme == "https" {
		return stream.NewFileStream(u.Path)
	}
	return nil, nil
}
