// Package scheme names a URL scheme, as storage libraries do.
package scheme

// File is the scheme of local files.
const File = "file"
