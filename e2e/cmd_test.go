package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVetCache shows that go vet keys its cache on the build of the tool,
// which it learns from -V=full, and on the tool's flags.
func TestVetCache(t *testing.T) {
	dir := newFixture(t)
	env := offline()
	// ran reports whether go vet ran the tool at path rather than reuse a
	// cached result; -x prints the commands go vet runs.
	ran := func(path string, flags ...string) bool {
		args := append([]string{"vet", "-x", "-vettool=" + path}, flags...)
		r := runIn(t, dir, env, "go", append(args, "./clean")...)
		if r.code != 0 {
			t.Fatalf("go %s: exit %d\n%s", strings.Join(args, " "), r.code, r.stderr)
		}
		return strings.Contains(r.stderr, path+" ")
	}
	if !ran(bin) {
		t.Fatal("go vet did not run fileurilint on a fresh package")
	}
	if ran(bin) {
		t.Error("go vet ran fileurilint again on an unchanged package")
	}
	if !ran(bin, "-strict") {
		t.Error("go vet reused the result of another flag set")
	}

	tmp := t.TempDir()
	same := filepath.Join(tmp, "same")
	if err := os.WriteFile(same, []byte(readFile(t, bin)), 0o755); err != nil {
		t.Fatal(err)
	}
	if ran(same) {
		t.Error("go vet ran a copy of the same build again")
	}
	other := filepath.Join(tmp, "other")
	mustRun(t, root, os.Environ(), "go", "build", "-ldflags=-s", "-o", other, "./cmd/fileurilint")
	if !ran(other) {
		t.Error("go vet reused the result of another build of fileurilint")
	}
}

// TestToolDependency follows the route of a project that adds fileurilint
// to its go.mod as a tool.
func TestToolDependency(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/tooluser\n\ngo 1.26\n\nreplace github.com/fileurilint/fileurilint => "+root+"\n")
	writeFile(t, filepath.Join(dir, "a.go"), "package a\n\nconst Data = \"file:///C:/data\"\n")
	env := offline()
	mustRun(t, dir, env, "go", "get", "-tool", "github.com/fileurilint/fileurilint/cmd/fileurilint")
	tool := strings.TrimSpace(mustRun(t, dir, env, "go", "tool", "-n", "fileurilint"))
	mustRun(t, dir, env, "go", "vet", "-vettool="+tool, "./...")
}
