// Package tested cuts "file:" alone but never reads the rest as an OS
// path: it only tests it, or cuts it again as a parser of file URIs
// does. "file:" and an absolute path is a file URI here, file:/srv/x.
package tested

import (
	"net/url"
	"path/filepath"
	"strings"
)

func isFileRef(v string) bool {
	_, ok := strings.CutPrefix(v, "file:")
	return ok
}

func differs(v string) bool {
	return strings.TrimPrefix(v, "file:") != v
}

func authority(u string) string {
	rest := strings.TrimPrefix(u, "file:")
	rest = strings.TrimPrefix(rest, "//")
	host, _, _ := strings.Cut(rest, "/")
	return host
}

func parse(dir string) (*url.URL, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	return url.Parse("file:" + abs) // want `file URI built from a path by concatenation escapes nothing`
}
