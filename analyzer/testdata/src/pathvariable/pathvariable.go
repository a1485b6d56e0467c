// Package pathvariable pins file URLs whose Path is kept in a variable
// that is then handed to a function taking an OS path: on Windows
// file:///C:/x has the Path /C:/x, and a UNC host is not in the Path.
package pathvariable

import (
	"errors"
	"net/url"
	"os"
	"path"
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
		return nil, errors.New("not a file URL")
	}
	p := u.Path // want `file URL Path used as an OS path`
	return os.Open(p)
}

// A warehouse read from a URL, trimmed at the end and made absolute:
// the slash before the drive stays.
func warehouse(location string) (string, error) {
	u, err := url.Parse(location)
	if err != nil {
		return "", err
	}
	dir := location
	isLocal := u.Scheme == "" || u.Scheme == "file"
	if isLocal {
		if u.Opaque != "" {
			dir = u.Opaque
		} else {
			dir = u.Path // want `file URL Path used as an OS path`
		}
		if dir == "" || dir == "/" {
			return "", errors.New("root")
		}
		dir = strings.TrimRight(dir, "/")
		dir = path.Clean(dir)
		return filepath.Abs(dir)
	}
	return dir, nil
}

func hostAndPath(u *url.URL) ([]byte, error) {
	switch u.Scheme {
	case "file":
		name := u.Host + u.Path // want `file URL Path used as an OS path`
		return os.ReadFile(name)
	}
	return nil, nil
}

// Not reported: the drive handled on the variable, the variable given
// another value, a URL of another scheme, a Path never opened.

func sliced(u *url.URL) ([]byte, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path
	if len(p) > 2 && p[2] == ':' {
		p = p[1:]
	}
	return os.ReadFile(p)
}

func trimmed(u *url.URL) ([]byte, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path
	if u.Host == "." || os.PathSeparator != '/' {
		p = strings.TrimPrefix(p, "/")
	}
	return os.ReadFile(p)
}

func converted(u *url.URL) ([]byte, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path
	p = toOSPath(u.Host, p)
	return os.ReadFile(p)
}

func toOSPath(host, p string) string {
	if host != "" {
		return `\\` + host + filepath.FromSlash(p)
	}
	return filepath.FromSlash(p)
}

func goos(u *url.URL) ([]byte, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	return os.ReadFile(p)
}

func otherScheme(u *url.URL) ([]byte, error) {
	if u.Scheme != "s3" {
		return nil, nil
	}
	key := u.Path
	return os.ReadFile(filepath.Join("cache", key))
}

func notOpened(u *url.URL) string {
	if u.Scheme != "file" {
		return ""
	}
	p := u.Path
	return "opening " + p
}

func elseBranch(u *url.URL) ([]byte, error) {
	if u.Scheme == "file" {
		return nil, nil
	} else {
		p := u.Path
		return os.ReadFile(p)
	}
}

// The function's name says that it takes a file URL.
func fileURLToPath(u *url.URL) string {
	return filepath.FromSlash(u.Path) // want `file URL Path used as an OS path`
}

func urlToPath(u *url.URL) string {
	return filepath.FromSlash(u.Path) // no word of a file URL
}

func profileURLDir(u *url.URL) string {
	return filepath.Dir(u.Path) // "profile URL", not "file URL"
}
