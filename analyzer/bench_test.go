package analyzer_test

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/packages"

	"github.com/fileurilint/fileurilint/analyzer"
)

// benchmarkPackage measures the analyzer alone (not the inspector, which
// drivers share between analyzers) over the package at path.
func benchmarkPackage(b *testing.B, path string) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo | packages.NeedImports}
	pkgs, err := packages.Load(cfg, path)
	if err != nil || len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		b.Fatalf("loading %s: %v %v", path, err, pkgs)
	}
	p := pkgs[0]
	n := 0
	pass := newPass(analyzer.Analyzer, p.Fset, p.Syntax, p.Types, p.TypesInfo, func(analysis.Diagnostic) { n++ })
	b.ReportAllocs()
	for b.Loop() {
		if _, err := analyzer.Analyzer.Run(pass); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/float64(b.N), "diagnostics/op")
}

// net/http imports net/url and holds "file:" text: the full analysis.
func BenchmarkNetHTTP(b *testing.B) { benchmarkPackage(b, "net/http") }

// go/types has neither: the fast path.
func BenchmarkGoTypes(b *testing.B) { benchmarkPackage(b, "go/types") }

// runtime, the largest package of std, has neither: the fast path still
// reads every literal.
func BenchmarkRuntime(b *testing.B) { benchmarkPackage(b, "runtime") }

// A literal with thousands of problems (a generated table, a JSON blob):
// each problem is placed in the source without decoding the literal again.
func BenchmarkHugeLiteral(b *testing.B) {
	src := "package p\n\nvar x = \"" + strings.Repeat(`file:///a b\\`, 4000) + "\"\n"
	fset, files, pkg, info := checkSource(b, "p", "p.go", src)
	pass := newPass(analyzer.Analyzer, fset, files, pkg, info, func(analysis.Diagnostic) {})
	b.ReportAllocs()
	for b.Loop() {
		if _, err := analyzer.Analyzer.Run(pass); err != nil {
			b.Fatal(err)
		}
	}
}
