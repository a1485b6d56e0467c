package main

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// run lints every project, writes its result to the results directory
// and prints its reports grouped by kind.
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
		out, err := e.lintGOOS(r, p, dir, goos)
		if err != nil {
			return nil, err
		}
		if out == nil {
			continue // no package loads
		}
		if err := r.addReports(out, dir, goos, seen); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(r.Reports, func(a, b report) int {
		return cmp.Or(strings.Compare(a.File, b.File), a.Line-b.Line, a.Col-b.Col, strings.Compare(a.Kind, b.Kind))
	})
	return r, nil
}

// lintGOOS runs the binary with -json over the packages of p in dir that
// load for goos and returns its output, or nil when none loads. It adds
// to r the packages left out, the time taken and the lines of the
// binary's stderr.
func (e *env) lintGOOS(r *result, p project, dir, goos string) ([]byte, error) {
	pkgs, left, err := loadable(p, dir, goos)
	if err != nil {
		return nil, err
	}
	for _, path := range left {
		r.LeftOut = append(r.LeftOut, goos+": "+path)
	}
	if len(pkgs) == 0 {
		r.Errors = append(r.Errors, goos+": no package loads")
		return nil, nil
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
	if stdout.Len() == 0 && runErr != nil {
		return nil, fmt.Errorf("%s (GOOS=%s): %v\n%s", p.Project, goos, runErr, stderr.String())
	}
	return stdout.Bytes(), nil
}

// addReports adds to r the diagnostics of out, the -json output of a run
// for goos over the project in dir, unless seen holds them already: a
// file of a package with tests is analyzed twice, and a file for every
// GOOS once per GOOS.
func (r *result) addReports(out []byte, dir, goos string, seen map[report]bool) error {
	if len(out) == 0 {
		return nil
	}
	var tree map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &tree); err != nil {
		return fmt.Errorf("%s (GOOS=%s): reading -json output: %v", r.Project, goos, err)
	}
	for pkg, byAnalyzer := range tree {
		for _, raw := range byAnalyzer {
			var diags []struct {
				Category       string
				Posn           string
				End            string
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
					return err
				}
				rep.Kind, rep.Message, rep.Fixes = d.Category, d.Message, len(d.SuggestedFixes)
				if end, err := parsePosn(d.End, dir); err == nil && end.Line > rep.Line {
					rep.EndLine = end.Line
				}
				if !seen[rep] {
					seen[rep] = true
					r.Reports = append(r.Reports, rep)
				}
			}
		}
	}
	return nil
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
