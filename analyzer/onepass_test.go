package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fileurilint/fileurilint/analyzer"
)

// TestStrictFixOnePass checks that one run of -strict -fix is enough:
// the fixes of package strictonepass give its golden file, and the strict
// analyzer reports nothing on that text (package strictonepass/fixed).
func TestStrictFixOnePass(t *testing.T) {
	a := analyzer.New(analyzer.Config{Strict: true})
	analysistest.RunWithSuggestedFixes(t, testdata, a, "strictonepass")
	analysistest.Run(t, testdata, a, "strictonepass/fixed")
}
