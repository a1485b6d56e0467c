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
// hash checked against corpus.json, and copied to a writable directory
// under DIR, where it is type-checked with its own dependencies. The
// project "std" is the standard library of the Go toolchain in use.
//
// The data files beside this program are:
//
//	corpus.json    project, module, version, go.sum hash, package patterns, why chosen
//	               and a note on what cannot be analyzed
//	verdicts.json  one judged report: project, version, file, line, kind,
//	               verdict ("defect" or "false-positive") and reason;
//	               precision prints stubs for the reports not judged yet
//	misses.json    file URI sites judged by reading: project, file, line, what,
//	               status ("expected", "out-of-scope" or "not-defect");
//	               the expected ones are the denominator of recall
//
// A report matches a verdict by project, file, line and kind, and an
// expected defect by project, file and line.
package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A project is one entry of corpus.json.
type project struct {
	Project  string   `json:"project"`
	Module   string   `json:"module"`
	Version  string   `json:"version"`
	Sum      string   `json:"sum,omitempty"` // go.sum hash of the module zip
	Packages []string `json:"packages"`
	Why      string   `json:"why"`
}

// A report is one diagnostic of fileurilint, its file relative to the
// project's root.
type report struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Fixes   int    `json:"fixes"`
}

// A result is what one run of fileurilint said about one project.
type result struct {
	Project string   `json:"project"`
	Module  string   `json:"module"`
	Version string   `json:"version"`
	Seconds float64  `json:"seconds"`
	Errors  []string `json:"errors,omitempty"`
	// LeftOut lists the packages not analyzed because they, their tests
	// or their dependencies do not load (a module version the proxy no
	// longer serves, a replace directory missing from the module zip).
	LeftOut []string `json:"left_out,omitempty"`
	Reports []report `json:"reports"`
}

// A verdict is the judgement of one report by a person.
type verdict struct {
	Project string `json:"project"`
	Version string `json:"version"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Kind    string `json:"kind"`
	Verdict string `json:"verdict"` // "defect" or "false-positive"
	Reason  string `json:"reason"`
}

// A miss is a file URI site of a project judged by reading. The sites of
// status "expected" are the denominator of recall.
type miss struct {
	Project string `json:"project"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	What    string `json:"what"` // the defect and an input that breaks it, or why the site is fine
	// Status is "expected" for a defect of a kind the analyzer is meant to
	// report, "out-of-scope" for a defect it is not meant to find, and
	// "not-defect" for a look-alike site that must stay unreported.
	Status string `json:"status"`
}

type env struct {
	dir      string
	bin      string
	goos     []string
	flags    []string // added to fileurilint's command line
	corpus   []project
	verdicts string
	misses   string
}

func main() {
	if len(os.Args) < 2 {
		usage()
	}
	cmd := os.Args[1]
	fl := flag.NewFlagSet(cmd, flag.ExitOnError)
	dir := fl.String("dir", filepath.Join(os.TempDir(), "fileurilint-eval"), "work directory for sources and results")
	bin := fl.String("bin", "", "the fileurilint binary to evaluate (run, fix)")
	corpus := fl.String("corpus", "internal/eval/corpus.json", "the pinned projects")
	only := fl.String("project", "", "comma-separated projects to use instead of the whole corpus")
	goos := fl.String("goos", "linux,windows", "comma-separated GOOS values to analyze and build for (run, fix)")
	flags := fl.String("flags", "", "space-separated fileurilint flags to add, such as \"-strict -check-test-literals\" (run, fix)")
	verdicts := fl.String("verdicts", "internal/eval/verdicts.json", "judged reports")
	misses := fl.String("misses", "internal/eval/misses.json", "defects found by reading")
	fl.Parse(os.Args[2:])

	e := &env{dir: *dir, verdicts: *verdicts, misses: *misses, goos: strings.Split(*goos, ","), flags: strings.Fields(*flags)}
	if err := readJSON(*corpus, &e.corpus); err != nil {
		fatal(err)
	}
	if *only != "" {
		names := strings.Split(*only, ",")
		e.corpus = slices.DeleteFunc(e.corpus, func(p project) bool { return !slices.Contains(names, p.Project) })
	}
	if *bin != "" {
		abs, err := filepath.Abs(*bin)
		if err != nil {
			fatal(err)
		}
		e.bin = abs
	}
	var err error
	switch cmd {
	case "run":
		err = e.run()
	case "fix":
		err = e.fix()
	case "sites":
		err = e.sites()
	case "precision":
		err = e.precision()
	case "recall":
		err = e.recall()
	default:
		usage()
	}
	if err != nil {
		fatal(err)
	}
}

