// A _unix suffix is no GOOS: it builds for Windows.

package notwindows

import (
	"net/url"
	"path/filepath"
)

func unixName(p string) string {
	abs, _ := filepath.Abs(p)
	return (&url.URL{Scheme: "file", Path: abs}).String() // want `file URL Path is an OS path`
}
