package analyzer

import (
	"go/ast"
	"go/build/constraint"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
)

// The drive letter and UNC host of a Windows path are what most of the
// url-path and consumer checks are about; a file that never builds for
// Windows cannot see one. notWindows answers for a file, by its name and
// its //go:build line, as the go command would for GOOS=windows.

// knownOS and knownArch are the values of GOOS and GOARCH that a file
// name suffix can name (go/build's list, "go tool dist list").
var (
	knownOS = []string{"aix", "android", "darwin", "dragonfly", "freebsd", "hurd", "illumos", "ios", "js",
		"linux", "nacl", "netbsd", "openbsd", "plan9", "solaris", "wasip1", "windows", "zos"}
	knownArch = []string{"386", "amd64", "amd64p32", "arm", "armbe", "arm64", "arm64be", "loong64", "mips",
		"mipsle", "mips64", "mips64le", "mips64p32", "mips64p32le", "ppc", "ppc64", "ppc64le", "riscv",
		"riscv64", "s390", "s390x", "sparc", "sparc64", "wasm"}
)

// notWindows reports whether the file that holds pos never builds for
// GOOS=windows: its name ends in _GOOS or _GOOS_GOARCH of another system
// (x_linux.go), or its //go:build expression is false for windows
// whatever the other tags are (linux, unix, darwin || freebsd, !windows).
func (c *checker) notWindows(pos token.Pos) bool {
	tf := c.pass.Fset.File(pos)
	if tf == nil {
		return false
	}
	if v, ok := c.goosCache[tf]; ok {
		return v
	}
	v := nameExcludesWindows(tf.Name())
	if !v {
		for _, f := range c.pass.Files {
			if f.FileStart <= pos && pos <= f.FileEnd {
				v = buildExcludesWindows(f)
				break
			}
		}
	}
	c.goosCache[tf] = v
	return v
}

// nameExcludesWindows reports whether the file name, by its _GOOS or
// _GOOS_GOARCH suffix, builds only for a system other than Windows.
func nameExcludesWindows(name string) bool {
	goos, _ := nameConstraint(name)
	return goos != "" && goos != "windows"
}

// nameConstraint returns the GOOS and GOARCH that the file name, by its
// _GOOS, _GOARCH or _GOOS_GOARCH suffix, builds for, or empty strings.
func nameConstraint(name string) (goos, goarch string) {
	name = strings.TrimSuffix(strings.TrimSuffix(filepath.Base(name), ".go"), "_test")
	parts := strings.Split(name, "_")
	n := len(parts)
	switch {
	case n >= 3 && slices.Contains(knownOS, parts[n-2]) && slices.Contains(knownArch, parts[n-1]):
		return parts[n-2], parts[n-1]
	case n >= 2 && slices.Contains(knownOS, parts[n-1]):
		return parts[n-1], ""
	case n >= 2 && slices.Contains(knownArch, parts[n-1]):
		return "", parts[n-1]
	}
	return "", ""
}

// buildLine returns the expression of the //go:build line of f, or nil.
func buildLine(f *ast.File) constraint.Expr {
	var expr constraint.Expr
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, cm := range g.List {
			if constraint.IsGoBuild(cm.Text) {
				if x, err := constraint.Parse(cm.Text); err == nil {
					expr = x
				}
			}
		}
	}
	return expr
}

// hasBuildLine reports whether f has a //go:build or // +build line.
func hasBuildLine(f *ast.File) bool {
	for _, g := range f.Comments {
		if g.Pos() >= f.Package {
			break
		}
		for _, cm := range g.List {
			if constraint.IsGoBuild(cm.Text) || constraint.IsPlusBuild(cm.Text) {
				return true
			}
		}
	}
	return false
}

// buildExcludesWindows reports whether the //go:build line of f is false
// for GOOS=windows under every setting of its other tags (architectures,
// go versions, cgo, custom tags): up to 10 of them are tried.
func buildExcludesWindows(f *ast.File) bool {
	expr := buildLine(f)
	if expr == nil {
		return false
	}
	var free []string
	expr.Eval(func(tag string) bool {
		if tag != "unix" && !slices.Contains(knownOS, tag) && !slices.Contains(free, tag) {
			free = append(free, tag)
		}
		return false
	})
	if len(free) > 10 {
		return false
	}
	for set := 0; set < 1<<len(free); set++ {
		if expr.Eval(func(tag string) bool {
			if i := slices.Index(free, tag); i >= 0 {
				return set&(1<<i) != 0
			}
			return tag == "windows"
		}) {
			return false
		}
	}
	return true
}
