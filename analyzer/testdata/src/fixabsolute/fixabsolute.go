// Package fixabsolute pins where a construction gets the fix
// fileuri.FromPath: only where the path is evidently absolute, since
// FromPath resolves a relative path against the working directory.
package fixabsolute

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/fileurilint/fileurilint/fileuri"
)

// The slash cut off an absolute path is put back: the fix undoes the trim.
func trimmed(p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return ""
	}
	return "file:///" + strings.TrimPrefix(abs, "/") // want `file URI built from a path by concatenation`
}

func trimmedSlash(p string) string {
	abs, _ := filepath.Abs(p)
	return fmt.Sprintf("file:///%s", strings.TrimPrefix(filepath.ToSlash(abs), "/")) // want `file URI built from a path by a format`
}

func trimLeft(p string) string {
	abs, _ := filepath.Abs(p)
	return "file:///" + strings.TrimLeft(abs, "/") // want `file URI built from a path by concatenation`
}

func joined(p string) string {
	dir, _ := filepath.Abs(filepath.Dir(p))
	return "file://" + filepath.ToSlash(filepath.Join(dir, filepath.Base(p))) // want `file URI built from a path by concatenation`
}

func cleaned(p string) string {
	abs, _ := filepath.Abs(p)
	abs = filepath.Clean(abs)
	return fmt.Sprintf("file://%v", abs) // want `file URI built from a path by a format`
}

// name is relative to the working directory.
func wd(name string) string {
	dir, _ := os.Getwd()
	return "file:///" + strings.TrimPrefix(filepath.Join(dir, name), "/") // want `file URI built from a path by concatenation`
}

// No fix: rel may be relative; "file:///" + rel takes it as absolute
// without its slash, FromPath would resolve it against the working
// directory.
func relative(rel string) string {
	return fmt.Sprintf("file:///%s", rel) // want `file URI built from a path by a format`
}

func trimmedParam(abs string) string {
	return "file:///" + strings.TrimPrefix(abs, "/") // want `file URI built from a path by concatenation`
}

// No fix: "/" + a Windows path is "/C:/x", which FromPath does not take.
func slashed(p string) string {
	abs, _ := filepath.Abs(p)
	s := "/" + filepath.ToSlash(abs)
	return "file://" + s // want `file URI built from a path by concatenation`
}

// No fix: abs is changed after filepath.Abs.
func changed(p string) string {
	abs, _ := filepath.Abs(p)
	abs = strings.TrimSuffix(abs, ".go")
	return "file://" + abs // want `file URI built from a path by concatenation`
}

// The value last given: abs holds the parameter first, then an
// absolute path.
func lastGiven(p string) string {
	abs := p
	abs, _ = filepath.Abs(abs)
	return "file://" + abs // want `file URI built from a path by concatenation`
}

// No fix: abs may hold the parameter again.
func maybeRelative(p string, keep bool) string {
	abs, _ := filepath.Abs(p)
	if keep {
		abs = p
	}
	return "file://" + abs // want `file URI built from a path by concatenation`
}

var _ = fileuri.ToPath
