package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/fileurilint/fileurilint/fileuri"
)

// These tests build gopls with the analyzer, as a user does, and drive it
// over LSP. They run only when FILEURILINT_E2E_GOPLS is set (a build
// takes about a minute with a warm build cache, several without), or
// when FILEURILINT_GOPLS_CUSTOM names a gopls built by this command with
// no flags, which they then use instead of building one.

var defaultBuild struct {
	once sync.Once
	path string
	err  string
}

// customGopls returns a gopls built with the analyzer and no flags.
func customGopls(t testing.TB) string {
	t.Helper()
	if path := os.Getenv("FILEURILINT_GOPLS_CUSTOM"); path != "" {
		return path
	}
	requireE2E(t)
	defaultBuild.once.Do(func() {
		dir, err := os.MkdirTemp("", "fileurilint-gopls-test-")
		if err != nil {
			defaultBuild.err = err.Error()
			return
		}
		defaultBuild.path = filepath.Join(dir, "gopls")
		if out, err := runBuilder("-o", defaultBuild.path); err != nil {
			defaultBuild.err = out
		}
	})
	if defaultBuild.err != "" {
		t.Fatalf("building gopls: %s", defaultBuild.err)
	}
	return defaultBuild.path
}

func requireE2E(t testing.TB) {
	if os.Getenv("FILEURILINT_E2E_GOPLS") == "" {
		t.Skip("set FILEURILINT_E2E_GOPLS=1 to build gopls with the analyzer")
	}
}

// runBuilder runs this command from the clone, as a user does, and
// returns its output.
func runBuilder(args ...string) (string, error) {
	out, err := exec.Command("go", append([]string{"run", "."}, args...)...).CombinedOutput()
	return string(out), err
}

