// Package constructshapes pins constructions of a file URI seen in real
// code beyond "file://" + p and fmt.Sprintf("file://%s", p).
package constructshapes

import (
	"bytes"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

func localhost(p string) string {
	return "file://localhost" + p // want `file URI built from a path by concatenation escapes nothing`
}

func noAuthority(p string) string {
	abs, _ := filepath.Abs(p)
	return "file:" + filepath.ToSlash(abs) // want `file URI built from a path by concatenation escapes nothing`
}

func oneSlash(p string) string {
	abs, _ := filepath.Abs(p)
	return "file:/" + abs // want `file URI built as "file:/" \+ a path: its first directory becomes the host`
}

func join(p string) string {
	return strings.Join([]string{"file://", p}, "") // want `file URI built from a path by strings.Join escapes nothing`
}

func joinSlash(dir, name string) string {
	return strings.Join([]string{"file://", dir, name}, "/") // want `file URI built from a path by strings.Join`
}

func appended(p string) string {
	uri := "file://" // want `file URI built from a path by \+= escapes nothing`
	uri += filepath.ToSlash(p)
	return uri
}

func builder(p string) string {
	var b strings.Builder
	b.WriteString("file://") // want `file URI built from a path by WriteString escapes nothing`
	b.WriteString(p)
	return b.String()
}

func buffer(dir, name string) string {
	var b bytes.Buffer
	b.WriteString("file:///") // want `file URI built from a path by WriteString`
	b.WriteString(dir)
	b.WriteString("/")
	b.WriteString(name)
	return b.String()
}

func schemeOperand(p string) string {
	return fmt.Sprintf("%s://%s", "file", p) // want `file URI built from a path by a format escapes nothing`
}

const scheme = "file"

func schemeConst(p string) string {
	return fmt.Sprintf("%s://%s", scheme, p) // want `file URI built from a path by a format`
}

func pathEscape(p string) string {
	return "file://" + url.PathEscape(p) // want `file URI built with url.PathEscape, which escapes every "/" as %2F`
}

func queryEscape(p string) string {
	return fmt.Sprintf("file://%s", url.QueryEscape(p)) // want `file URI built with url.QueryEscape`
}

// The root cause of zk-org/zk#184: on Windows the path C:\x gives
// file://C:%5Cx.
func pathToURI(path string) string {
	u := url.URL{Scheme: "file", Path: path} // want `file URL Path is an OS path`
	return u.String()
}

func fileURL(filename string) *url.URL {
	return &url.URL{Scheme: "file", Path: filename} // want `file URL Path is an OS path`
}

// Not reported.
func fine(p, name string, u *url.URL) []string {
	var b strings.Builder
	b.WriteString("file://")
	b.WriteString(u.EscapedPath())
	s := "file:///"
	s += "srv/readme.md"
	a, _ := filepath.Abs(p)
	return []string{
		"file:" + name,                            // text, not evidently a path
		"file:/" + p,                              // p need not be absolute
		"in file:" + a,                            // prose
		"file:///" + url.PathEscape(name),         // one segment
		strings.Join([]string{"file://", p}, ","), // a list
		strings.Join([]string{"file:///srv", "a.txt"}, "/"),
		fmt.Sprintf("%s://%s", "https", p),
		fmt.Sprintf("%s://%d", "file", 1),
		b.String(), s,
	}
}

// A helper that guards the drive letter.
func guardedURI(path string) string {
	if filepath.VolumeName(path) != "" {
		return (&url.URL{Scheme: "file", Path: "/" + filepath.ToSlash(path)}).String()
	}
	return (&url.URL{Scheme: "file", Path: path}).String()
}

// A helper whose path is made a URI path first.
func toURI(path string) string {
	path = "/" + strings.TrimPrefix(filepath.ToSlash(path), "/")
	return (&url.URL{Scheme: "file", Path: path}).String()
}

// Not a path-to-URI helper by its name.
func open(path string) *url.URL {
	return &url.URL{Scheme: "file", Path: path}
}
