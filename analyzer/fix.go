package analyzer

import (
	"go/ast"
	"go/token"
	"go/types"
	"iter"
	"slices"
	"strconv"
	"strings"

	"github.com/fileurilint/fileurilint/fileuri"
	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ast/inspector"
)

// fileuriPath is the import path of package fileuri.
const fileuriPath = "github.com/fileurilint/fileurilint/fileuri"

// fileuriName returns the name by which the code at pos can refer to
// package fileuri, and the edits that import it when the file does not
// yet. It reports false when the package cannot import fileuri without
// a change to its module (only a package that already depends on it, or
// one of this module, can), or when the name is taken at pos.
func (c *checker) fileuriName(cur inspector.Cursor, pos token.Pos) (string, []analysis.TextEdit, bool) {
	file := enclosingFile(cur)
	if file == nil {
		return "", nil, false
	}
	for _, spec := range file.Imports {
		if path, _ := strconv.Unquote(spec.Path.Value); path != fileuriPath {
			continue
		}
		switch {
		case spec.Name == nil:
			return c.ifFree("fileuri", file, pos, nil)
		case spec.Name.Name != "_" && spec.Name.Name != ".":
			return c.ifFree(spec.Name.Name, file, pos, nil)
		}
	}
	if !c.canImport() {
		return "", nil, false
	}
	return c.ifFree("fileuri", file, pos, importEdits(c.pass.Fset, file))
}

// ifFree returns name and edits when name refers, at pos, to the package
// fileuri or to nothing yet.
func (c *checker) ifFree(name string, file *ast.File, pos token.Pos, edits []analysis.TextEdit) (string, []analysis.TextEdit, bool) {
	scope := c.pass.TypesInfo.Scopes[file]
	if scope == nil {
		return "", nil, false
	}
	if _, obj := scope.Innermost(pos).LookupParent(name, pos); obj != nil {
		if pkg, ok := obj.(*types.PkgName); !ok || pkg.Imported().Path() != fileuriPath {
			return "", nil, false
		}
	} else if edits == nil {
		return "", nil, false
	}
	return name, edits, true
}

// canImport reports whether the package can import package fileuri: it
// belongs to this module, or one of its files imports fileuri already,
// so that the module that provides fileuri is in its build. An import
// by a dependency would do too, but a driver that reads the dependencies
// from export data (go vet, go fix, golangci-lint, the language server)
// does not see it: their types list as imports only the packages their
// declarations mention. A package fact would carry it, at the price of
// a command that type-checks every dependency from source. The
// package's own imports are those of its syntax in every driver, so
// every driver offers the same fixes.
func (c *checker) canImport() bool {
	path := c.pass.Pkg.Path()
	if path != fileuriPath && strings.HasPrefix(path, "github.com/fileurilint/fileurilint/") {
		return true
	}
	return slices.ContainsFunc(c.pass.Pkg.Imports(), func(p *types.Package) bool { return p.Path() == fileuriPath })
}

// importDecls yields the import declarations of file.
func importDecls(file *ast.File) iter.Seq[*ast.GenDecl] {
	return func(yield func(*ast.GenDecl) bool) {
		for _, decl := range file.Decls {
			if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.IMPORT && !yield(gen) {
				return
			}
		}
	}
}

// importEdits returns the edit that adds the import of package fileuri to
// file: a spec at the end of its first import declaration, or a new
// declaration after the package clause.
func importEdits(fset *token.FileSet, file *ast.File) []analysis.TextEdit {
	spec := strconv.Quote(fileuriPath)
	for gen := range importDecls(file) {
		if gen.Lparen.IsValid() {
			text := "\t" + spec + "\n"
			if n := len(gen.Specs); n > 0 && fset.Position(gen.Specs[n-1].End()).Line == fset.Position(gen.Rparen).Line {
				text = "; " + spec // import ("fmt")
			}
			return []analysis.TextEdit{{Pos: gen.Rparen, End: gen.Rparen, NewText: []byte(text)}}
		}
		return []analysis.TextEdit{{Pos: gen.End(), End: gen.End(), NewText: []byte("\n\nimport " + spec)}}
	}
	return []analysis.TextEdit{{Pos: file.Name.End(), End: file.Name.End(), NewText: []byte("\n\nimport " + spec)}}
}

