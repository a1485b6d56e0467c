// Package demo holds the file URIs that Go programs get wrong, so that
// "go run ./cmd/fileurilint ./testdata/demo" shows fileurilint at work.
package demo

import (
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
)

// A Windows path pasted into a URI: backslashes and a drive letter read
// as a host.
const settingsURI = "file://C:\\Users\\me\\AppData\\settings.json"

// DocURI names the file "release notes #3.html": its "#" is encoded
// (%23), as it must be, lest it start a fragment, but its spaces are not.
var DocURI = "file:///srv/docs/release notes %233.html"

// Share leaks a password.
var Share = "file://admin:hunter2@fileserver/share/report.pdf"

// Open builds a file URI by hand: on Windows it gives file://C:\..., and
// a name with "#" or "?" loses its tail.
func Open(path string) (*url.URL, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	return url.Parse("file://" + abs)
}

// Link formats a file URI without escaping.
func Link(name string) string {
	return fmt.Sprintf("file:///%s", name)
}

// Path takes a URI apart by string surgery: %20 stays %20, and the host
// and drive letter are mangled.
func Path(uri string) string {
	return strings.TrimPrefix(uri, "file://")
}

// Settings returns the settings URI.
func Settings() string { return settingsURI }
