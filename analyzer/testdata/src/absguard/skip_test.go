package absguard

import (
	"net/url"
	"path/filepath"
	"runtime"
	"testing"
)

func TestSkippedOnWindows(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths only")
	}
	p := filepath.Join(t.TempDir(), "a b#c")
	if !filepath.IsAbs(p) {
		t.Fatalf("%s is relative", p)
	}
	_ = url.URL{Scheme: "file", Path: p}
}
