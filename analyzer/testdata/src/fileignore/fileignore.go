//lint:file-ignore fileuri fixtures: malformed URIs on purpose

// Package fileignore is silenced as a whole by //lint:file-ignore.
package fileignore

var a = "file://C:/a"

var b = "file:///my notes.txt"
