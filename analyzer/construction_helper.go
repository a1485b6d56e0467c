package analyzer

import (
	"bytes"
	"cmp"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// A package that does not import fileuri gets, for its constructions of
// a file URI, a fix that needs no new dependency: a call of one small
// unexported function, helperName, that the fix adds to the package once,
// written with net/url's rules left aside because url.URL escapes
// !'()* and reads a UNC path's host into its path. helperSource returns
// what fileuri.FromPath returns for every absolute path of the system the
// program runs on: a POSIX path, a Windows drive letter or a UNC path.
//
//	"file://" + abs               ->  fileURI(abs)
//	fmt.Sprintf("file://%s", abs)  ->  fileURI(abs)
//
// Every edit of a fix lies in the file of its diagnostic, as golangci-lint
// applies no other (it keeps the rest of the fix). So the function is
// added by the constructions of one file only, the first that the run
// meets in a file that builds wherever the package does (no build
// constraint, not generated): each of them adds the same text at the same
// place, which drivers that apply several fixes at once add once. The
// constructions of the other files get their fix, a call, once the
// function is there: on the next run, which fileurilint -fix makes itself.

// helperName is the name of the function the fix adds.
const helperName = "fileURI"

// helperDoc is the first line of the function's doc comment, by which a
// later fix knows it.
const helperDoc = "// fileURI returns the file URI of the absolute path p (RFC 8089), as"

// helperSource is the function the fix adds.
const helperSource = helperDoc + `
// fileuri.FromPath does: every byte that a URI path cannot hold is
// percent-encoded (RFC 3986 §2.1): file:///srv/a%20b.txt, file:///C:/x,
// file://host/share/x.
func fileURI(p string) string {
	const (
		letters   = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
		hostChars = letters + "0123456789-._~!$&'()*+,;="
		pathChars = hostChars + ":@/"
		hex       = "0123456789ABCDEF"
	)
	dir := strings.HasSuffix(filepath.ToSlash(p), "/")
	p = filepath.ToSlash(filepath.Clean(p))
	if dir && !strings.HasSuffix(p, "/") {
		p += "/"
	}
	host := ""
	if strings.HasPrefix(p, "//") { // a UNC path, \\host\share\x
		host, p, _ = strings.Cut(p[2:], "/")
		p = "/" + p
	} else if !strings.HasPrefix(p, "/") { // a drive letter, C:\x
		p = "/" + p
	}
	var b strings.Builder
	b.WriteString("file://")
	escape := func(s, keep string) {
		for i := 0; i < len(s); i++ {
			if strings.IndexByte(keep, s[i]) >= 0 {
				b.WriteByte(s[i])
			} else {
				b.Write([]byte{'%', hex[s[i]>>4], hex[s[i]&15]})
			}
		}
	}
	escape(host, hostChars)
	if len(p) > 3 && p[2] == ':' && p[3] != '/' && strings.IndexByte(letters, p[1]) >= 0 {
		b.WriteString(p[:2] + "%3A") // /a:b would read as the drive-relative a:b
		p = p[3:]
	}
	escape(p, pathChars)
	return b.String()
}
`

// helperImports are the packages helperSource uses, by the names it
// uses for them.
var helperImports = [...]struct{ name, path string }{
	{"filepath", "path/filepath"},
	{"strings", "strings"},
}

// helperFix returns the fix that replaces the construction e with a call
// of helperName on the absolute path p, adding the function to the
// package when it has none; or nil when the name is taken, or no file of
// the package can hold the function.
func (c *checker) helperFix(cur inspector.Cursor, e, p ast.Expr) []analysis.SuggestedFix {
	file := enclosingFile(cur)
	if file == nil {
		return nil
	}
	if _, obj := c.pass.TypesInfo.Scopes[file].Innermost(e.Pos()).LookupParent(helperName, e.Pos()); obj != nil && obj.Parent() != c.pass.Pkg.Scope() {
		return nil // shadowed
	}
	edits := []analysis.TextEdit{
		{Pos: e.Pos(), End: p.Pos(), NewText: []byte(helperName + "(")},
		{Pos: p.End(), End: e.End(), NewText: []byte(")")},
	}
	decl, ok := c.helperDecl()
	switch {
	case !ok:
		return nil // the name is taken by something else
	case decl != nil:
		host := c.fileOf(decl.Pos())
		if host != file && (!c.unconstrained(host) || c.isTestFile(host.Pos()) && !c.isTestFile(file.Pos())) {
			return nil // not seen from file wherever it builds
		}
		edits = append(edits, c.orphanImports(cur, e, p)...)
		return checkedFix("Replace with "+helperName, edits)
	case file != c.helperHost:
		return nil // another file adds the function
	}
	for _, orphan := range c.orphanImports(cur, e, p) {
		if !c.deletesHelperImport(file, orphan) {
			edits = append(edits, orphan)
		}
	}
	added, ok := c.addHelper(file)
	if !ok {
		return nil
	}
	return checkedFix("Replace with "+helperName+" and add it to the package", append(edits, added...))
}

// checkedFix returns the fix of the edits, or nil when two of them touch
// the same text, which no driver applies.
func checkedFix(msg string, edits []analysis.TextEdit) []analysis.SuggestedFix {
	sorted := slices.Clone(edits)
	slices.SortFunc(sorted, func(a, b analysis.TextEdit) int { return cmp.Compare(a.Pos, b.Pos) })
	for i := 1; i < len(sorted); i++ {
		if overlap(sorted[i-1], sorted[i]) {
			return nil
		}
	}
	return []analysis.SuggestedFix{{Message: msg, TextEdits: edits}}
}

// overlap reports whether the edits a and b, b not before a, touch the
// same text.
func overlap(a, b analysis.TextEdit) bool {
	return b.Pos < a.End || b.Pos == a.Pos && (a.Pos != a.End || b.Pos != b.End)
}

// claimHelperHost makes the file of the construction at cur the one whose
// fixes add the function, when none is yet and the file builds wherever
// the package does. Every construction from an absolute path claims,
// before its uses are asked whether it is fixed: a package and its test
// variant, whose tests may use a value otherwise, choose the same file.
func (c *checker) claimHelperHost(cur inspector.Cursor) {
	if c.helperHost != nil {
		return
	}
	if file := enclosingFile(cur); file != nil && c.unconstrained(file) && !ast.IsGenerated(file) {
		c.helperHost = file
	}
}

// helperDecl returns the declaration of helperName in the package, or
// nil when there is none; it reports false when the name is declared
// otherwise.
func (c *checker) helperDecl() (*ast.FuncDecl, bool) {
	obj := c.pass.Pkg.Scope().Lookup(helperName)
	if obj == nil {
		return nil, true
	}
	for _, f := range c.pass.Files {
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if ok && fn.Recv == nil && fn.Name.Name == helperName {
				return fn, fn.Doc != nil && fn.Doc.List[0].Text == helperDoc
			}
		}
	}
	return nil, false
}

