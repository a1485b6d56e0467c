// A _linux suffix: never built for Windows.

package notwindows

import (
	"net/url"
	"path/filepath"
)

func suffix(p string) string {
	abs, _ := filepath.Abs(p)
	return (&url.URL{Scheme: "file", Path: abs}).String()
}
