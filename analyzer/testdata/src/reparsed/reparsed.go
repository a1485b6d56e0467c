// Package reparsed pins the Path of a file URL handed to a function of
// the package that parses its parameter as a URL again and reads that
// URL's Path as an OS path: the decoded path is read twice as URI text,
// and /C:/x stays /C:/x on Windows.
package reparsed

import (
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// fromFile takes a path or a URL and reads the Path of the URL it makes.
func fromFile(filePath string, limited bool) func() ([]byte, error) {
	return func() ([]byte, error) {
		u, err := url.Parse(filePath)
		if err != nil {
			return nil, err
		}
		if u.Scheme == "" {
			u.Scheme = "file"
		}
		if limited {
			return readLimited(u.Path)
		}
		return os.ReadFile(u.Path) // the scheme is not compared with "file" here
	}
}

func readLimited(name string) ([]byte, error) { return os.ReadFile(name) }

func apply(raw string) ([]byte, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if u.Scheme == "file" {
		return fromFile(u.Path, true)() // want `file URL Path used as an OS path`
	}
	return nil, nil
}

// load parses its parameter and opens the Path of the result.
func load(p string) (*os.File, error) {
	w, err := url.ParseRequestURI(p)
	if err != nil {
		return nil, err
	}
	return os.Open(filepath.FromSlash(w.Host + w.Path))
}

func open(u *url.URL) (*os.File, error) {
	switch u.Scheme {
	case "file":
		return load(u.Path) // want `file URL Path used as an OS path`
	case "http":
		return load(u.Path) // not a file URL here
	}
	return nil, nil
}

// fileOnly reads the Path of the URL it makes only when that URL is a
// file URL, which a path without a scheme is not.
func fileOnly(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	if w.Scheme == "file" {
		return os.ReadFile(w.Path) // want `file URL Path used as an OS path`
	}
	return nil, nil
}

// fileOnlyAfter leaves first when the URL it makes is no file URL.
func fileOnlyAfter(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	if w.Scheme != "file" {
		return nil, nil
	}
	return os.ReadFile(w.Path) // want `file URL Path used as an OS path`
}

// driveHandled turns /C:/x into C:\x itself.
func driveHandled(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	name := w.Path
	if runtime.GOOS == "windows" {
		name = strings.TrimPrefix(name, "/")
	}
	return os.ReadFile(name)
}

// segments splits the Path of the URL it makes, and opens nothing.
func segments(p string) []string {
	w, err := url.Parse(p)
	if err != nil {
		return nil
	}
	return strings.Split(w.Path, "/")
}

// other parses another value than its parameter.
func other(p, base string) ([]byte, error) {
	w, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	_ = p
	return os.ReadFile(w.Path)
}

func lookAlikes(u *url.URL) {
	if u.Scheme != "file" {
		return
	}
	fileOnly(u.Path)      // the path has no scheme: the file branch is not taken
	fileOnlyAfter(u.Path) // nor here
	driveHandled(u.Path)  // the drive is handled
	segments(u.Path)      // nothing opened
	other(u.Path, "x")    // the parameter is not parsed
	_, _ = load(u.Host)   // not the Path
	_, _ = load(u.Opaque) // not the Path
	_ = fromFile("testdata/x.yml", false)
}
