// Package tablevalues pins known values put into the path of a file URI
// after text of its own: each value a table or the package gives is
// checked in the URI it makes.
package tablevalues

import (
	"errors"
	"fmt"
	"net/url"
)

func documents() []string {
	tests := []struct{ name string }{{"plain"}, {"after a space"}}
	var uris []string
	for _, tc := range tests {
		uris = append(uris, fmt.Sprintf("file:///test/cursor-%s.lisp", tc.name)) // want `file URI built by a format puts "after a space" in its path unescaped`
	}
	return uris
}

func concatenated() []string {
	var uris []string
	for _, name := range []string{"a", "100%"} {
		uris = append(uris, "file:///data/"+name+".csv") // want `file URI built by concatenation puts "100%" in its path unescaped`
	}
	return uris
}

var sample = "my notes"

func fromPackage() string {
	return "file:///srv/" + sample + ".txt" // want `file URI built by concatenation puts "my notes" in its path unescaped`
}

// plainNames need no escaping.
func plainNames() []string {
	var uris []string
	for _, name := range []string{"a", "b-c", "d_e"} {
		uris = append(uris, fmt.Sprintf("file:///test/%s.lisp", name))
	}
	return uris
}

// unknown holds a value that is not constant: nothing is known of it.
func unknown(extra string) []string {
	var uris []string
	for _, name := range []string{"a b", extra} {
		uris = append(uris, "file:///test/"+name)
	}
	return uris
}

func parameter(name string) string {
	return "file:///test/" + name + ".lisp"
}

// message writes the URI into an error: a message builds no URI.
func message() error {
	for _, name := range []string{"a b"} {
		return errors.New("cannot open file:///test/" + name)
	}
	return nil
}

// malformedPrefix is the literal's own defect, reported as a literal.
func malformedPrefix() []string {
	var uris []string
	for _, name := range []string{"a b"} {
		uris = append(uris, "file:///my dir/"+name) // want `unencoded`
	}
	return uris
}

// escapedInPlace escapes each name before it is put into the URI.
func escapedInPlace() []string {
	var uris []string
	for _, tc := range []struct{ name string }{{"a b"}} {
		tc.name = url.PathEscape(tc.name)
		uris = append(uris, "file:///data/"+tc.name+".x")
	}
	names := []string{"a b"}
	for i := range names {
		names[i] = url.PathEscape(names[i])
	}
	for _, n := range names {
		uris = append(uris, fmt.Sprintf("file:///data/%s.x", n))
	}
	return uris
}

// encoded values are escaped already; what Check says of %2F is no
// character left unescaped.
func encoded() []string {
	var uris []string
	for _, n := range []string{"a%2Fb", "a%20b"} {
		uris = append(uris, fmt.Sprintf("file:///d/%s", n))
	}
	return uris
}

// inQuery puts the values after a "?" or a "#", not into the path.
func inQuery() []string {
	var uris []string
	for _, p := range []string{"busy_timeout = 5000"} {
		uris = append(uris, "file:///tmp/app.db?_pragma="+p, "file:///doc/index.html#"+p)
	}
	return uris
}

func longName() []string {
	var uris []string
	for _, n := range []string{"ab éééééééééééééééééé"} {
		uris = append(uris, "file:///d/"+n) // want `puts "ab éééééé..." in its path unescaped`
	}
	return uris
}
