// Command fileurilint-gopls builds a gopls with fileurilint's analyzer,
// fileuri, compiled in, the way golangci-lint custom builds golangci-lint
// with plugins: gopls cannot load third-party analyzers. Every editor
// that runs gopls then shows fileuri's diagnostics as you type and
// offers its fixes as quick fixes and in source.fixAll, with no second
// language server.
//
// Usage:
//
//	go run github.com/fileurilint/fileurilint/cmd/fileurilint-gopls@latest -o FILE [flags]
//
// It takes gopls's source from the module proxy (or the module cache),
// adds one file to its internal/settings package that appends the
// analyzer to gopls's analyzers, and builds it with golang.org/x/tools at
// the version that gopls release pins, so that gopls is built from the
// same modules as the released one. Run from a clone of fileurilint, it
// builds the clone's analyzer; run as module@version, that version's.
//
// The analyzer's flags (-strict, -disable, -check-test-literals) are
// fixed when gopls is built. In the editor, the analyzer is on by
// default with severity Warning; gopls's setting
// "analyses": {"fileuri": false} turns it off.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"

	"github.com/fileurilint/fileurilint/analyzer"
)

func main() {
	o, err := parseFlags(os.Args[1:], os.Stderr)
	if err == flag.ErrHelp {
		os.Exit(0)
	}
	if err != nil {
		os.Exit(2)
	}
	if err := build(o, os.Stderr); err != nil {
		fmt.Fprintf(os.Stderr, "fileurilint-gopls: %v\n", err)
		os.Exit(1)
	}
}

// options is what the command line asks for.
type options struct {
	out   string      // the gopls binary to write
	gopls string      // the gopls version to build
	flags [][2]string // the analyzer's flags set on the command line, name and value
}

// parseFlags reads the command line. The analyzer's own flags are
// offered under their own names, checked by the analyzer itself, so that
// a bad value fails here and not in the editor.
func parseFlags(args []string, stderr io.Writer) (options, error) {
	var o options
	fs := flag.NewFlagSet("fileurilint-gopls", flag.ContinueOnError)
	fs.SetOutput(io.Discard) // errors are printed below, in two lines
	fs.StringVar(&o.out, "o", "", "write the gopls binary to `file` (required)")
	fs.StringVar(&o.gopls, "gopls", supported[0], "the gopls `version` to build; supported: "+strings.Join(supported, ", "))
	a := analyzer.New(analyzer.Config{})
	a.Flags.VisitAll(func(f *flag.Flag) {
		fs.Var(f.Value, f.Name, f.Usage)
	})
	err := fs.Parse(args)
	switch {
	case err == flag.ErrHelp:
		fmt.Fprintf(stderr, "usage: fileurilint-gopls -o FILE [-gopls VERSION] [-strict] [-disable KINDS] [-check-test-literals]\n\n"+
			"Builds a gopls with fileurilint's analyzer compiled in.\n\n")
		fs.SetOutput(stderr)
		fs.PrintDefaults()
		return o, err
	case err == nil && fs.NArg() > 0:
		err = fmt.Errorf("unexpected argument %s", fs.Arg(0))
	case err == nil && o.out == "":
		err = fmt.Errorf("-o is required")
	}
	if err != nil {
		fmt.Fprintf(stderr, "fileurilint-gopls: %v\nRun 'fileurilint-gopls -h' for usage.\n", err)
		return o, err
	}
	fs.Visit(func(f *flag.Flag) {
		if a.Flags.Lookup(f.Name) != nil {
			o.flags = append(o.flags, [2]string{f.Name, f.Value.String()})
		}
	})
	slices.SortFunc(o.flags, func(x, y [2]string) int { return strings.Compare(x[0], y[0]) })
	return o, nil
}
