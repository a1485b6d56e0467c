package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"go/ast"
	"go/token"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/fileurilint/fileurilint/analyzer"
	"golang.org/x/tools/go/analysis"
)

// With -fix, singlechecker applies the fixes and exits, and says nothing
// of what it did or left. So the command runs itself again, with the same
// arguments and recordEnv naming a file, to apply the fixes; that copy
// records in the file each diagnostic the analyzer reports, and the
// command prints from the record the summary line and chooses the exit
// code once it ends. A fix may need what another adds (the function
// fileURI that one file of a package adds for the constructions of all),
// so the command runs the copy again, up to maxRounds times in all,
// while the last run applied fixes.

// recordEnv names the file in which a copy of the command run by fix
// records the diagnostics.
const recordEnv = "FILEURILINT_FIX_RECORD"

// A finding is a diagnostic as the record holds it.
type finding struct {
	Pos      token.Position
	Category string
	// Files are the files that the diagnostic's fix edits, none when the
	// driver applies no fix for it: it has none, or its fix edits a
	// generated file.
	Files []string `json:",omitempty"`
	// CRLF are those of Files whose every line ends in CRLF.
	CRLF []string `json:",omitempty"`
}

// recording returns a copy of analyzer.Analyzer that also records each
// diagnostic in the file named record, one JSON value each.
func recording(record string) *analysis.Analyzer {
	f, err := os.OpenFile(record, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		log.Fatal(err)
	}
	var mu sync.Mutex
	enc := json.NewEncoder(f)
	a := *analyzer.Analyzer
	a.Run = func(pass *analysis.Pass) (any, error) {
		report := pass.Report
		pass.Report = func(d analysis.Diagnostic) {
			report(d)
			mu.Lock()
			defer mu.Unlock()
			files := fixedFiles(pass, d)
			if err := enc.Encode(finding{pass.Fset.Position(d.Pos), d.Category, files, crlfFiles(pass, files)}); err != nil {
				log.Fatal(err)
			}
		}
		return analyzer.Analyzer.Run(pass)
	}
	return &a
}

// fixedFiles returns the files that the driver edits to apply the fix of
// d (its first): none when d has no fix, or when the fix edits a
// generated file, which the driver skips.
func fixedFiles(pass *analysis.Pass, d analysis.Diagnostic) []string {
	if len(d.SuggestedFixes) == 0 {
		return nil
	}
	var files []string
	for _, edit := range d.SuggestedFixes[0].TextEdits {
		file := pass.Fset.File(edit.Pos)
		for _, f := range pass.Files {
			if pass.Fset.File(f.FileStart) == file && ast.IsGenerated(f) {
				return nil
			}
		}
		files = append(files, file.Name())
	}
	slices.Sort(files)
	return slices.Compact(files)
}

// maxRounds bounds the runs of one -fix.
const maxRounds = 3

// crlfFiles returns the files among files whose every line ends in CRLF.
func crlfFiles(pass *analysis.Pass, files []string) []string {
	var crlf []string
	for _, name := range files {
		if src, err := pass.ReadFile(name); err == nil && isCRLF(src) {
			crlf = append(crlf, name)
		}
	}
	return crlf
}

// isCRLF reports whether every line of src ends in CRLF.
func isCRLF(src []byte) bool {
	n := bytes.Count(src, []byte("\n"))
	return n > 0 && bytes.Count(src, []byte("\r\n")) == n
}

