package lsp

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
)

// The check: type-checking a package and running the analyzer over it.

// errNoFiles reports a package none of whose files could be read or
// parsed.
var errNoFiles = errors.New("no file of the package could be read")

// check type-checks the package, with the texts of open files, and runs
// the analyzer a over it, despite type errors. It returns the findings
// by file name, whose offsets refer to the texts checked. A check of
// texts the package was checked with lately, by the same configuration
// of a, returns the same findings again.
func (p *pkg) check(ctx context.Context, a *analysis.Analyzer, texts map[string]string) (map[string][]finding, error) {
	srcs := p.sources(texts)
	key := resultKey(a, srcs)
	if findings, ok := p.cached(key); ok {
		return findings, nil
	}
	files, analyzed := trimBodies(p.parse(srcs), texts)
	if len(files) == 0 {
		return nil, errNoFiles
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	var typeErrors []types.Error
	conf := types.Config{
		Importer:    importerFunc(p.importPackage),
		Sizes:       p.sizes,
		FakeImportC: true,
		Error: func(err error) {
			if te, ok := err.(types.Error); ok && len(typeErrors) < 100 {
				typeErrors = append(typeErrors, te)
			}
		},
	}
	if m := p.meta.Module; m != nil && m.GoVersion != "" {
		conf.GoVersion = "go" + m.GoVersion
	}
	// The maps start at the sizes of the previous check's, which the
	// next one differs little from.
	info := &types.Info{
		Types:        make(map[ast.Expr]types.TypeAndValue, p.infoSizes[0]),
		Defs:         make(map[*ast.Ident]types.Object, p.infoSizes[1]),
		Uses:         make(map[*ast.Ident]types.Object, p.infoSizes[2]),
		Implicits:    make(map[ast.Node]types.Object),
		Instances:    make(map[*ast.Ident]types.Instance),
		Selections:   make(map[*ast.SelectorExpr]*types.Selection, p.infoSizes[3]),
		Scopes:       make(map[ast.Node]*types.Scope, p.infoSizes[4]),
		FileVersions: make(map[*ast.File]string),
	}
	path := p.meta.PkgPath
	if path == "" {
		path = "command-line-arguments"
	}
	tpkg, _ := conf.Check(path, p.fset, files, info)
	p.infoSizes = [...]int{len(info.Types), len(info.Defs), len(info.Uses), len(info.Selections), len(info.Scopes)}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	findings, err := p.analyze(a, analyzed, tpkg, info, typeErrors)
	if err != nil {
		return nil, err
	}
	p.remember(key, findings)
	return findings, nil
}

// analyze runs a, and the inspect analyzer it requires, over the
// type-checked files, and converts its diagnostics to findings.
func (p *pkg) analyze(a *analysis.Analyzer, files []*ast.File, tpkg *types.Package, info *types.Info, typeErrors []types.Error) (_ map[string][]finding, err error) {
	out := make(map[string][]finding)
	pass := &analysis.Pass{
		Analyzer:   a,
		Fset:       p.fset,
		Files:      files,
		Pkg:        tpkg,
		TypesInfo:  info,
		TypesSizes: p.sizes,
		TypeErrors: typeErrors,
		ResultOf:   map[*analysis.Analyzer]any{inspect.Analyzer: inspector.New(files)},
		Report:     func(d analysis.Diagnostic) { p.addFinding(out, d) },
		ReadFile:   p.readFile,
	}
	if m := p.meta.Module; m != nil {
		pass.Module = &analysis.Module{Path: m.Path, Version: m.Version, GoVersion: m.GoVersion}
	}
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("analyzer %s panicked on package %s: %v", a.Name, tpkg.Path(), r)
		}
	}()
	if _, err := a.Run(pass); err != nil {
		return nil, err
	}
	return out, nil
}

// addFinding adds the diagnostic d to out, under its file's name, with
// the fixes whose edits lie in that file.
func (p *pkg) addFinding(out map[string][]finding, d analysis.Diagnostic) {
	tf := p.fset.File(d.Pos)
	if tf == nil {
		return
	}
	end := d.End
	if !end.IsValid() {
		end = d.Pos
	}
	f := finding{start: tf.Offset(d.Pos), end: tf.Offset(end), category: d.Category, url: d.URL, message: d.Message}
fixes:
	for _, sf := range d.SuggestedFixes {
		x := fix{message: sf.Message}
		for _, e := range sf.TextEdits {
			if p.fset.File(e.Pos) != tf {
				continue fixes
			}
			end := e.End
			if !end.IsValid() {
				end = e.Pos
			}
			x.edits = append(x.edits, edit{start: tf.Offset(e.Pos), end: tf.Offset(end), text: string(e.NewText)})
		}
		f.fixes = append(f.fixes, x)
	}
	out[tf.Name()] = append(out[tf.Name()], f)
}
