// Command eval measures fileurilint on public Go projects it was not
// written against: it runs a fileurilint binary over the pinned corpus of
// corpus.json and computes precision and recall from judgements kept as
// data beside it.
//
// Run it from the repository root:
//
//	go run ./internal/eval COMMAND [flags]
//
// The commands are:
//
//	run        run the binary with -json -test over every project, print the
//	           reports grouped by kind and write them to DIR/results (DIR/results-strict for -flags=-strict)
//	fix        apply -fix to a fresh copy of every project, then check that the
//	           copy builds and vets and that a second run finds nothing to fix
//	sites      list the lines of every project that build or take apart file
//	           URIs, for reading: the ground for misses.json
//	precision  compare the results with the verdicts of verdicts.json
//	recall     compare the results with the defects found by reading (misses.json)
//
// Run and fix analyze and build for each GOOS of -goos (linux and windows
// by default), so that files built only for Windows are read too.
// Packages that do not load for a GOOS are left out and listed.
//
// Each module is fetched with "go mod download" at its pinned version, its
// hash checked against corpus.json (or, for a project that names a
// repository and a commit, taken from a bare clone under -mirror), and
// copied to a writable directory
// under DIR (with the go.mod the go command gives a module whose zip has
// none), where it is type-checked with its own dependencies. The
// project "std" is the standard library of the Go toolchain in use.
//
// The data files beside this program are:
//
//	corpus.json    project, module, version, go.sum hash, package patterns, why chosen,
//	               "go mod edit" flags that make the copy load, C headers that cgo
//	               needs to type-check,
//	               and a note on what cannot be analyzed
//	verdicts.json  one judged report: project, version, file, line, kind,
//	               verdict ("defect" or "false-positive") and reason;
//	               precision prints stubs for the reports not judged yet
//	misses.json    file URI sites judged by reading: project, file, line, what,
//	               status ("expected", "out-of-scope" or "not-defect");
//	               the expected ones are the denominator of recall
//
// A report matches a verdict by project, file, line and kind, and an
// expected defect by project, file and a line of the range reported.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// An env is what the flags set: the work directory, the binary under
// evaluation and its flags, the projects and the files of judgements.
type env struct {
	dir      string
	bin      string
	goos     []string
	flags    []string // added to fileurilint's command line
	corpus   []project
	verdicts string
	misses   string
	mirror   string // bare clones of the projects that name a repository
}

// commands maps each command to the method that carries it out.
var commands = map[string]func(*env) error{
	"run":       (*env).run,
	"fix":       (*env).fix,
	"sites":     (*env).sites,
	"precision": (*env).precision,
	"recall":    (*env).recall,
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	cmd := os.Args[1]
	e, err := parseFlags(cmd, os.Args[2:])
	if err != nil {
		fatal(err)
	}
	f, ok := commands[cmd]
	if !ok {
		usage()
	}
	if err := f(e); err != nil {
		fatal(err)
	}
}

// parseFlags reads the flags of command cmd and the projects they name.
func parseFlags(cmd string, args []string) (*env, error) {
	fl := flag.NewFlagSet(cmd, flag.ExitOnError)
	dir := fl.String("dir", filepath.Join(os.TempDir(), "fileurilint-eval"), "work directory for sources and results")
	bin := fl.String("bin", "", "the fileurilint binary to evaluate (run, fix)")
	corpus := fl.String("corpus", "internal/eval/corpus.json", "the pinned projects")
	only := fl.String("project", "", "comma-separated projects to use instead of the whole corpus")
	goos := fl.String("goos", "linux,windows", "comma-separated GOOS values to analyze and build for (run, fix)")
	flags := fl.String("flags", "", "space-separated fileurilint flags to add, such as \"-strict -check-test-literals\" (run, fix)")
	verdicts := fl.String("verdicts", "internal/eval/verdicts.json", "judged reports")
	misses := fl.String("misses", "internal/eval/misses.json", "defects found by reading")
	mirror := fl.String("mirror", "", "directory of bare clones, owner+name/repo, for the projects that name a repository")
	fl.Parse(args) // ExitOnError: a bad flag exits

	e := &env{dir: *dir, verdicts: *verdicts, misses: *misses, mirror: *mirror, goos: strings.Split(*goos, ","), flags: strings.Fields(*flags)}
	if err := readJSON(*corpus, &e.corpus); err != nil {
		return nil, err
	}
	if *only != "" {
		names := strings.Split(*only, ",")
		e.corpus = slices.DeleteFunc(e.corpus, func(p project) bool { return !slices.Contains(names, p.Project) })
	}
	if *bin != "" {
		abs, err := filepath.Abs(*bin)
		if err != nil {
			return nil, err
		}
		e.bin = abs
	}
	return e, nil
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: go run ./internal/eval run|fix|sites|precision|recall [-dir DIR] [-bin FILEURILINT] [-project a,b]")
	os.Exit(2)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "eval:", err)
	os.Exit(1)
}
