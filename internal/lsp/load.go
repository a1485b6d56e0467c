package lsp

import (
	"bufio"
	"context"
	"fmt"
	"go/build"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/gcexportdata"
	"golang.org/x/tools/go/packages"
)

// Loading: the metadata of a file's package and of its dependencies,
// from go/packages, once, and the types of the dependencies, from their
// export data.

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

type importerFunc func(path string) (*types.Package, error)

func (f importerFunc) Import(path string) (*types.Package, error) { return f(path) }
