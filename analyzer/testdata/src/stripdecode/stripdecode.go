// Package stripdecode pins file URIs whose prefix is cut and the rest
// percent-decoded whole, with nothing done about the drive or the host:
// file:///C:/x gives /C:/x, and file://host/share/x loses its host.
package stripdecode

import (
	"net/url"
	"os"
	"runtime"
	"strings"
)

func toPath(uri string) (string, error) {
	return url.PathUnescape(strings.TrimPrefix(uri, "file://")) // want `file URI cut by string surgery, then decoded: drive and host are misread`
}

func open(uri string) (*os.File, error) {
	rest := strings.TrimPrefix(uri, "file://") // want `file URI cut by string surgery, then decoded`
	p, err := url.PathUnescape(rest)
	if err != nil {
		return nil, err
	}
	return os.Open(p)
}

// canonical decodes only to build the URI again.
func canonical(uri string) (string, error) {
	p, err := url.PathUnescape(uri[len("file://"):])
	if err != nil {
		return "", err
	}
	u := url.URL{Scheme: "file", Path: p}
	return u.String(), nil
}

// intoField decodes into the Path of a URL.
func intoField(uri string) (*url.URL, error) {
	u := new(url.URL)
	u.Scheme = "file"
	var err error
	u.Path, err = url.PathUnescape(strings.TrimPrefix(uri, "file://"))
	return u, err
}

// driveAware handles the drive itself.
func driveAware(uri string) (string, error) {
	p, err := url.PathUnescape(strings.TrimPrefix(uri, "file://"))
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	return p, err
}

// segments decodes one segment at a time, to escape each again.
func segments(uri string) string {
	rest := strings.TrimPrefix(uri, "file:///")
	parts := strings.Split(rest, "/")
	for i, s := range parts {
		d, err := url.PathUnescape(s)
		if err == nil {
			parts[i] = url.PathEscape(d)
		}
	}
	return "file:///" + strings.Join(parts, "/")
}

func getDriverName() string { return "sqlite3" }

// driver names a database driver, not a drive.
func driver(uri string) (*os.File, error) {
	p, err := url.PathUnescape(strings.TrimPrefix(uri, "file://")) // want `file URI cut by string surgery, then decoded`
	if err != nil || getDriverName() == "" {
		return nil, err
	}
	return os.Open(p)
}

// both rebuilds the URI and opens the decoded path.
func both(uri string) (*os.File, string, error) {
	p, err := url.PathUnescape(strings.TrimPrefix(uri, "file://")) // want `file URI cut by string surgery, then decoded`
	if err != nil {
		return nil, "", err
	}
	u := &url.URL{Scheme: "file", Path: p}
	f, err := os.Open(p)
	return f, u.String(), err
}
