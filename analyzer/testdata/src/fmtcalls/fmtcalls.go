// Package fmtcalls builds file URIs with fmt.
package fmtcalls

import (
	"fmt"
	"io"
	"path/filepath"
)

func sprintf(p string) string {
	return fmt.Sprintf("file://%s", filepath.ToSlash(p)) // want `file URI built from a path by a format`
}

func three(p string) string {
	return fmt.Sprintf("file:///%v", p) // want `file URI built from a path by a format`
}

func second(wd, loc string) string {
	return fmt.Sprintf("%d: file://%s/%s", 1, wd, loc) // want `file URI built from a path by a format`
}

// An error's text is a message, not a URI the program uses.
func errorf(p string) error {
	return fmt.Errorf("cannot open file://%s", p)
}

func hint(u string) error {
	return fmt.Errorf("missing scheme. Did you mean file://%s?", u)
}

// "file:" and a verb is not evidently a file URI: SQLite's file: names
// (file:data.db?mode=ro) put a path there as it is.
func sqlite(p string) string {
	abs, _ := filepath.Abs(p)
	return fmt.Sprintf("file:%s?cache=shared&_fk=1", abs)
}

func fprintf(w io.Writer, p string) {
	fmt.Fprintf(w, "file:///%s\n", p) // want `file URI built from a path by a format`
}

func star(p string) string {
	return fmt.Sprintf("%*d: file://%s", 3, 1, p) // want `file URI built from a path by a format`
}

func sprint(p string) string {
	return fmt.Sprint("file://", p) // want `file URI built from a path by fmt.Sprint`
}

// Not constructions: a number, a drive letter, a prefix-only message.
func fine(i int, drive string, p string) []string {
	return []string{
		fmt.Sprintf("file:///_%d", i),
		fmt.Sprintf("file:///%d.txt", i),
		fmt.Sprintf("file:///%s:/x", drive),
		fmt.Sprintf("file: %s", p),
		fmt.Sprintf("file:%s:%d", p, i),
		fmt.Sprintf("%s", "file:///"),
		fmt.Sprintf("file:///%s", "tmp/x"),
		// An explicit argument index: the operands are not followed.
		fmt.Sprintf("file://%[1]s", p),
		fmt.Sprintf("%[2]s://%[1]s", p, "file"),
	}
}
