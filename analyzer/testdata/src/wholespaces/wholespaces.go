// Package wholespaces holds strings that are only a file URI, blanks
// included: such a URI runs to the end of the string. A URI followed by
// prose, or embedded in text, ends at its first blank.
package wholespaces

var (
	programFiles = "file:///C:/Program Files"            // want `file URI has unencoded space`
	myDocuments  = "file:///home/me/My Documents"        // want `file URI has unencoded space`
	short        = "file:///a b"                         // want `file URI has unencoded space`
	x86          = "file:///C:/Program Files (x86)/App"  // want `file URI has unencoded space`
	twoBlanks    = `file:///srv/a b c`                   // want `file URI has unencoded space`
	lines        = "file:///srv/old notes\nsecond line"  // want `file URI has unencoded space`
	drive        = "file://C:/Program Files/App/app.exe" // want `reads drive "C:" as a host` `file URI has unencoded space`
)

// Prose after a URI, and URIs embedded in text.
var (
	colon     = "file:///tmp/x: no such file"
	prefix    = "file:// is not supported"
	verb      = "file:///etc/passwd is not allowed"
	parens    = "file:///srv/x (default)"
	dash      = "file:///srv/x - the root"
	alt       = "file:///srv/x or file:///srv/y"
	embedded  = "see file:///srv/a b for details"
	quoted    = `"file:///srv/a b"`
	templated = "file:///srv/{name} x"
	list      = "file:///srv/a x;file:///srv/b"
)

var _ = []string{programFiles, myDocuments, short, x86, twoBlanks, lines, drive,
	colon, prefix, verb, parens, dash, alt, embedded, quoted, templated, list}
