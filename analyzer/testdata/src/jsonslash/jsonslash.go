// Package jsonslash holds file URIs in JSON text that escapes its
// slashes, as PHP's json_encode writes them: "\/" is "/", read through
// like the other escapes of the JSON string, and the fix keeps the
// author's escaping of slashes, so that the text stays JSON.
package jsonslash

var (
	raw      = `{"u":"file:\/\/\/C:\\x"}`          // want `file URI has a backslash`
	interp   = "{\"u\":\"file:\\/\\/\\/C:\\\\x\"}" // want `file URI has a backslash`
	caret    = `{"u":"file:\/\/\/C:\/a^b.txt"}`    // want `file URI has unencoded '\^'`
	drive    = `{"u":"file:\/\/C:\/x"}`            // want `file URI reads drive "C:" as a host`
	unc      = `{"u":"file:\/\/server\/share\\x"}` // want `file URI has a backslash`
	js       = `open('file:\/\/\/C:\\tmp\\a.txt')` // want `file URI has a backslash.*\(2 places\)`
	good     = `{"u":"file:\/\/\/C:\/x\/y%20z"}`
	unquoted = `see file:\/\/\/C:\\x`
)

var _ = []string{raw, interp, caret, drive, unc, js, good, unquoted}
