package plusbuild

import "path/filepath"

func everywhere(p string) string {
	abs, _ := filepath.Abs(p)
	return "file://" + abs // want `file URI built from a path by concatenation`
}