func usage() {
	fmt.Fprintln(os.Stderr, "usage: go run ./internal/eval run|fix|sites|precision|recall [-dir DIR] [-bin FILEURILINT] [-project a,b]")
	os.Exit(2)
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "eval:", err)
	os.Exit(1)
}

// source returns the directory holding p's source, fetching and copying
// it first if needed.
func (e *env) source(p project) (string, error) {
	if p.Module == "std" {
		if p.Version != runtime.Version() {
			return "", fmt.Errorf("%s is pinned at %s, the toolchain is %s", p.Project, p.Version, runtime.Version())
		}
		return filepath.Join(runtime.GOROOT(), "src"), nil
	}
	dst := filepath.Join(e.dir, "src", p.Project+"@"+p.Version)
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err == nil {
		return dst, nil
	}
	out, err := exec.Command("go", "mod", "download", "-json", p.Module+"@"+p.Version).Output()
	var dl struct{ Dir, Sum, Error string }
	if jerr := json.Unmarshal(out, &dl); jerr != nil {
		return "", fmt.Errorf("downloading %s@%s: %v %v", p.Module, p.Version, err, jerr)
	}
	if dl.Error != "" {
		return "", fmt.Errorf("downloading %s@%s: %s", p.Module, p.Version, dl.Error)
	}
	if p.Sum != "" && dl.Sum != p.Sum {
		return "", fmt.Errorf("%s@%s has hash %s, corpus.json pins %s", p.Module, p.Version, dl.Sum, p.Sum)
	}
	tmp := dst + ".tmp"
	if err := os.RemoveAll(tmp); err != nil {
		return "", err
	}
	if err := copyTree(dl.Dir, tmp); err != nil {
		return "", err
	}
	return dst, os.Rename(tmp, dst)
}

// copyTree copies the files of src to a new writable tree dst (the module
// cache is read-only, and loading may have to complete go.sum).
func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// command returns a go or fileurilint command run in dir for goos,
// building p with its own go.mod and nothing else.
func command(p project, dir, goos, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOOS="+goos)
	if p.Module != "std" {
		// A downloaded module may lack go.sum lines for its test
		// dependencies; the standard library must use its vendor tree.
		cmd.Env = append(cmd.Env, "GOFLAGS="+strings.TrimSpace(os.Getenv("GOFLAGS")+" -mod=mod"))
	}
	return cmd
}