// unconstrained reports whether the file f builds wherever its package
// does: it has no //go:build or // +build line and no _GOOS or _GOARCH
// in its name.
func (c *checker) unconstrained(f *ast.File) bool {
	goos, goarch := nameConstraint(c.pass.Fset.File(f.Pos()).Name())
	return goos == "" && goarch == "" && !hasBuildLine(f)
}

// addHelper returns the edits that add the function, and the imports it
// needs, to the end of file f; it reports false when f cannot hold it.
// The edits are the same for every fix of the file, whatever else each
// fix edits, so that drivers that apply several add them once.
func (c *checker) addHelper(f *ast.File) ([]analysis.TextEdit, bool) {
	src := c.source(c.pass.Fset.File(f.Pos()))
	if src == nil {
		return nil, false
	}
	nl := "\n"
	if bytes.Contains(src, []byte("\r\n")) {
		nl = "\r\n"
	}
	if !c.helperNamesFree(f) {
		return nil, false
	}
	var missing []string
	for _, imp := range helperImports {
		switch c.importedAs(f, imp.path) {
		case imp.name:
		case "":
			if c.pass.TypesInfo.Scopes[f].Lookup(imp.name) != nil {
				return nil, false
			}
			missing = append(missing, imp.path)
		default:
			return nil, false // imported by another name
		}
	}
	var edits []analysis.TextEdit // the imports, then the function
	if len(missing) > 0 {
		edits = append(edits, c.importDecl(f, missing, nl))
	}
	text := strings.ReplaceAll(helperSource, "\n", nl)
	if !bytes.HasSuffix(src, []byte("\n")) {
		text = nl + text
	}
	end := f.FileEnd
	return append(edits, analysis.TextEdit{Pos: end, End: end, NewText: []byte(nl + text)}), true
}

// helperNames are the names that the function declares or refers to at
// package level; the package must declare none of them but the
// function itself, in any file: those of the pass, and those it does not
// see but that build with them on another system or in its tests.
var helperNames = []string{"filepath", "strings", "len", "byte", "string"}

