// Package namedconstants pins that a defect carried by a named constant
// without "file:" in it is reported where the constant joins a file URI:
// its declaration holds no URI. There is no fix: an edit to the
// declaration could break its other uses.
package namedconstants

const dir = `C:\Users\me`

var a = "file:///" + dir // want `backslash`

const host = "C:"

var b = "file://" + host + "/x" // want `drive`

const pct = "100%"

var c = "file:///srv/" + pct // want `%25`

const name = "my file.txt"

var d = "file:///srv/" + name // want `space`

// Named constants only.
const prefix = "file:///"

var e = prefix + dir // want `backslash`

const whole = prefix + name // want `space`

// Checked where declared, not again.
const base = "file:///C:\\data" // want `backslash`

var f = base + "/x"

// Correct URIs.
const clean = "docs/readme.md"

var g = []string{"file:///srv/" + clean, prefix + clean, prefix + "srv/" + clean}

func use() []string { return []string{a, b, c, d, e, f, whole, (prefix + dir)} } // want `backslash`
