// Package fileuri stands in for the real package in the analyzer's tests,
// which load testdata in GOPATH mode: only its import path and the
// signatures of FromPath and ToPath matter.
package fileuri

// FromPath returns the file URI of path p.
func FromPath(p string) string { return "file://" + p }

// ToPath returns the path that the file URI uri names.
func ToPath(uri string) (string, error) { return uri, nil }
