// Command fileurilint reports malformed and hand-built file URIs in Go
// code and fixes them.
//
// Run it on packages, or through the go command:
//
//	fileurilint ./...                            # report; exit 3 when there are findings
//	fileurilint -fix ./...                       # apply the suggested fixes
//	fileurilint -fix -diff ./...                 # print the fixes as a diff instead
//	fileurilint -json ./...                      # report as JSON
//	go vet -vettool=$(which fileurilint) ./...   # report through go vet
//	go fix -fixtool=$(which fileurilint) ./...   # fix through go fix
//
// The analyzer's flags are -strict, -disable and -check-test-literals;
// run "fileurilint -h" for their documentation.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/fileurilint/fileurilint/analyzer"
	"golang.org/x/tools/go/analysis/singlechecker"
)

func main() {
	// singlechecker prints its usage under the analyzer's name, "fileuri"
	// (the name that //nolint:fileuri and golangci-lint know), for -h and
	// for a flag it cannot parse, through flag.CommandLine.Usage, and when
	// no package is given; the command's name is fileurilint.
	flag.CommandLine.Usage = usage
	if !hasPackage(os.Args[1:]) {
		usage()
		os.Exit(1)
	}
	singlechecker.Main(analyzer.Analyzer)
}

// hasPackage reports whether args may name packages: it is false when
// they are empty or only flags that need packages to act on, written
// whole (-strict, -fix, -disable=unencoded), as in "fileurilint -strict";
// anything else (-V=full, -flags, a flag with its value apart) is left
// to singlechecker.
func hasPackage(args []string) bool {
	for _, arg := range args {
		name, _, hasValue := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		switch {
		case !strings.HasPrefix(arg, "-"):
			return true
		case name == "disable" && hasValue:
		case name == "strict" || name == "check-test-literals" || name == "fix" || name == "diff" || name == "json" || name == "test":
		default:
			return true
		}
	}
	return false
}

// usage prints the title and text of the analyzer's documentation and
// the flags, as singlechecker does, under the command's name.
func usage() {
	title, text, _ := strings.Cut(analyzer.Analyzer.Doc, "\n\n")
	fmt.Fprintf(os.Stderr, "fileurilint: %s\n\nUsage: fileurilint [-flag] [package]\n\n%s\n", title, text)
	if flag.CommandLine.Lookup("strict") != nil {
		fmt.Fprintln(os.Stderr, "\nFlags:")
		flag.PrintDefaults()
	} else {
		fmt.Fprintln(os.Stderr, "\nRun fileurilint -h for the flags.")
	}
}
