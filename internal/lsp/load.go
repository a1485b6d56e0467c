package lsp

import (
	"bufio"
	"context"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/passes/inspect"
	"golang.org/x/tools/go/ast/inspector"
	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// rootMode is the metadata the server asks go/packages for about the
// package of a file: its files and imports, never syntax or types, which
// the server computes itself, nor its export data, which would compile
// it. depsMode is what it asks about the packages it imports: their
// export data.
const (
	rootMode = packages.NeedName | packages.NeedFiles | packages.NeedImports | packages.NeedModule
	depsMode = packages.NeedName | packages.NeedImports | packages.NeedDeps | packages.NeedExportFile
)

// A pkg is one package of an open file: its metadata, loaded once, and
// what each check of the package reuses from the previous one — the
// parsed files and the types of its dependencies, read from their export
// data. A pkg is used by the analysis worker alone.
type pkg struct {
	id    string
	meta  *packages.Package // Imports holds the dependencies with their export data
	files []string          // the package's Go files, absolute
	sizes types.Sizes

	fset    *token.FileSet
	parsed  map[string]*parsedFile               // by file name
	types   map[*packages.Package]*types.Package // dependencies' types, by package
	missing map[string]bool                      // imports not in meta, a reload of which was tried

	infoSizes [5]int // of the maps of the last check's types.Info

	// results holds the findings of the last checks, by key (see
	// resultKey), the most recently used first.
	results []cachedResult

	// depDirs holds the directories of the dependencies' files: saving a
	// file there changes their export data.
	depDirs map[string]bool
}

// A parsedFile is the syntax tree of one version of a file.
type parsedFile struct {
	name string
	text string
	sum  [sha256.Size]byte // of text
	file *ast.File
	stat os.FileInfo // of the file on disk the text was read from; nil for an open file's

	// trimmed is file without the function bodies that name none of
	// the variables of trimKey, and varNames the variables of trimKey
	// that trimmed names (see trimBodies).
	trimmed  *ast.File
	trimKey  string
	varNames []string
	// mayHoldURI records whether the text holds "file:" in any case or
	// imports net/url.
	mayHoldURI bool
}

// loadPackage loads the metadata of the package of filename, with the
// open files' texts as overlays, and returns the package that holds the
// file with the fewest other files: the package itself rather than its
// test variant. A file no package holds (outside any module, or
// excluded by build constraints) is a package of its own.
func loadPackage(ctx context.Context, filename string, overlay map[string][]byte) (*pkg, error) {
	dir := filepath.Dir(filename)
	for { // the go command runs in a directory that exists
		if fi, err := os.Stat(dir); err == nil && fi.IsDir() || filepath.Dir(dir) == dir {
			break
		}
		dir = filepath.Dir(dir)
	}
	cfg := &packages.Config{
		Mode:    rootMode,
		Context: ctx,
		Dir:     dir,
		Tests:   strings.HasSuffix(filename, "_test.go"),
		Overlay: overlay,
	}
	roots, err := packages.Load(cfg, "file="+filename)
	if err != nil && ctx.Err() != nil {
		return nil, err
	}
	var best *packages.Package
	for _, p := range roots {
		if strings.HasSuffix(p.ID, ".test") || !slices.ContainsFunc(p.GoFiles, func(f string) bool { return sameFile(f, filename) }) {
			continue
		}
		if best == nil || len(p.GoFiles) < len(best.GoFiles) {
			best = p
		}
	}
	if best == nil { // the file alone, even if the go command failed
		best = &packages.Package{ID: "file " + filename, Name: "main", PkgPath: "command-line-arguments", GoFiles: []string{filename}}
	}
	if err := loadDeps(cfg, best); err != nil {
		return nil, err
	}
	p := &pkg{
		id:      best.ID,
		meta:    best,
		sizes:   types.SizesFor("gc", build.Default.GOARCH),
		fset:    token.NewFileSet(),
		parsed:  make(map[string]*parsedFile),
		types:   make(map[*packages.Package]*types.Package),
		missing: make(map[string]bool),
		depDirs: make(map[string]bool),
	}
	for _, f := range best.GoFiles {
		if sameFile(f, filename) {
			f = filename // the name the client uses
		}
		p.files = append(p.files, f)
	}
	seen := make(map[*packages.Package]bool)
	var visit func(q *packages.Package)
	visit = func(q *packages.Package) {
		for _, dep := range q.Imports {
			if !seen[dep] {
				seen[dep] = true
				for _, f := range dep.GoFiles {
					p.depDirs[filepath.Dir(f)] = true
				}
				visit(dep)
			}
		}
	}
	visit(best)
	return p, nil
}

// loadDeps loads the export data of the packages root imports, and of
// theirs, and makes them root's Imports. A test variant of a package
// ("p [p.test]", which an external test imports) is loaded as the
// package itself: its export data would need the package's tests
// compiled.
func loadDeps(cfg *packages.Config, root *packages.Package) error {
	var patterns []string
	for _, dep := range root.Imports {
		id, _, _ := strings.Cut(dep.ID, " [")
		if id != "unsafe" && id != "C" && !slices.Contains(patterns, id) {
			patterns = append(patterns, id)
		}
	}
	deps := make(map[string]*packages.Package)
	if len(patterns) > 0 {
		cfg := *cfg
		cfg.Mode, cfg.Tests = depsMode, false
		pkgs, err := packages.Load(&cfg, patterns...)
		if err != nil {
			if cfg.Context.Err() != nil {
				return err
			}
			pkgs = nil // the package's imports are not resolved: type errors
		}
		for _, p := range pkgs {
			deps[p.ID] = p
		}
	}
	imports := make(map[string]*packages.Package)
	for path, dep := range root.Imports {
		id, _, _ := strings.Cut(dep.ID, " [")
		if d := deps[id]; d != nil {
			imports[path] = d
		}
	}
	root.Imports = imports
	return nil
}

// sameFile reports whether the names a and b denote the same file, even
// through symbolic links.
func sameFile(a, b string) bool {
	if a == b {
		return true
	}
	if filepath.Base(a) != filepath.Base(b) {
		return false
	}
	da, err1 := filepath.EvalSymlinks(filepath.Dir(a))
	db, err2 := filepath.EvalSymlinks(filepath.Dir(b))
	return err1 == nil && err2 == nil && da == db
}

// holds reports whether the package has the file of the given name.
func (p *pkg) holds(filename string) bool { return slices.Contains(p.files, filename) }

// needsReload reports whether a file imports a package the metadata does
// not know and whose loading was not tried yet, and records it as tried.
func (p *pkg) needsReload() bool {
	reload := false
	for _, pf := range p.parsed {
		for _, spec := range pf.file.Imports {
			path, err := strconv.Unquote(spec.Path.Value)
			if err != nil || path == "C" || path == "unsafe" || p.meta.Imports[path] != nil || p.missing[path] {
				continue
			}
			p.missing[path] = true
			reload = true
		}
	}
	return reload
}

// A finding is one diagnostic of the analyzer, in byte offsets into the
// text of its file that was checked.
type finding struct {
	start, end int
	category   string
	url        string // the documentation of the category
	message    string
	fixes      []fix
}

// A fix is a suggested fix, in byte offsets into the same text.
type fix struct {
	message string
	edits   []edit
}

type edit struct {
	start, end int
	text       string
}

// A source is the text of one file of a package as a check reads it.
type source struct {
	name string
	text string
	sum  [sha256.Size]byte // of text
	stat os.FileInfo       // of the file on disk; nil for an open file
}

// sources returns the texts of the package's files that a check reads:
// the open files' contents, texts, or else the files on disk. A file on
// disk whose size and modification time did not change since it was
// parsed is not read again. A file that cannot be read is left out.
func (p *pkg) sources(texts map[string]string) []source {
	var srcs []source
	for _, name := range p.files {
		pf := p.parsed[name]
		text, open := texts[name]
		if open {
			src := source{name: name, text: text}
			if pf != nil && pf.text == text {
				src.sum = pf.sum
			} else {
				src.sum = sha256.Sum256([]byte(text))
			}
			srcs = append(srcs, src)
			continue
		}
		fi, err := os.Stat(name)
		if err != nil {
			p.forget(name)
			continue
		}
		if pf != nil && pf.stat != nil && pf.stat.Size() == fi.Size() && pf.stat.ModTime().Equal(fi.ModTime()) {
			srcs = append(srcs, source{name: name, text: pf.text, sum: pf.sum, stat: fi})
			continue
		}
		data, err := os.ReadFile(name)
		if err != nil {
			p.forget(name)
			continue
		}
		src := source{name: name, sum: sha256.Sum256(data), stat: fi}
		if pf != nil && pf.sum == src.sum {
			src.text, pf.stat = pf.text, fi // touched, not changed
		} else {
			src.text = string(data)
		}
		srcs = append(srcs, src)
	}
	return srcs
}

// parse brings the syntax trees of the package's files up to date with
// their sources: a file whose text did not change keeps its tree. A file
// that cannot be parsed is left out.
func (p *pkg) parse(srcs []source) []*parsedFile {
	var files []*parsedFile
	for _, src := range srcs {
		pf := p.parsed[src.name]
		if pf == nil || pf.text != src.text {
			p.forget(src.name)
			f, _ := parser.ParseFile(p.fset, src.name, src.text, parser.ParseComments|parser.SkipObjectResolution)
			if f == nil || f.Name == nil {
				continue
			}
			pf = &parsedFile{name: src.name, text: src.text, sum: src.sum, file: f, mayHoldURI: strings.Contains(strings.ToLower(src.text), "file:") || importsURL(f)}
			p.parsed[src.name] = pf
		}
		pf.stat = src.stat
		files = append(files, pf)
	}
	return files
}

// forget drops the tree of the file name and its position information.
func (p *pkg) forget(name string) {
	if pf := p.parsed[name]; pf != nil {
		if tf := p.fset.File(pf.file.FileStart); tf != nil {
			p.fset.RemoveFile(tf)
		}
		delete(p.parsed, name)
	}
}

// importPackage returns the types of the package the package imports as
// path, read from its export data once.
func (p *pkg) importPackage(path string) (*types.Package, error) {
	if path == "unsafe" {
		return types.Unsafe, nil
	}
	dep := p.meta.Imports[path]
	if dep == nil {
		return nil, fmt.Errorf("package %s is not in the build of %s", path, p.meta.PkgPath)
	}
	if t := p.types[dep]; t != nil && t.Complete() {
		return t, nil
	}
	if dep.ExportFile == "" {
		return nil, fmt.Errorf("no export data for %s", path)
	}
	// The export data names the packages it mentions by path: give it
	// the types of the dependency's closure, one package per path, as
	// go/packages does.
	view := make(map[string]*types.Package)
	var visit func(q *packages.Package)
	visit = func(q *packages.Package) {
		if _, ok := view[q.PkgPath]; ok {
			return
		}
		t := p.types[q]
		if t == nil {
			t = types.NewPackage(q.PkgPath, q.Name)
			p.types[q] = t
		}
		view[q.PkgPath] = t
		for _, i := range q.Imports {
			visit(i)
		}
	}
	visit(dep)
	f, err := os.Open(dep.ExportFile)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	// x/tools v0.52.0 has no other way to read the compiler's archives,
	// which is what the build cache holds up to Go 1.28; go/packages
	// reads them so too.
	//lint:ignore SA1019 Read alone rejects an archive.
	r, err := gcexportdata.NewReader(bufio.NewReader(f))
	if err != nil {
		return nil, fmt.Errorf("reading %s: %v", dep.ExportFile, err)
	}
	return gcexportdata.Read(r, p.fset, view, dep.PkgPath)
}

// readFile returns the text of the file name as it was parsed: an open
// file's text in the editor, else the file on disk. The analyzer reads
// back the source of a raw literal that spans CRLF line ends.
func (p *pkg) readFile(name string) ([]byte, error) {
	if pf := p.parsed[name]; pf != nil {
		return []byte(pf.text), nil
	}
	return os.ReadFile(name)
}

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }

