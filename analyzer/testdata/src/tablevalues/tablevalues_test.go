package tablevalues

import (
	"net/url"
	"testing"
)

// TestBadNames feeds malformed names to a parser on purpose: in a test,
// a table's constants count as literals.
func TestBadNames(t *testing.T) {
	for _, bad := range []string{"a b", "100%"} {
		if _, err := url.Parse("file:///data/" + bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
