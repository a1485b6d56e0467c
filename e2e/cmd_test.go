package e2e

import (
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The fixture's findings, as "file:line: kind", by default and with flags.
var (
	fixable = []string{
		"links/links.go:20: construction",
		"uris/uris.go:8: backslash",
		"uris/uris.go:8: drive-authority",
		"uris/uris.go:11: unencoded",
		"uris/uris.go:25: vertical-bar",
	}
	// unfixable findings stay after the fixes.
	unfixable = []string{
		"uris/uris.go:15: construction",
		"uris/uris.go:22: nul",
	}
	defaults   = sorted(fixable, unfixable)
	strict     = sorted(defaults, []string{"uris/uris.go:19: non-canonical"})
	testLits   = sorted(defaults, []string{"uris/uris_test.go:10: backslash", "uris/uris_test.go:10: drive-authority"})
	disableNul = sorted(fixable, []string{"uris/uris.go:15: construction"})
)

// flagCases are the analyzer's flags and what the fixture reports with them.
var flagCases = []struct {
	flags []string
	want  []string
}{
	{nil, defaults},
	{[]string{"-strict"}, strict},
	{[]string{"-check-test-literals"}, testLits},
	{[]string{"-disable=nul"}, disableNul},
}

func sorted(lists ...[]string) []string {
	s := slices.Concat(lists...)
	slices.Sort(s)
	return s
}

// findings runs "fileurilint -json" with flags on the fixture dir and
// returns its diagnostics as "file:line: kind", sorted, each once (the
// package and its test variant report the same sites).
func findings(t *testing.T, dir string, flags ...string) []string {
	t.Helper()
	r := runIn(t, dir, offline(), bin, append(append([]string{"-json"}, flags...), "./...")...)
	if r.code != 0 {
		t.Fatalf("fileurilint -json: exit %d, want 0\n%s", r.code, r.stderr)
	}
	var report map[string]map[string][]struct {
		Category string
		Posn     string
	}
	if err := json.Unmarshal([]byte(r.stdout), &report); err != nil {
		t.Fatalf("fileurilint -json: %v\n%s", err, r.stdout)
	}
	var found []string
	for _, byAnalyzer := range report {
		for _, d := range byAnalyzer["fileuri"] {
			file, line := position(t, dir, d.Posn)
			found = append(found, file+":"+line+": "+d.Category)
		}
	}
	slices.Sort(found)
	return slices.Compact(found)
}

// position splits a "file:line:column" position into the file, relative to
// dir and slash-separated, and the line.
func position(t *testing.T, dir, posn string) (file, line string) {
	t.Helper()
	m := regexp.MustCompile(`^(.+):(\d+):\d+$`).FindStringSubmatch(posn)
	if m == nil {
		t.Fatalf("bad position %q", posn)
	}
	file = m[1]
	if rel, err := filepath.Rel(dir, file); err == nil && filepath.IsAbs(file) {
		file = rel
	}
	return filepath.ToSlash(file), m[2]
}

// sites returns the "file:line" of each "file:line: kind", each once.
func sites(found []string) []string {
	var s []string
	for _, f := range found {
		site, _, _ := strings.Cut(f, ": ")
		s = append(s, site)
	}
	slices.Sort(s)
	return slices.Compact(s)
}

// textSites returns the "file:line" of each diagnostic line
// ("file:line:column: message") in out, each once.
func textSites(t *testing.T, dir, out string) []string {
	t.Helper()
	var s []string
	for _, m := range regexp.MustCompile(`(?m)^(\S+\.go:\d+:\d+): `).FindAllStringSubmatch(out, -1) {
		file, line := position(t, dir, m[1])
		s = append(s, file+":"+line)
	}
	slices.Sort(s)
	return slices.Compact(s)
}

func TestReport(t *testing.T) {
	t.Parallel()
	dir := newFixture(t)
	for _, tc := range flagCases {
		if got := findings(t, dir, tc.flags...); !slices.Equal(got, tc.want) {
			t.Errorf("fileurilint -json %s:\ngot  %q\nwant %q", strings.Join(tc.flags, " "), got, tc.want)
		}
	}

	r := runIn(t, dir, offline(), bin, "./...")
	if r.code != 3 {
		t.Errorf("fileurilint ./...: exit %d, want 3 (findings)\n%s", r.code, r.stderr)
	}
	if got, want := textSites(t, dir, r.stderr), sites(defaults); !slices.Equal(got, want) {
		t.Errorf("fileurilint ./... reported at\n%q\nwant\n%q", got, want)
	}
	if r := runIn(t, dir, offline(), bin, "./clean"); r.code != 0 || r.stderr != "" {
		t.Errorf("fileurilint ./clean: exit %d, want 0 and no output\n%s", r.code, r.stderr)
	}
}

func TestVet(t *testing.T) {
	t.Parallel()
	dir := newFixture(t)
	for _, tc := range flagCases {
		args := append(append([]string{"vet", "-vettool=" + bin}, tc.flags...), "./...")
		r := runIn(t, dir, offline(), "go", args...)
		if r.code != 1 {
			t.Errorf("go %s: exit %d, want 1", strings.Join(args, " "), r.code)
		}
		if got, want := textSites(t, dir, r.stderr), sites(tc.want); !slices.Equal(got, want) {
			t.Errorf("go %s reported at\n%q\nwant\n%q\n%s", strings.Join(args, " "), got, want, r.stderr)
		}
	}
	mustRun(t, dir, offline(), "go", "vet", "-vettool="+bin, "./clean")
}

// TestFix applies the fixes by each route and compares the fixture with
// its golden files; the fixed module must build, report only what has no
// fix, and be left alone by a second run. fileurilint -fix exits 3, for
// findings with no fix remain; go fix and go vet -fix exit 0.
func TestFix(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		route []string
		code  int
	}{
		{[]string{bin, "-fix", "./..."}, 3},
		{[]string{"go", "fix", "-fixtool=" + bin, "./..."}, 0},
		{[]string{"go", "vet", "-fix", "-vettool=" + bin, "./..."}, 0},
	} {
		t.Run(filepath.Base(tc.route[0])+" "+tc.route[1], func(t *testing.T) {
			dir := newFixture(t)
			for range 2 {
				if r := runIn(t, dir, offline(), tc.route[0], tc.route[1:]...); r.code != tc.code {
					t.Fatalf("%s: exit %d, want %d\n%s%s", strings.Join(tc.route, " "), r.code, tc.code, r.stdout, r.stderr)
				}
				checkGolden(t, dir, ".golden")
				mustRun(t, dir, offline(), "go", "build", "./...")
				if got := findings(t, dir); !slices.Equal(got, unfixable) {
					t.Errorf("after the fixes, fileurilint reports\n%q\nwant\n%q", got, unfixable)
				}
			}
		})
	}
}

