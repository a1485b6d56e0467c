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

// fromPath is handed a path that may already be a URI: it cuts the
// prefix, looks at the drive and escapes each segment in a loop.
func fromPath(path string) string {
	path = strings.TrimPrefix(path, "file://")
	path = strings.TrimPrefix(path, "/")
	var b strings.Builder
	b.Grow(len(path) + 8)
	b.WriteString("file:///")
	part, rest, found := strings.Cut(filepath.ToSlash(path), "/")
	b.WriteString(strings.ReplaceAll(url.QueryEscape(part), "+", "%20"))
	for found {
		part, rest, found = strings.Cut(rest, "/")
		b.WriteString("/")
		b.WriteString(strings.ReplaceAll(url.QueryEscape(part), "+", "%20"))
	}
	return b.String()
}

// fromPathOpened escapes the same way but also opens what it cut.
func fromPathOpened(path string) (string, error) {
	path = strings.TrimPrefix(path, "file://") // want `file URI taken apart by string surgery`
	if _, err := os.Stat(path); err != nil {
		return "", err
	}
	return "file:///" + url.PathEscape(path), nil
}

// fromPathReturned hands back what it cut beside the URI it built.
func fromPathReturned(path string) (string, string) {
	rest := strings.TrimPrefix(path, "file://") // want `file URI taken apart by string surgery`
	return rest, "file:///" + url.PathEscape(rest)
}

// shownEscaped escapes the rest only to show it, and loads it.
func shownEscaped(u string) ([]byte, error) {
	p := strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
	println("loading", url.PathEscape(p))
	return load(p)
}

func load(p string) ([]byte, error) { return os.ReadFile(p) }

type doc struct{ Path string }

// storedEscaped keeps the rest beside its escaped form.
func storedEscaped(u string) (doc, string) {
	p := strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
	return doc{Path: p}, "file:///" + url.PathEscape(p)
}