// trimBodies returns the syntax trees to type-check and those to
// analyze. Only open files (those in texts) are reported, so the files
// not open lose the bodies of their functions, and type-checking a large
// package after an edit of one file checks little more than that file
// and the package's declarations. The analyzer reads nothing of the
// files it does not report on but the values of the package's variables
// (the values an unexported variable takes, in any file), the uses of a
// constant or variable that holds a file URI (which decide whether it is
// fixed), the constructions of a file URI (the first file holding one
// adds the function that the fixes of the others call), and whether the
// package may hold a file URI at all (its fast path): a body that names
// a package-level variable, or a constant whose literal holds "file:",
// or that holds such a literal itself, is kept, and the files analyzed
// are the open ones, those that name a variable the open ones name, and
// those that hold "file:" or import net/url.
func trimBodies(files []*parsedFile, texts map[string]string) (check, analyze []*ast.File) {
	var vars []string
	for _, pf := range files {
		for _, decl := range pf.file.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.VAR && gen.Tok != token.CONST {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				if gen.Tok == token.CONST && !holdsFileLiteral(vs) {
					continue
				}
				for _, name := range vs.Names {
					if name.Name != "_" {
						vars = append(vars, name.Name)
					}
				}
			}
		}
	}
	slices.Sort(vars)
	vars = slices.Compact(vars)
	key := strings.Join(vars, " ")
	var used []string // the variables the open files name
	for _, pf := range files {
		if _, open := texts[pf.name]; open {
			used = append(used, varNames(pf.file, vars)...)
		}
	}
	slices.Sort(used)
	for _, pf := range files {
		if _, open := texts[pf.name]; open {
			check = append(check, pf.file)
			analyze = append(analyze, pf.file)
			continue
		}
		if pf.trimmed == nil || pf.trimKey != key {
			pf.trimmed, pf.trimKey = trimmed(pf.file, vars), key
			pf.varNames = varNames(pf.trimmed, vars)
		}
		check = append(check, pf.trimmed)
		if pf.mayHoldURI || slices.ContainsFunc(pf.varNames, func(v string) bool { _, ok := slices.BinarySearch(used, v); return ok }) {
			analyze = append(analyze, pf.trimmed)
		}
	}
	return check, analyze
}

