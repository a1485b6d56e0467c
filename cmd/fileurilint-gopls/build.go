package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"

	"github.com/fileurilint/fileurilint/internal/modsrc"
)

// supported lists the gopls versions whose hook point this command
// knows, newest first: the first is built by default.
var supported = []string{"v0.23.0"}

const (
	goplsModule = "golang.org/x/tools/gopls"
	selfModule  = "github.com/fileurilint/fileurilint"
	// localVersion is the version required of a module that a replace
	// directive points at a directory.
	localVersion = "v0.0.0-00010101000000-000000000000"
)

// build writes to o.out a gopls of version o.gopls with the analyzer
// compiled in, set with o.flags. It works in a temporary module that
// requires gopls, replaced by a copy of its source with the hook file
// added, and this module; every module that gopls's go.mod requires is
// pinned to the version it names there.
func build(o options, log io.Writer) error {
	out, err := filepath.Abs(o.out)
	if err != nil {
		return err
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return fmt.Errorf("no build information in this binary")
	}
	self, err := selfSource(bi)
	if err != nil {
		return err
	}
	work, err := os.MkdirTemp("", "fileurilint-gopls-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)

	fmt.Fprintf(log, "fileurilint-gopls: building gopls %s with the fileuri analyzer of %s\n", o.gopls, self)
	goplsDir, _, err := modsrc.Download(goplsModule, o.gopls)
	if err != nil {
		return err
	}
	if err := checkHook(filepath.Join(goplsDir, "internal", "settings")); err != nil {
		return fmt.Errorf("gopls %s: %v; fileurilint-gopls supports gopls %s", o.gopls, err, strings.Join(supported, ", "))
	}
	src := filepath.Join(work, "gopls")
	if err := modsrc.CopyTree(goplsDir, src); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(src, "internal", "settings", "fileurilint.go"), hookFile(o.flags), 0o644); err != nil {
		return err
	}
	var goplsMod struct {
		Go      string
		Require []struct{ Path, Version string }
	}
	if err := goJSON(work, &goplsMod, "mod", "edit", "-json", filepath.Join(src, "go.mod")); err != nil {
		return err
	}

	edits := []string{
		"-go=" + goplsMod.Go,
		"-require=" + goplsModule + "@" + o.gopls,
		"-replace=" + goplsModule + "=./gopls",
		"-tool=" + goplsModule,
		"-require=" + selfModule + "@" + self.version,
	}
	if self.dir != "" {
		edits = append(edits, "-replace="+selfModule+"="+self.dir)
	}
	for _, r := range goplsMod.Require {
		edits = append(edits, fmt.Sprintf("-replace=%s=%[1]s@%s", r.Path, r.Version))
	}
	steps := [][]string{
		{"mod", "init", "fileurilint-gopls"},
		append([]string{"mod", "edit"}, edits...),
		{"mod", "tidy"},
		{"build", "-trimpath", "-o", out, goplsModule},
	}
	for _, args := range steps {
		if _, err := goCmd(work, args...); err != nil {
			if !slices.Contains(supported, o.gopls) {
				err = fmt.Errorf("%v\nfileurilint-gopls supports gopls %s", err, strings.Join(supported, ", "))
			}
			return err
		}
	}
	fmt.Fprintf(log, "fileurilint-gopls: wrote %s\n", out)
	return nil
}

// source is where the analyzer built into gopls comes from: a version
// of this module from the module proxy, or a clone's directory.
type source struct {
	version string
	dir     string
}

func (s source) String() string {
	if s.dir != "" {
		return s.dir
	}
	return selfModule + "@" + s.version
}

// selfSource returns the source of the analyzer to build: the version
// this command was built from, as its build information bi records it
// (go run module@version), or, when it was built from a source tree
// (go run ./cmd/fileurilint-gopls in a clone), the module of the
// current directory, which must be this module.
func selfSource(bi *debug.BuildInfo) (source, error) {
	v := bi.Main.Version
	fromTree := v == "" || v == "(devel)" || strings.Contains(v, "+")
	for _, s := range bi.Settings {
		fromTree = fromTree || s.Key == "vcs.revision"
	}
	if !fromTree {
		return source{version: v}, nil
	}
	gomod, err := goCmd("", "env", "GOMOD")
	if err != nil {
		return source{}, err
	}
	gomod = strings.TrimSpace(gomod)
	var m struct{ Module struct{ Path string } }
	if gomod != "" && gomod != os.DevNull {
		if err := goJSON("", &m, "mod", "edit", "-json", gomod); err != nil {
			return source{}, err
		}
	}
	if m.Module.Path != selfModule {
		return source{}, fmt.Errorf("built from a source tree, so it builds the analyzer of the clone it runs in, but the current directory is not in a clone of %s; run it there, or as go run %s/cmd/fileurilint-gopls@VERSION", selfModule, selfModule)
	}
	return source{version: localVersion, dir: filepath.Dir(gomod)}, nil
}

// goCmd runs the go command in dir (the current directory if empty),
// outside any workspace and with no GOFLAGS of the user's, and returns
// its standard output; an error holds its standard error.
func goCmd(dir string, args ...string) (string, error) {
	cmd := exec.Command("go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=", "GO111MODULE=on")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, bytes.TrimSpace(stderr.Bytes()))
	}
	return stdout.String(), nil
}

// goJSON runs the go command in dir and decodes its JSON output into v;
// a JSON "Error" field that is set is an error.
func goJSON(dir string, v any, args ...string) error {
	out, err := goCmd(dir, args...)
	if err != nil {
		return err
	}
	if err := json.Unmarshal([]byte(out), v); err != nil {
		return fmt.Errorf("go %s: %v", strings.Join(args, " "), err)
	}
	var e struct{ Error string }
	if json.Unmarshal([]byte(out), &e) == nil && e.Error != "" {
		return fmt.Errorf("%s", e.Error)
	}
	return nil
}