func TestDiff(t *testing.T) {
	t.Parallel()
	dir := newFixture(t)
	for _, route := range [][]string{
		{bin, "-fix", "-diff", "./..."},
		{"go", "fix", "-diff", "-fixtool=" + bin, "./..."},
	} {
		r := runIn(t, dir, offline(), route[0], route[1:]...)
		for _, line := range []string{
			`-const Data = "file://C:\\data"`,
			`+const Data = "file:///C:/data"`,
			`+var Notes = "file:///srv/notes/release%20notes.txt"`,
		} {
			if !strings.Contains(r.stdout, "\n"+line+"\n") {
				t.Errorf("%s: no line %s in the diff\n%s%s", strings.Join(route, " "), line, r.stdout, r.stderr)
			}
		}
		checkGolden(t, dir)
	}
	if r := runIn(t, dir, offline(), "go", "fix", "-diff", "-fixtool="+bin, "./..."); r.code == 0 {
		t.Error("go fix -diff: exit 0 with a diff, want non-zero")
	}
}

// TestFixImportAgrees checks that the fix to fileuri.FromPath, which
// needs an import of fileuri, is offered alike by every route: in a
// package whose other file imports fileuri, and not in one that depends
// on fileuri through a package that imports it in a function body alone,
// which go vet reads from export data, and the command from source when
// it is one of the packages named; that one gets the fix that adds a
// function of its own, by every route too.
func TestFixImportAgrees(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/agree\n\ngo 1.26\n\nrequire github.com/fileurilint/fileurilint v0.0.0\n\nreplace github.com/fileurilint/fileurilint => "+root+"\n")
	copyGoSum(t, dir)
	const link = "\n\nimport \"path/filepath\"\n\n// Link returns the URI of name, made absolute.\nfunc Link(name string) string {\n\tabs, err := filepath.Abs(name)\n\tif err != nil {\n\t\treturn \"\"\n\t}\n\treturn \"file://\" + abs\n}\n"
	files := map[string]string{
		"helper/helper.go": "// Package helper imports fileuri in a function body alone.\npackage helper\n\nimport \"github.com/fileurilint/fileurilint/fileuri\"\n\nvar root string\n\nfunc init() { root = fileuri.FromPath(\"/\") }\n\n// Root returns the URI of the root directory.\nfunc Root() string { return root }\n",
		"viadep/viadep.go": "// Package viadep depends on fileuri through helper alone.\npackage viadep\n\nimport (\n\t\"path/filepath\"\n\n\t\"example.com/agree/helper\"\n)\n\n// Root is the URI of the root directory.\nvar Root = helper.Root()\n\n// Link returns the URI of name, made absolute.\nfunc Link(name string) string {\n\tabs, err := filepath.Abs(name)\n\tif err != nil {\n\t\treturn \"\"\n\t}\n\treturn \"file://\" + abs\n}\n",
		"direct/root.go":   "package direct\n\nimport \"github.com/fileurilint/fileurilint/fileuri\"\n\n// Root is the URI of the root directory.\nvar Root = fileuri.FromPath(\"/\")\n",
		"direct/link.go":   "package direct" + link,
	}
	for name, text := range files {
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755); err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(dir, name), text)
	}
	want := map[string]bool{"direct/link.go:11": true, "viadep/viadep.go:19": true}
	for _, route := range [][]string{
		{bin, "-json", "./..."},
		{bin, "-json", "./viadep", "./direct"},
		{"go", "vet", "-json", "-vettool=" + bin, "./..."},
	} {
		r := runIn(t, dir, offline(), route[0], route[1:]...)
		if r.code != 0 {
			t.Fatalf("%s: exit %d\n%s", strings.Join(route, " "), r.code, r.stderr)
		}
		if got := hasFix(t, dir, r.stdout); !maps.Equal(got, want) {
			t.Errorf("%s: fix offered at %v, want %v", strings.Join(route, " "), got, want)
		}
	}
	mustRun(t, dir, offline(), "go", "fix", "-fixtool="+bin, "./...")
	if got := readFile(t, filepath.Join(dir, "viadep", "viadep.go")); !strings.Contains(got, "return fileURI(abs)") || !strings.Contains(got, "\nfunc fileURI(p string) string {") {
		t.Errorf("go fix wrote viadep.go:\n%s\nwant a call of fileURI, a function it adds", got)
	}
	if got := readFile(t, filepath.Join(dir, "direct", "link.go")); !strings.Contains(got, "return fileuri.FromPath(abs)") {
		t.Errorf("go fix wrote link.go:\n%s\nwant a call of fileuri.FromPath", got)
	}
	mustRun(t, dir, offline(), "go", "build", "./...")
}

