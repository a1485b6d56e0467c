package lsp

import (
	"context"
	"errors"
	"go/token"
	"go/types"
	"sync"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/fileurilint/fileurilint/analyzer"
)

// fuzzImports are the packages the code the fuzzer writes may import
// with their types: those of the analyzer's checks.
var fuzzImports = []string{"fmt", "net/url", "os", "path", "path/filepath", "strings"}

var (
	fuzzMetaOnce sync.Once
	fuzzMeta     map[string]*packages.Package
	fuzzMetaErr  error
)

// fuzzPkg returns a package of one file, fuzz.go, whose imports of
// fuzzImports resolve to their export data.
func fuzzPkg(t testing.TB) *pkg {
	fuzzMetaOnce.Do(func() {
		roots, err := packages.Load(&packages.Config{Mode: depsMode}, fuzzImports...)
		fuzzMeta, fuzzMetaErr = make(map[string]*packages.Package), err
		for _, r := range roots {
			fuzzMeta[r.PkgPath] = r
		}
	})
	if fuzzMetaErr != nil {
		t.Fatal(fuzzMetaErr)
	}
	return &pkg{
		id:      "fuzz",
		meta:    &packages.Package{ID: "fuzz", PkgPath: "example.com/fuzz", Name: "fuzz", Imports: fuzzMeta},
		files:   []string{"/fuzz/fuzz.go"},
		sizes:   types.SizesFor("gc", "amd64"),
		fset:    token.NewFileSet(),
		parsed:  make(map[string]*parsedFile),
		types:   make(map[*packages.Package]*types.Package),
		missing: make(map[string]bool),
	}
}

// FuzzBrokenCode checks that the analyzer runs, without panicking, over
// any text the parser makes something of: code mid-edit, which neither
// parses nor type-checks, with the partial type information go/types
// leaves.
func FuzzBrokenCode(f *testing.F) {
	for _, src := range []string{
		fixtureGo, encodingsGo,
		"package p\n\nimport \"net/url\"\n\nvar x = url.URL{Scheme: \"file\", Host: undefined}\n",
		// Composite literals of undefined types, which go/types leaves
		// without a type.
		"package p\n\nfunc f() {\n\tfor _, x := range Undefined{\"a\"} {\n\t\t_ = \"file://\" + x\n\t}\n}\n",
		"package p\n\nfunc f() {\n\tfor _, x := range []T{{Path: \"a\"}} {\n\t\t_ = \"file://\" + x.Path\n\t}\n}\n",
		"package p\n\nimport \"fmt\"\n\nfunc f() {\n\tfor k := range map[K]V{\"a\": 1} {\n\t\t_ = fmt.Sprintf(\"file:///%s\", k)\n\t}\n}\n",
	} {
		f.Add(src)
		for cut := 10; cut < len(src); cut += 23 {
			f.Add(src[:cut])
			f.Add(src[:cut] + src[cut+len(src[cut:])/2:])
		}
	}
	analyzers := []*analysis.Analyzer{
		analyzer.New(analyzer.Config{}),
		analyzer.New(analyzer.Config{Strict: true, CheckTestLiterals: true}),
	}
	f.Fuzz(func(t *testing.T, src string) {
		p := fuzzPkg(t)
		for _, a := range analyzers {
			if _, err := p.check(context.Background(), a, map[string]string{"/fuzz/fuzz.go": src}); err != nil && !errors.Is(err, errNoFiles) {
				t.Fatalf("%v\n%s", err, src)
			}
		}
	})
}
