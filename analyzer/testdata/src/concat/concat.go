// Package concat builds file URIs by concatenation. It does not depend
// on package fileuri, so no fix is offered.
package concat

import (
	"fmt"
	"html"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

func build(p string) string {
	return "file://" + p // want `^file URI built from a path by concatenation escapes nothing; use fileuri.FromPath$`
}

func parse(p string) (*url.URL, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil, err
	}
	return url.Parse("file://" + abs) // want `file URI built from a path by concatenation`
}

func three(dir, name string) string {
	return "file:///" + dir + "/" + name // want `file URI built from a path by concatenation`
}

type DocumentURI string

func named(p string) DocumentURI {
	return DocumentURI("file://" + filepath.ToSlash(p)) // want `file URI built from a path by concatenation`
}

func tmp() string {
	return "file://" + os.TempDir() // want `file URI built from a path by concatenation`
}

// The segments of a path, joined with slashes, are still a path.
func segments(p string) string {
	return "file:///" + strings.Join(strings.Split(p, `\`), "/") // want `file URI built from a path by concatenation`
}

// A slash before a drive letter guards the drive, not the escaping.
func slashGuard(p string) string {
	slash := ""
	if filepath.VolumeName(p) != "" {
		slash = "/"
	}
	return "file://" + slash + filepath.ToSlash(p) // want `file URI built from a path by concatenation`
}

// HTML escaping leaves a space and "#" as they are.
func htmlLink(p string) string {
	return `<a href="file://` + html.EscapeString(p) + `">` // want `file URI built from a path by concatenation`
}

// A replacement that is no percent-encoding escapes nothing.
func replaced(p string) string {
	p = strings.ReplaceAll(p, `\`, "/")
	return "file:///" + strings.Replace(p, "%", "%", -1) // want `file URI built from a path by concatenation`
}

// Replacing escapes by characters decodes.
func decoded(p string) string {
	p = strings.ReplaceAll(p, "%20", " ")
	return "file://" + strings.NewReplacer("%23", "#").Replace(p) // want `file URI built from a path by concatenation`
}

func decodedLocal(p string) string {
	unescaper := strings.NewReplacer("%20", " ")
	return "file://" + unescaper.Replace(p) // want `file URI built from a path by concatenation`
}

// An escape written after the URI is built, a replacement nested in
// another argument, and a printf verb put in by Replace escape nothing.
func escapedLater(p, sfx string, n int) []string {
	u := "file://" + p // want `file URI built from a path by concatenation`
	p = strings.ReplaceAll(p, " ", "%20")
	q := strings.TrimSuffix(p, strings.ReplaceAll(sfx, " ", "%20"))
	r := strings.Replace(filepath.Join(sfx, "frame-#.png"), "#", "%04d", 1)
	return []string{u, "file://" + q, fmt.Sprintf("file://"+r, n)} // want `file URI built from a path by concatenation` `file URI built from a path by concatenation`
}
