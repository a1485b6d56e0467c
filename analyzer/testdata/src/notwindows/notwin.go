//go:build !windows

package notwindows

import (
	"net/url"
	"path/filepath"
)

func notWin(p string) string {
	abs, _ := filepath.Abs(p)
	return (&url.URL{Scheme: "file", Path: abs}).String()
}
