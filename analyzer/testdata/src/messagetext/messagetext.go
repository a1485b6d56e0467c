// Package messagetext pins file URIs written into text for a person (an
// error, a log line, a flag's usage), which is no URI the program uses.
package messagetext

import (
	"errors"
	"flag"
	"fmt"
	"log"
	"net/http"
	"os"
)

func suggest(u string) error {
	return fmt.Errorf("missing scheme. Did you mean file://%s?", u)
}

func suggestNew(u string) error {
	return errors.New(fmt.Sprintf("missing scheme. Did you mean file://%s?", u))
}

func logged(p string) {
	log.Printf("serving file://%s", p)
	log.Println("serving " + "file://" + p)
	fmt.Fprintf(os.Stderr, "wrote %s\n", fmt.Sprintf("file://%s", p))
	fmt.Fprintf(os.Stderr, "see file://%s\n", p)
}

func usage(dir string) *string {
	return flag.String("root", "", fmt.Sprintf("the root, such as file://%s", dir))
}

// Diagnostics is keyed by URI: its Error is no logger's.
type Diagnostics map[string][]string

func (d Diagnostics) Error(uri, msg string) { d[uri] = append(d[uri], msg) }

func report(d Diagnostics, p string) {
	d.Error("file://"+p, "unused import") // want `file URI built from a path by concatenation escapes nothing`
}

// printed writes URIs to the standard output, where a program may read them.
func printed(p string) {
	fmt.Println("file://" + p)   // want `file URI built from a path by concatenation escapes nothing`
	fmt.Printf("file://%s\n", p) // want `file URI built from a path by a format escapes nothing`
}

func fetched(p string) (*http.Response, error) {
	return http.Get(fmt.Sprintf("file://%s", p)) // want `file URI built from a path by a format escapes nothing`
}

func both(p string) string {
	u := "file://" + p // want `file URI built from a path by concatenation escapes nothing`
	log.Printf("loading %s", u)
	return u
}
