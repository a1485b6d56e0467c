// Package cuthelper pins a function of the package that cuts a prefix,
// given as a parameter, off the front of its other parameter, as
// strings.TrimPrefix does: called with "file://", it is string surgery.
package cuthelper

import (
	"net/url"
	"os"
	"strings"
)

// trimSchemePrefix cuts prefix off ref in any case.
func trimSchemePrefix(ref, prefix string) string {
	if len(ref) >= len(prefix) && strings.EqualFold(ref[:len(prefix)], prefix) {
		return ref[len(prefix):]
	}
	return ref
}

// cutFront cuts prefix off s, the prefix first, and says whether it did.
func cutFront(prefix, s string) (string, bool) {
	if strings.HasPrefix(s, prefix) {
		return strings.TrimPrefix(s, prefix), true
	}
	return s, false
}

func readRef(ref string) ([]byte, error) {
	return os.ReadFile(trimSchemePrefix(ref, "file://")) // want `file URI taken apart by string surgery`
}

func openRef(ref string) (*os.File, error) {
	p, ok := cutFront("file:///", ref) // want `file URI taken apart by string surgery`
	if !ok {
		return nil, os.ErrNotExist
	}
	return os.Open(p)
}

// The look-alikes.

func isFileRef(ref string) bool {
	return trimSchemePrefix(ref, "file://") != ref // only compared
}

func readHTTP(ref string) ([]byte, error) {
	return os.ReadFile(trimSchemePrefix(ref, "https://")) // another scheme
}

// after cuts everything up to sep: no prefix of the front.
func after(s, sep string) string {
	i := strings.Index(s, sep)
	return s[i+len(sep):]
}

func readAfter(ref string) ([]byte, error) {
	return os.ReadFile(after(ref, "file://"))
}

func canonical(ref string) string {
	return "file://" + trimSchemePrefix(ref, "file://") // put back behind the scheme
}

func decodedPerSegment(ref string) []string {
	var segs []string
	for _, seg := range strings.Split(trimSchemePrefix(ref, "file://"), "/") {
		seg, err := url.PathUnescape(seg)
		if err != nil {
			return nil
		}
		segs = append(segs, seg)
	}
	return segs // decoded one segment at a time
}
