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
	"github.com/fileurilint/fileurilint/analyzer"
	"golang.org/x/tools/go/analysis/singlechecker"
)

func main() { singlechecker.Main(analyzer.Analyzer) }
