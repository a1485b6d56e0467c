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
	switch args, err := parseArgs(os.Args[1:]); {
	case err != nil:
		fmt.Fprintf(os.Stderr, "fileurilint: %v\nRun 'fileurilint -h' for usage.\n", err)
		os.Exit(2)
	case args == nil:
		// -h, -V or -flags: singlechecker's to handle.
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

// parseArgs parses args as singlechecker will, checking the values of
// the analyzer's flags but not of the driver's, and returns the result;
// it returns nil when args ask for help, or give -V or -flags, which
// singlechecker handles whatever else args hold.
func parseArgs(args []string) (*flag.FlagSet, error) {
	fs := flag.NewFlagSet("fileurilint", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	define := func(name string, value bool) {
		switch {
		case name == "c":
			fs.Int(name, -1, "") // the one number, checked here too
		case value:
			fs.String(name, "", "")
		default:
			fs.Bool(name, false, "")
		}
	}
	for name, value := range driverFlags {
		define(name, value)
	}
	version := new(anyValue)
	fs.Var(version, "V", "")
	flags := fs.Bool("flags", false, "")
	analyzer.New(analyzer.Config{}).Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, f.Name, "")
	})
	switch err := fs.Parse(args); {
	case err == flag.ErrHelp:
		return nil, nil
	case err != nil:
		return nil, err
	}
	if *version != "" || *flags {
		return nil, nil
	}
	return fs, nil
}

// anyValue is a flag.Value such as -V's, which stands alone or takes a
// value (-V=full).
type anyValue string

func (v *anyValue) String() string     { return string(*v) }
func (v *anyValue) Set(s string) error { *v = anyValue(s); return nil }
func (v *anyValue) IsBoolFlag() bool   { return true }

// unitchecker reports whether args, the arguments that follow the
// flags, make singlechecker act for go vet or go fix: one *.cfg file.
func unitchecker(args []string) bool {
	return len(args) == 1 && strings.HasSuffix(args[0], ".cfg")
}

// usage prints the title of the analyzer's documentation, the command
// lines, the flags and where the kinds are documented.
func usage() {
	title, _, _ := strings.Cut(analyzer.Analyzer.Doc, "\n")
	fmt.Fprintf(os.Stderr, "fileurilint: %s\n\n"+
		"Usage: fileurilint [-flag] [package ...]\n"+
		"       go vet -vettool=$(which fileurilint) [package ...]\n"+
		"       go fix -fixtool=$(which fileurilint) [package ...]\n\n", title)
	if flag.CommandLine.Lookup("strict") == nil {
		fmt.Fprintln(os.Stderr, "Run fileurilint -h for the flags.")
		return
	}
	fmt.Fprintln(os.Stderr, "Flags:")
	// Those of the command, not of a test binary that runs it.
	own := flag.NewFlagSet("fileurilint", flag.ContinueOnError)
	flag.VisitAll(func(f *flag.Flag) {
		if !strings.HasPrefix(f.Name, "test.") {
			own.Var(f.Value, f.Name, f.Usage)
		}
	})
	own.SetOutput(os.Stderr)
	own.PrintDefaults()
	fmt.Fprintf(os.Stderr, "\nEach kind, with the wrong and the right code: %s\n"+
		"(or go doc github.com/fileurilint/fileurilint/analyzer).\n", analyzer.Analyzer.URL)
}
