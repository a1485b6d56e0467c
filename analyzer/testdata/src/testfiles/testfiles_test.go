package testfiles

import (
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

var inputs = []string{"file:///a b", "file://C:\\x", "file:///100%"}

func TestX(t *testing.T) {
	dir := t.TempDir()
	u := "file://" + dir                                   // want `file URI built from a path by concatenation`
	t.Log(strings.TrimPrefix(u, "file://"))                // only logged: never read as a path
	t.Log(filepath.Base(strings.TrimPrefix(u, "file://"))) // want `file URI taken apart by string surgery`
}

// A test builds a malformed URL on purpose, from constants: a test
// literal, as a URI string would be.
func TestDriveInHost(t *testing.T) {
	u := &url.URL{Scheme: "file", Host: "X:", Path: "/fake/path.yaml"}
	v := url.URL{Scheme: "file", User: url.UserPassword("me", "secret"), Host: "h", Path: "/x"}
	t.Log(u, v)
}
