// Package negative holds correct file URIs and text that looks like a
// file URI but is not one: nothing here is reported.
package negative

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strings"
	"testing/fstest"
)

const (
	good        = "file:///srv/docs/release%20notes.html"
	goodDrive   = "file:///C:/Users/me/a.txt"
	goodHost    = "file://server/share/x"
	goodLocal   = "file://localhost/etc/hosts"
	goodQuery   = "file:///srv/x.db?mode=ro"
	goodFrag    = "file:///srv/x.html#section"
	prefix      = "file://"
	prefix3     = "file:///"
	bare        = "file:"
	sqliteMem   = "file::memory:"
	sqliteFile  = "file:test.db?mode=ro&cache=shared"
	npm         = "file:../pkg"
	other       = "profile://x y"
	xfile       = "x-file:///a b"
	mixedPrefix = "FILE://"
	upper       = "FILE:///x" // a style kind: reported in strict mode only
)

var errNotFound = errors.New("file: not found")

func messages(p string, line int) []string {
	return []string{
		fmt.Sprintf("file: %s", p),
		fmt.Sprintf("file:%s:%d", p, line),
		fmt.Sprintf("%s:%d: file:%d", p, line, line),
		"file:// is not supported",
		"file:///tmp/x: no such file",
		"file:// \tlocal URL prefix",
		"use file:///path/to/x, not a relative path.",
		"file:///%s",
		"file:///{{.Path}}",
		"file://" + "",
		prefix + prefix3 + bare + sqliteMem + sqliteFile + npm + other + xfile + mixedPrefix + upper,
		good + goodDrive + goodHost + goodLocal + goodQuery + goodFrag,
		errNotFound.Error(),
	}
}

func schemeChecks(u string) bool {
	return strings.HasPrefix(u, "file://") || strings.HasPrefix(u, "file:///") || strings.EqualFold(u[:5], "file:")
}

// Constructions of text that is a URI already, or escaped.
func escaped(p string, u *url.URL) []string {
	return []string{
		"file:///" + url.PathEscape(p),
		"file://" + u.EscapedPath(),
		"file://" + u.Host + u.EscapedPath(),
		"file:///" + strings.ReplaceAll(url.PathEscape(p), "%2F", "/"),
	}
}

// A drive letter with its colon in the next operand.
func driveLetter(d string) string {
	return "file:///" + d + ":/path/to/dir"
}

// Names from a constant table need no escaping.
func table() []string {
	fsys := fstest.MapFS{"index.html": {Data: []byte("hello")}}
	var out []string
	for name := range fsys {
		out = append(out, "file:///"+name)
	}
	for _, n := range []string{"a.txt", "b/c.txt"} {
		out = append(out, "file:///"+n)
	}
	return out
}

// Integers need no escaping.
func integer(i int) string {
	return fmt.Sprintf("file:///tmp/%d", i) + fmt.Sprint("file:///", i)
}

func env() string {
	return os.Getenv("file://x") // an environment variable name: prefix text only
}

// Fields of a constant table (a shape found in k6's loader tests).
func fields() []string {
	var out []string
	for _, data := range map[string]struct{ pwd, path string }{
		"Absolute": {"/path/", "/path/to/file.txt"},
		"Keyed":    {pwd: "/path/to/", path: "./file.txt"},
	} {
		out = append(out, "file://"+data.pwd)
	}
	return out
}

// The same, used in a closure.
func closure(run func(func())) {
	for _, data := range []struct{ pwd string }{{"/path/"}} {
		run(func() { _ = "file://" + data.pwd })
	}
}

// A package variable that only ever holds constants (a shape found in
// containerd's cio tests).
var urlPrefix string

func init() {
	if os.PathSeparator == '\\' {
		urlPrefix = "/C:"
	}
}

func logURI() string {
	return fmt.Sprintf("file://%s/full/path/file.txt", urlPrefix)
}

// Every byte of the path is vetted before it goes into the URI (a false
// positive found in go.lsp.dev/uri fileForCleanPOSIX).
func lspURIFastPath(path string) (string, bool) {
	if path == "" || path[0] != '/' {
		return "", false
	}
	for i := 0; i < len(path); i++ {
		if c := path[i]; c == ' ' || c == '%' || c == '#' || c == '?' {
			return "", false
		}
	}
	return "file://" + path, true
}

// The rest is read as a path relative to a chart, the file://../chart
// dialect, on purpose (a false positive found in helm's
// internal/resolver GetLocalPath).
func helmGetLocalPath(repo, chartpath string) (string, error) {
	p := strings.TrimPrefix(repo, "file://")
	if strings.HasPrefix(p, "/") {
		return filepath.Abs(p)
	}
	return filepath.Join(chartpath, p), nil
}

