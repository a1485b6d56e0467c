// Command cost measures what the fileuri analyzer costs beside the
// analyzers of go vet.
//
//	go run ./internal/eval/cost time [-tests] [-count N] [-top N] [packages]
//
// loads the packages (default std) once, from source, and runs the vet
// suite and fileuri together -count times with the checker, one action at
// a time; it prints, per analyzer, the least total over the runs of its
// actions' durations, and fileuri's share of stringintconv and printf.
// With -top, each run also lists the packages where fileuri spent most.
//
//	go run ./internal/eval/cost rss -bin FILEURILINT [-C DIR] [packages]
//
// runs "FILEURILINT packages", "go vet packages" and "go vet
// -vettool=FILEURILINT packages" in DIR, with a fresh build cache that a
// warm-up run has filled with the compiled packages, and prints the wall
// time and the peak resident set size of the largest process of each.
package main

import (
	"cmp"
	"errors"
	"flag"
	"fmt"
	"log"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/fileurilint/fileurilint/analyzer"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/analysis/passes/appends"
	"golang.org/x/tools/go/analysis/passes/asmdecl"
	"golang.org/x/tools/go/analysis/passes/assign"
	"golang.org/x/tools/go/analysis/passes/atomic"
	"golang.org/x/tools/go/analysis/passes/bools"
	"golang.org/x/tools/go/analysis/passes/buildtag"
	"golang.org/x/tools/go/analysis/passes/cgocall"
	"golang.org/x/tools/go/analysis/passes/composite"
	"golang.org/x/tools/go/analysis/passes/copylock"
	"golang.org/x/tools/go/analysis/passes/defers"
	"golang.org/x/tools/go/analysis/passes/directive"
	"golang.org/x/tools/go/analysis/passes/errorsas"
	"golang.org/x/tools/go/analysis/passes/framepointer"
	"golang.org/x/tools/go/analysis/passes/hostport"
	"golang.org/x/tools/go/analysis/passes/httpresponse"
	"golang.org/x/tools/go/analysis/passes/ifaceassert"
	"golang.org/x/tools/go/analysis/passes/loopclosure"
	"golang.org/x/tools/go/analysis/passes/lostcancel"
	"golang.org/x/tools/go/analysis/passes/nilfunc"
	"golang.org/x/tools/go/analysis/passes/printf"
	"golang.org/x/tools/go/analysis/passes/shift"
	"golang.org/x/tools/go/analysis/passes/sigchanyzer"
	"golang.org/x/tools/go/analysis/passes/slog"
	"golang.org/x/tools/go/analysis/passes/stdmethods"
	"golang.org/x/tools/go/analysis/passes/stdversion"
	"golang.org/x/tools/go/analysis/passes/stringintconv"
	"golang.org/x/tools/go/analysis/passes/structtag"
	"golang.org/x/tools/go/analysis/passes/testinggoroutine"
	"golang.org/x/tools/go/analysis/passes/tests"
	"golang.org/x/tools/go/analysis/passes/timeformat"
	"golang.org/x/tools/go/analysis/passes/unmarshal"
	"golang.org/x/tools/go/analysis/passes/unreachable"
	"golang.org/x/tools/go/analysis/passes/unsafeptr"
	"golang.org/x/tools/go/analysis/passes/unusedresult"
	"golang.org/x/tools/go/analysis/passes/waitgroup"
	"golang.org/x/tools/go/packages"
)

// vet is the analyzer suite of cmd/vet.
var vet = []*analysis.Analyzer{
	appends.Analyzer, asmdecl.Analyzer, assign.Analyzer, atomic.Analyzer,
	bools.Analyzer, buildtag.Analyzer, cgocall.Analyzer, composite.Analyzer,
	copylock.Analyzer, defers.Analyzer, directive.Analyzer, errorsas.Analyzer,
	framepointer.Analyzer, hostport.Analyzer, httpresponse.Analyzer,
	ifaceassert.Analyzer, loopclosure.Analyzer, lostcancel.Analyzer,
	nilfunc.Analyzer, printf.Analyzer, shift.Analyzer, sigchanyzer.Analyzer,
	slog.Analyzer, stdmethods.Analyzer, stdversion.Analyzer,
	stringintconv.Analyzer, structtag.Analyzer, testinggoroutine.Analyzer,
	tests.Analyzer, timeformat.Analyzer, unmarshal.Analyzer,
	unreachable.Analyzer, unsafeptr.Analyzer, unusedresult.Analyzer,
	waitgroup.Analyzer,
}

