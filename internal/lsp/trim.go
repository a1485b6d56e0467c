package lsp

import (
	"go/ast"
	"go/token"
	"slices"
	"strings"
)

// Body trimming: the files that are not open are type-checked without
// the function bodies that cannot change the findings in the open ones.

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
// those that hold "file:" or import net/url. docs/ARCHITECTURE.md states
// the rule for the analyzer's checks ("Where a new check belongs"), and
// TestTrimmedFilesMatchDriver tests it on the analyzer's testdata.
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
