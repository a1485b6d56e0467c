package lsp

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/fileurilint/fileurilint/analyzer"
)

// The package of the cache tests: a.go, open, joins the constant of
// b.go, which is not open and holds a literal in a function body.
const (
	cacheA = "package m\n\nfunc link(p string) string { return base + p }\n\nvar x = \"file://C:/%s\"\n"
	cacheB = "package m\n\nconst base = \"file://\"\n\nfunc f() string { return \"file://C:/b\" }\n"
)

// TestCheckCache checks that a check of texts that the package was
// checked with lately gives the findings of a package loaded afresh
// without running the analyzer, and that a change of a file on disk that
// is not open, of the settings, or of the files open runs it again.
func TestCheckCache(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"a.go": fmt.Sprintf(cacheA, "a"), "b.go": cacheB})
	a, b := filepath.Join(dir, "a.go"), filepath.Join(dir, "b.go")
	ctx := context.Background()
	p, err := loadPackage(ctx, a, nil)
	if err != nil {
		t.Fatal(err)
	}
	runs := 0
	counted := func(cfg analyzer.Config) *analysis.Analyzer {
		an := analyzer.New(cfg)
		run := an.Run
		an.Run = func(pass *analysis.Pass) (any, error) {
			runs++
			return run(pass)
		}
		return an
	}
	// check checks the package with texts by an analyzer configured by
	// cfg, and compares the findings with those of the package loaded
	// afresh; it reports whether the analyzer ran.
	check := func(what string, cfg analyzer.Config, texts map[string]string) (map[string][]finding, bool) {
		t.Helper()
		before := runs
		got, err := p.check(ctx, counted(cfg), texts)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		fresh, err := loadPackage(ctx, a, nil)
		if err != nil {
			t.Fatal(err)
		}
		want, err := fresh.check(ctx, analyzer.New(cfg), texts)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: findings\n%v\nwant those of a new package\n%v", what, got, want)
		}
		return got, runs > before
	}
	open := func(version string) map[string]string {
		return map[string]string{a: fmt.Sprintf(cacheA, version)}
	}
	var none analyzer.Config

	first, ran := check("A", none, open("a"))
	if !ran || len(first[a]) != 2 {
		t.Fatalf("A: ran %t, findings in a.go %v, want a run and two", ran, first[a])
	}
	if got, ran := check("B", none, open("b c")); !ran || reflect.DeepEqual(got, first) {
		t.Errorf("B: ran %t, findings %v, want a run and others than A's", ran, got)
	}
	if again, ran := check("A again", none, open("a")); ran || !reflect.DeepEqual(again, first) {
		t.Errorf("A again: ran %t, findings %v, want no run and %v", ran, again, first)
	}

	// b.go changes on disk: base is no longer a file URI. A save
	// changes its modification time.
	savedB := "package m\n\nconst base = \"http://\"\n\nfunc f() string { return \"file://C:/b\" }\n"
	if err := os.WriteFile(b, []byte(savedB), 0o644); err != nil {
		t.Fatal(err)
	}
	later := time.Now().Add(time.Second)
	if err := os.Chtimes(b, later, later); err != nil {
		t.Fatal(err)
	}
	saved, ran := check("A after b.go is saved", none, open("a"))
	if !ran || len(saved[a]) != 1 {
		t.Errorf("A after b.go is saved: ran %t, findings in a.go %v, want a run and one", ran, saved[a])
	}

	// b.go is saved unchanged.
	later = later.Add(time.Second)
	if err := os.Chtimes(b, later, later); err != nil {
		t.Fatal(err)
	}
	if _, ran := check("A after b.go is saved unchanged", none, open("a")); ran {
		t.Error("A after b.go is saved unchanged: the analyzer ran")
	}

	// The settings change, then change back.
	disabled := analyzer.Config{Disable: []string{"drive-authority"}}
	if got, ran := check("A, drive-authority disabled", disabled, open("a")); !ran || len(got[a]) != 0 {
		t.Errorf("A, drive-authority disabled: ran %t, findings in a.go %v, want a run and none", ran, got[a])
	}
	if got, ran := check("A, settings back", none, open("a")); ran || !reflect.DeepEqual(got, saved) {
		t.Errorf("A, settings back: ran %t, findings %v, want no run and %v", ran, got, saved)
	}

	// b.go is opened, with its text on disk: its function bodies are
	// checked and reported.
	texts := open("a")
	texts[b] = savedB
	if got, ran := check("A, b.go open", none, texts); !ran || len(got[b]) != 1 {
		t.Errorf("A, b.go open: ran %t, findings in b.go %v, want a run and one", ran, got[b])
	}

	// The package keeps the last maxResults results.
	for i := range maxResults {
		if _, ran := check(fmt.Sprintf("version %d", i), none, open(fmt.Sprint(i))); !ran {
			t.Errorf("version %d: the analyzer did not run", i)
		}
	}
	if len(p.results) != maxResults {
		t.Errorf("%d results kept, want %d", len(p.results), maxResults)
	}
	if _, ran := check("the oldest version kept", none, open("0")); ran {
		t.Error("the oldest version kept: the analyzer ran")
	}
	if _, ran := check("A, dropped", none, open("a")); !ran {
		t.Error("A, dropped: the analyzer did not run")
	}
}

// TestRepeatedEdits checks that the server publishes, for an edit back
// to a text it has checked, the diagnostics of that text, and after a
// file of the package that is not open changes on disk, those of the
// new file.
func TestRepeatedEdits(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"a.go": fmt.Sprintf(cacheA, "a"), "b.go": cacheB})
	c := newClient(t, initOptions{})
	uri := fileURI(filepath.Join(dir, "a.go"))
	textA, textB := fmt.Sprintf(cacheA, "a"), fmt.Sprintf(cacheA, "b c")
	c.open(uri, textA)
	first := formatLSP(t, c.diagnostics(uri, 1))
	c.replace(uri, 2, textB)
	second := formatLSP(t, c.diagnostics(uri, 2))
	if slices.Equal(first, second) {
		t.Fatalf("A and B have the same diagnostics %q", first)
	}
	c.replace(uri, 3, textA)
	if got := formatLSP(t, c.diagnostics(uri, 3)); !slices.Equal(got, first) {
		t.Errorf("A again: %q, want %q", got, first)
	}

	b := filepath.Join(dir, "b.go")
	if err := os.WriteFile(b, []byte("package m\n\nconst base = \"http://\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c.replace(uri, 4, textB)
	c.diagnostics(uri, 4)
	c.replace(uri, 5, textA)
	if got := codes(c.diagnostics(uri, 5)); !slices.Equal(got, []string{"drive-authority"}) {
		t.Errorf("A after b.go changed on disk: diagnostics of kinds %q, want drive-authority alone", got)
	}
}
