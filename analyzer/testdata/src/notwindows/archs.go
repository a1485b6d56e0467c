//go:build linux && (amd64 || arm64 || 386)

package notwindows

import (
	"net/url"
	"path/filepath"
)

func archs(p string) string {
	abs, _ := filepath.Abs(p)
	return (&url.URL{Scheme: "file", Path: abs}).String()
}