// restoreCRLF gives back their CRLF line ends to the files of found that
// had them, which the driver's gofmt turned into LF.
func restoreCRLF(found []finding) error {
	done := make(map[string]bool)
	for _, f := range found {
		for _, name := range f.CRLF {
			if done[name] {
				continue
			}
			done[name] = true
			src, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			if !bytes.Contains(src, []byte("\r\n")) {
				if err := os.WriteFile(name, bytes.ReplaceAll(src, []byte("\n"), []byte("\r\n")), 0o644); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// fix runs the command again with the same arguments and a record, to
// apply the fixes or, with -diff, print them, until a run applies none
// (see maxRounds; -diff runs once, as it applies nothing); it then prints
// the summary line and returns the exit code, or an error when it could
// not run.
func fix(diff bool) (int, error) {
	var rounds [][]finding
	for len(rounds) < maxRounds {
		found, code, err := fixRound()
		if err != nil || code != 0 {
			return code, err
		}
		rounds = append(rounds, found)
		if diff || !slices.ContainsFunc(found, func(f finding) bool { return len(f.Files) > 0 }) {
			break
		}
		if err := restoreCRLF(found); err != nil {
			return 1, err
		}
	}
	line, code := summarize(rounds, diff)
	fmt.Fprintln(os.Stderr, "fileurilint: "+line)
	return code, nil
}

// fixRound runs the command again with the same arguments and a record,
// and returns the findings it recorded, or its exit code when it failed.
func fixRound() ([]finding, int, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, 1, err
	}
	record, err := os.CreateTemp("", "fileurilint-fix-*.json")
	if err != nil {
		return nil, 1, err
	}
	defer os.Remove(record.Name())
	defer record.Close()

	cmd := exec.Command(exe, os.Args[1:]...)
	cmd.Env = append(os.Environ(), recordEnv+"="+record.Name())
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) && exit.ExitCode() > 0 {
			return nil, exit.ExitCode(), nil // the driver has said why
		}
		return nil, 1, err
	}

	var found []finding
	dec := json.NewDecoder(record)
	for {
		var f finding
		if err := dec.Decode(&f); err == io.EOF {
			break
		} else if err != nil {
			return nil, 1, err
		}
		found = append(found, f)
	}
	return found, 0, nil
}

// maxListed is the number of findings needing a change by hand beyond
// which the summary line counts them rather than lists them.
const maxListed = 5

// summarize returns the summary line of the findings of the runs of a
// -fix, and its exit code: 3 when findings are left (with -diff, any
// finding), else 0. Each run applied the fixes it found; those without
// one in the last run are left. A finding reported by several packages
// (a package and its test variant) counts once, fixed if any of them has
// a fix for it.
func summarize(rounds [][]finding, diff bool) (string, int) {
	var fixes int
	files := make(map[string]bool)
	var left []finding
	for i, found := range rounds {
		for _, f := range unique(found) {
			switch {
			case len(f.Files) > 0:
				fixes++
				for _, name := range f.Files {
					files[name] = true
				}
			case i == len(rounds)-1:
				left = append(left, f)
			}
		}
	}

	var b strings.Builder
	switch {
	case fixes == 0:
		b.WriteString("no fixes to apply")
	case diff:
		fmt.Fprintf(&b, "showed %s to %s, not applied", plural(fixes, "fix", "fixes"), plural(len(files), "file", "files"))
	default:
		fmt.Fprintf(&b, "applied %s, changed %s", plural(fixes, "fix", "fixes"), plural(len(files), "file", "files"))
	}
	switch n := len(left); {
	case n == 0:
		b.WriteString("; no finding needs a change by hand")
	case n > maxListed:
		fmt.Fprintf(&b, "; %d findings need a change by hand: run fileurilint without -fix to list them", n)
	default:
		slices.SortFunc(left, func(x, y finding) int {
			return cmp.Or(strings.Compare(x.Pos.Filename, y.Pos.Filename), x.Pos.Offset-y.Pos.Offset, strings.Compare(x.Category, y.Category))
		})
		fmt.Fprintf(&b, "; %s by hand: ", plural(n, "finding needs a change", "findings need a change"))
		for i, f := range left {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%s:%d: %s", relative(f.Pos.Filename), f.Pos.Line, f.Category)
		}
	}
	if len(left) > 0 || diff && fixes > 0 {
		return b.String(), 3
	}
	return b.String(), 0
}

// unique returns the findings of found, each once: a finding reported by
// several packages (a package and its test variant) is fixed if any of
// them has a fix for it.
func unique(found []finding) []finding {
	type key struct {
		pos      token.Position
		category string
	}
	byKey := make(map[key]finding)
	var order []key
	for _, f := range found {
		k := key{f.Pos, f.Category}
		if prev, ok := byKey[k]; !ok {
			order = append(order, k)
		} else if len(prev.Files) > 0 {
			continue
		}
		byKey[k] = f
	}
	out := make([]finding, len(order))
	for i, k := range order {
		out[i] = byKey[k]
	}
	return out
}

// relative returns name relative to the working directory when it is
// inside it, else name.
func relative(name string) string {
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, name); err == nil && filepath.IsLocal(rel) {
			return rel
		}
	}
	return name
}

// plural returns "n noun", in the plural unless n is 1.
func plural(n int, singular, plural string) string {
	if n == 1 {
		return "1 " + singular
	}
	return fmt.Sprintf("%d %s", n, plural)
}
