// Package numericslice pins file URIs cut with a numeric slice, where a
// prefix check or a scheme check in the function, or the type of an LSP
// document URI, says what the number is.
package numericslice

import (
	"log"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

func seven(uri string) string {
	if strings.HasPrefix(uri, "file://") {
		return filepath.FromSlash(uri[7:]) // want `file URI taken apart by string surgery`
	}
	return uri
}

func eight(uri string) string {
	if strings.HasPrefix(uri, "file:///") {
		return uri[8:] // want `file URI taken apart by string surgery`
	}
	return uri
}

func unchecked(s string) string {
	return s[7:] // nothing says the text is a file URI
}

func https(s string) string {
	if strings.HasPrefix(s, "https://") {
		return s[8:]
	}
	return s
}

// DocumentURI is a URI of a named string type, as LSP libraries have.
type DocumentURI string

// fromURI checks the prefix on the string and slices the named value.
func fromURI(uri DocumentURI) string {
	if !strings.HasPrefix(string(uri), "file://") {
		panic("invalid uri: " + uri)
	}
	return string(uri[7:]) // want `file URI taken apart by string surgery`
}

// A Location holds a document URI, as LSP libraries' locations do.
type Location struct{ URI DocumentURI }

// definition cuts "file://" off a document URI with no check: an LSP
// document URI is a file URI.
func definition(locs []Location) string {
	return string(locs[0].URI[7:]) // want `file URI taken apart by string surgery`
}

// Name is a named string type that says nothing of URIs.
type Name string

func name(n Name) string {
	return string(n[7:])
}

// An IoURL keeps the scheme it found before "://" beside the URL.
type IoURL struct {
	URL    string
	Schema string
}

func (u IoURL) Open() (*os.File, error) {
	if u.Schema != "file" {
		return nil, nil
	}
	return os.Open(u.URL[7:]) // want `file URI taken apart by string surgery`
}

// openOther checks the scheme of another value than the one it slices.
func openOther(u IoURL, other struct{ URL string }) (*os.File, error) {
	if u.Schema != "file" {
		return nil, nil
	}
	return os.Open(other.URL[7:])
}

func bySwitch(raw string) (*os.File, error) {
	scheme, _, _ := strings.Cut(raw, "://")
	switch scheme {
	case "file":
		return os.Open(raw[7:]) // want `file URI taken apart by string surgery`
	case "https":
		return os.Open(raw[8:])
	}
	return nil, nil
}

// httpBranch reads a file URL's Path, then cuts http:// off another URI.
func httpBranch(raw string) string {
	u, _ := url.Parse(raw)
	if u.Scheme == "file" {
		return u.Host
	}
	if strings.HasPrefix(raw, "http://") {
		return raw[7:]
	}
	return ""
}

// A Config keeps a scheme beside its URL.
type Config struct{ Scheme, URL, Dir string }

// Addr cuts https:// where the scheme is not file.
func (c Config) Addr() string {
	if c.Scheme == "file" {
		return c.Dir
	}
	return c.URL[8:]
}

// otherString compares the scheme of one text and slices another.
func otherString(raw, other string) string {
	scheme, _, _ := strings.Cut(raw, ":")
	if scheme == "file" {
		return "local"
	}
	return other[7:]
}

// closures compares a scheme in one function literal and slices in
// another.
func closures() (func(string) bool, func(string) string) {
	isFile := func(scheme string) bool { return scheme == "file" }
	host := func(s string) string {
		if strings.HasPrefix(s, "http://") {
			return s[7:]
		}
		return s
	}
	return isFile, host
}

// gitfs cuts another scheme off a document URI.
func gitfs(uri DocumentURI) string {
	if strings.HasPrefix(string(uri), "gitfs:/") {
		return string(uri[7:])
	}
	return ""
}

func fileBody(raw string) (*os.File, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, err
	}
	if u.Scheme == "file" {
		return os.Open(raw[7:]) // want `file URI taken apart by string surgery`
	}
	return nil, nil
}

