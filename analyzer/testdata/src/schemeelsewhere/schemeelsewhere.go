// Package schemeelsewhere pins file URLs whose scheme is checked away
// from where their Path is read as an OS path: in a switch case, in a
// helper of the package, or by the caller.
package schemeelsewhere

import (
	"log"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

func switchHostPath(u *url.URL) ([]byte, error) {
	switch u.Scheme {
	case "file":
		return os.ReadFile(u.Host + u.Path) // want `file URL Path used as an OS path`
	case "http":
		return os.ReadFile(u.Host + u.Path) // not a file URL here
	}
	return nil, nil
}

func ifHostPath(u *url.URL) ([]byte, error) {
	if u.Scheme == "file" {
		return os.ReadFile(u.Host + u.Path) // want `file URL Path used as an OS path`
	}
	return nil, nil
}

func isFile(u *url.URL) bool { return u.Scheme == "file" }

func isHTTP(u *url.URL) bool { return strings.HasPrefix(u.Scheme, "http") }

func viaHelper(u *url.URL) ([]byte, error) {
	if isFile(u) {
		return os.ReadFile(u.Path) // want `file URL Path used as an OS path`
	}
	return nil, nil
}

func viaOtherHelper(u *url.URL) ([]byte, error) {
	if isHTTP(u) {
		return os.ReadFile(u.Path) // a helper that says nothing of "file"
	}
	return nil, nil
}

func openURL(u *url.URL) (*os.File, error) {
	return os.Open(u.Path) // want `file URL Path used as an OS path`
}

func load(s string) (*os.File, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	if u.Scheme == "file" {
		return openURL(u)
	}
	return nil, os.ErrInvalid
}

func openAny(u *url.URL) (*os.File, error) {
	return os.Open(u.Path) // no caller says it is a file URL
}

func loadAny(u *url.URL) (*os.File, error) { return openAny(u) }

func driveAware(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	p := u.Path
	if runtime.GOOS == "windows" {
		p = strings.TrimPrefix(p, "/")
	}
	return os.Open(p) // the drive is handled
}

func watchFile(file string) error {
	_, err := os.Stat(file)
	return err
}

func describe(name string) string { return "watching " + name }

func watch(u *url.URL) (string, error) {
	switch u.Scheme {
	case "file", "":
		return describe(u.Path), watchFile(u.Path) // want `file URL Path used as an OS path`
	}
	return "", nil
}

func isRemote(u *url.URL) bool { return u.Scheme != "file" }

func cacheRemote(u *url.URL) error {
	if isRemote(u) {
		return os.MkdirAll(u.Host+u.Path, 0o755) // a helper that says it is no file URL
	}
	return nil
}

func elseBranch(u *url.URL) ([]byte, error) {
	if isFile(u) {
		return nil, nil
	} else {
		return os.ReadFile(u.Path) // not a file URL here
	}
}

func notFile(u *url.URL) error {
	if u.Scheme != "file" {
		return os.MkdirAll(u.Host+u.Path, 0o755) // not a file URL here
	}
	return nil
}

func fetch(u *url.URL) error {
	if u.Scheme == "file" {
		return nil
	}
	return download(u) // passed on only where it is not a file URL
}

func download(u *url.URL) error {
	return os.MkdirAll(u.Host+u.Path, 0o755)
}

// isLocal calls itself: following helpers must end.
func isLocal(u *url.URL) bool {
	if u.Opaque != "" {
		return isLocal(&url.URL{Path: u.Opaque})
	}
	return u.Scheme == "file"
}

func recursive(u *url.URL) (*os.File, error) {
	if isLocal(u) {
		return os.Open(u.Path) // a helper of more than one statement is not followed
	}
	return nil, nil
}

func convertFileURLPath(host, path string) (string, error) {
	if host != "" && host != "localhost" {
		return "", os.ErrInvalid
	}
	return filepath.FromSlash(path), nil
}

func toPath(u *url.URL) (string, error) {
	if u.Scheme != "file" {
		return "", os.ErrInvalid
	}
	return convertFileURLPath(u.Host, u.Path) // given the host too: converts the path itself
}

// A case "file" that falls out of the switch: the code after it reads a
// file URL.
func afterSwitch(u *url.URL) (*os.File, error) {
	switch u.Scheme {
	case "file":
		// ok
	case "mem":
	default:
		return nil, os.ErrInvalid
	}
	return os.Open(filepath.Join(u.Host, u.Path)) // want `file URL Path used as an OS path`
}

func caseReturns(u *url.URL) (*os.File, error) {
	switch u.Scheme {
	case "file":
		return nil, nil
	case "mem":
	}
	return os.Open(u.Path) // a file URL has returned
}

func casePanics(u *url.URL) (*os.File, error) {
	switch u.Scheme {
	case "file":
		panic("unsupported")
	}
	return os.Open(u.Path)
}

func caseBreaks(u *url.URL) (*os.File, error) {
	switch u.Scheme {
	case "file":
		if u.Host != "" {
			return nil, os.ErrInvalid
		}
		break
	default:
		return nil, os.ErrInvalid
	}
	return os.Open(u.Path) // want `file URL Path used as an OS path`
}

func caseExits(u *url.URL) (*os.File, error) {
	switch u.Scheme {
	case "file":
		log.Fatalf("file URLs are not supported: %s", u)
	case "":
	default:
		return nil, os.ErrInvalid
	}
	return os.Open(u.Path)
}

func caseBothReturn(u *url.URL) ([]byte, error) {
	switch u.Scheme {
	case "file":
		if u.Host != "" {
			return nil, os.ErrInvalid
		} else {
			return nil, nil
		}
	case "":
	}
	return os.ReadFile(u.Path)
}

func fetchKey(host, key string) (*os.File, error) { return nil, os.ErrNotExist }

// The slash of an s3:// URL's key is cut in its own case: the file
// case's drive is left alone.
func readLocation(u *url.URL) (*os.File, error) {
	switch u.Scheme {
	case "s3":
		key := strings.TrimPrefix(u.Path, "/")
		return fetchKey(u.Host, key)
	case "file":
		return os.Open(u.Path) // want `file URL Path used as an OS path`
	}
	return nil, os.ErrInvalid
}

func trimFirst(u *url.URL) (*os.File, error) {
	p := strings.TrimPrefix(u.Path, "/") // the drive is handled before the switch
	switch u.Scheme {
	case "file":
		return os.Open(u.Path)
	}
	return os.Open(p)
}

func trimFallsThrough(u *url.URL) (*os.File, error) {
	switch u.Scheme {
	case "s3":
		u.Path = strings.TrimPrefix(u.Path, "/")
		fallthrough
	case "file":
		return os.Open(u.Path) // after the trim, when the case falls through
	}
	return nil, os.ErrInvalid
}

func readChain(u *url.URL) (*os.File, error) {
	if u.Scheme == "s3" {
		key := strings.TrimPrefix(u.Path, "/")
		return fetchKey(u.Host, key)
	} else if u.Scheme == "file" {
		return os.Open(u.Path) // want `file URL Path used as an OS path`
	}
	return nil, os.ErrInvalid
}

// The slash is cut on the branch for Windows: the drive is handled.
func bySeparator(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	var p string
	switch filepath.Separator {
	case '\\':
		p = strings.TrimPrefix(u.Path, "/")
	default:
		p = u.Path
	}
	return os.Open(p)
}

var isWindows = runtime.GOOS == "windows"

func byFlag(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	if !isWindows {
		return os.Open(u.Path)
	} else {
		return os.Open(strings.TrimPrefix(u.Path, "/"))
	}
}

func byDriveColon(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	if len(u.Path) < 3 || u.Path[2] != ':' {
		return os.Open(u.Path)
	}
	return os.Open(strings.TrimPrefix(u.Path, "/"))
}

// readLocal is handed a file URL or a bare path: its caller checks
// u.Scheme == "file" || u.Scheme == "".
func readLocal(u *url.URL) ([]byte, error) {
	return os.ReadFile(u.Path) // want `file URL Path used as an OS path`
}

func readTemplate(s string) ([]byte, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	if u.Scheme == "file" || u.Scheme == "" {
		return readLocal(u)
	}
	return nil, os.ErrInvalid
}

// readWeb is handed only web URLs.
func readWeb(u *url.URL) ([]byte, error) {
	return os.ReadFile(u.Path) // no caller says it is a file URL
}

func readRemote(u *url.URL) ([]byte, error) {
	if u.Scheme == "http" || u.Scheme == "https" {
		return readWeb(u)
	}
	return nil, os.ErrInvalid
}

func elseOfEither(u *url.URL) ([]byte, error) {
	if u.Scheme == "file" || u.Scheme == "" {
		return nil, nil
	} else {
		return os.ReadFile(u.Host + u.Path) // neither a file URL nor a bare path here
	}
}

// bareOnly is handed only bare paths: its callers pass the URL on where
// the scheme is empty, inside a check that lets file URLs in too.
func bareOnly(u *url.URL) ([]byte, error) {
	return os.ReadFile(u.Path) // no caller hands it a file URL
}

func fileToPath(u *url.URL) string { return filepath.FromSlash(strings.TrimPrefix(u.Path, "/")) }

func nestedBare(u *url.URL) ([]byte, error) {
	if u.Scheme == "file" || u.Scheme == "" {
		if u.Scheme == "" {
			return bareOnly(u)
		}
		return os.ReadFile(fileToPath(u))
	}
	return nil, os.ErrInvalid
}

func caseBare(u *url.URL) ([]byte, error) {
	if u.Scheme == "file" || u.Scheme == "" {
		switch u.Scheme {
		case "file":
			return os.ReadFile(fileToPath(u))
		case "":
			return bareOnly(u)
		}
	}
	return nil, os.ErrInvalid
}

func fileReturnsFirst(u *url.URL) ([]byte, error) {
	if u.Scheme == "file" || u.Scheme == "" {
		if u.Scheme == "file" {
			return os.ReadFile(fileToPath(u))
		}
		return bareOnly(u)
	}
	return nil, os.ErrInvalid
}

type source struct{ URL *url.URL }

func fieldBare(src source) ([]byte, error) {
	if src.URL.Scheme == "file" || src.URL.Scheme == "" {
		if src.URL.Scheme == "" {
			return os.ReadFile(src.URL.Path) // a bare path here
		}
		return os.ReadFile(fileToPath(src.URL))
	}
	return nil, os.ErrInvalid
}

// tellsApart, byAbs and cached tell the schemes apart themselves: what
// their caller lets in does not decide.
func tellsApart(u *url.URL) ([]byte, error) {
	switch u.Scheme {
	case "":
		return os.ReadFile(u.Path) // a bare path
	}
	return nil, os.ErrInvalid
}

func byAbs(u *url.URL) ([]byte, error) {
	if !u.IsAbs() {
		return os.ReadFile(u.Path) // a bare path
	}
	return nil, os.ErrInvalid
}

func cached(u *url.URL, dir string) ([]byte, error) {
	if strings.HasPrefix(u.Scheme, "http") {
		return os.ReadFile(dir + u.Path) // a cached download
	}
	return nil, os.ErrInvalid
}

func localOrWeb(u *url.URL) {
	if u.Scheme == "file" || u.Scheme == "" || u.Scheme == "http" {
		tellsApart(u)
		byAbs(u)
		cached(u, os.TempDir())
	}
}

// longCondition holds a chain of disjunctions that name no URL: each
// check of it must cost time linear in its length.
func longCondition(u *url.URL, c string) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	if c == "0" || c == "1" || c == "2" || c == "3" || c == "4" || c == "5" || c == "6" || c == "7" || c == "8" || c == "9" ||
		c == "10" || c == "11" || c == "12" || c == "13" || c == "14" || c == "15" || c == "16" || c == "17" || c == "18" || c == "19" ||
		c == "20" || c == "21" || c == "22" || c == "23" || c == "24" || c == "25" || c == "26" || c == "27" || c == "28" || c == "29" ||
		c == "30" || c == "31" || c == "32" || c == "33" || c == "34" || c == "35" || c == "36" || c == "37" || c == "38" || c == "39" {
		return nil, os.ErrInvalid
	}
	return os.Open(u.Path) // want `file URL Path used as an OS path`
}

