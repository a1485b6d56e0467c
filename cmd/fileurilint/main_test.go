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
