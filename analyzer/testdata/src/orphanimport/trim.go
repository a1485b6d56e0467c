package orphanimport

import "strings"

import "path/filepath"

// Abs is the URI of p made absolute.
func Abs(p string) string {
	abs, _ := filepath.Abs(p)
	return "file:///" + strings.TrimPrefix(filepath.ToSlash(abs), "/") // want `file URI built from a path by concatenation escapes nothing`
}
