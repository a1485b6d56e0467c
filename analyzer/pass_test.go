package analyzer_test

import (
	"go/ast"
	"go/token"
	"go/types"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// runPass runs the analyzer a over one type-checked package, without a
// driver, and returns its diagnostics.
func runPass(tb testing.TB, a *analysis.Analyzer, fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info) []analysis.Diagnostic {
	tb.Helper()
	var diags []analysis.Diagnostic
	pass := newPass(a, fset, files, pkg, info, func(d analysis.Diagnostic) { diags = append(diags, d) })
	if _, err := a.Run(pass); err != nil {
		tb.Fatal(err)
	}
	return diags
}

// newPass returns a pass of a over one type-checked package, whose
// diagnostics go to report.
func newPass(a *analysis.Analyzer, fset *token.FileSet, files []*ast.File, pkg *types.Package, info *types.Info, report func(analysis.Diagnostic)) *analysis.Pass {
	return &analysis.Pass{
		Analyzer:  a,
		Fset:      fset,
		Files:     files,
		Pkg:       pkg,
		TypesInfo: info,
		ResultOf:  map[*analysis.Analyzer]any{inspect.Analyzer: inspector.New(files)},
		Report:    report,
	}
}

// newInfo returns a types.Info that records what the analyzer reads.
func newInfo() *types.Info {
	return &types.Info{
		Types:  make(map[ast.Expr]types.TypeAndValue),
		Defs:   make(map[*ast.Ident]types.Object),
		Uses:   make(map[*ast.Ident]types.Object),
		Scopes: make(map[ast.Node]*types.Scope),
	}
}
