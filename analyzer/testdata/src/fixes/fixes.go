// Package fixes depends on package fileuri, so constructions from an
// absolute path get the fix fileuri.FromPath.
package fixes

import (
	"fmt"
	"net/url"
	"path/filepath"

	"github.com/fileurilint/fileurilint/fileuri"
)

// No fix: p may be relative, which FromPath would resolve against the
// working directory, or "/C:/x", which is right already.
func build(p string) string {
	return "file://" + p // want `file URI built from a path by concatenation`
}

func abs(p string) string {
	a, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	return "file://" + a // want `file URI built from a path by concatenation`
}

func three(p string) string {
	a, _ := filepath.Abs(p)
	return "file:///" + a // want `file URI built from a path by concatenation`
}

func format(p string) string {
	a, _ := filepath.Abs(p)
	return fmt.Sprintf("file://%s", a) // want `file URI built from a path by a format`
}

func parse(p string) (*url.URL, error) {
	a, err := filepath.Abs(p)
	if err != nil {
		return nil, err
	}
	return url.Parse("file://" + a) // want `file URI built from a path by concatenation`
}

func shadowed(p string) string {
	a, _ := filepath.Abs(p)
	fileuri := "x"
	_ = fileuri
	return "file://" + a // want `file URI built from a path by concatenation`
}

var _ = fileuri.ToPath
