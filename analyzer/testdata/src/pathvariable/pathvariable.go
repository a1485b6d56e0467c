// Package pathvariable pins file URLs whose Path is kept in a variable
// that is then handed to a function taking an OS path: on Windows
// file:///C:/x has the Path /C:/x, and a UNC host is not in the Path.
package pathvariable

import (
	"errors"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
)

func open(uri string) (*os.File, error) {
	u, err := url.Parse(uri)
	if err != nil {
		return nil, err
	}
	if u.Scheme != "file" {
		return nil, errors.New("not a file URL")
	}
	p := u.Path // want `file URL Path used as an OS path`
	return os.Open(p)
}

// A warehouse read from a URL, trimmed at the end and made absolute:
// the slash before the drive stays.
func warehouse(location string) (string, error) {
	u, err := url.Parse(location)
	if err != nil {
		return "", err
	}
	dir := location
	isLocal := u.Scheme == "" || u.Scheme == "file"
	if isLocal {
		if u.Opaque != "" {
			dir = u.Opaque
		} else {
			dir = u.Path // want `file URL Path used as an OS path`
		}
		if dir == "" || dir == "/" {
			return "", errors.New("root")
		}
		dir = strings.TrimRight(dir, "/")
		dir = path.Clean(dir)
		return filepath.Abs(dir)
	}
	return dir, nil
}

func hostAndPath(u *url.URL) ([]byte, error) {
	switch u.Scheme {
	case "file":
		name := u.Host + u.Path // want `file URL Path used as an OS path`
		return os.ReadFile(name)
	}
	return nil, nil
}

// Not reported: the drive handled on the variable, the variable given
// another value, a URL of another scheme, a Path never opened.

func sliced(u *url.URL) ([]byte, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path
	if len(p) > 2 && p[2] == ':' {
		p = p[1:]
	}
	return os.ReadFile(p)
}

func trimmed(u *url.URL) ([]byte, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path
	if u.Host == "." || os.PathSeparator != '/' {
		p = strings.TrimPrefix(p, "/")
	}
	return os.ReadFile(p)
}

func converted(u *url.URL) ([]byte, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path
	p = toOSPath(u.Host, p)
	return os.ReadFile(p)
}

func toOSPath(host, p string) string {
	if host != "" {
		return `\\` + host + filepath.FromSlash(p)
	}
	return filepath.FromSlash(p)
}

func goos(u *url.URL) ([]byte, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	return os.ReadFile(p)
}

func otherScheme(u *url.URL) ([]byte, error) {
	if u.Scheme != "s3" {
		return nil, nil
	}
	key := u.Path
	return os.ReadFile(filepath.Join("cache", key))
}

func notOpened(u *url.URL) string {
	if u.Scheme != "file" {
		return ""
	}
	p := u.Path
	return "opening " + p
}

func elseBranch(u *url.URL) ([]byte, error) {
	if u.Scheme == "file" {
		return nil, nil
	} else {
		p := u.Path
		return os.ReadFile(p)
	}
}

// The function's name says that it takes a file URL.
func fileURLToPath(u *url.URL) string {
	return filepath.FromSlash(u.Path) // want `file URL Path used as an OS path`
}

func urlToPath(u *url.URL) string {
	return filepath.FromSlash(u.Path) // no word of a file URL
}

func profileURLDir(u *url.URL) string {
	return filepath.Dir(u.Path) // "profile URL", not "file URL"
}

// The scheme is judged where the Path is read: here the URL has no
// scheme, and a file URL took the other branch.
func readBranch(u *url.URL) (*os.File, error) {
	var p string
	if u.Scheme == "file" {
		p = fileURLToPath(u)
	} else if u.Scheme == "" {
		p = u.Path
	} else {
		return nil, errors.New("unsupported")
	}
	return os.Open(p)
}

// A file URL has left the function before the read.
func cacheObject(u *url.URL, cache string) error {
	if u.Scheme == "file" {
		return errors.New("file URLs are not cached")
	}
	key := u.Path
	return os.MkdirAll(filepath.Join(cache, u.Host, key), 0o755)
}

// The drive is looked at by a helper, or through the separator.
func hasDrive(p string) bool { return len(p) >= 3 && p[0] == '/' && p[2] == ':' }

func driveHelper(u *url.URL) (string, error) {
	if u.Scheme != "file" {
		return "", nil
	}
	p := u.Path
	if hasDrive(p) {
		return filepath.FromSlash(strings.TrimPrefix(p, "/")), nil
	}
	return filepath.Abs(p)
}

