//go:build unix

package notwindows

import (
	"net/url"
	"path/filepath"
)

func unix(p string) string {
	abs, _ := filepath.Abs(p)
	return (&url.URL{Scheme: "file", Path: abs}).String()
}
