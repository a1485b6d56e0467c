// Package escapelayer holds file URIs written in a quoted string of
// another language (JSON, Go, JavaScript) inside a Go string: "\\" there
// is one escaped backslash, "\u00e9" is "é", and the fix writes the right
// URI in that layer. A URI whose escapes do not decode is reported
// without a fix; one cut short by an escaped quote is not checked.
package escapelayer

var (
	jsonInterp = "{\"uri\":\"file:///C:\\\\x\"}"             // want `file URI has a backslash[^(]*$`
	jsonRaw    = `{"uri": "file:///C:\\Users\\me\\a^b.txt"}` // want `file URI has a backslash.*\(3 places\)` `file URI has unencoded '\^'`
	jsonEscape = `{"uri": "file:///caf\u00e9\\x^y"}`         // want `file URI has a backslash[^(]*$` `file URI has unencoded '\^'`
	goSample   = `u := "file:///C:\\tmp\\x"`                 // want `file URI has a backslash.*\(2 places\)`
	jsSample   = `open('file:///C:\\tmp\\a.txt')`            // want `file URI has a backslash.*\(2 places\)`
	unc        = `{"uri": "file:\\\\server\\share\\x"}`      // want `file URI has a backslash`
	badEscape  = `open "file:///C:\\Users\x": failed`        // want `file URI has a backslash`
	escQuote   = `{"uri":"file:///a\"b c"}`
	plain      = `"file:///C:\temp\x"`            // want `file URI has a backslash`
	jsonUni    = `{"uri": "file:///caf\u00e9^x"}` // want `file URI has unencoded '\^'`
)

var _ = []string{jsonInterp, jsonRaw, jsonEscape, goSample, jsSample, unc, badEscape, escQuote, plain, jsonUni}
