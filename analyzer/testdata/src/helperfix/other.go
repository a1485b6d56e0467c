package helperfix

import "path/filepath"

// A second file of the package: its fix calls the same function.
func other(p string) string {
	abs, _ := filepath.Abs(p)
	return "file://" + abs // want `file URI built from a path by concatenation`
}