// removeProtocol tests the prefix by slicing the text, not by
// strings.HasPrefix.
func removeProtocol(input string) string {
	if len(input) >= 7 && input[:7] == "file://" {
		return input[7:] // want `file URI taken apart by string surgery`
	}
	return input
}

// headFirst compares the constant with the head, the other way round.
func headFirst(uri string) (*os.File, error) {
	if "file:///" != uri[0:8] {
		return nil, nil
	}
	return os.Open(uri[7:]) // want `file URI taken apart by string surgery`
}

// httpHead tests another scheme's prefix by slicing.
func httpHead(s string) string {
	if len(s) > 8 && s[:8] == "https://" {
		return s[8:]
	}
	return s
}

// shortHead compares a head shorter than the prefix it names: it says
// nothing of the text.
func shortHead(s string) string {
	if s[:4] == "file://" {
		return s[7:]
	}
	return s
}

// otherHead tests the head of another text than the one it slices.
func otherHead(a, b string) string {
	if a[:7] == "file://" {
		return b[7:]
	}
	return b
}

// loggedHead only shows what it cuts.
func loggedHead(s string) {
	if s[:7] == "file://" {
		log.Printf("opening %s", s[7:])
	}
}

const (
	absolutePrefix = "file:///"
	pathStart      = len("file://")
)

// posixFast takes the rest as a path only when it holds no escape, no
// host and no drive, and leaves the rest to a slow path.
func posixFast(uri DocumentURI) (string, bool) {
	s := string(uri)
	if len(s) < len(absolutePrefix) || s[:len(absolutePrefix)] != absolutePrefix {
		return "", false
	}
	path := s[pathStart:]
	if strings.ContainsAny(path, "%?#") {
		return "", false
	}
	return path, true
}

// notFile slices where the head said the text is no file URI.
func notFile(s string) (*os.File, error) {
	if s[:7] == "file://" {
		return nil, nil
	}
	return os.Open(s[7:])
}

// notFileBody slices in the body of a != test.
func notFileBody(s string) (*os.File, error) {
	if s[:7] != "file://" {
		return os.Open(s[7:])
	}
	return nil, nil
}

// shadowed slices another variable of the same name.
func shadowed(s string, names []string) (*os.File, error) {
	if s[:7] == "file://" {
		for _, s := range names {
			return os.Open(s[7:])
		}
	}
	return nil, nil
}

// closureHeads compares a head in one function literal and slices in
// another.
func closureHeads() (func(string) bool, func(string) (*os.File, error)) {
	isFile := func(s string) bool { return s[:7] == "file://" }
	open := func(s string) (*os.File, error) { return os.Open(s[7:]) }
	return isFile, open
}

// httpFirst compares the head with another scheme first, then with file.
func httpFirst(s string) (*os.File, error) {
	if s[:7] == "http://" {
		return nil, nil
	}
	if s[:7] == "file://" {
		return os.Open(s[7:]) // want `file URI taken apart by string surgery`
	}
	return nil, nil
}

// joinedScheme compares the scheme in a condition of several terms.
func joinedScheme(raw string) (*os.File, error) {
	scheme, _, _ := strings.Cut(raw, ":")
	if len(raw) > 7 && scheme == "file" {
		return os.Open(raw[7:]) // want `file URI taken apart by string surgery`
	}
	if scheme != "file" || len(raw) < 8 {
		return nil, nil
	}
	return os.Open(raw[8:]) // want `file URI taken apart by string surgery`
}

// eitherScheme lets a bare name in too: raw[7:] may cut a path.
func eitherScheme(raw string) (*os.File, error) {
	scheme, _, _ := strings.Cut(raw, ":")
	if scheme == "file" || scheme == raw {
		return os.Open(raw[7:])
	}
	return nil, nil
}
