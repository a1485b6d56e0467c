package analyzer

import (
	"go/ast"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// checkPathJoin reports path.Join or filepath.Join (of package pkg) of
// "file:///" and more: it cleans the scheme's "//" away.
func (c *checker) checkPathJoin(call *ast.CallExpr, pkg string) {
	s, ok := c.stringConst(call.Args[0])
	if !ok || len(s) <= len("file:") || !strings.EqualFold(s[:6], "file:/") {
		return
	}
	c.markReported(call.Args[0])
	c.report(analysis.Diagnostic{
		Pos: call.Pos(), End: call.End(), Category: string(PathJoin),
		Message: pkg + `.Join cleans "file:///x" to "file:/x" and escapes nothing; use fileuri.FromPath`,
	})
}
