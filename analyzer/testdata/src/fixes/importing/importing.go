// Package importing depends on package fileuri through package fixes
// only, so a fix adds the import.
package importing

import (
	"os"
	"path/filepath"

	_ "fixes"
)

// name is relative to the working directory.
func build(name string) string {
	wd, _ := os.Getwd()
	return "file://" + filepath.Join(wd, name) // want `file URI built from a path by concatenation`
}
