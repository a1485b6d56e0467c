// Package tablevalues pins known values put into the path of a file URI
// after text of its own: each value a table or the package gives is
// checked in the URI it makes.
package tablevalues

import (
	"errors"
	"fmt"
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
