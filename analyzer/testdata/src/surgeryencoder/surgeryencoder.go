// Package surgeryencoder pins a cut inside code that re-encodes a URI
// segment by segment, beside a cut whose segments are read as a path.
package surgeryencoder

import (
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

func encode(u string) string {
	p := strings.TrimPrefix(u, "file://")
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.PathEscape(s)
	}
	return "file://" + strings.Join(segs, "/")
}

func encodeRange(u string) string {
	var out []string
	for _, s := range strings.Split(strings.TrimPrefix(u, "file:///"), "/") {
		out = append(out, url.PathEscape(s))
	}
	return "file:///" + strings.Join(out, "/")
}

func read(u string) string {
	p := strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
	segs := strings.Split(p, "/")
	return filepath.Join(segs...)
}

func encodeAndOpen(u string) (string, []byte, error) {
	rest := strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
	var out []string
	for _, s := range strings.Split(rest, "/") {
		out = append(out, url.PathEscape(s))
	}
	data, err := os.ReadFile(rest)
	return strings.Join(out, "/"), data, err
}

func queryEscaped(u string) string {
	p := strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
	segs := strings.Split(p, "/")
	for i, s := range segs {
		segs[i] = url.QueryEscape(s) // a space becomes "+", a plus in a path
	}
	return "file://" + strings.Join(segs, "/")
}
