package analyzer_test

import (
	"math/rand/v2"
	"os"
	"strconv"
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
	pass := newPass(analyzer.Analyzer, p.Fset, p.Syntax, p.Types, p.TypesInfo, os.ReadFile, func(analysis.Diagnostic) { n++ })
	b.ReportAllocs()
	for b.Loop() {
		if _, err := analyzer.Analyzer.Run(pass); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(n)/float64(b.N), "diagnostics/op")
}

// benchmarkSource measures the analyzer over the package of one file, p.go,
// whose text is src.
func benchmarkSource(b *testing.B, src string) {
	pass := checkSource(b, "p", "p.go", src).pass(analyzer.Analyzer, func(analysis.Diagnostic) {})
	for b.Loop() {
		if _, err := analyzer.Analyzer.Run(pass); err != nil {
			b.Fatal(err)
		}
	}
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
	b.ReportAllocs()
	benchmarkSource(b, src)
}

// A literal of one megabyte, of several contents: the scan of a literal
// for URIs and their ends is linear in its length.
func BenchmarkMegabyteLiteral(b *testing.B) {
	const size = 1 << 20
	// Random text made of pieces of file URIs and of the characters
	// that end them.
	tokens := strings.Fields(`file: FILE: file:/// file:\\ / \\ C: c| %20 %zz %APPDATA% %s a é { } < > " ' ( ) [ ] # ? . , :`)
	tokens = append(tokens, " ", "\t", "\n", "\r")
	var random strings.Builder
	rng := rand.New(rand.NewPCG(1, 2))
	for random.Len() < size {
		random.WriteString(tokens[rng.IntN(len(tokens))])
	}
	for _, tc := range []struct{ name, text string }{
		{"prefixes", strings.Repeat("file:/// ", size/9)},
		{"prose", strings.Repeat("see file:/// and ", size/17)},
		{"problems", strings.Repeat(`file:///a b\`, size/12)},
		{"whole", "file:///" + strings.Repeat("a b/", size/4)},
		{"random", random.String()},
		{"commands", strings.Repeat("-- c\n/* c */ put 'file:///a b' @~; get '@~' file:/// ", size/52)},
	} {
		b.Run(tc.name, func(b *testing.B) {
			src := "package p\n\nvar x = " + strconv.Quote(tc.text) + "\n"
			b.SetBytes(int64(len(tc.text)))
			benchmarkSource(b, src)
		})
	}
}

// A constant expression of 10,000 operands, each a place to report: each
// operand is related to the whole expression once.
func BenchmarkLongConcatenation(b *testing.B) {
	src := "package p\n\nconst x = \"file:///\"" + strings.Repeat(` + "a b"`, 10000) + "\n"
	benchmarkSource(b, src)
}

// A function of 5,000 statements, each a site that asks what a variable
// was given or where it is used: the function is indexed once, not once
// per site.
func BenchmarkLongFunction(b *testing.B) {
	var src strings.Builder
	src.WriteString("package p\n\nimport (\n\t\"net/url\"\n\t\"os\"\n)\n\nfunc f(s, p string, u *url.URL) {\n")
	for i := range 5000 {
		switch i % 3 {
		case 0:
			src.WriteString("\t_ = len(s[8:])\n")
		case 1:
			src.WriteString("\tu.Path = p\n")
		case 2:
			src.WriteString("\tos.Open(u.Path)\n")
		}
	}
	src.WriteString("}\n")
	b.ReportAllocs()
	benchmarkSource(b, src.String())
}

// A function of 5,000 statements, each a "file:" name built from a
// variable set at its top: each use reads back a bounded number of
// statements for the value last given (see lastValue), not the whole
// function.
func BenchmarkLongStraightLine(b *testing.B) {
	benchmarkRepeated(b, "\tp := filepath.Join(dir, name)\n", "\ts = \"file:\" + p\n", 5000)
}

// A function of 5,000 statements that extend a path and build a "file:"
// name of it in turn: each use follows a bounded chain of values last
// given (see isAbs), not the whole chain back to the top.
func BenchmarkLongChain(b *testing.B) {
	benchmarkRepeated(b, "\tp := filepath.Clean(dir)\n", "\tp = filepath.Join(p, name)\n\ts = \"file:\" + p\n", 2500)
}

// benchmarkRepeated analyzes a function whose body is first, then
// repeat n times.
func benchmarkRepeated(b *testing.B, first, repeat string, n int) {
	var src strings.Builder
	src.WriteString("package p\n\nimport \"path/filepath\"\n\nfunc f(dir, name string) (s string) {\n" + first)
	for range n {
		src.WriteString(repeat)
	}
	src.WriteString("\treturn s\n}\n")
	b.ReportAllocs()
	benchmarkSource(b, src.String())
}
