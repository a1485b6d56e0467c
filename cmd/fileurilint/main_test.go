package main

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/fileurilint/fileurilint/analyzer"
)

// TestMain runs the command itself when mainEnv is set, so that a test
// can run it as the test binary.
func TestMain(m *testing.M) {
	if os.Getenv(mainEnv) != "" {
		main()
	}
	os.Exit(m.Run())
}

const mainEnv = "FILEURILINT_TEST_MAIN"

// TestDriverFlags checks driverFlags against the flags that singlechecker
// defines, as "fileurilint -flags" lists them for go vet.
func TestDriverFlags(t *testing.T) {
	cmd := exec.Command(os.Args[0], "-flags")
	cmd.Env = append(os.Environ(), mainEnv+"=1")
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fileurilint -flags: %v", err)
	}
	var flags []struct {
		Name string
		Bool bool
	}
	if err := json.Unmarshal(out, &flags); err != nil {
		t.Fatalf("fileurilint -flags: %v\n%s", err, out)
	}
	// -flags leaves out those that go vet has no use for.
	want := map[string]bool{"cpuprofile": true, "debug": true, "fix": false, "memprofile": true, "trace": true}
	for _, f := range flags {
		switch {
		case f.Name == "V", f.Name == "flags", strings.HasPrefix(f.Name, "test."), analyzer.Analyzer.Flags.Lookup(f.Name) != nil:
		default:
			want[f.Name] = !f.Bool
		}
	}
	if !maps.Equal(driverFlags, want) {
		t.Errorf("driverFlags = %v, want %v", driverFlags, want)
	}
}

// TestUsage checks the help and the errors of the command line: -h is
// short, with the flags; a bad flag or value is one error, a hint, and
// exit code 2; -V=full and -flags, which go vet asks, still answer.
func TestUsage(t *testing.T) {
	run := func(args ...string) (string, int) {
		cmd := exec.Command(os.Args[0], args...)
		cmd.Env = append(os.Environ(), mainEnv+"=1")
		out, err := cmd.CombinedOutput()
		code := 0
		if e, ok := err.(*exec.ExitError); ok {
			code = e.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}
	help, code := run("-h")
	if lines := strings.Count(help, "\n"); code != 0 || lines > 80 || !strings.Contains(help, "\nFlags:\n") || !strings.Contains(help, "-disable") {
		t.Errorf("fileurilint -h: exit %d, %d lines:\n%s\nwant at most 80, with the flags", code, lines, help)
	}
	for _, args := range [][]string{{"-disable=bogus", "./..."}, {"-c=x", "./..."}, {"-nosuch", "./..."}, {"-strict=maybe", "./..."}} {
		out, code := run(args...)
		if lines := strings.Count(out, "\n"); code != 2 || lines > 3 || !strings.Contains(out, "fileurilint -h") {
			t.Errorf("fileurilint %s: exit %d, %d lines:\n%s\nwant exit 2 and at most 3 lines", strings.Join(args, " "), code, lines, out)
		}
	}
	for _, args := range [][]string{{"-V=full"}, {"-flags"}} {
		if out, code := run(args...); code != 0 || out == "" {
			t.Errorf("fileurilint %s: exit %d:\n%s", args[0], code, out)
		}
	}
}

// TestEveryKindDisables checks that -disable takes every kind of the
// analyzer.
func TestEveryKindDisables(t *testing.T) {
	for _, k := range analyzer.Kinds() {
		if _, err := parseArgs([]string{"-disable=" + string(k), "./..."}); err != nil {
			t.Errorf("-disable=%s: %v", k, err)
		}
	}
}
