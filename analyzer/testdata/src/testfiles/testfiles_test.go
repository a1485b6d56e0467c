package testfiles

import (
	"strings"
	"testing"
)

var inputs = []string{"file:///a b", "file://C:\\x", "file:///100%"}

func TestX(t *testing.T) {
	dir := t.TempDir()
	u := "file://" + dir                    // want `file URI built from a path by concatenation`
	t.Log(strings.TrimPrefix(u, "file://")) // want `file URI taken apart by string surgery`
}
