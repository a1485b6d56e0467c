// Package importing depends on package fileuri through package fixes
// only, so a fix adds the import.
package importing

import (
	"os"

	_ "fixes"
)

func build() string {
	wd, _ := os.Getwd()
	return "file://" + wd // want `file URI built from a path by concatenation`
}
