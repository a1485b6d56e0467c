package main

import (
	"bytes"
	"cmp"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"github.com/fileurilint/fileurilint/internal/modsrc"
)

// fix applies -fix to a fresh copy of each project and checks the result.
// The standard library is skipped: it cannot be copied out of GOROOT.
func (e *env) fix() error {
	for _, p := range e.corpus {
		if p.Module == "std" {
			continue
		}
		if err := e.fixProject(p); err != nil {
			return err
		}
	}
	return nil
}

// fixProject applies -fix to a fresh copy of p; if that changed files,
// it builds and vets the copy and lints it again.
func (e *env) fixProject(p project) error {
	src, err := e.source(p)
	if err != nil {
		return err
	}
	dst := filepath.Join(e.dir, "fix", p.Project)
	if err := os.RemoveAll(dst); err != nil {
		return err
	}
	if err := modsrc.CopyTree(src, dst); err != nil {
		return err
	}
	ok, err := e.applyFixes(p, dst)
	if err != nil || !ok {
		return err // a failed run is printed; nothing is left to check
	}
	changed, err := changedFiles(src, dst)
	if err != nil {
		return err
	}
	if len(changed) == 0 {
		fmt.Printf("== %s: nothing fixed\n", p.Project)
		return nil
	}
	fmt.Printf("== %s: %d files fixed: %s\n", p.Project, len(changed), strings.Join(changed, " "))
	if err := e.checkBuild(p, src, dst); err != nil {
		return err
	}
	return e.relint(p, dst)
}

// applyFixes runs the binary with -fix over p's packages in dir for each
// target GOOS. It reports whether every run succeeded, printing those
// that failed.
func (e *env) applyFixes(p project, dir string) (bool, error) {
	ok := true
	for _, goos := range e.goos {
		pkgs, _, err := loadable(p, dir, goos)
		if err != nil {
			return false, err
		}
		args := slices.Concat([]string{"-fix", "-test"}, e.flags, pkgs)
		out, err := command(p, dir, goos, e.bin, args...).CombinedOutput()
		if exit, isExit := err.(*exec.ExitError); isExit && exit.ExitCode() == 3 {
			err = nil // findings that need a change by hand are left
		}
		if err != nil {
			fmt.Printf("== %s: -fix (GOOS=%s) failed: %v\n%s", p.Project, goos, err, out)
			ok = false
		}
	}
	return ok, nil
}

// checkBuild prints whether the fixed copy dst of p builds and vets for
// each target GOOS, and whether a vet failure is one of the original src
// too.
func (e *env) checkBuild(p project, src, dst string) error {
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
	return nil
}

// relint lints the fixed copy dir of p again and prints the reports that
// still have a fix.
func (e *env) relint(p project, dir string) error {
	r, err := e.lint(p, dir)
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