// orphanImports returns the edits that delete the imports whose last use
// in the file is in e outside keep, the part of e a fix keeps: once
// fmt.Sprintf("file://%s", abs) is fileuri.FromPath(abs), an import of
// fmt used nowhere else would stop the file from compiling. An import
// declaration left empty stays, as "import ()": it compiles.
func (c *checker) orphanImports(cur inspector.Cursor, e, keep ast.Expr) []analysis.TextEdit {
	removed := func(pos token.Pos) bool {
		return e.Pos() <= pos && pos < e.End() && (pos < keep.Pos() || keep.End() <= pos)
	}
	gone := make(map[*types.PkgName]bool)
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && removed(id.Pos()) {
			if pkg, ok := c.pass.TypesInfo.Uses[id].(*types.PkgName); ok {
				gone[pkg] = true
			}
		}
		return n != keep
	})
	if len(gone) == 0 {
		return nil
	}
	file := enclosingFile(cur)
	ast.Inspect(file, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !removed(id.Pos()) {
			if pkg, ok := c.pass.TypesInfo.Uses[id].(*types.PkgName); ok {
				delete(gone, pkg)
			}
		}
		return len(gone) > 0
	})
	var edits []analysis.TextEdit
	for gen := range importDecls(file) {
		for i, spec := range gen.Specs {
			if pkg := c.pass.TypesInfo.PkgNameOf(spec.(*ast.ImportSpec)); pkg == nil || !gone[pkg] {
				continue
			}
			if edit, ok := c.deleteImport(gen, i); ok {
				edits = append(edits, edit)
			}
		}
	}
	return edits
}

// deleteImport returns the edit that deletes the i-th spec of the import
// declaration gen: the whole declaration when it has no parentheses, else
// the spec's line, when it stands alone on it.
func (c *checker) deleteImport(gen *ast.GenDecl, i int) (analysis.TextEdit, bool) {
	if !gen.Lparen.IsValid() {
		return analysis.TextEdit{Pos: gen.Pos(), End: gen.End()}, true
	}
	spec := gen.Specs[i]
	tf := c.pass.Fset.File(spec.Pos())
	line := tf.Line(spec.Pos())
	before, after := gen.Lparen, gen.Rparen
	if i > 0 {
		before = gen.Specs[i-1].End()
	}
	if i+1 < len(gen.Specs) {
		after = gen.Specs[i+1].Pos()
	}
	if tf.Line(before) == line || tf.Line(after) == line || tf.Line(spec.End()) != line || line >= tf.LineCount() {
		return analysis.TextEdit{}, false // import ("fmt"; "os"): left alone
	}
	return analysis.TextEdit{Pos: tf.LineStart(line), End: tf.LineStart(line + 1)}, true
}

// fixMessage is the message of the fix for a kind of defect.
func fixMessage(k fileuri.Kind) string {
	switch k {
	case fileuri.Backslash:
		return `Replace \ with /`
	case fileuri.VerticalBar:
		return "Replace | with :"
	case fileuri.DriveAuthority:
		return "Add the third slash before the drive letter"
	case fileuri.Unencoded:
		return "Percent-encode the character"
	case fileuri.BadEscape:
		return "Encode % as %25"
	case fileuri.Password:
		return "Remove the password"
	case fileuri.NonCanonical:
		return `Write the canonical "file:///" form`
	case fileuri.UNCPath:
		return `Write the UNC form "file://host/share"`
	case fileuri.UpperCaseScheme:
		return "Lower-case the scheme"
	case fileuri.LowerCaseEscape:
		return "Upper-case the percent-encoding"
	case fileuri.EncodedUnreserved:
		return "Decode the unreserved character"
	case fileuri.NonASCII:
		return "Percent-encode the UTF-8 bytes"
	}
	return "Fix the file URI"
}

// fromPathFix returns the fix that replaces the construction e, which
// puts x after "file://" or "file:///", with fileuri.FromPath of the
// absolute path that x is or was cut from (see absolutePath), when there
// is one and the file can import package fileuri:
//
//	"file://" + abs                              ->  fileuri.FromPath(abs)
//	"file:///" + strings.TrimPrefix(abs, "/")    ->  fileuri.FromPath(abs)
//
// Only an absolute path keeps what the construction meant: FromPath
// resolves a relative path against the working directory, while
// "file:///" + rel takes rel as absolute with its slash cut off, and
// "file://" + "/C:/x" is already the URI of a Windows drive.
func (c *checker) fromPathFix(cur inspector.Cursor, e, x ast.Expr) []analysis.SuggestedFix {
	p := c.absolutePath(cur, x)
	if p == nil {
		return nil
	}
	name, importEdits, ok := c.fileuriName(cur, e.Pos())
	if !ok && !c.canImport() {
		c.claimHelperHost(cur)
	}
	switch {
	case !c.roles(cur).fixable():
		return nil
	case !ok && !c.canImport():
		return c.helperFix(cur, e, p)
	case !ok:
		return nil // the name fileuri is taken here
	}
	edits := append([]analysis.TextEdit{
		{Pos: e.Pos(), End: p.Pos(), NewText: []byte(name + ".FromPath(")},
		{Pos: p.End(), End: e.End(), NewText: []byte(")")},
	}, importEdits...)
	edits = append(edits, c.orphanImports(cur, e, p)...)
	return []analysis.SuggestedFix{{Message: "Replace with " + name + ".FromPath", TextEdits: edits}}
}
