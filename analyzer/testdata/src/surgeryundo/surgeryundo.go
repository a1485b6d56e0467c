// Package surgeryundo pins a cut that undoes the function's own
// concatenation of a prefix and a path, beside cuts of URIs received.
package surgeryundo

import (
	"os"
	"path/filepath"
	"strings"
)

const LocalPrefix = "file://"

type FileSystem interface {
	Prefix() string
	AbsPath(p string) string
}

type File string

// toAbsPath adds the file system's prefix and cuts the local one off
// again: what is left is the absolute path as AbsPath gave it.
func toAbsPath(fs FileSystem, p string) File {
	uri := fs.Prefix() + fs.AbsPath(p)
	return File(strings.TrimPrefix(uri, LocalPrefix))
}

// roundTrip is the two halves of a raw pair: the construction's fix
// alone would leave a cut that misreads the URI.
func roundTrip(p string) (*os.File, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return nil, err
	}
	uri := LocalPrefix + abs                             // want `file URI built from a path by concatenation`
	return os.Open(strings.TrimPrefix(uri, LocalPrefix)) // want `file URI taken apart by string surgery`
}

// received cuts a URI it was given: its escapes, host and drive are
// misread.
func received(uri string) (*os.File, error) {
	return os.Open(strings.TrimPrefix(uri, LocalPrefix)) // want `file URI taken apart by string surgery`
}

// underBase cuts a name joined to a base URI it was given: the base is
// URI text, escapes and all.
func underBase(base, name string) (*os.File, error) {
	uri := base + name
	return os.Open(strings.TrimPrefix(uri, LocalPrefix)) // want `file URI taken apart by string surgery`
}

// reassigned is given a URI after it built one: the cut may read either.
func reassigned(fs FileSystem, p, given string) (*os.File, error) {
	uri := fs.Prefix() + p
	if given != "" {
		uri = given
	}
	return os.Open(strings.TrimPrefix(uri, LocalPrefix)) // want `file URI taken apart by string surgery`
}
