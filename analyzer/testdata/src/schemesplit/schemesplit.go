// Package schemesplit pins the rest of a URI split at "://" into a
// scheme and the rest, read as a path where the scheme is "file":
// file:///C:/x gives /C:/x on Windows, and escapes stay undecoded.
package schemesplit

import (
	"errors"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

const (
	SchemeFile = "file"
	SchemeHTTP = "http"
	separator  = "://"
)

// URI is a file path or a URI, as a configuration file gives it.
type URI string

// Parse cuts the URI at "://", or returns the whole text as a path.
func (uri URI) Parse() (scheme, path string) {
	s := string(uri)
	i := strings.Index(s, separator)
	if i == -1 {
		return "", s
	}
	return s[:i], s[i+len(separator):]
}

func (uri URI) Exists() bool {
	scheme, path := uri.Parse()
	switch scheme {
	case SchemeFile, "":
		_, err := os.Stat(path) // want `file URI taken apart by string surgery`
		return err == nil
	case SchemeHTTP:
		return false
	}
	return false
}

func (uri URI) ReadAll() ([]byte, error) {
	scheme, path := uri.Parse()
	if scheme == SchemeFile || scheme == "" {
		return readLocal(path) // want `file URI taken apart by string surgery`
	}
	return nil, errors.New("unsupported scheme")
}

func readLocal(path string) ([]byte, error) {
	return os.ReadFile(path)
}

func inline(s string) ([]byte, error) {
	scheme, rest, ok := strings.Cut(s, "://")
	if !ok || scheme != "file" {
		return nil, errors.New("not a file URI")
	}
	return os.ReadFile(rest) // want `file URI taken apart by string surgery`
}

// The look-alikes: another scheme's rest, a scheme never looked at, a
// rest only shown, a split at ":" alone (a notation of its own).

func remote(uri URI) string {
	scheme, path := uri.Parse()
	if scheme == SchemeHTTP {
		return path
	}
	return ""
}

func otherCase(uri URI) ([]byte, error) {
	scheme, path := uri.Parse()
	switch scheme {
	case SchemeHTTP:
		return os.ReadFile(path)
	case SchemeFile:
		return nil, nil
	}
	return nil, nil
}

func unchecked(uri URI) ([]byte, error) {
	_, path := uri.Parse()
	return os.ReadFile(path)
}

func shown(uri URI) string {
	scheme, path := uri.Parse()
	if scheme == SchemeFile {
		return "reading " + path
	}
	return ""
}

func notation(s string) ([]byte, error) {
	kind, name, _ := strings.Cut(s, ":")
	if kind == "file" {
		return os.ReadFile(name)
	}
	return nil, nil
}

func afterLeaving(uri URI) ([]byte, error) {
	scheme, path := uri.Parse()
	if scheme != "" && scheme != SchemeFile {
		return nil, errors.New("unsupported scheme")
	}
	return os.ReadFile(path) // want `file URI taken apart by string surgery`
}

func toPath(uri URI) (string, error) {
	scheme, path := uri.Parse()
	if scheme != SchemeFile {
		return "", errors.New("not a file URI")
	}
	return path, nil // want `file URI taken apart by string surgery`
}

// splitURI finds "://" but gives back, for a file URI, the path that
// net/url decodes and that it makes an OS path on Windows.
func splitURI(s string) (scheme, p string) {
	i := strings.Index(s, "://")
	if i < 0 {
		return "", s
	}
	u, err := url.Parse(s)
	if err != nil {
		return "", s
	}
	if u.Scheme == "file" {
		p = u.Path
		if runtime.GOOS == "windows" {
			p = filepath.FromSlash(strings.TrimPrefix(p, "/"))
		}
		return u.Scheme, p
	}
	return u.Scheme, s[i+3:]
}

func handled(s string) ([]byte, error) {
	scheme, p := splitURI(s)
	if scheme == "file" {
		return os.ReadFile(p)
	}
	return nil, nil
}

// splitParts splits with strings.SplitN and gives the second part.
func splitParts(s string) (string, string) {
	parts := strings.SplitN(s, "://", 2)
	if len(parts) < 2 {
		return "", s
	}
	return parts[0], parts[1]
}

func viaParts(s string) ([]byte, error) {
	scheme, rest := splitParts(s)
	if scheme == "file" {
		return os.ReadFile(rest) // want `file URI taken apart by string surgery`
	}
	return nil, nil
}
