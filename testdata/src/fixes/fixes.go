// Package fixes depends on package fileuri, so constructions get the fix
// fileuri.FromPath.
package fixes

import (
	"fmt"
	"net/url"

	"github.com/fileurilint/fileurilint/fileuri"
)

func build(p string) string {
	return "file://" + p // want `file URI built from a path by concatenation`
}

func three(p string) string {
	return "file:///" + p // want `file URI built from a path by concatenation`
}

func format(p string) string {
	return fmt.Sprintf("file://%s", p) // want `file URI built from a path by a format`
}

func parse(p string) (*url.URL, error) {
	return url.Parse("file://" + p) // want `file URI built from a path by concatenation`
}

func shadowed(p string) string {
	fileuri := "x"
	_ = fileuri
	return "file://" + p // want `file URI built from a path by concatenation`
}

var _ = fileuri.ToPath