func separator(u *url.URL) string {
	if u.Scheme != "file" {
		return ""
	}
	p := u.Path
	if filepath.Separator != '/' {
		return strings.TrimPrefix(filepath.FromSlash(p), `\`)
	}
	return filepath.Clean(p)
}

func fromSlashThenDrive(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path
	p = filepath.FromSlash(p)
	if len(p) >= 3 && p[0] == '\\' && p[2] == ':' {
		p = p[1:]
	}
	return os.Open(p)
}

func fromSlashOnly(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path // want `file URL Path used as an OS path`
	p = filepath.FromSlash(p)
	return os.Open(p)
}

func fixDrive(p *string) { *p = strings.TrimPrefix(*p, "/") }

func addressTaken(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	p := u.Path
	fixDrive(&p)
	return os.Open(p)
}

// A new Path that keeps the slash before the drive handles nothing.
func cleanedPath(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, nil
	}
	u.Path = path.Clean(u.Path)
	return os.Open(u.Path) // want `file URL Path used as an OS path`
}

// A name that speaks of the URL of a file to fetch takes no file URL.
func downloadFileURL(u *url.URL, dir string) string {
	return filepath.Join(dir, u.Host, filepath.FromSlash(u.Path))
}

// Another case of the switch runs instead of the one that reads Path.
func pathOrOpaque(path string) ([]byte, error) {
	u, err := url.Parse(path)
	if err == nil && (u.Scheme == "" || u.Scheme == "file") {
		switch {
		case u.Path != "":
			path = u.Path // want `file URL Path used as an OS path`
		case u.Opaque != "":
			path = u.Opaque
		}
	}
	return os.ReadFile(path)
}

func pathOrElse(u *url.URL, fallback string) ([]byte, error) {
	var p string
	if u.Scheme == "file" {
		p = u.Path // want `file URL Path used as an OS path`
	} else {
		p = fallback
	}
	return os.ReadFile(p)
}

// A case that falls through gives the variable another value after.
func fallsThrough(u *url.URL, relative bool) ([]byte, error) {
	var p string
	switch u.Scheme {
	case "file":
		p = u.Path
		if !relative {
			break
		}
		fallthrough
	case "rel":
		p = strings.TrimPrefix(u.Path, "/")
	}
	return os.ReadFile(p)
}

// The branch that reads Path returns: what follows the switch is the
// other branch's value.
func returnsFromFS(fsys fs.FS, u *url.URL) (fs.File, error) {
	var name string
	switch u.Scheme {
	case "file":
		name = u.Path
		return fsys.Open(strings.TrimPrefix(name, "/"))
	default:
		name = filepath.Join(os.TempDir(), "cache")
	}
	return os.Open(name)
}

func readInOtherBranch(u *url.URL, cached string) ([]byte, error) {
	var p string
	if u.Scheme == "file" {
		p = u.Path
		return fs.ReadFile(os.DirFS("/"), strings.TrimPrefix(p, "/"))
	} else {
		p = cached
		return os.ReadFile(p)
	}
}

// A loop runs the other branch after the one that reads Path.
func loopedBranches(u *url.URL) ([]byte, error) {
	var p string
	for i := range 2 {
		switch i {
		case 0:
			p = u.Path
		case 1:
			p = strings.TrimPrefix(p, "/")
		}
	}
	if u.Scheme != "file" {
		return nil, nil
	}
	return os.ReadFile(p)
}

// The slash before a drive letter is dropped on Windows, after the
// Path is returned as it is elsewhere.
func urlToLocalPath(u *url.URL) (string, error) {
	if u.Scheme != "file" {
		return "", errors.New("not a file URL")
	}
	path := u.Path
	if !isWindows() {
		return path, nil
	}
	if len(path) > 2 && path[2] == ':' {
		return path[1:], nil
	}
	return path, nil
}

func isWindows() bool { return runtime.GOOS == "windows" }

// A run's directory joined under the Path keeps the slash before the
// drive: \C:\debug\run on Windows.
func debugStore(u *url.URL, runID string) error {
	switch u.Scheme {
	case "file":
		dir := u.Path // want `file URL Path used as an OS path`
		if runID != "" {
			dir = filepath.Join(dir, runID)
		}
		return os.MkdirAll(dir, 0o755)
	}
	return nil
}

// A look at the drive of the raw input, before it is parsed, handles
// nothing of the URL: file:///C:/repo/main.tf still gives /C:/repo/main.tf.
func pathFromSARIFURI(raw string) (string, bool) {
	if isWindowsDrivePath(raw) {
		return raw, true
	}
	if u, err := url.Parse(raw); err == nil && u.Scheme != "" {
		if u.Scheme != "file" {
			return "", false
		}
		return u.Path, true // want `file URL Path returned as an OS path`
	}
	return raw, true
}

func isWindowsDrivePath(p string) bool {
	return len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/')
}

// A look at the drive of the Path handles it.
func pathWithDriveLook(u *url.URL) (string, bool) {
	if u.Scheme != "file" {
		return "", false
	}
	p := u.Path
	if isWindowsDrivePath(p[1:]) {
		p = p[1:]
	}
	return p, true
}
