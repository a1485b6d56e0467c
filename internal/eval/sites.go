package main

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

// siteRE matches the text of a line that builds, checks or takes apart a
// file URI: a "file:..." literal (not "file: " in a message), a file:/
// anywhere, or the scheme "file" compared or assigned.
var siteRE = regexp.MustCompile(`(?i)"file:[^ ]|file:/|scheme.{0,12}"file"|"file".{0,12}scheme|case "file"`)

// sites prints every line of Go code (not comments) in the packages of
// each project that mentions a file URI, as file:line: text.
func (e *env) sites() error {
	for _, p := range e.corpus {
		root, err := e.source(p)
		if err != nil {
			return err
		}
		n, tests := 0, 0
		err = walkGo(root, func(path string, data []byte) {
			rel, _ := filepath.Rel(root, path)
			for i, line := range strings.Split(string(data), "\n") {
				text := strings.TrimSpace(line)
				if strings.HasPrefix(text, "//") || !siteRE.MatchString(text) {
					continue
				}
				n++
				if strings.HasSuffix(path, "_test.go") {
					tests++
				}
				fmt.Printf("%s %s:%d: %s\n", p.Project, filepath.ToSlash(rel), i+1, text)
			}
		})
		if err != nil {
			return err
		}
		fmt.Printf("== %s: %d sites, %d in tests\n", p.Project, n, tests)
	}
	return nil
}

// walkGo calls f for each .go file that go build sees under root: it
// skips testdata, vendor, directories starting with . or _ and nested
// modules.
func walkGo(root string, f func(path string, data []byte)) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path == root {
				return nil
			}
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f(path, data)
		return nil
	})
}
