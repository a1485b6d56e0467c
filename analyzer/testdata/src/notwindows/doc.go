// Package notwindows pins that the drive-letter concern is silent in files
// whose build constraints exclude Windows; this file builds for Windows.
package notwindows

import (
	"net/url"
	"path/filepath"
)

func everywhere(p string) string {
	abs, _ := filepath.Abs(p)
	return (&url.URL{Scheme: "file", Path: abs}).String() // want `file URL Path is an OS path`
}
