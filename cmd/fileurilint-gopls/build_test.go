package main

import (
	"bytes"
	"go/format"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strings"
	"testing"

	"github.com/fileurilint/fileurilint/analyzer"
)

func TestParseFlags(t *testing.T) {
	var stderr bytes.Buffer
	o, err := parseFlags([]string{"-o", "g", "-disable", "surgery,unencoded", "-strict"}, &stderr)
	if err != nil {
		t.Fatal(err, stderr.String())
	}
	want := [][2]string{{"disable", "surgery,unencoded"}, {"strict", "true"}}
	if o.out != "g" || o.gopls != supported[0] || !slices.Equal(o.flags, want) {
		t.Errorf("parseFlags: %+v; want -o g, gopls %s, flags %q", o, supported[0], want)
	}
	for _, args := range [][]string{
		{"-o", "g", "-disable", "bogus"}, // checked by the analyzer's flag
		{"-strict"},                      // no -o
		{"-o", "g", "extra"},
	} {
		stderr.Reset()
		if _, err := parseFlags(args, &stderr); err == nil {
			t.Errorf("parseFlags(%q) succeeded", args)
		}
		if lines := strings.Count(stderr.String(), "\n"); lines > 3 {
			t.Errorf("parseFlags(%q) printed %d lines:\n%s", args, lines, stderr.String())
		}
	}
}

// TestSelfSource checks where the analyzer comes from: the version of a
// command built as module@version; the clone, for one built from a
// source tree, run in the clone; an error, run elsewhere.
func TestSelfSource(t *testing.T) {
	released := &debug.BuildInfo{Main: debug.Module{Path: selfModule, Version: "v1.2.3"}}
	if s, err := selfSource(released); err != nil || s != (source{version: "v1.2.3"}) {
		t.Errorf("built as @v1.2.3: %+v, %v", s, err)
	}
	clone, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, bi := range []*debug.BuildInfo{
		{Main: debug.Module{Path: selfModule, Version: "(devel)"}},
		{Main: debug.Module{Path: selfModule, Version: "v0.0.0-20261125000000-abcdefabcdef+dirty"}},
		{Main: debug.Module{Path: selfModule, Version: "v1.2.3"}, Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "abc"}}},
	} {
		if s, err := selfSource(bi); err != nil || s.dir != clone {
			t.Errorf("built from a tree as %s: %+v, %v; want the clone %s", bi.Main.Version, s, err, clone)
		}
	}
	t.Chdir(t.TempDir())
	devel := &debug.BuildInfo{Main: debug.Module{Path: selfModule, Version: "(devel)"}}
	if s, err := selfSource(devel); err == nil || !strings.Contains(err.Error(), "not in a clone") {
		t.Errorf("built from a tree, run outside a clone: %+v, %v; want an error", s, err)
	}
}

// TestCheckHook checks the hook point on gopls's internal/settings as
// written and with what the hook needs taken away in turn.
func TestCheckHook(t *testing.T) {
	const settings = `package settings

var AllAnalyzers = initAnalyzers()

type Analyzer struct {
	analyzer    *analysis.Analyzer
	nonDefault  bool
	actionKinds []protocol.CodeActionKind
	severity    protocol.DiagnosticSeverity
}
`
	for _, c := range []struct{ old, new, err string }{
		{"", "", ""},
		{"var AllAnalyzers", "var Analyzers", "no AllAnalyzers"},
		{"\tseverity ", "\tlevel ", "no field severity"},
		{"\tanalyzer ", "\ta ", "no field analyzer"},
	} {
		dir := t.TempDir()
		src := strings.Replace(settings, c.old, c.new, 1)
		if err := os.WriteFile(filepath.Join(dir, "analysis.go"), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		err := checkHook(dir)
		if c.err == "" && err != nil || c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)) {
			t.Errorf("with %q for %q: checkHook says %v; want %q", c.new, c.old, err, c.err)
		}
	}
	if err := checkHook(t.TempDir()); err == nil {
		t.Error("checkHook of an empty directory succeeded")
	}
}

// TestHookFile checks that the added file is gofmt-ed Go that sets each
// flag given.
func TestHookFile(t *testing.T) {
	src := hookFile([][2]string{{"disable", "surgery"}, {"strict", "true"}})
	formatted, err := format.Source(src)
	if err != nil {
		t.Fatalf("%v\n%s", err, src)
	}
	if !bytes.Equal(formatted, src) {
		t.Errorf("not gofmt-ed:\n%s", src)
	}
	for _, want := range []string{`a.Flags.Set("disable", "surgery")`, `a.Flags.Set("strict", "true")`, "severity:    protocol.SeverityWarning"} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("hook file lacks %s:\n%s", want, src)
		}
	}
}

// TestBuildWithFlags builds gopls with flags and checks, with gopls
// check, that they hold: a disabled kind is not reported, a strict one
// is.
func TestBuildWithFlags(t *testing.T) {
	requireE2E(t)
	gopls := filepath.Join(t.TempDir(), "gopls")
	if out, err := runBuilder("-o", gopls, "-strict", "-disable", "drive-authority"); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	dir := writeModule(t, map[string]string{"m.go": "package m\n\nvar a = \"file://C:/x\"\n\nvar b = \"file:/x\"\n"})
	cmd := exec.Command(gopls, "check", "m.go")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("gopls check: %v\n%s", err, out)
	}
	if want := "m.go:5:14-15: file URI has no authority"; !strings.Contains(string(out), want) || strings.Contains(string(out), "as a host") {
		t.Errorf("gopls check, built -strict -disable drive-authority:\n%s\nwant only %s", out, want)
	}
}

// TestBuildUnsupported asks for a gopls whose settings package does not
// have the hook point, and checks the error names the supported
// versions.
func TestBuildUnsupported(t *testing.T) {
	requireE2E(t)
	out, err := runBuilder("-o", filepath.Join(t.TempDir(), "gopls"), "-gopls", "v0.14.2")
	if err == nil || !strings.Contains(out, "supports gopls "+strings.Join(supported, ", ")) {
		t.Errorf("building gopls v0.14.2: %v\n%s\nwant an error naming the supported versions", err, out)
	}
}

// TestEveryKindDisables checks that -disable takes every kind of the
// analyzer, and hands it to the build.
func TestEveryKindDisables(t *testing.T) {
	for _, k := range analyzer.Kinds() {
		o, err := parseFlags([]string{"-o", "g", "-disable", string(k)}, io.Discard)
		if want := [][2]string{{"disable", string(k)}}; err != nil || !slices.Equal(o.flags, want) {
			t.Errorf("-disable %s: %v, flags %q", k, err, o.flags)
		}
	}
}
