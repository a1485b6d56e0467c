// Package reparsed pins the Path of a file URL handed to a function of
// the package that parses its parameter as a URL again and reads that
// URL's Path as an OS path: the decoded path is read twice as URI text,
// and /C:/x stays /C:/x on Windows.
package reparsed

import (
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// fromFile takes a path or a URL and reads the Path of the URL it makes.
func fromFile(filePath string, limited bool) func() ([]byte, error) {
	return func() ([]byte, error) {
		u, err := url.Parse(filePath)
		if err != nil {
			return nil, err
		}
		if u.Scheme == "" {
			u.Scheme = "file"
		}
		if limited {
			return readLimited(u.Path)
		}
		return os.ReadFile(u.Path) // the scheme is not compared with "file" here
	}
}

func readLimited(name string) ([]byte, error) { return os.ReadFile(name) }

func apply(raw string) ([]byte, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if u.Scheme == "file" {
		return fromFile(u.Path, true)() // want `file URL Path used as an OS path`
	}
	return nil, nil
}

// load parses its parameter and opens the Path of the result.
func load(p string) (*os.File, error) {
	w, err := url.ParseRequestURI(p)
	if err != nil {
		return nil, err
	}
	return os.Open(filepath.FromSlash(w.Host + w.Path))
}

func open(u *url.URL) (*os.File, error) {
	switch u.Scheme {
	case "file":
		return load(u.Path) // want `file URL Path used as an OS path`
	case "http":
		return load(u.Path) // not a file URL here
	}
	return nil, nil
}

// fileOnly reads the Path of the URL it makes only when that URL is a
// file URL, which a path without a scheme is not.
func fileOnly(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	if w.Scheme == "file" {
		return os.ReadFile(w.Path) // want `file URL Path used as an OS path`
	}
	return nil, nil
}

// fileOnlyAfter leaves first when the URL it makes is no file URL.
func fileOnlyAfter(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	if w.Scheme != "file" {
		return nil, nil
	}
	return os.ReadFile(w.Path) // want `file URL Path used as an OS path`
}

// driveHandled turns /C:/x into C:\x itself.
func driveHandled(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	name := w.Path
	if runtime.GOOS == "windows" {
		name = strings.TrimPrefix(name, "/")
	}
	return os.ReadFile(name)
}

// segments splits the Path of the URL it makes, and opens nothing.
func segments(p string) []string {
	w, err := url.Parse(p)
	if err != nil {
		return nil
	}
	return strings.Split(w.Path, "/")
}

// other parses another value than its parameter.
func other(p, base string) ([]byte, error) {
	w, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	_ = p
	return os.ReadFile(w.Path)
}

func lookAlikes(u *url.URL) {
	if u.Scheme != "file" {
		return
	}
	fileOnly(u.Path)      // the path has no scheme: the file branch is not taken
	fileOnlyAfter(u.Path) // nor here
	driveHandled(u.Path)  // the drive is handled
	segments(u.Path)      // nothing opened
	other(u.Path, "x")    // the parameter is not parsed
	_, _ = load(u.Host)   // not the Path
	_, _ = load(u.Opaque) // not the Path
	_ = fromFile("testdata/x.yml", false)
}

// varParsed defines its URL by a declaration.
func varParsed(p string) ([]byte, error) {
	var w, err = url.Parse(p)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(w.Path)
}

// toOSPath stands for a converter that handles drives and hosts.
func toOSPath(p string) string {
	if runtime.GOOS == "windows" {
		return filepath.FromSlash(strings.TrimPrefix(p, "/"))
	}
	return p
}

// parsesURLsOnly parses only text with a scheme; a path takes the
// converter.
func parsesURLsOnly(p string) (*os.File, error) {
	if strings.Contains(p, "://") {
		w, err := url.Parse(p)
		if err != nil {
			return nil, err
		}
		return os.Open(w.Path)
	}
	return os.Open(toOSPath(p))
}

// prefixRequired leaves when the text is no file URI.
func prefixRequired(p string) ([]byte, error) {
	if !strings.HasPrefix(p, "file://") {
		return nil, os.ErrInvalid
	}
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	return os.ReadFile(w.Path)
}

// byHelper, byAbs, byLocal, bySwitchInit and byMap leave for a URL
// without a scheme, each in its own way.
func byHelper(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	if !isFileURL(w) {
		return nil, os.ErrInvalid
	}
	return os.ReadFile(w.Path)
}

func isFileURL(u *url.URL) bool { return u.Scheme == "file" }

func byAbs(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	if !w.IsAbs() {
		return nil, os.ErrInvalid
	}
	return os.ReadFile(w.Path)
}

func byLocal(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	scheme := strings.ToLower(w.Scheme)
	if scheme != "file" {
		return nil, os.ErrInvalid
	}
	return os.ReadFile(w.Path)
}

func bySwitchInit(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	switch s := w.Scheme; s {
	case "file":
		return os.ReadFile(w.Path)
	}
	return nil, os.ErrInvalid
}

var allowed = map[string]bool{"file": true}

func byMap(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	if ok := allowed[w.Scheme]; !ok {
		return nil, os.ErrInvalid
	}
	return os.ReadFile(w.Path)
}

// inCase leaves inside the case that parses.
func inCase(src string) ([]byte, error) {
	switch {
	case src == "-":
		return nil, nil
	default:
		w, err := url.Parse(src)
		if err != nil {
			return nil, err
		}
		if w.Scheme != "http" {
			return nil, os.ErrInvalid
		}
		return os.ReadFile(w.Path)
	}
}

// readLater writes the read before the check and runs it after.
func readLater(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	read := func() ([]byte, error) { return os.ReadFile(w.Path) } // want `file URL Path used as an OS path`
	if w.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	return read()
}

func callers(u *url.URL) {
	if u.Scheme != "file" {
		return
	}
	varParsed(u.Path) // want `file URL Path used as an OS path`
	parsesURLsOnly(u.Path)
	prefixRequired(u.Path)
	byHelper(u.Path)
	byAbs(u.Path)
	byLocal(u.Path)
	bySwitchInit(u.Path)
	byMap(u.Path)
	inCase(u.Path)
	readLater(u.Path)
}

// prefixAfter parses first and leaves for text that is no file URI.
func prefixAfter(p string) ([]byte, error) {
	w, err := url.Parse(p)
	if err != nil {
		return nil, err
	}
	if !strings.HasPrefix(p, "file:") {
		return nil, os.ErrInvalid
	}
	return os.ReadFile(w.Path)
}

func callsPrefixAfter(u *url.URL) {
	if u.Scheme != "file" {
		return
	}
	prefixAfter(u.Path) // a path is no file URI: the read is not reached
}
