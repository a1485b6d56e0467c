// Package rangefastpath holds fast paths that range over the rest of a
// URI and take it as a path only when it holds no "%": not surgery, as
// the same guard written with an index is not.
package rangefastpath

import "strings"

// Over the bytes of the rest.
func fastPathBytes(u string) (string, bool) {
	if strings.HasPrefix(u, "file:///") {
		rest := u[len("file://"):]
		for _, b := range []byte(rest) {
			if b < ' ' || b == '%' || b == ':' {
				return "", false
			}
		}
		return rest, true
	}
	return "", false
}

// Over the runes of the rest.
func fastPathRunes(u string) (string, bool) {
	if rest, ok := strings.CutPrefix(u, "file://"); ok {
		for _, r := range rest {
			if r == '%' {
				return "", false
			}
		}
		return rest, true
	}
	return "", false
}

// A range over the rest that never looks for "%" is no fast path.
func countSlashes(u string) int {
	rest := strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
	n := 0
	for _, b := range []byte(rest) {
		if b == '/' {
			n++
		}
	}
	return n
}
