// Package ownnotation pins a notation of a package's own, "file:" and an
// OS path, which the package reads by cutting "file:" alone off: what it
// writes as "file:" + path is that notation, not a file URI.
package ownnotation

import (
	"os"
	"path/filepath"
	"strings"
)

// resolve reads a value given inline or, after "file:", from a file.
func resolve(v string) (string, error) {
	if name, ok := strings.CutPrefix(v, "file:"); ok {
		b, err := os.ReadFile(name)
		return string(b), err
	}
	return v, nil
}

func secretFile(dir string) (string, error) {
	p := filepath.Join(dir, "secret")
	if err := os.WriteFile(p, []byte("x"), 0o600); err != nil {
		return "", err
	}
	return resolve("file:" + p) // the notation resolve reads
}

func secretURI(dir string) string {
	return "file://" + filepath.Join(dir, "secret") // want `file URI built from a path by concatenation escapes nothing`
}
