// Package uri has a URI type whose Parse splits it at "://".
package uri

import "strings"

const SchemeFile = "file"

// URI is a file path or a URI.
type URI string

// Parse cuts the URI at "://", or returns the whole text as a path.
func (u URI) Parse() (scheme, path string) {
	s := string(u)
	i := strings.Index(s, "://")
	if i == -1 {
		return "", s
	}
	return s[:i], s[i+3:]
}

// Source is a "file:" or "env:" notation of its own, cut at ":".
type Source string

// Split cuts the source at ":".
func (s Source) Split() (kind, value string) {
	kind, value, _ = strings.Cut(string(s), ":")
	return kind, value
}
