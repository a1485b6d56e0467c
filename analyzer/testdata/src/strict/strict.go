// Package strict holds the style kinds and dialects, reported by the
// analyzer in strict mode.
package strict

var (
	migrate = "file://./migrations"     // want `file URI reads "." as a host`
	helm    = "file://../chart"         // want `file URI reads ".." as a host`
	home    = "file://~/x"              // want `file URI reads "~" as a host`
	lower   = "file:///a%5bb%5d"        // want `lower-case percent-encoding %5b.*\(2 places\)`
	unres   = "file:///%41bc"           // want `percent-encodes unreserved 'A' as %41`
	noAuth  = "file:/srv/x"             // want `file URI has no authority`
	bare    = "file:C:/x"               // want `drive letter right after "file:"`
	unc     = "file:////server/share/x" // want `spells a UNC path with extra slashes`
	upper   = "FILE:///x"               // want `scheme is not lower case`
	iri     = "file:///caf\u00e9/x"     // want `non-ASCII 'é'`
	lowered = "file:///a%5B" + "%5d"    // want `lower-case percent-encoding %5d`
)

// The "|" joins two values (hugo's pagesfromgotmpl_integration_test.go):
// it ends the URI and is not encoded.
const hugoPages = "p1 content file:/mysection/p1|p2 content adapter:/mysection/p2|" // want `file URI has no authority`

var _ = []string{migrate, helm, home, lower, unres, noAuth, bare, unc, upper, iri, lowered, hugoPages}
