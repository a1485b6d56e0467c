// Package rawinterp holds file URIs in raw and interpreted literals with
// escapes, to check that positions and fixes land on the right text.
package rawinterp

var (
	raw       = `file:///C:\Users\me`             // want `file URI has a backslash`
	tab       = "file:///a\tb.txt"                // want `file URI has unencoded tab`
	hex       = "file:///a\x20b.txt"              // want `file URI has unencoded space`
	uni       = "file:///caf\u00e9 x.txt"         // want `file URI has unencoded space`
	octal     = "file:///a\040b.txt"              // want `file URI has unencoded space`
	quote     = "file:///a\"b\"c"                 // want `file URI has unencoded '"'`
	rawQuote  = `file:///a"b`                     // want `file URI has unencoded '"'`
	backslash = "file:///C:\\x"                   // want `file URI has a backslash`
	caret     = `file:///a^b`                     // want `file URI has unencoded '\^'`
	backquote = "file:///a`b"                     // want "file URI has unencoded '`'"
	multi     = "file://C:\\Program Files\\x.exe" // want `reads drive "C:" as a host` `has a backslash` `unencoded space`
	utf8bad   = "file:///a\xffb"                  // want `file URI has byte 0xFF, which is not UTF-8`
)

var _ = []string{raw, tab, hex, uni, octal, quote, rawQuote, backslash, caret, backquote, multi, utf8bad}