// helperNamesFree reports whether no file of the package declares one of
// helperNames, or helperName, at package level, in the files of the pass
// or in the other Go files of the package's directory (for another
// GOOS, or tests, which a pass without them does not see). f is the file
// that is to hold the function.
func (c *checker) helperNamesFree(f *ast.File) bool {
	taken := func(name string) bool { return slices.Contains(helperNames, name) || name == helperName }
	for _, name := range helperNames {
		if c.pass.Pkg.Scope().Lookup(name) != nil {
			return false
		}
	}
	dir := filepath.Dir(c.pass.Fset.File(f.Pos()).Name())
	entries, err := os.ReadDir(dir)
	if err != nil {
		return true // no directory to read, as in an overlay of the editor
	}
	seen := make(map[string]bool)
	for _, pf := range c.pass.Files {
		seen[c.pass.Fset.File(pf.Pos()).Name()] = true
	}
	fset := token.NewFileSet()
	for _, e := range entries {
		name := filepath.Join(dir, e.Name())
		if e.IsDir() || !strings.HasSuffix(name, ".go") || seen[name] {
			continue
		}
		other, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil || other.Name.Name != c.pass.Pkg.Name() {
			continue // unreadable, or another package (package p_test)
		}
		for _, d := range other.Decls {
			if declaresAny(d, taken) {
				return false
			}
		}
	}
	return true
}

// declaresAny reports whether the declaration d declares a name for which
// taken holds.
func declaresAny(d ast.Decl, taken func(string) bool) bool {
	switch d := d.(type) {
	case *ast.FuncDecl:
		return d.Recv == nil && taken(d.Name.Name)
	case *ast.GenDecl:
		for _, spec := range d.Specs {
			switch spec := spec.(type) {
			case *ast.ValueSpec:
				if slices.ContainsFunc(spec.Names, func(id *ast.Ident) bool { return taken(id.Name) }) {
					return true
				}
			case *ast.TypeSpec:
				if taken(spec.Name.Name) {
					return true
				}
			}
		}
	}
	return false
}

// importDecl returns the edit that adds a declaration importing paths to
// f, on the line after its package clause: there it is the same whatever
// imports a fix deletes, and touches none of them; nl is the file's line
// end.
func (c *checker) importDecl(f *ast.File, paths []string, nl string) analysis.TextEdit {
	specs := strconv.Quote(paths[0])
	if len(paths) > 1 {
		specs = "(" + nl
		for _, p := range paths {
			specs += "\t" + strconv.Quote(p) + nl
		}
		specs += ")"
	}
	tf := c.pass.Fset.File(f.Pos())
	if line := tf.Line(f.Name.End()); line < tf.LineCount() {
		pos := tf.LineStart(line + 1)
		return analysis.TextEdit{Pos: pos, End: pos, NewText: []byte(nl + "import " + specs + nl)}
	}
	return analysis.TextEdit{Pos: f.FileEnd, End: f.FileEnd, NewText: []byte(nl + nl + "import " + specs + nl)}
}

// importedAs returns the name by which file f refers to the package
// path, or "" when f does not import it.
func (c *checker) importedAs(f *ast.File, path string) string {
	for _, spec := range f.Imports {
		if p, _ := strconv.Unquote(spec.Path.Value); p == path {
			if pkg := c.pass.TypesInfo.PkgNameOf(spec); pkg != nil {
				return pkg.Name()
			}
		}
	}
	return ""
}

// deletesHelperImport reports whether the edit deletes an import of
// file f that the function uses.
func (c *checker) deletesHelperImport(f *ast.File, edit analysis.TextEdit) bool {
	for _, spec := range f.Imports {
		if edit.Pos <= spec.Pos() && spec.End() <= edit.End {
			p, _ := strconv.Unquote(spec.Path.Value)
			for _, imp := range helperImports {
				if imp.path == p {
					return true
				}
			}
		}
	}
	return false
}

// enclosingFile returns the file that holds cur.
func enclosingFile(cur inspector.Cursor) *ast.File {
	for f := range cur.Enclosing((*ast.File)(nil)) {
		return f.Node().(*ast.File)
	}
	return nil
}

// fileOf returns the file of the package that holds pos.
func (c *checker) fileOf(pos token.Pos) *ast.File {
	for _, f := range c.pass.Files {
		if f.FileStart <= pos && pos <= f.FileEnd {
			return f
		}
	}
	return nil
}
