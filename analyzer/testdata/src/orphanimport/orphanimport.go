// Package orphanimport builds file URIs with the only use of fmt, and of
// strings, in a file: the fix to fileuri.FromPath must delete their
// imports, or the file no longer compiles.
package orphanimport

import (
	"fmt"
	"path/filepath"

	"github.com/fileurilint/fileurilint/fileuri"
)

// Dir is the URI of the directory p, made absolute.
func Dir(p string) string {
	abs, _ := filepath.Abs(p)
	return fmt.Sprintf("file://%s", abs) // want `file URI built from a path by a format escapes nothing`
}

var _ = fileuri.FromPath
