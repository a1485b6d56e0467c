// Package other splits URIs with the Parse method of another package's
// URI type: its body is not read here, and nothing says its second
// result is the raw rest (it may decode it, or split at ":" alone).
package other

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"schemesplit/uri"
)

func abs(u uri.URI) (string, error) {
	scheme, p := u.Parse()
	if scheme != "" && scheme != uri.SchemeFile {
		return "", errors.New("unsupported scheme")
	}
	return filepath.Abs(p)
}

func value(s uri.Source) ([]byte, error) {
	kind, v := s.Split()
	if kind == "file" {
		return os.ReadFile(v)
	}
	return nil, nil
}

// cut splits at "://" itself: its rest is the raw text.
func cut(s string) ([]byte, error) {
	scheme, rest, _ := strings.Cut(s, "://")
	if scheme != "file" {
		return nil, errors.New("not a file URI")
	}
	return os.ReadFile(rest) // want `file URI taken apart by string surgery`
}
