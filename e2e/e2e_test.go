// Package e2e tests fileurilint end to end: it builds the real command and
// runs it, alone and through go vet, go fix, the go tool dependency route
// and a custom golangci-lint, on a fixture module in a temporary directory.
package e2e

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var (
	root string // the repository
	bin  string // fileurilint built from it
)

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	var err error
	if root, err = filepath.Abs(".."); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	dir, err := os.MkdirTemp("", "fileurilint-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	bin = filepath.Join(dir, "fileurilint")
	build := exec.Command("go", "build", "-o", bin, "./cmd/fileurilint")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "go build ./cmd/fileurilint: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// offline is the environment of every command run on a fixture: it may
// update go.mod and go.sum but reaches no network and no other toolchain.
func offline() []string {
	return append(os.Environ(), "GOFLAGS=-mod=mod", "GOPROXY=off", "GOWORK=off", "GOTOOLCHAIN=local")
}

// result is what a command did.
type result struct {
	stdout, stderr string
	code           int
}

// runIn runs a command in dir with the environment env and returns its
// output and exit code; it fails the test when the command cannot start.
func runIn(t *testing.T, dir string, env []string, name string, args ...string) result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s %s: %v", name, strings.Join(args, " "), err)
	}
	return result{stdout.String(), stderr.String(), cmd.ProcessState.ExitCode()}
}

// mustRun runs a command that must succeed and returns its stdout.
func mustRun(t *testing.T, dir string, env []string, name string, args ...string) string {
	t.Helper()
	r := runIn(t, dir, env, name, args...)
	if r.code != 0 {
		t.Fatalf("%s %s: exit %d\n%s%s", name, strings.Join(args, " "), r.code, r.stdout, r.stderr)
	}
	return r.stdout
}

// newFixture copies testdata/fixture, less its golden files, into a
// temporary directory and makes it a module that requires this repository
// by a replace directive; it returns the directory.
func newFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	src := filepath.Join("testdata", "fixture")
	err := filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || strings.HasSuffix(path, ".golden") {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dir, rel), 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	gomod := fmt.Sprintf(`module example.com/fixture

go 1.26

require github.com/fileurilint/fileurilint v0.0.0

replace github.com/fileurilint/fileurilint => %s
`, root)
	writeFile(t, filepath.Join(dir, "go.mod"), gomod)
	copyGoSum(t, dir)
	return dir
}

// copyGoSum gives the module in dir the repository's go.sum, so that the go
// command verifies the repository's dependencies without the checksum
// database, out of reach with GOPROXY=off.
func copyGoSum(t *testing.T, dir string) {
	t.Helper()
	writeFile(t, filepath.Join(dir, "go.sum"), readFile(t, filepath.Join(root, "go.sum")))
}

func writeFile(t *testing.T, name, content string) {
	t.Helper()
	if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