// lint runs the binary with -json over p's packages in dir, once for
// each target GOOS, and merges the reports: files built only for Windows
// are analyzed too.
func (e *env) lint(p project, dir string) (*result, error) {
	if e.bin == "" {
		return nil, errors.New("-bin is required")
	}
	r := &result{Project: p.Project, Module: p.Module, Version: p.Version}
	seen := make(map[report]bool)
	for _, goos := range e.goos {
		pkgs, left, err := loadable(p, dir, goos)
		if err != nil {
			return nil, err
		}
		for _, path := range left {
			r.LeftOut = append(r.LeftOut, goos+": "+path)
		}
		args := slices.Concat([]string{"-json", "-test"}, e.flags, pkgs)
		cmd := command(p, dir, goos, e.bin, args...)
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		start := time.Now()
		runErr := cmd.Run()
		r.Seconds += time.Since(start).Seconds()
		for line := range strings.Lines(stderr.String()) {
			if line = strings.TrimSpace(line); line != "" {
				r.Errors = append(r.Errors, goos+": "+line)
			}
		}
		if stdout.Len() == 0 {
			if runErr != nil {
				return nil, fmt.Errorf("%s (GOOS=%s): %v\n%s", p.Project, goos, runErr, stderr.String())
			}
			continue
		}
		var tree map[string]map[string]json.RawMessage
		if err := json.Unmarshal(stdout.Bytes(), &tree); err != nil {
			return nil, fmt.Errorf("%s (GOOS=%s): reading -json output: %v", p.Project, goos, err)
		}
		for pkg, byAnalyzer := range tree {
			for _, raw := range byAnalyzer {
				var diags []struct {
					Category       string
					Posn           string
					Message        string
					SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
				}
				if err := json.Unmarshal(raw, &diags); err != nil {
					r.Errors = append(r.Errors, goos+": "+pkg+": "+string(raw))
					continue
				}
				for _, d := range diags {
					rep, err := parsePosn(d.Posn, dir)
					if err != nil {
						return nil, err
					}
					rep.Kind, rep.Message, rep.Fixes = d.Category, d.Message, len(d.SuggestedFixes)
					// A file of a package with tests is analyzed twice,
					// and a file for every GOOS once per GOOS.
					if !seen[rep] {
						seen[rep] = true
						r.Reports = append(r.Reports, rep)
					}
				}
			}
		}
	}
	slices.SortFunc(r.Reports, func(a, b report) int {
		return cmp.Or(strings.Compare(a.File, b.File), a.Line-b.Line, a.Col-b.Col, strings.Compare(a.Kind, b.Kind))
	})
	return r, nil
}

// loadable returns the packages of p that load with their tests, and
// those that do not. If every package loads, it returns p's own patterns.
func loadable(p project, dir, goos string) (pkgs, left []string, err error) {
	args := append([]string{"list", "-e", "-test", "-f", "{{.ImportPath}}\t{{if or .Error .DepsErrors}}broken{{end}}"}, p.Packages...)
	out, err := command(p, dir, goos, "go", args...).Output()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: go list: %v", p.Project, err)
	}
	broken := make(map[string]bool)
	var all []string
	for line := range strings.Lines(string(out)) {
		path, status, _ := strings.Cut(strings.TrimSpace(line), "\t")
		// A test variant "p [p.test]", an external test "p_test [p.test]"
		// and a test main "p.test" all stand for p.
		if i := strings.Index(path, " ["); i >= 0 {
			path = strings.TrimSuffix(path[:i], "_test")
		} else if strings.HasSuffix(path, ".test") {
			continue
		}
		if _, seen := broken[path]; !seen {
			all = append(all, path)
		}
		broken[path] = broken[path] || status != ""
	}
	if !slices.ContainsFunc(all, func(path string) bool { return broken[path] }) {
		return p.Packages, nil, nil
	}
	for _, path := range all {
		if broken[path] {
			left = append(left, path)
		} else {
			pkgs = append(pkgs, path)
		}
	}
	return pkgs, left, nil
}

// parsePosn reads "file:line:col", making file relative to root.
func parsePosn(posn, root string) (report, error) {
	rest, col, ok1 := cutLast(posn)
	file, line, ok2 := cutLast(rest)
	if !ok1 || !ok2 {
		return report{}, fmt.Errorf("bad position %q", posn)
	}
	if rel, err := filepath.Rel(root, file); err == nil && !strings.HasPrefix(rel, "..") {
		file = filepath.ToSlash(rel)
	}
	return report{File: file, Line: line, Col: col}, nil
}

func cutLast(s string) (string, int, bool) {
	i := strings.LastIndexByte(s, ':')
	if i < 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(s[i+1:])
	return s[:i], n, err == nil
}

