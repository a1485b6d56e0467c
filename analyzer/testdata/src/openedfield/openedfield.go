// Package openedfield pins a file URL whose Path is a field that the
// package opens as an OS path: on Windows C:\x\y.jp2 gives
// file://C:%5Cx%5Cy.jp2, the drive read as the host.
package openedfield

import (
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// FileStream reads the file it was opened on.
type FileStream struct {
	*os.File
	filepath string
	name     string
	location string
}

// NewFileStream opens path and keeps its name.
func NewFileStream(path, name string) (*FileStream, error) {
	fs := &FileStream{filepath: path, name: name}
	var err error
	fs.File, err = os.Open(path)
	return fs, err
}

func (fs *FileStream) Location() *url.URL {
	return &url.URL{Scheme: "file", Path: fs.filepath} // want `file URL Path is an OS path`
}

// The look-alikes: a field never opened, and one that holds URL text.

func (fs *FileStream) Named() *url.URL {
	return &url.URL{Scheme: "file", Path: fs.name}
}

func (fs *FileStream) SetLocation(u *url.URL) {
	fs.location = u.Path
}

func (fs *FileStream) Relocated() *url.URL {
	return &url.URL{Scheme: "file", Path: fs.location}
}

// Entry keeps a rooted slash path and makes it an OS path to open it.
type Entry struct{ path string }

func (e *Entry) Open() (*os.File, error) {
	if runtime.GOOS == "windows" {
		return os.Open(filepath.FromSlash(strings.TrimPrefix(e.path, "/")))
	}
	return os.Open(e.path)
}

func (e *Entry) URL() *url.URL { return &url.URL{Scheme: "file", Path: e.path} }

// Loc is filled from a URL's Path: /C:/x on Windows, right in a URL.
type Loc struct{ P string }

func fromURL(u *url.URL) *Loc { return &Loc{P: u.Path} }
func (l *Loc) Stat() error    { _, err := os.Stat(l.P); return err }
func (l *Loc) URL() *url.URL  { return &url.URL{Scheme: "file", Path: l.P} }
