// Package crlf holds file URIs in a file with CRLF line ends. The scanner
// drops the carriage returns of a raw literal from its value, not from
// the file: positions and fixes must count them.
package crlf

// A raw literal of several lines, its URIs on the last one.
const usage = `usage: tool [flags]
  -root  the root, as a file URI
see file:///a^b.txt and file:///C:\x\y` // want `file URI has unencoded '\^'` `file URI has a backslash`

// One literal, then another: each line before adds a carriage return.
var (
	interp = "file:///srv/a^b.txt"    // want `file URI has unencoded '\^'`
	raw    = `file://C:/x`            // want `reads drive "C:" as a host`
	twice  = `a
b
file:///c^d.txt` // want `file URI has unencoded '\^'`
)

var _ = []string{usage, interp, raw, twice}