func (e *env) run() error {
	start := time.Now()
	total, failed := 0, 0
	for _, p := range e.corpus {
		dir, err := e.source(p)
		if err != nil {
			return err
		}
		r, err := e.lint(p, dir)
		if err != nil {
			return err
		}
		if err := writeJSON(filepath.Join(e.resultsDir(), p.Project+".json"), r); err != nil {
			return err
		}
		printResult(r)
		total += len(r.Reports)
		if len(r.Errors) > 0 {
			failed++
		}
	}
	fmt.Printf("\n%d projects, %d reports, %d projects with errors, %s\n", len(e.corpus), total, failed, time.Since(start).Round(time.Second))
	return nil
}

func printResult(r *result) {
	byKind := make(map[string][]report)
	for _, rep := range r.Reports {
		byKind[rep.Kind] = append(byKind[rep.Kind], rep)
	}
	fmt.Printf("== %s %s@%s: %d reports, %d errors, %.0fs\n", r.Project, r.Module, r.Version, len(r.Reports), len(r.Errors), r.Seconds)
	if len(r.LeftOut) > 0 {
		fmt.Printf("   left out, not loadable: %s\n", strings.Join(r.LeftOut, " "))
	}
	for _, msg := range r.Errors {
		fmt.Printf("   error: %s\n", msg)
	}
	for _, kind := range slices.Sorted(maps.Keys(byKind)) {
		fmt.Printf("   %s (%d)\n", kind, len(byKind[kind]))
		for _, rep := range byKind[kind] {
			fix := ""
			if rep.Fixes > 0 {
				fix = " [fix]"
			}
			fmt.Printf("      %s:%d:%d: %s%s\n", rep.File, rep.Line, rep.Col, rep.Message, fix)
		}
	}
}

// fix applies -fix to a fresh copy of each project and checks the result.
// The standard library is skipped: it cannot be copied out of GOROOT.
func (e *env) fix() error {
	for _, p := range e.corpus {
		if p.Module == "std" {
			continue
		}
		src, err := e.source(p)
		if err != nil {
			return err
		}
		dst := filepath.Join(e.dir, "fix", p.Project)
		if err := os.RemoveAll(dst); err != nil {
			return err
		}
		if err := copyTree(src, dst); err != nil {
			return err
		}
		failed := false
		for _, goos := range e.goos {
			pkgs, _, err := loadable(p, dst, goos)
			if err != nil {
				return err
			}
			args := slices.Concat([]string{"-fix", "-test"}, e.flags, pkgs)
			out, err := command(p, dst, goos, e.bin, args...).CombinedOutput()
			if err != nil {
				fmt.Printf("== %s: -fix (GOOS=%s) failed: %v\n%s", p.Project, goos, err, out)
				failed = true
			}
		}
		if failed {
			continue
		}
		changed, err := changedFiles(src, dst)
		if err != nil {
			return err
		}
		if len(changed) == 0 {
			fmt.Printf("== %s: nothing fixed\n", p.Project)
			continue
		}
		fmt.Printf("== %s: %d files fixed: %s\n", p.Project, len(changed), strings.Join(changed, " "))
		for _, goos := range e.goos {
			pkgs, _, err := loadable(p, dst, goos)
			if err != nil {
				return err
			}
			build := goCheck(p, dst, goos, "build", pkgs)
			vet := goCheck(p, dst, goos, "vet", pkgs)
			if vet != "" && goCheck(p, src, goos, "vet", pkgs) != "" {
				vet = "fails, as it does before the fixes (compare by hand)"
			}
			fmt.Printf("   GOOS=%s go build: %s\n   GOOS=%s go vet: %s\n", goos, cmp.Or(build, "ok"), goos, cmp.Or(vet, "ok"))
		}
		r, err := e.lint(p, dst)
		if err != nil {
			return err
		}
		fixable := 0
		for _, rep := range r.Reports {
			if rep.Fixes > 0 {
				fixable++
				fmt.Printf("   still fixable: %s:%d:%d: %s\n", rep.File, rep.Line, rep.Col, rep.Message)
			}
		}
		fmt.Printf("   second run: %d reports, %d fixable\n", len(r.Reports), fixable)
	}
	return nil
}