// writeModule writes a module of the given files into a new directory.
func writeModule(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	files["go.mod"] = "module example.com/m\n\ngo 1.24\n"
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

const (
	// onDisk is m.go as saved; the editor's buffer holds unsaved text.
	onDisk = "package m\n\nimport \"fmt\"\n\nfunc f() { fmt.Println() }\n"
	// buffer has three defects, on lines 4, 6 and 8 (counted from 0),
	// and a printf mistake, which gopls's own printf analyzer reports
	// with them: its diagnostic shows that the analyzers have run.
	buffer = "package m\n\nimport \"fmt\"\n\n" +
		"var a = \"file://C:/x\"\n\n" +
		"var b = \"file:///my notes.txt\"\n\n" +
		"var c = \"file:///C:\\\\x\"\n\n" +
		"func f() { fmt.Printf(\"%d\\n\", \"x\") }\n"
	quickFixed = "package m\n\nimport \"fmt\"\n\n" +
		"var a = \"file:///C:/x\"\n\n" +
		"var b = \"file:///my notes.txt\"\n\n" +
		"var c = \"file:///C:\\\\x\"\n\n" +
		"func f() { fmt.Printf(\"%d\\n\", \"x\") }\n"
	allFixed = "package m\n\nimport \"fmt\"\n\n" +
		"var a = \"file:///C:/x\"\n\n" +
		"var b = \"file:///my%20notes.txt\"\n\n" +
		"var c = \"file:///C:/x\"\n\n" +
		"func f() { fmt.Printf(\"%d\\n\", \"x\") }\n"
)

// ours returns the analyzer's diagnostics of p.
func ours(p publication) []diagnostic {
	var ds []diagnostic
	for _, d := range p.Diagnostics {
		if d.Source == "fileuri" {
			ds = append(ds, d)
		}
	}
	return ds
}

// analyzed returns a test of publications: of version v, with the
// printf diagnostic, so after the analyzers ran on that version.
func analyzed(v int) func(publication) bool {
	return func(p publication) bool {
		return p.Version != nil && *p.Version == v && slices.ContainsFunc(p.Diagnostics, func(d diagnostic) bool { return d.Source == "printf" })
	}
}

// TestGoplsDiagnosticsAndFixes opens an unsaved buffer in the custom
// gopls, checks the analyzer's diagnostics with their exact ranges,
// applies one quick fix and then fix-all, as gopls offers them, and
// checks that the diagnostics are cleared.
func TestGoplsDiagnosticsAndFixes(t *testing.T) {
	gopls := customGopls(t)
	dir := writeModule(t, map[string]string{"m.go": onDisk})
	uri := fileuri.FromPath(filepath.Join(dir, "m.go"))
	c := startServer(t, dir, []string{gopls}, map[string]any{}, map[string]any{})
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": buffer}})

	p, n := c.waitFor(uri, 0, analyzed(1))
	const doc = "https://pkg.go.dev/github.com/fileurilint/fileurilint/fileuri#"
	want := []struct {
		line, start, end int
		code, href       string
	}{
		{4, 16, 18, "drive-authority", doc + "DriveAuthority"},
		{6, 19, 20, "unencoded", doc + "Unencoded"},
		{8, 19, 21, "backslash", doc + "Backslash"},
	}
	got := ours(p)
	if len(got) != len(want) {
		t.Fatalf("diagnostics of the unsaved buffer: %+v\nwant %d of fileuri", p.Diagnostics, len(want))
	}
	for i, w := range want {
		d := got[i]
		r := lspRange{Start: position{w.line, w.start}, End: position{w.line, w.end}}
		if d.Range != r || d.Code != w.code || d.Severity != 2 || d.CodeDescription == nil || d.CodeDescription.Href != w.href {
			t.Errorf("diagnostic %d: %s\nwant a warning at %+v, code %s, linked to %s", i, d.raw, r, w.code, w.href)
		}
	}

	// The quick fix of the first diagnostic, as a user picks it.
	var actions []codeAction
	c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        got[0].Range,
		"context":      map[string]any{"diagnostics": got[:1], "only": []string{"quickfix"}},
	}, &actions)
	fixes := fixesOf(actions, uri, "quickfix")
	if len(fixes) != 1 {
		t.Fatalf("quick fixes for %s: %+v; want one", got[0].Message, actions)
	}
	text := applyEdits(buffer, fixes[0])
	if text != quickFixed {
		t.Fatalf("quick fix gives:\n%s\nwant:\n%s", text, quickFixed)
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 2},
		"contentChanges": []any{map[string]any{"text": text}},
	})
	p, n = c.waitFor(uri, n, analyzed(2))
	left := ours(p)
	if len(left) != 2 {
		t.Fatalf("after the quick fix: %+v; want the two other diagnostics", left)
	}

	// Fix all: a source.fixAll request for the whole buffer.
	c.call("textDocument/codeAction", map[string]any{
		"textDocument": map[string]any{"uri": uri},
		"range":        lspRange{End: position{Line: strings.Count(text, "\n")}},
		"context":      map[string]any{"diagnostics": left, "only": []string{"source.fixAll"}},
	}, &actions)
	var all []textEdit
	for _, edits := range fixesOf(actions, uri, "source.fixAll") {
		all = append(all, edits...)
	}
	text = applyEdits(text, all)
	if text != allFixed {
		t.Fatalf("fix-all gives:\n%s\nwant:\n%s", text, allFixed)
	}
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": 3},
		"contentChanges": []any{map[string]any{"text": text}},
	})
	if p, _ = c.waitFor(uri, n, analyzed(3)); len(ours(p)) != 0 {
		t.Errorf("after fix-all: %+v; want no diagnostics of fileuri", ours(p))
	}
}

// fixesOf returns the edits, in uri, of the actions of the given kind
// that fix a diagnostic of the analyzer.
func fixesOf(actions []codeAction, uri, kind string) [][]textEdit {
	var fixes [][]textEdit
	for _, a := range actions {
		if a.Kind == kind && len(ours(publication{Diagnostics: a.Diagnostics})) > 0 {
			fixes = append(fixes, a.edits(uri))
		}
	}
	return fixes
}

// TestGoplsAnalysesOff checks that gopls's own setting turns the
// analyzer off.
func TestGoplsAnalysesOff(t *testing.T) {
	gopls := customGopls(t)
	dir := writeModule(t, map[string]string{"m.go": onDisk})
	uri := fileuri.FromPath(filepath.Join(dir, "m.go"))
	settings := map[string]any{"analyses": map[string]any{"fileuri": false}}
	c := startServer(t, dir, []string{gopls}, settings, settings)
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": buffer}})
	if p, _ := c.waitFor(uri, 0, analyzed(1)); len(ours(p)) != 0 {
		t.Errorf(`with "analyses": {"fileuri": false}: %+v; want no diagnostics of fileuri`, ours(p))
	}
}
