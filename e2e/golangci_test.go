package e2e

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// golangciVersion is the golangci-lint release the plugin targets; its
// go.mod fixes the plugin-module-register and x/tools versions of ours.
const golangciVersion = "v2.15.0"

// buildGolangci builds, as a user would, the golangci-lint that the
// repository's .custom-gcl.yml describes, and returns its path. It works
// offline but for the module proxy: "golangci-lint custom" clones
// golangci-lint with git, and a url.insteadOf setting points that clone at
// a local repository made from the module cache.
func buildGolangci(t *testing.T) string {
	t.Helper()
	tools := t.TempDir()
	module := "github.com/golangci/golangci-lint/v2"
	env := append(os.Environ(), "GOBIN="+tools, "GOFLAGS=-buildvcs=false")
	mustRun(t, tools, env, "go", "install", module+"/cmd/golangci-lint@"+golangciVersion)

	var dl struct{ Dir string }
	out := mustRun(t, tools, env, "go", "mod", "download", "-json", module+"@"+golangciVersion)
	if err := json.Unmarshal([]byte(out), &dl); err != nil {
		t.Fatal(err)
	}

	repo := filepath.Join(t.TempDir(), "golangci-lint.git")
	mustRun(t, root, env, "git", "init", "-q", "--bare", repo)
	git := func(args ...string) {
		mustRun(t, root, env, "git", append([]string{"--git-dir=" + repo, "--work-tree=" + dl.Dir}, args...)...)
	}
	git("add", "-A", "-f")
	git("-c", "user.name=e2e", "-c", "user.email=e2e@localhost", "commit", "-q", "-m", golangciVersion)
	git("tag", golangciVersion)

	env = append(env,
		"GIT_CONFIG_COUNT=1",
		"GIT_CONFIG_KEY_0=url."+repo+".insteadOf",
		"GIT_CONFIG_VALUE_0=https://github.com/golangci/golangci-lint.git")
	mustRun(t, root, env, filepath.Join(tools, "golangci-lint"), "custom", "--destination", tools)
	return filepath.Join(tools, "custom-gcl")
}

// issue is a golangci-lint finding as its JSON output spells it.
type issue struct {
	FromLinter string
	Pos        struct {
		Filename string
		Line     int
	}
}

// golangciRun runs "custom-gcl run" with the configuration config and the
// arguments args in the fixture dir and returns fileuri's findings as
// "file:line" strings.
func golangciRun(t *testing.T, gcl, dir, config string, args ...string) []string {
	t.Helper()
	writeFile(t, filepath.Join(dir, ".golangci.yml"), config)
	tmp := t.TempDir()
	report := filepath.Join(tmp, "report.json")
	env := append(offline(), "GOLANGCI_LINT_CACHE="+tmp)
	args = append([]string{"run", "--output.json.path=" + report}, args...)
	r := runIn(t, dir, env, gcl, args...)
	data, err := os.ReadFile(report)
	var issues struct{ Issues []issue }
	if err == nil {
		err = json.Unmarshal(data, &issues)
	}
	if err != nil {
		t.Fatalf("custom-gcl %s: exit %d, %v\n%s%s", strings.Join(args, " "), r.code, err, r.stdout, r.stderr)
	}
	if want := min(len(issues.Issues), 1); r.code != want {
		t.Errorf("custom-gcl %s: exit %d with %d issues, want %d", strings.Join(args, " "), r.code, len(issues.Issues), want)
	}
	var found []string
	for _, is := range issues.Issues {
		if is.FromLinter == "fileuri" {
			found = append(found, is.Pos.Filename+":"+strconv.Itoa(is.Pos.Line))
		}
	}
	slices.Sort(found)
	return slices.Compact(found)
}

func TestGolangci(t *testing.T) {
	if os.Getenv("FILEURILINT_E2E_GOLANGCI") != "1" {
		t.Skip("set FILEURILINT_E2E_GOLANGCI=1 to build a custom golangci-lint with the plugin (minutes)")
	}
	gcl := buildGolangci(t)
	dir := newFixture(t)
	example := readFile(t, filepath.Join(root, ".golangci.example.yml"))
	writeFile(t, filepath.Join(dir, ".golangci.yml"), example)

	out := mustRun(t, dir, offline(), gcl, "linters")
	enabled, _, _ := strings.Cut(out, "Disabled")
	if !strings.Contains(enabled, "fileuri:") {
		t.Errorf("custom-gcl linters does not list fileuri as enabled:\n%s", out)
	}

	// The settings of the example, changed one at a time.
	nolint := "uris/uris.go:25" // silenced by //nolint:fileuri
	for _, tc := range []struct {
		old, new string
		want     []string
	}{
		{"", "", defaults},
		{"strict: false", "strict: true", strict},
		{"check-test-literals: false", "check-test-literals: true", testLits},
		{"disable: []", "disable: [nul]", disableNul},
	} {
		config := strings.Replace(example, tc.old, tc.new, 1)
		want := slices.DeleteFunc(sites(tc.want), func(s string) bool { return s == nolint })
		if got := golangciRun(t, gcl, dir, config, "./..."); !slices.Equal(got, want) {
			t.Errorf("custom-gcl run with %q reported at\n%q\nwant\n%q", tc.new, got, want)
		}
	}
	if found := golangciRun(t, gcl, dir, example, "./clean"); len(found) > 0 {
		t.Errorf("custom-gcl run ./clean reported %v, want nothing", found)
	}

	// The commands that editors run: vscode-go with go.lintTool set to
	// golangci-lint-v2, and golangci-lint-langserver.
	vscode := runIn(t, dir, offline(), gcl, "run", "--issues-exit-code=0", "--output.text.print-issued-lines=false",
		"--show-stats=false", "--output.text.path=stdout", "--path-mode=abs")
	line := filepath.Join(dir, "uris", "uris.go") + ":11:"
	if vscode.code != 0 || !regexp.MustCompile(`(?m)^`+regexp.QuoteMeta(line)).MatchString(vscode.stdout) {
		t.Errorf("vscode-go's command: exit %d, no line %s...\n%s%s", vscode.code, line, vscode.stdout, vscode.stderr)
	}
	langserver := runIn(t, dir, offline(), gcl, "run", "--output.json.path=stdout", "--show-stats=false", "--issues-exit-code=1")
	if langserver.code != 1 || !strings.Contains(langserver.stdout, `"FromLinter":"fileuri"`) {
		t.Errorf("golangci-lint-langserver's command: exit %d, no fileuri issue in its JSON\n%s%s", langserver.code, langserver.stdout, langserver.stderr)
	}

	golangciRun(t, gcl, dir, example, "--fix", "./...")
	checkGolden(t, dir, ".golangci.golden", ".golden")
	mustRun(t, dir, offline(), "go", "build", "./...")
	if got, want := golangciRun(t, gcl, dir, example, "./..."), sites(unfixable); !slices.Equal(got, want) {
		t.Errorf("after custom-gcl run --fix, custom-gcl run reports at\n%q\nwant\n%q", got, want)
	}

	// golangci-lint applies no edit outside an issue's file: in a
	// package without fileuri, the fixes of one file add the function
	// fileURI, the package builds, and the next run fixes the others.
	links := newModule(t, roundsFiles())
	for range 2 {
		golangciRun(t, gcl, links, example, "--fix", "./...")
		mustRun(t, links, offline(), "go", "vet", "./...")
	}
	if found := golangciRun(t, gcl, links, example, "./..."); len(found) > 0 {
		t.Errorf("after two custom-gcl run --fix, custom-gcl run reports %v, want nothing", found)
	}
}
