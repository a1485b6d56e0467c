// Package other reads no "file:" notation of its own: "file:" and an
// absolute path is a file URI, file:/srv/x.
package other

import "path/filepath"

func uri(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	return "file:" + abs, err // want `file URI built from a path by concatenation escapes nothing`
}