// The rest is split into segments that are decoded, escaped again and
// joined back behind the scheme: a URI made into a URI (false positives
// found in buf's private/buf/buflsp normalizeURI).
func bufNormalizeURI(str string) string {
	after, found := strings.CutPrefix(str, "file:///")
	if !found {
		return str
	}
	segments := strings.Split(after, "/")
	for i, segment := range segments {
		decoded, err := url.PathUnescape(segment)
		if err != nil {
			decoded = segment
		}
		segments[i] = strings.ReplaceAll(url.PathEscape(decoded), ":", "%3A")
	}
	return "file:///" + strings.Join(segments, "/")
}

// A slash before a drive letter, then escaped segments (a false positive
// found in gitea's modules/lfs DetectEndpoint).
func giteaLFSEndpoint(path string) string {
	var slash string
	if filepath.VolumeName(path) != "" {
		slash = "/"
	}
	return "file://" + slash + pathEscapeSegments(filepath.ToSlash(path))
}

func pathEscapeSegments(path string) string {
	parts := strings.Split(path, "/")
	for i := range parts {
		parts[i] = url.PathEscape(parts[i])
	}
	return strings.Join(parts, "/")
}

// Each segment escaped by a function handed to a generic map (a false
// positive found in pulumi's go/pulumi getSourcePositionForFrame).
func pulumiSourcePosition(file string) string {
	return "file:///" + path.Join(mapStrings(strings.Split(file, "/"), url.PathEscape)...)
}

func mapStrings[T, U any](in []T, f func(T) U) []U {
	out := make([]U, 0, len(in))
	for _, x := range in {
		out = append(out, f(x))
	}
	return out
}

// A regular expression that mentions file URIs is a pattern, not a URI.
var siteRE = regexp.MustCompile(`(?i)"file:[^ ]|file:/|scheme.{0,12}"file"`)

// A drive letter formatted with %c after "file:///" (a %c verb, not a
// bad escape).
func driveRoot(drive byte) string {
	return fmt.Sprintf("file:///%c:/", drive)
}

// In text, a "|" that follows no drive letter separates a URI from what
// comes after it: a table cell, a pipeline, joined values (the last a
// wrong fix found in hugo's hugolib/pagesfromdata
// pagesfromgotmpl_integration_test.go, whose expected output joins
// "content file:/mysection/p1" and the next page with "|").
const (
	cell            = "| file:///srv/a.txt| 12 KiB |"
	shellPipe       = "cat file:///srv/x|grep y"
	hugoPagesJoined = "RegularPages: p1 content file:///mysection/p1|p2 content adapter:/mysection/p2|"
)

// Placeholders in examples and defaults end the URI: "<...>" and a
// Windows environment variable, expanded before the URI is used.
const (
	placeholder  = "file:///<path>"
	placeholders = "file://<host>/<share>/<path>"
	envVar       = "file:///%PROGRAMDATA%/app/config.json"
)

// The path is percent-encoded by hand, as far as its author chose (a false
// positive found in go-internal's testscript, which sets GOPROXY so).
func goproxyURL(path string) string {
	path = filepath.ToSlash(path)
	path = strings.Replace(path, " ", "%20", -1)
	if os.PathSeparator == '\\' {
		path = "/" + path
	}
	return "file://" + path
}

var uriEscaper = strings.NewReplacer("%", "%25", " ", "%20", "#", "%23")

func replacerURL(path string) string {
	return "file://" + uriEscaper.Replace(path) + fmt.Sprintf("file://%s", strings.NewReplacer("?", "%3F").Replace(path))
}

func localReplacerURL(path string) string {
	escaper := strings.NewReplacer("%", "%25", " ", "%20")
	return "file://" + escaper.Replace(path)
}

type dependency struct{ Repository string }

// chartDeps reads and writes back its own format, "file://" before a
// path as it is, the dialect of helm's Chart.yaml dependencies (a false
// positive found in helmfile's state package); an encoded URI would
// break the reader.
func chartDeps(chartPath string, deps []dependency) {
	for i := range deps {
		dep := &deps[i]
		if rel, ok := strings.CutPrefix(dep.Repository, "file://"); ok && !filepath.IsAbs(rel) {
			abs, _ := filepath.Abs(filepath.Join(chartPath, rel))
			dep.Repository = "file://" + abs
		}
	}
}

// isAbsDependency only tests the rest of the dialect (helmfile's tests).
func isAbsDependency(repository string) bool {
	return filepath.IsAbs(strings.TrimPrefix(repository, "file://"))
}

// decodedFirst decodes the whole URI before it cuts the prefix and
// refuses a host (a false positive found in go-openapi/swag's loading).
func decodedFirst(p string) (string, error) {
	upth, err := url.PathUnescape(p)
	if err != nil {
		return "", err
	}
	u, err := url.Parse(filepath.ToSlash(upth))
	if err != nil || u.Host != "" {
		return "", errors.New("not a local file")
	}
	upth = strings.TrimPrefix(upth, "file://")
	return filepath.FromSlash(upth), nil
}
