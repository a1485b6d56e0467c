// Package sqlitedsn pins SQLite's "file:" names: "file:" followed
// directly by a name that may be relative is no RFC 8089 URI; followed
// by an evidently absolute path, it is one, and the path needs escaping.
package sqlitedsn

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
)

func open(path string) (*sql.DB, error) {
	return sql.Open("sqlite3", fmt.Sprintf("file:%s?cache=shared&_fk=1", path))
}

func dsn(path string) string {
	return fmt.Sprintf("file:%s?cache=shared&_fk=1", path)
}

func concat(name string) string {
	return "file:" + name + "?mode=ro"
}

func absolute(dir string) (string, error) {
	abs, err := filepath.Abs(filepath.Join(dir, "db.sqlite"))
	if err != nil {
		return "", err
	}
	return "file:" + abs + "?cache=shared", nil // want `file URI built from a path by concatenation escapes nothing`
}

func withSlashes(path string) (*sql.DB, error) {
	return sql.Open("sqlite3", fmt.Sprintf("file://%s?mode=ro", path)) // want `file URI built from a path by a format escapes nothing`
}

// omitHost writes "file:" + the path, SQLite's form.
func omitHost(dir string) string {
	u := url.URL{Scheme: "file", OmitHost: true, Path: filepath.Join(dir, "x.db")}
	return u.String()
}

func withHost(dir string) string {
	u := url.URL{Scheme: "file", Path: filepath.Join(dir, "x.db")} // want `file URL Path is an OS path`
	return u.String()
}

// The name of a temporary file, made in the default directory.
func tempDB() (string, error) {
	tmp, err := os.CreateTemp("", "db")
	if err != nil {
		return "", err
	}
	defer tmp.Close()
	return "file:" + tmp.Name() + "?cache=shared", nil // want `file URI built from a path by concatenation escapes nothing`
}

// The name a file was created by, in a temporary directory.
func createdDB() (string, error) {
	dir, err := os.MkdirTemp("", "dbs")
	if err != nil {
		return "", err
	}
	f, err := os.Create(filepath.Join(dir, "main.db"))
	if err != nil {
		return "", err
	}
	defer f.Close()
	return "file:" + f.Name() + "?_fk=1", nil // want `file URI built from a path by concatenation escapes nothing`
}

// A file created by a relative name: SQLite's file:main.db.
func relativeDB() (string, error) {
	f, err := os.Create("main.db")
	if err != nil {
		return "", err
	}
	defer f.Close()
	return "file:" + f.Name() + "?_fk=1", nil
}

// A temporary file in a directory given by the caller.
func tempIn(dir string) (string, error) {
	tmp, err := os.CreateTemp(dir, "db")
	if err != nil {
		return "", err
	}
	defer tmp.Close()
	return "file:" + tmp.Name(), nil
}

// A file opened again by its own name.
func reopened() (string, error) {
	f, err := os.CreateTemp("", "db")
	if err != nil {
		return "", err
	}
	f.Close()
	f, err = os.OpenFile(f.Name(), os.O_RDWR, 0o600)
	if err != nil {
		return "", err
	}
	defer f.Close()
	return "file:" + f.Name(), nil // want `file URI built from a path by concatenation escapes nothing`
}
