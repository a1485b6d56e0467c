// Command fileurilint-lsp is a Language Server Protocol server that
// reports malformed and hand-built file URIs in the Go files an editor
// has open, as the fileurilint analyzer does, and offers its fixes as
// code actions. It speaks LSP 3.17 over standard input and output, beside
// gopls.
//
// Its settings, in initializationOptions or in the client's
// configuration section "fileurilint", are those of the analyzer's
// flags: strict, disable and check-test-literals.
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"runtime/debug"

	"github.com/fileurilint/fileurilint/internal/lsp"
)

func main() {
	debounce := flag.Duration("debounce", lsp.DefaultDebounce, "quiet time after a burst of changes before analyzing")
	logfile := flag.String("logfile", "", "write the server's own log to this file")
	flag.Usage = func() {
		fmt.Fprintf(os.Stderr, "usage: fileurilint-lsp [-debounce d] [-logfile file]\n\nA language server for fileurilint over standard input and output.\n\n")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() > 0 {
		flag.Usage()
		os.Exit(2)
	}
	logger := log.New(os.Stderr, "fileurilint-lsp: ", log.LstdFlags)
	if *logfile != "" {
		f, err := os.OpenFile(*logfile, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
		if err != nil {
			log.Fatal(err)
		}
		logger.SetOutput(f)
	}
	if os.Getenv("GOGC") == "" {
		// Each check allocates the types of a whole package, which are
		// garbage by the next: collect less often, for a heap that
		// stays small beside gopls's.
		debug.SetGCPercent(400)
	}
	s := lsp.NewServer(os.Stdin, os.Stdout, *debounce, logger)
	os.Exit(s.Run(context.Background()))
}
