package analyzer

import (
	"go/ast"
	"go/token"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Suppression comments, the same in every driver (the command, go vet,
// go fix, gopls, the language server, golangci-lint), in staticcheck's
// form, a reason required:
//
//	//lint:ignore fileuri the server expects this exact spelling
//	//lint:file-ignore fileuri fixtures of malformed URIs
//
// The first silences the findings of the line it ends, or, alone on its
// line, of the next line; the second, of its whole file. The check names
// are a comma-separated list; a directive that does not name fileuri is
// another tool's. A directive for fileuri without a reason silences
// nothing and is reported.

// ignores are the suppression comments of one file: the lines they
// silence, and whether the whole file is.
type ignores struct {
	lines map[int]bool
	file  bool
}

// readIgnores returns the suppression comments of the files of the
// package, and reports those without a reason.
func (c *checker) readIgnores() map[*token.File]*ignores {
	out := make(map[*token.File]*ignores)
	for _, f := range c.pass.Files {
		tf := c.pass.Fset.File(f.FileStart)
		for _, group := range f.Comments {
			for _, comment := range group.List {
				whole, ok := directive(comment.Text)
				if !ok {
					continue
				}
				if !hasReason(comment.Text) {
					c.pass.Report(analysis.Diagnostic{Pos: comment.Pos(), End: comment.End(), Message: "suppression comment for fileuri has no reason after the check name; it silences nothing"})
					continue
				}
				ig := out[tf]
				if ig == nil {
					ig = &ignores{lines: make(map[int]bool)}
					out[tf] = ig
				}
				line := tf.Line(comment.Pos())
				switch {
				case whole:
					ig.file = true
				case c.alone(tf, comment):
					ig.lines[line+1] = true
				default:
					ig.lines[line] = true
				}
			}
		}
	}
	return out
}

// directive reports whether text is a //lint:ignore or //lint:file-ignore
// comment that names fileuri, and whether it is the second.
func directive(text string) (whole, ok bool) {
	rest, ok := strings.CutPrefix(text, "//lint:ignore ")
	if !ok {
		if rest, ok = strings.CutPrefix(text, "//lint:file-ignore "); !ok {
			return false, false
		}
		whole = true
	}
	checks, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
	for check := range strings.SplitSeq(checks, ",") {
		if check == "fileuri" {
			return whole, true
		}
	}
	return false, false
}

// hasReason reports whether the directive text has words after the
// check names.
func hasReason(text string) bool {
	fields := strings.Fields(text)
	return len(fields) > 2
}

// alone reports whether only blanks precede comment on its line of tf.
func (c *checker) alone(tf *token.File, comment *ast.Comment) bool {
	src := c.source(tf)
	start, end := tf.Offset(tf.LineStart(tf.Line(comment.Pos()))), tf.Offset(comment.Pos())
	return src != nil && end <= len(src) && strings.TrimSpace(string(src[start:end])) == ""
}

// ignored reports whether a suppression comment silences a finding at
// pos.
func (c *checker) ignored(pos token.Pos) bool {
	tf := c.pass.Fset.File(pos)
	ig := c.ignores[tf]
	return ig != nil && (ig.file || ig.lines[tf.Line(pos)])
}
