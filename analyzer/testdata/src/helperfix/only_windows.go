package helperfix

import "path/filepath"

// A file built for Windows only uses the function of a file built
// everywhere.
func onWindows(p string) string {
	abs, _ := filepath.Abs(p)
	return "file:///" + filepath.ToSlash(abs) // want `file URI built from a path by concatenation`
}
