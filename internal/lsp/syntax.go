package lsp

import (
	"crypto/sha256"
	"go/ast"
	"go/parser"
	"os"
	"slices"
	"strings"
)

// The syntax cache: the texts of a package's files, from the editor or
// from disk, and their syntax trees, parsed again only when a text
// changes.

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

// importsURL reports whether f imports net/url.
func importsURL(f *ast.File) bool {
	return slices.ContainsFunc(f.Imports, func(spec *ast.ImportSpec) bool { return spec.Path.Value == `"net/url"` })
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

// readFile returns the text of the file name as it was parsed: an open
// file's text in the editor, else the file on disk. The analyzer reads
// back the source of a raw literal that spans CRLF line ends.
func (p *pkg) readFile(name string) ([]byte, error) {
	if pf := p.parsed[name]; pf != nil {
		return []byte(pf.text), nil
	}
	return os.ReadFile(name)
}
