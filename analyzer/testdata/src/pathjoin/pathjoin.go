// Package pathjoin joins file URIs as paths.
package pathjoin

import (
	"path"
	"path/filepath"
)

func join(dir, name string) string {
	return path.Join("file:///", dir, name) // want `path.Join cleans "file:///x" to "file:/x"`
}

func fjoin(dir string) string {
	return filepath.Join("file://"+dir, "x") // want `file URI built from a path by concatenation`
}

func fine(dir string) string {
	return path.Join("/srv", dir) + path.Join("file", dir)
}
