// Command fileurilint reports malformed and hand-built file URIs in Go
// code and fixes them.
//
// Run it on packages, or through the go command:
//
//	fileurilint ./...                            # report
//	fileurilint -fix ./...                       # apply the suggested fixes
//	fileurilint -fix -diff ./...                 # print the fixes as a diff instead
//	fileurilint -json ./...                      # report as JSON
//	go vet -vettool=$(which fileurilint) ./...   # report through go vet
//	go fix -fixtool=$(which fileurilint) ./...   # fix through go fix
//
// The analyzer's flags are -strict, -disable and -check-test-literals;
// run "fileurilint -h" for their documentation.
//
// With -fix, the command ends with one line on standard error that counts
// the fixes it applied (with -diff, showed) and the files they change,
// and names the findings that no fix covers, which need a change by hand:
//
//	fileurilint: applied 5 fixes, changed 2 files; 2 findings need a change by hand: uris/uris.go:15: construction, uris/uris.go:22: nul
//
// Beyond five such findings it gives their number and says to run the
// command without -fix to list them. A finding that the package and its
// test variant both report counts once; the fix of a finding in a
// generated file is not applied, so that finding needs a change by hand
// too (of the generator).
//
// Exit codes:
//
//	0  no finding; with -fix, none is left
//	3  findings; with -fix, findings that need a change by hand are
//	   left; with -fix -diff, which applies nothing, any finding
//	1  an error: a package that does not load or type-check (the others
//	   are still analyzed and, with -fix, fixed), a fix that conflicts
//	   with another (run -fix again), or no package given; with -fix, no
//	   summary line is then printed
//	2  a bad flag, or a bad flag value such as -disable=bogus
//
// With -json, findings leave the exit code at 0. Through go vet and go
// fix, the go command sets the exit code and prints no summary: see
// docs/exit-codes.md.
package main

import (
	"flag"
	"fmt"
	"io"
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
	if record := os.Getenv(recordEnv); record != "" {
		singlechecker.Main(recording(record))
	}
	switch args := parseArgs(os.Args[1:]); {
	case args == nil:
		// -h, -V, -flags or a bad flag: singlechecker's to handle.
	case args.NArg() == 0:
		usage()
		os.Exit(1)
	case args.Lookup("fix").Value.String() == "true" && !unitchecker(args.Args()):
		code, err := fix(args.Lookup("diff").Value.String() == "true")
		if err != nil {
			fmt.Fprintln(os.Stderr, "fileurilint:", err)
		}
		os.Exit(code)
	}
	singlechecker.Main(analyzer.Analyzer)
}

// driverFlags are the flags that singlechecker (golang.org/x/tools
// v0.52.0) defines beside the analyzer's, less -V and -flags, each with
// whether it takes a value, as -c does in "-c 3".
var driverFlags = map[string]bool{
	"all": false, "diff": false, "fix": false, "json": false, "source": false, "test": false, "v": false,
	"c": true, "cpuprofile": true, "debug": true, "memprofile": true, "tags": true, "trace": true,
}

// parseArgs parses args as singlechecker will, though without checking
// the values of flags, and returns the result; it returns nil when args
// do not parse, ask for help, or give -V or -flags, which singlechecker
// handles whatever else args hold.
func parseArgs(args []string) *flag.FlagSet {
	fs := flag.NewFlagSet("fileurilint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	define := func(name string, value bool) {
		if value {
			fs.String(name, "", "")
		} else {
			fs.Bool(name, false, "")
		}
	}
	for name, value := range driverFlags {
		define(name, value)
	}
	analyzer.Analyzer.Flags.VisitAll(func(f *flag.Flag) {
		b, ok := f.Value.(interface{ IsBoolFlag() bool })
		define(f.Name, !ok || !b.IsBoolFlag())
	})
	if fs.Parse(args) != nil {
		return nil
	}
	return fs
}

// unitchecker reports whether args, the arguments that follow the
// flags, make singlechecker act for go vet or go fix: one *.cfg file.
func unitchecker(args []string) bool {
	return len(args) == 1 && strings.HasSuffix(args[0], ".cfg")
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