// hasFix reads the JSON reports in out, as fileurilint -json and go vet
// -json print them, and returns for each diagnostic of fileuri, as
// "file:line", whether it has a fix.
func hasFix(t *testing.T, dir, out string) map[string]bool {
	t.Helper()
	found := make(map[string]bool)
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var report map[string]map[string][]struct {
			Posn           string
			SuggestedFixes []json.RawMessage `json:"suggested_fixes"`
		}
		if err := dec.Decode(&report); err != nil {
			t.Fatalf("%v in\n%s", err, out)
		}
		for _, byAnalyzer := range report {
			for _, d := range byAnalyzer["fileuri"] {
				file, line := position(t, dir, d.Posn)
				found[file+":"+line] = len(d.SuggestedFixes) > 0
			}
		}
	}
	return found
}

// checkGolden compares every Go file of the fixture dir with the first
// of its golden files testdata/fixture/NAME.go+suffix that exists, or
// with the original when there is none.
func checkGolden(t *testing.T, dir string, suffixes ...string) {
	t.Helper()
	src := filepath.Join("testdata", "fixture")
	err := filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || filepath.Ext(path) != ".go" {
			return err
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			return err
		}
		want, err := os.ReadFile(filepath.Join(src, rel))
		for _, suffix := range suffixes {
			if golden, gerr := os.ReadFile(filepath.Join(src, rel+suffix)); gerr == nil {
				want, err = golden, nil
				break
			}
		}
		if err != nil {
			return err
		}
		if got := readFile(t, path); got != string(want) {
			t.Errorf("%s:\n%s\nwant\n%s", rel, got, want)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// TestVetCache shows that go vet keys its cache on the build of the tool,
// which it learns from -V=full, and on the tool's flags.
func TestVetCache(t *testing.T) {
	t.Parallel()
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
	t.Parallel()
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "go.mod"), "module example.com/tooluser\n\ngo 1.26\n\nreplace github.com/fileurilint/fileurilint => "+root+"\n")
	writeFile(t, filepath.Join(dir, "a.go"), "package a\n\nconst Data = \"file:///C:\\\\data\"\n")
	copyGoSum(t, dir)
	env := offline()
	mustRun(t, dir, env, "go", "get", "-tool", "github.com/fileurilint/fileurilint/cmd/fileurilint")
	if r := runIn(t, dir, env, "go", "tool", "fileurilint", "./..."); r.code != 3 || !strings.Contains(r.stderr, "a.go:3:") {
		t.Errorf("go tool fileurilint ./...: exit %d, want 3 and a finding at a.go:3\n%s", r.code, r.stderr)
	}
	tool := strings.TrimSpace(mustRun(t, dir, env, "go", "tool", "-n", "fileurilint"))
	r := runIn(t, dir, env, "go", "vet", "-vettool="+tool, "./...")
	if got, want := textSites(t, dir, r.stderr), []string{"a.go:3"}; r.code != 1 || !slices.Equal(got, want) {
		t.Errorf("go vet -vettool=$(go tool -n fileurilint): exit %d, reported at %q, want exit 1 and %q\n%s", r.code, got, want, r.stderr)
	}
	mustRun(t, dir, env, "go", "fix", "-fixtool="+tool, "./...")
	if got, want := readFile(t, filepath.Join(dir, "a.go")), "package a\n\nconst Data = \"file:///C:/data\"\n"; got != want {
		t.Errorf("go fix -fixtool=$(go tool -n fileurilint) wrote\n%s\nwant\n%s", got, want)
	}
}

