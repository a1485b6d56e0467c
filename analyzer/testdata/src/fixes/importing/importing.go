// Package importing depends on package fileuri through package fixes
// only, which a driver that reads fixes from export data does not see:
// the fix adds a function of the package rather than an import.
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