func negatedEither(u *url.URL) ([]byte, error) {
	if !(u.Scheme == "file" || u.Scheme == "") {
		return os.ReadFile(os.TempDir() + u.Path) // neither a file URL nor a bare path here
	}
	return os.ReadFile(fileToPath(u))
}

func negatedFile(u *url.URL) ([]byte, error) {
	if !(u.Scheme == "file") {
		return os.ReadFile(os.TempDir() + u.Path) // not a file URL here
	}
	return os.ReadFile(u.Path) // want `file URL Path used as an OS path`
}

func negatedWithHelper(u *url.URL) ([]byte, error) {
	if !(u.Scheme == "file" || isHTTP(u)) {
		return os.ReadFile(os.TempDir() + u.Path) // neither a file URL nor a web one here
	}
	return nil, nil
}

func negatedConjunction(u *url.URL) ([]byte, error) {
	if !(u.Scheme == "file" && u.Host == "") {
		return os.ReadFile(u.Host + u.Path) // want `file URL Path used as an OS path`
	}
	return os.ReadFile(fileToPath(u))
}

func conjunctionLeaves(u *url.URL) ([]byte, error) {
	if u.Scheme == "file" && u.Host == "" {
		return os.ReadFile(fileToPath(u))
	}
	return os.ReadFile(u.Host + u.Path) // want `file URL Path used as an OS path`
}

func conjunctionElse(u *url.URL) ([]byte, error) {
	if u.Scheme == "file" && u.Host == "" {
		return os.ReadFile(fileToPath(u))
	} else {
		return os.ReadFile(u.Host + u.Path) // want `file URL Path used as an OS path`
	}
}

func helperLeaves(u *url.URL) ([]byte, error) {
	if isFile(u) {
		return os.ReadFile(fileToPath(u))
	}
	return os.ReadFile(u.Path) // not a file URL here
}