// TestUsage checks that the help names the command, fileurilint, not the
// analyzer, that a bad flag is an error and a hint, and that -disable
// rejects an unknown kind.
func TestUsage(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		code int
	}{{[]string{"-h"}, 0}, {nil, 1}, {[]string{"-strict"}, 1}, {[]string{"-fix", "-disable=nul"}, 1}} {
		r := runIn(t, dir, nil, bin, tc.args...)
		if r.code != tc.code || !strings.Contains(r.stderr, "fileurilint: report malformed") ||
			!strings.Contains(r.stderr, "Usage: fileurilint [-flag] [package ...]") || strings.Contains(r.stderr, "Usage: fileuri ") {
			t.Errorf("fileurilint %s: exit %d, want %d and a usage that names fileurilint:\n%s", strings.Join(tc.args, " "), r.code, tc.code, r.stderr)
		}
	}
	r := runIn(t, dir, nil, bin, "-no-such-flag", "./...")
	if r.code != 2 || r.stderr != "fileurilint: flag provided but not defined: -no-such-flag\nRun 'fileurilint -h' for usage.\n" {
		t.Errorf("fileurilint -no-such-flag: exit %d, want 2 and an error and a hint:\n%s", r.code, r.stderr)
	}
	r = runIn(t, dir, nil, bin, "-disable=unencoed", "./...")
	if r.code != 2 || !strings.Contains(r.stderr, `unknown kind "unencoed"`) || !strings.Contains(r.stderr, "construction") {
		t.Errorf("fileurilint -disable=unencoed: exit %d, want 2 and an error that lists the kinds:\n%s", r.code, r.stderr)
	}
}
