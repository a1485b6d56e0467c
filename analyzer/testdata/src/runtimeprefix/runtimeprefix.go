// Package runtimeprefix pins a scheme prefix built at run time from
// constants, then cut off a URI.
package runtimeprefix

import (
	"fmt"
	"strings"
)

const fileScheme = "file"

func trimBuilt(s string) string {
	prefix := fmt.Sprintf("%s://", fileScheme)
	return strings.TrimPrefix(s, prefix) // want `file URI taken apart by string surgery`
}

func trimDirect(s string) string {
	return strings.TrimPrefix(s, fmt.Sprintf("%s:///", fileScheme)) // want `file URI taken apart by string surgery`
}

func trimHTTP(s string) string {
	prefix := fmt.Sprintf("%s://", "https")
	return strings.TrimPrefix(s, prefix)
}

func trimChosen(s, scheme string) string {
	prefix := fmt.Sprintf("%s://", scheme)
	return strings.TrimPrefix(s, prefix) // the scheme is known only at run time
}
