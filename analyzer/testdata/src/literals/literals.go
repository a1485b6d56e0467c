// Package literals holds file URIs written whole in string literals, one
// per defect kind of package fileuri.
package literals

var (
	backslash   = "file:///C:\\Users\\me\\a.txt"         // want `file URI has a backslash; a URI separates with "/" \(3 places\)`
	verticalBar = "file:///c|/windows/win.ini"           // want `file URI writes drive "c:" with a vertical bar`
	driveHost   = "file://C:/data/x.db"                  // want `file URI reads drive "C:" as a host`
	space       = "file:///srv/docs/release notes.html"  // want `file URI has unencoded space`
	hash        = "file:///srv/a^b.txt"                  // want `file URI has unencoded '\^'`
	badEscape   = "file:///srv/100%.txt"                 // want `file URI has "%" without two hex digits`
	password    = "file://admin:hunter2@server/share/x"  // want `file URI has a password in userinfo`
	nul         = "file:///srv/a%00b"                    // want `file URI encodes a NUL byte`
	encodedSep  = "file:///srv/a%2Fb"                    // want `file URI encodes a path separator`
	driveRel    = "file:///C:x/y"                        // want `file URI has drive-relative path "C:"`
	namespace   = "file:///\\\\?\\C:\\x"                 // want `file URI holds a Win32 namespace prefix`
	twoKinds    = "file://C:\\Program Files\\App\\a.exe" // want `reads drive "C:" as a host` `has a backslash` `unencoded space`
)

// Embedded in text, a URI ends at whitespace, a quote, a bracket or a "|"
// that is no drive's.
const (
	jsonDoc = `{"uri": "file:///C:\Temp\x.json", "ok": "file:///tmp/x"}` // want `file URI has a backslash`
	html    = `<a href="file://C:/docs/index.html">docs</a>`             // want `file URI reads drive "C:" as a host`
	usage   = "open the log at file:///var/log/app%.log, then retry"     // want `file URI has "%" without two hex digits`
	twice   = "from file:///a\\b to file:///c\\d"                        // want `file URI has a backslash` `file URI has a backslash`
	piped   = "cat file:///c|/x.txt|sort"                                // want `file URI writes drive "c:" with a vertical bar`
)

var _ = []string{backslash, verticalBar, driveHost, space, hash, badEscape, password, nul, encodedSep, driveRel, namespace, twoKinds}

// An environment variable ends the URI; what comes before it is checked.
const beforeEnv = "file://C:/%APPDATA%/x" // want `file URI reads drive "C:" as a host`
