//go:build linux || darwin || freebsd

package notwindows

import (
	"net/url"
	"path/filepath"
)

func several(p string) string {
	abs, _ := filepath.Abs(p)
	return (&url.URL{Scheme: "file", Path: abs}).String()
}
