// Package helperfix does not import fileuri: its constructions from an
// absolute path get a fix that adds one function of its own, fileURI,
// which returns what fileuri.FromPath returns.
package helperfix

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
)

func concat(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	return "file://" + abs // want `file URI built from a path by concatenation`
}

func format(p string) string {
	abs, _ := filepath.Abs(p)
	return fmt.Sprintf("file://%s", abs) // want `file URI built from a path by a format`
}

func parse(p string) (*url.URL, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil, err
	}
	return url.Parse("file:///" + filepath.ToSlash(abs)) // want `file URI built from a path by concatenation`
}

// name is relative to the working directory.
func working(name string) string {
	wd, _ := os.Getwd()
	return "file://" + filepath.Join(wd, name) // want `file URI built from a path by concatenation`
}
