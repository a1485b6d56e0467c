package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fileurilint/fileurilint/analyzer"
)

// TestRoles checks that a file URI is fixed only where every use of it
// is a URI, against the golden file of package roles.
func TestRoles(t *testing.T) {
	analysistest.RunWithSuggestedFixes(t, testdata, analyzer.Analyzer, "roles")
}
