// Package urlfield pins a file URL held in a struct field: cfg.URL.Path
// read as an OS path after cfg.URL.Scheme is checked is the same defect
// as u.Path after u.Scheme.
package urlfield

import (
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

type Schema struct {
	URL    *url.URL
	Backup url.URL
}

func read(schema *Schema) (io.ReadCloser, error) {
	if schema.URL.Scheme == "file" {
		return os.Open(schema.URL.Host + schema.URL.Path) // want `file URL Path used as an OS path`
	}
	return nil, nil
}

func readBackup(s Schema) ([]byte, error) {
	switch s.Backup.Scheme {
	case "file":
		return os.ReadFile(s.Backup.Path) // want `file URL Path used as an OS path`
	}
	return nil, nil
}

// The look-alikes.

func otherScheme(s *Schema) (io.ReadCloser, error) {
	if s.URL.Scheme != "file" {
		return os.Open(s.URL.Path)
	}
	return nil, nil
}

func driveTrimmed(s *Schema) (io.ReadCloser, error) {
	if s.URL.Scheme == "file" {
		s.URL.Path = strings.TrimPrefix(s.URL.Path, "/")
		return os.Open(s.URL.Path)
	}
	return nil, nil
}

func otherField(s *Schema) (io.ReadCloser, error) {
	if s.URL.Scheme == "file" {
		return os.Open(s.Backup.Path)
	}
	return nil, nil
}

func serve(w http.ResponseWriter, r *http.Request) {
	f, err := os.Open("/srv" + r.URL.Path)
	if err == nil {
		io.Copy(w, f)
	}
}

func twoVariables(a, b Schema, cacheDir string) error {
	if a.URL.Scheme == "file" {
		println("local")
	}
	return os.MkdirAll(filepath.Join(cacheDir, b.URL.Host, b.URL.Path), 0o755)
}

func mirror(src, dst Schema, cacheDir string) string {
	if src.URL.Scheme != "file" {
		return ""
	}
	return filepath.Join(cacheDir, dst.URL.Host, filepath.FromSlash(dst.URL.Path))
}

type cachingTransport struct {
	dir  string
	file http.RoundTripper
}

func (t *cachingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	local := req.URL.Scheme == "file"
	if local {
		return t.file.RoundTrip(req)
	}
	_, err := os.Stat(filepath.Join(t.dir, req.URL.Host, filepath.FromSlash(req.URL.Path)))
	return nil, err
}
