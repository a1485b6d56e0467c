// Package other splits URIs with the Parse method of another package's
// URI type, and reads a notation of its own through another's Split.
package other

import (
	"errors"
	"os"
	"path/filepath"

	"schemesplit/uri"
)

func abs(u uri.URI) (string, error) {
	scheme, p := u.Parse()
	if scheme != "" && scheme != uri.SchemeFile {
		return "", errors.New("unsupported scheme")
	}
	return filepath.Abs(p) // want `file URI taken apart by string surgery`
}

func value(s uri.Source) ([]byte, error) {
	kind, v := s.Split()
	if kind == "file" {
		return os.ReadFile(v)
	}
	return nil, nil
}
