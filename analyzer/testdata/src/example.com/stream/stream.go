// Package stream is a module outside the standard library whose
// functions take a file path, a URL path and a name.
package stream

import "os"

// NewFileStream opens the file at path.
func NewFileStream(path string) (*os.File, error) { return os.Open(path) }

// Route registers a handler for a URL pattern.
func Route(pattern string) {}

// Label names a stream.
func Label(name string) string { return name }

// Watch watches the files named.
func Watch(paths ...string) {}

// From builds a URI of its parts: path is a URL's path.
func From(scheme, authority, path string) string { return scheme + "://" + authority + path }

// OpenURL fetches the URL whose path is given.
func OpenURL(path string) error { return nil }