// trimmed returns f without the bodies of its functions that name none
// of vars, sorted, and hold no literal with "file:"; it returns f itself
// when it has none to drop.
func trimmed(f *ast.File, vars []string) *ast.File {
	var decls []ast.Decl
	for j, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil || namesAny(fn.Body, vars) || holdsFileLiteral(fn.Body) {
			continue
		}
		if decls == nil {
			decls = slices.Clone(f.Decls)
		}
		t := *fn
		t.Body = nil
		decls[j] = &t
	}
	if decls == nil {
		return f
	}
	t := *f
	t.Decls = decls
	return &t
}

// varNames returns the names of vars, sorted, that identifiers in f
// have.
func varNames(f *ast.File, vars []string) []string {
	var names []string
	ast.Inspect(f, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if _, found := slices.BinarySearch(vars, id.Name); found && !slices.Contains(names, id.Name) {
				names = append(names, id.Name)
			}
		}
		return true
	})
	slices.Sort(names)
	return names
}

// holdsFileLiteral reports whether n holds a string literal with
// "file:" in it, in any case.
func holdsFileLiteral(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.Contains(strings.ToLower(lit.Value), "file:") {
			found = true
		}
		return !found
	})
	return found
}

// importsURL reports whether f imports net/url.
func importsURL(f *ast.File) bool {
	return slices.ContainsFunc(f.Imports, func(spec *ast.ImportSpec) bool { return spec.Path.Value == `"net/url"` })
}