// goCheck runs "go build" or "go vet" for goos over pkgs of p in dir and returns
// its output if it fails.
func goCheck(p project, dir, goos, verb string, pkgs []string) string {
	out, err := command(p, dir, goos, "go", append([]string{verb}, pkgs...)...).CombinedOutput()
	if err == nil {
		return ""
	}
	return fmt.Sprintf("%v\n%s", err, out)
}

// changedFiles lists the .go files of dst that differ from those of src.
func changedFiles(src, dst string) ([]string, error) {
	var changed []string
	err := filepath.WalkDir(dst, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		rel, _ := filepath.Rel(dst, path)
		a, err := os.ReadFile(filepath.Join(src, rel))
		if err != nil {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		if !bytes.Equal(a, b) {
			changed = append(changed, filepath.ToSlash(rel))
		}
		return nil
	})
	return changed, err
}

// siteRE matches the text of a line that builds, checks or takes apart a
// file URI: a "file:..." literal (not "file: " in a message), a file:/
// anywhere, or the scheme "file" compared or assigned.
var siteRE = regexp.MustCompile(`(?i)"file:[^ ]|file:/|scheme.{0,12}"file"|"file".{0,12}scheme|case "file"`)

// sites prints every line of Go code (not comments) in the packages of
// each project that mentions a file URI, as file:line: text.
func (e *env) sites() error {
	for _, p := range e.corpus {
		root, err := e.source(p)
		if err != nil {
			return err
		}
		n, tests := 0, 0
		err = walkGo(root, func(path string, data []byte) {
			rel, _ := filepath.Rel(root, path)
			for i, line := range strings.Split(string(data), "\n") {
				text := strings.TrimSpace(line)
				if strings.HasPrefix(text, "//") || !siteRE.MatchString(text) {
					continue
				}
				n++
				if strings.HasSuffix(path, "_test.go") {
					tests++
				}
				fmt.Printf("%s %s:%d: %s\n", p.Project, filepath.ToSlash(rel), i+1, text)
			}
		})
		if err != nil {
			return err
		}
		fmt.Printf("== %s: %d sites, %d in tests\n", p.Project, n, tests)
	}
	return nil
}

// walkGo calls f for each .go file that go build sees under root: it
// skips testdata, vendor, directories starting with . or _ and nested
// modules.
func walkGo(root string, f func(path string, data []byte)) error {
	return filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if path == root {
				return nil
			}
			if name == "testdata" || name == "vendor" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") {
				return filepath.SkipDir
			}
			if _, err := os.Stat(filepath.Join(path, "go.mod")); err == nil {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".go") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		f(path, data)
		return nil
	})
}

// resultsDir returns the directory of the results of runs with e's
// flags: DIR/results for the default flags, DIR/results-strict for
// -flags=-strict.
func (e *env) resultsDir() string {
	return filepath.Join(e.dir, "results"+strings.Join(e.flags, ""))
}

// results reads the results of the last run of each project.
func (e *env) results() ([]*result, error) {
	var rs []*result
	for _, p := range e.corpus {
		r := new(result)
		if err := readJSON(filepath.Join(e.resultsDir(), p.Project+".json"), r); err != nil {
			return nil, fmt.Errorf("no results for %s (run first): %v", p.Project, err)
		}
		if r.Version != p.Version {
			return nil, fmt.Errorf("results for %s are of %s, corpus.json pins %s", p.Project, r.Version, p.Version)
		}
		rs = append(rs, r)
	}
	return rs, nil
}

