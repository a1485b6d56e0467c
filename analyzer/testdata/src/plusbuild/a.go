// +build linux

// Package plusbuild has a file built for Linux only by a // +build line:
// it cannot hold the function fileURI that the fix adds.
package plusbuild

import "path/filepath"

func linux(p string) string {
	abs, _ := filepath.Abs(p)
	return "file://" + abs // want `file URI built from a path by concatenation`
}
