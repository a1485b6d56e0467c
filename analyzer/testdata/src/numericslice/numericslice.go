// Package numericslice pins file URIs cut with a numeric slice, where a
// prefix check in the function says what the number is.
package numericslice

import (
	"path/filepath"
	"strings"
)

func seven(uri string) string {
	if strings.HasPrefix(uri, "file://") {
		return filepath.FromSlash(uri[7:]) // want `file URI taken apart by string surgery`
	}
	return uri
}

func eight(uri string) string {
	if strings.HasPrefix(uri, "file:///") {
		return uri[8:] // want `file URI taken apart by string surgery`
	}
	return uri
}

func unchecked(s string) string {
	return s[7:] // nothing says the text is a file URI
}

func https(s string) string {
	if strings.HasPrefix(s, "https://") {
		return s[8:]
	}
	return s
}

// DocumentURI is a URI of a named string type, as LSP libraries have.
type DocumentURI string

// fromURI checks the prefix on the string and slices the named value.
func fromURI(uri DocumentURI) string {
	if !strings.HasPrefix(string(uri), "file://") {
		panic("invalid uri: " + uri)
	}
	return string(uri[7:]) // want `file URI taken apart by string surgery`
}