// namesAny reports whether an identifier in n has one of the names,
// sorted.
func namesAny(n ast.Node, names []string) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !found {
			_, found = slices.BinarySearch(names, id.Name)
		}
		return !found
	})
	return found
}

// errNoFiles reports a package none of whose files could be read or
// parsed.
var errNoFiles = errors.New("no file of the package could be read")

// maxResults is the number of results of checks a package keeps.
const maxResults = 8

// A cachedResult is the findings of one check of a package.
type cachedResult struct {
	key      [sha256.Size]byte
	findings map[string][]finding
}

// resultKey returns the key of a check of the package by the analyzer a
// over srcs: it holds a's flags, which are its whole configuration, and
// each file's name, whether it is open, and the sum of its text. The
// rest of what a check reads, the package's metadata and its
// dependencies' export data, is the pkg's own, loaded once: a reload
// makes a new pkg, with no results.
func resultKey(a *analysis.Analyzer, srcs []source) [sha256.Size]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", a.Name)
	a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(h, "-%s=%q\n", f.Name, f.Value) })
	for _, src := range srcs {
		fmt.Fprintf(h, "%q open=%t %x\n", src.name, src.stat == nil, src.sum)
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key
}

// cached returns the findings of the check of key, if the package keeps
// them, and makes them the most recently used.
func (p *pkg) cached(key [sha256.Size]byte) (map[string][]finding, bool) {
	i := slices.IndexFunc(p.results, func(r cachedResult) bool { return r.key == key })
	if i < 0 {
		return nil, false
	}
	r := p.results[i]
	copy(p.results[1:i+1], p.results[:i])
	p.results[0] = r
	return r.findings, true
}

// remember keeps the findings of the check of key, dropping the least
// recently used results beyond maxResults.
func (p *pkg) remember(key [sha256.Size]byte, findings map[string][]finding) {
	p.results = slices.Insert(p.results, 0, cachedResult{key, findings})
	if len(p.results) > maxResults {
		clear(p.results[maxResults:])
		p.results = p.results[:maxResults]
	}
}

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
