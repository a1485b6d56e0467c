package analyzer

import (
	"bytes"
	"go/ast"
	"go/token"
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
	msg := "Replace with " + helperName
	var host *ast.File
	switch decl, ok := c.helperDecl(); {
	case !ok:
		return nil // the name is taken by something else
	case decl != nil:
		host = c.fileOf(decl.Pos())
		if host != file && (!c.unconstrained(host) || c.isTestFile(host.Pos()) && !c.isTestFile(file.Pos())) {
			return nil // not seen from file wherever it builds
		}
	default:
		if c.helperHost == nil && c.unconstrained(file) && !ast.IsGenerated(file) {
			c.helperHost = file
		}
		if file != c.helperHost {
			return nil // another file adds the function
		}
		host = file
		added, ok := c.addHelper(host)
		if !ok {
			return nil
		}
		edits = append(edits, added...)
		msg += " and add it to the package"
	}
	for _, orphan := range c.orphanImports(cur, e, p) {
		if host != file || !c.deletesHelperImport(file, orphan) {
			edits = append(edits, orphan)
		}
	}
	return []analysis.SuggestedFix{{Message: msg, TextEdits: edits}}
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
// does: it has no //go:build line and no _GOOS or _GOARCH in its name.
func (c *checker) unconstrained(f *ast.File) bool {
	goos, goarch := nameConstraint(c.pass.Fset.File(f.Pos()).Name())
	return goos == "" && goarch == "" && buildLine(f) == nil
}

// addHelper returns the edits that add the function, and the imports it
// needs, to the end of file f; it reports false when f cannot hold it.
func (c *checker) addHelper(f *ast.File) ([]analysis.TextEdit, bool) {
	src := c.source(c.pass.Fset.File(f.Pos()))
	if src == nil {
		return nil, false
	}
	nl := "\n"
	if bytes.Contains(src, []byte("\r\n")) {
		nl = "\r\n"
	}
	var edits []analysis.TextEdit // the imports, then the function
	for _, imp := range helperImports {
		switch c.importedAs(f, imp.path) {
		case imp.name:
			continue
		case "":
			if c.pass.TypesInfo.Scopes[f].Lookup(imp.name) != nil || c.pass.Pkg.Scope().Lookup(imp.name) != nil {
				return nil, false
			}
			edit := c.addImport(f, imp.path, nl)
			if n := len(edits); n > 0 && edits[n-1].Pos == edit.Pos {
				edit.NewText = append(edits[n-1].NewText, edit.NewText...) // one insertion at one place
				edits = edits[:n-1]
			}
			edits = append(edits, edit)
		default:
			return nil, false // imported by another name
		}
	}
	text := strings.ReplaceAll(helperSource, "\n", nl)
	if !bytes.HasSuffix(src, []byte("\n")) {
		text = nl + text
	}
	end := f.FileEnd
	return append(edits, analysis.TextEdit{Pos: end, End: end, NewText: []byte(nl + text)}), true
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

// addImport returns the edit that imports path into f, in sorted place in
// the first group of its first import declaration (the specs up to the
// first blank line), or as a declaration of its own; nl is the file's
// line end.
func (c *checker) addImport(f *ast.File, path, nl string) analysis.TextEdit {
	spec := strconv.Quote(path)
	for gen := range importDecls(f) {
		if !gen.Lparen.IsValid() || len(gen.Specs) == 0 {
			break
		}
		tf := c.pass.Fset.File(gen.Pos())
		last := gen.Specs[0]
		for _, s := range gen.Specs {
			if tf.Line(s.Pos()) > tf.Line(last.End())+1 {
				break // a blank line ends the group
			}
			if p, _ := strconv.Unquote(s.(*ast.ImportSpec).Path.Value); p > path {
				return analysis.TextEdit{Pos: s.Pos(), End: s.Pos(), NewText: []byte(spec + nl + "\t")}
			}
			last = s
		}
		return analysis.TextEdit{Pos: last.End(), End: last.End(), NewText: []byte(nl + "\t" + spec)}
	}
	return analysis.TextEdit{Pos: f.Name.End(), End: f.Name.End(), NewText: []byte(nl + nl + "import " + spec)}
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
