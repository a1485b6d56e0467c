// Package importedscheme builds file URIs from a scheme constant of
// another package: no literal here holds "file".
package importedscheme

import (
	"os"
	"path"
	"path/filepath"

	"importedscheme/scheme"
)

func tempBase() string {
	return scheme.File + "://" + path.Join(os.TempDir(), "cache") // want `file URI built from a path by concatenation`
}

func workDir() (string, error) {
	wd, err := os.Getwd()
	return scheme.File + ":///" + filepath.ToSlash(wd), err // want `file URI built from a path by concatenation`
}

// Not reported: another scheme, a host of a remote store.
func remote(bucket string) string {
	return "s3" + "://" + bucket
}

func host(h string) string {
	return "https://" + h
}
