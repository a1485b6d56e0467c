// Package roles pins that a fix follows the value: a file URI is fixed
// only where every use of it that the package shows is a URI. A format,
// a pattern, a matcher of input or surgery gets the report without a
// fix, and a value that only recognises input is not reported.
package roles

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
)

// base is also part of a printf format: %20 would read as a verb there.
const base = "file:///srv/my data/" // want `file URI has unencoded space`

func listing(name string) {
	fmt.Printf(base+"%s\n", name)
}

// dir is taken apart: the fixed text would open /tmp/my%20dir.
const dir = "file:///tmp/my dir" // want `file URI has unencoded space`

func open() (*os.File, error) {
	return os.Open(strings.TrimPrefix(dir, "file://")) // want `file URI taken apart by string surgery`
}

// legacy is both passed on and compared with input.
const legacy = "file://C:/autoexec.bat" // want `file URI reads drive "C:" as a host`

func isLegacy(u string) bool { return u == legacy }

func legacyURL() (*url.URL, error) { return url.Parse(legacy) }

// Patterns: their metacharacters are no URI characters.
func patterns(db *sql.DB, u string) bool {
	db.Query("SELECT name FROM files WHERE uri LIKE 'file:///home/%'")
	db.Query(`SELECT name FROM files WHERE uri ilike "file:///my docs/_"`)
	db.Query("SELECT name FROM files WHERE uri LIKE '%file:///srv/a b%' OR uri GLOB '*file:///x y*'")
	ok, _ := path.Match("file:///usr/include/*.[ch]", u)
	ok2, _ := filepath.Match(`file:///C:\Users\*`, u)
	_ = regexp.MustCompile(`^file:///[a-z]|x`)
	return ok || ok2 || matchGlob("file:///srv/{a,b} c/*", u)
}

// matchGlob is a glob matcher, as libraries name their pattern.
func matchGlob(pattern, name string) bool { return pattern == name }

// Recognisers of malformed input: they must keep the malformed text.
var normalize = strings.NewReplacer("file://C:/", "file:///C:/", `file:\\server\share`, "file://server/share")

func recognise(u string) string {
	if strings.HasPrefix(u, "file:///C:\\") || strings.Contains(u, "file:///a b") {
		return "windows"
	}
	switch u {
	case "file://C:/autoexec.bat":
		return "dos"
	}
	if strings.EqualFold(u, "FILE://D:/x") {
		return "upper"
	}
	return normalize.Replace(u)
}

// old is only ever compared with input: no URI the code writes.
const old = "file:///c|/windows"

func isOld(u string) bool { return strings.HasPrefix(u, old) }

// A variable given a literal is followed too.
func formatted(name string) string {
	head := "file:///my docs/" // want `file URI has unencoded space`
	return fmt.Sprintf(head+"%s", name)
}

// Uses as a URI keep the fix.
const doc = "file:///srv/release notes.html" // want `file URI has unencoded space`

func docURL() string { return doc }

func stored(m map[string]string) {
	m["doc"] = "file:///srv/a b" // want `file URI has unencoded space`
	target := "file:///srv/c d"  // want `file URI has unencoded space`
	m["target"] = target
}

// A literal that is the format itself is fixed in format terms.
func direct(name string) string {
	return fmt.Sprintf("file:///my docs/%s", name) // want `file URI has unencoded space`
}

// A verb with a width or precision gets no fix: FromPath keeps neither.
func truncated(p string) string {
	abs, _ := filepath.Abs(p)
	return fmt.Sprintf("file://%.12s", abs) // want `file URI built from a path by a format`
}

func padded(p string) string {
	abs, _ := filepath.Abs(p)
	return fmt.Sprintf("file://%60s", abs) // want `file URI built from a path by a format`
}

// A scanning format matches input: it is a matcher, not a printf format.
func scanned(in string) string {
	var rest string
	fmt.Sscanf(in, "file://C:/%s", &rest)
	return rest
}

// A literal given to a function of the package goes where that function
// takes its parameter.
func say(msg string, args ...any) { fmt.Printf(msg+"\n", args...) }

func match(u, glob string) bool { ok, _ := path.Match(glob, u); return ok }

func helpers(u string) bool {
	say("see file:///opt/my^app for %s", "x") // want `file URI has unencoded '\^'`
	return match("file:///srv/a b", u) || match(u, "file:///srv/[ab] c")
}

// Measured or read byte by byte.
func measured() int {
	n := cap([]byte("file:///a b")) // want `file URI has unencoded space`
	for range "file:///c d" {       // want `file URI has unencoded space`
		n++
	}
	return n
}

// A value stored in a field, a collection or returned goes where they go.
type rule struct{ Old, New string }

var rules = []rule{{Old: "file://C:/", New: "file:///C:/"}}

var known = map[string]bool{"file://E:/x": true}

// An element read back from a collection goes where the read goes.
var mirrors = map[string]string{"local": "file:///srv/a b"} // want `file URI has unencoded space`

var legacyNames = []string{"file://D:/", "file://H:/"}

func mirror(u string) (string, bool) {
	for _, l := range legacyNames {
		if strings.HasPrefix(u, l) {
			return "", true
		}
	}
	return mirrors["local"], false
}

func legacyPrefix() string { return "file://F:/" }

type conf struct{ Prefix string }

func stored2(u string) bool {
	var c conf
	c.Prefix = "file://G:/"
	for _, r := range rules {
		u = strings.Replace(u, r.Old, r.New, 1)
	}
	return known[u] || strings.HasPrefix(u, legacyPrefix()) || strings.HasPrefix(u, c.Prefix) ||
		slices.Contains([]string{"file://I:/u"}, u)
}

// Through a method value or a closure.
func indirect(u string) bool {
	hp := strings.HasPrefix
	has := func(p string) bool { return strings.HasPrefix(u, p) }
	return hp(u, "file://K:/") || has("file://L:/")
}
