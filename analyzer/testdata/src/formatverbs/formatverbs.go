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

var escapeColon = strings.NewReplacer(":", "%3A")

// volumeEscaped escapes the volume by hand and each segment by net/url.
func volumeEscaped(volume string, parts []string) string {
	if volume != "" {
		volume = "/" + escapeColon.Replace(volume)
	}
	for i, part := range parts {
		parts[i] = url.PathEscape(part)
	}
	return "file://" + volume + strings.Join(parts, "/")
}
