// Package disable is checked with -disable backslash,unencoded,drive-authority,construction.
package disable

var (
	off  = "file://C:\\a b"
	on   = "file:///a%"   // want `file URI has "%" without two hex digits`
	both = "file:///a\\%" // want `file URI has "%" without two hex digits`
)

func build(p string) string { return "file://" + p }

var _ = []string{off, on, both}
