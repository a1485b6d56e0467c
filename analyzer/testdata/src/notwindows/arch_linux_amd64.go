// A _GOOS_GOARCH suffix.

package notwindows

import (
	"net/url"
	"path/filepath"
)

func suffixArch(p string) string {
	abs, _ := filepath.Abs(p)
	return (&url.URL{Scheme: "file", Path: abs}).String()
}