func (e *env) precision() error {
	rs, err := e.results()
	if err != nil {
		return err
	}
	var vs []verdict
	if err := readJSON(e.verdicts, &vs); err != nil {
		return err
	}
	type key struct {
		project, file string
		line          int
		kind          string
	}
	judged := make(map[key]verdict)
	for _, v := range vs {
		judged[key{v.Project, v.File, v.Line, v.Kind}] = v
	}
	used := make(map[key]bool)
	var unjudged []verdict
	defects, fps := 0, 0
	for _, r := range rs {
		d, f := 0, 0
		for _, rep := range r.Reports {
			k := key{r.Project, rep.File, rep.Line, rep.Kind}
			v, ok := judged[k]
			switch {
			case !ok:
				unjudged = append(unjudged, verdict{Project: r.Project, Version: r.Version, File: rep.File, Line: rep.Line, Kind: rep.Kind, Reason: rep.Message})
			case v.Verdict == "defect":
				d++
			case v.Verdict == "false-positive":
				f++
				fmt.Printf("false positive: %s %s:%d %s: %s\n", r.Project, rep.File, rep.Line, rep.Kind, v.Reason)
			default:
				return fmt.Errorf("verdict %q for %s %s:%d: want defect or false-positive", v.Verdict, r.Project, v.File, v.Line)
			}
			used[k] = true
		}
		fmt.Printf("%-16s %4d reports %4d defects %4d false positives\n", r.Project, len(r.Reports), d, f)
		defects += d
		fps += f
	}
	for _, v := range vs {
		if !used[key{v.Project, v.File, v.Line, v.Kind}] && slices.ContainsFunc(rs, func(r *result) bool { return r.Project == v.Project }) {
			fmt.Printf("stale verdict (no such report): %s %s:%d %s\n", v.Project, v.File, v.Line, v.Kind)
		}
	}
	if defects+fps > 0 {
		fmt.Printf("precision %.1f%% (%d of %d judged reports are defects)\n", 100*float64(defects)/float64(defects+fps), defects, defects+fps)
	}
	if len(unjudged) > 0 {
		fmt.Printf("%d reports not judged yet; verdict stubs (the reason holds the message):\n", len(unjudged))
		out, err := json.MarshalIndent(unjudged, "", "  ")
		if err != nil {
			return err
		}
		fmt.Println(string(out))
	}
	return nil
}

func (e *env) recall() error {
	rs, err := e.results()
	if err != nil {
		return err
	}
	var ms []miss
	if err := readJSON(e.misses, &ms); err != nil {
		return err
	}
	type site struct {
		project, file string
		line          int
	}
	reported := make(map[site]bool)
	for _, r := range rs {
		for _, rep := range r.Reports {
			reported[site{r.Project, rep.File, rep.Line}] = true
		}
	}
	found, expected := 0, 0
	for _, r := range rs {
		f, n, quiet := 0, 0, 0
		for _, m := range ms {
			if m.Project != r.Project {
				continue
			}
			hit := reported[site{m.Project, m.File, m.Line}]
			switch m.Status {
			case "expected":
				n++
				if hit {
					f++
				} else {
					fmt.Printf("missed: %s %s:%d: %s\n", m.Project, m.File, m.Line, m.What)
				}
			case "not-defect":
				if hit {
					fmt.Printf("look-alike reported: %s %s:%d: %s\n", m.Project, m.File, m.Line, m.What)
				} else {
					quiet++
				}
			case "out-of-scope":
			default:
				return fmt.Errorf("status %q for %s %s:%d: want expected, out-of-scope or not-defect", m.Status, m.Project, m.File, m.Line)
			}
		}
		fmt.Printf("%-16s %3d defects found by reading, %3d reported; %3d look-alikes unreported\n", r.Project, n, f, quiet)
		found += f
		expected += n
	}
	if expected > 0 {
		fmt.Printf("recall %.1f%% (%d of %d)\n", 100*float64(found)/float64(expected), found, expected)
	}
	return nil
}

func readJSON(name string, v any) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

func writeJSON(name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, append(data, '\n'), 0o644)
}
