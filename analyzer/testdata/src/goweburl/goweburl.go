// Package goweburl pins a false positive found in cmd/go/internal/web:
// a url.URL Path taken from a path that the function has tested with
// filepath.VolumeName, and a Path after a Host, are not reported.
package goweburl

import (
	"net/url"
	"path/filepath"
	"strings"
)

func fromPath(p string) *url.URL {
	if vol := filepath.VolumeName(p); vol != "" {
		if strings.HasPrefix(vol, `\\`) {
			p = filepath.ToSlash(p[2:])
			i := strings.IndexByte(p, '/')
			return &url.URL{Scheme: "file", Host: p[:i], Path: filepath.ToSlash(p[i:])}
		}
		return &url.URL{Scheme: "file", Path: "/" + filepath.ToSlash(p)}
	}
	return &url.URL{Scheme: "file", Path: filepath.ToSlash(p)}
}

func untested(p string) *url.URL {
	return &url.URL{Scheme: "file", Path: filepath.ToSlash(p)} // want `file URL Path is an OS path`
}
