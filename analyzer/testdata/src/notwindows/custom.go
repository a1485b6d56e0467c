//go:build linux || !cgo

package notwindows

import (
	"net/url"
	"path/filepath"
)

func custom(p string) string {
	abs, _ := filepath.Abs(p)
	return (&url.URL{Scheme: "file", Path: abs}).String() // want `file URL Path is an OS path`
}