func main() {
	log.SetFlags(0)
	log.SetPrefix("cost: ")
	if len(os.Args) < 2 {
		usage()
	}
	fl := flag.NewFlagSet(os.Args[1], flag.ExitOnError)
	withTests := fl.Bool("tests", false, "time: load test packages too")
	count := fl.Int("count", 3, "time: number of analysis runs")
	top := fl.Int("top", 0, "time: also list the packages where fileuri spends most, this many")
	bin := fl.String("bin", "", "rss: the fileurilint binary")
	dir := fl.String("C", ".", "rss: directory to run in")
	fl.Parse(os.Args[2:])
	patterns := fl.Args()
	switch os.Args[1] {
	case "time":
		if len(patterns) == 0 {
			patterns = []string{"std"}
		}
		timeAnalyzers(patterns, *withTests, *count, *top)
	case "rss":
		if *bin == "" {
			usage()
		}
		abs, err := exec.LookPath(*bin) // a name on PATH, or a path
		if err == nil {
			abs, err = filepath.Abs(abs)
		}
		if err != nil {
			log.Fatal(err)
		}
		if len(patterns) == 0 {
			patterns = []string{"./..."}
		}
		peakRSS(abs, *dir, patterns)
	default:
		usage()
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: cost time [-tests] [-count N] [packages] | cost rss -bin FILEURILINT [-C DIR] [packages]")
	os.Exit(2)
}

func timeAnalyzers(patterns []string, withTests bool, count, top int) {
	start := time.Now()
	cfg := &packages.Config{Mode: packages.LoadAllSyntax, Tests: withTests}
	pkgs, err := packages.Load(cfg, patterns...)
	if err != nil {
		log.Fatal(err)
	}
	if n := packages.PrintErrors(pkgs); n > 0 {
		log.Fatalf("%d errors loading %v", n, patterns)
	}
	fmt.Printf("loaded %d packages in %s\n", len(pkgs), time.Since(start).Round(time.Millisecond))

	analyzers := append(slices.Clone(vet), analyzer.Analyzer)
	best := make(map[string]time.Duration)
	actions := make(map[string]int)
	for range count {
		graph, err := checker.Analyze(analyzers, pkgs, &checker.Options{Sequential: true})
		if err != nil {
			log.Fatal(err)
		}
		total := make(map[string]time.Duration)
		clear(actions)
		var mine []*checker.Action
		for act := range graph.All() {
			total[act.Analyzer.Name] += act.Duration
			actions[act.Analyzer.Name]++
			if act.Analyzer == analyzer.Analyzer {
				mine = append(mine, act)
			}
		}
		slices.SortFunc(mine, func(a, b *checker.Action) int { return cmp.Compare(b.Duration, a.Duration) })
		for _, act := range mine[:min(top, len(mine))] {
			fmt.Printf("  fileuri %10s %s\n", act.Duration.Round(time.Microsecond), act.Package.PkgPath)
		}
		for name, d := range total {
			if b, ok := best[name]; !ok || d < b {
				best[name] = d
			}
		}
	}

	names := slices.SortedFunc(maps.Keys(best), func(a, b string) int { return cmp.Compare(best[b], best[a]) })
	fmt.Printf("%-18s %12s %8s  (least of %d runs, sequential)\n", "analyzer", "total", "actions", count)
	for _, name := range names {
		fmt.Printf("%-18s %12s %8d\n", name, best[name].Round(time.Microsecond), actions[name])
	}
	fileuri := best[analyzer.Analyzer.Name]
	fmt.Printf("fileuri / stringintconv = %.2f\n", float64(fileuri)/float64(best[stringintconv.Analyzer.Name]))
	fmt.Printf("fileuri / printf = %.1f%%\n", 100*float64(fileuri)/float64(best[printf.Analyzer.Name]))
}

func peakRSS(bin, dir string, patterns []string) {
	// go vet caches its results: a build cache of this run's own, filled
	// by a vet run with other flags, holds every compiled package but no
	// result of the measured runs.
	cache, err := os.MkdirTemp("", "cost-gocache")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(cache)
	env := append(os.Environ(), "GOCACHE="+cache)
	warm := append([]string{"go", "vet", "-printf.funcs=costwarmup"}, patterns...)
	if _, _, err := measure(dir, env, warm); err != nil {
		log.Printf("warm-up %v: %v", warm, err)
	}
	runs := [][]string{
		append([]string{bin}, patterns...),
		append([]string{"go", "vet"}, patterns...),
		append([]string{"go", "vet", "-vettool=" + bin}, patterns...),
	}
	for _, args := range runs {
		wall, rss, err := measure(dir, env, args)
		var exit *exec.ExitError
		switch {
		case errors.As(err, &exit):
			log.Printf("%v: %v", args, err) // findings, or packages that do not load
		case err != nil:
			log.Fatalf("%v: %v", args, err) // it did not run
		}
		name := strings.ReplaceAll(strings.Join(args, " "), bin, filepath.Base(bin))
		fmt.Printf("%-50s wall %8s  peak RSS %6d MiB\n", name, wall.Round(time.Millisecond), rss>>20)
	}
}

// measure runs args in dir and returns its wall time and the peak RSS, in
// bytes, of the largest process among it and its descendants.
func measure(dir string, env, args []string) (time.Duration, int64, error) {
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Dir = dir
	cmd.Env = env
	start := time.Now()
	err := cmd.Run()
	wall := time.Since(start)
	if cmd.ProcessState == nil {
		return wall, 0, err
	}
	// Linux reports ru_maxrss in KiB.
	return wall, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10, err
}
