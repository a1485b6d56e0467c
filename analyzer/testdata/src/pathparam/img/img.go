// Package img is a package of the same module as pathparam, whose
// module path has no dot.
package img

import "os"

// NewFileStream opens the file at path.
func NewFileStream(path string) (*os.File, error) { return os.Open(path) }
