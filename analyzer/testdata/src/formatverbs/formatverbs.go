// Package formatverbs pins formats with more than one verb before the
// path, the first one given only constants.
package formatverbs

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

func slashFirst(p string) string {
	slash := "/"
	if strings.HasPrefix(p, "/") {
		slash = ""
	}
	return fmt.Sprintf("file://%s%s", slash, filepath.ToSlash(p)) // want `file URI built from a path by a format escapes nothing`
}

func escapedAfter(p string) string {
	slash := "/"
	if strings.HasPrefix(p, "/") {
		slash = ""
	}
	return fmt.Sprintf("file://%s%s", slash, (&url.URL{Path: filepath.ToSlash(p)}).EscapedPath())
}

func counted(n int, name string) string {
	return fmt.Sprintf("file:///%d%s", n, url.PathEscape(name))
}
