// Package constants holds file URIs in constant expressions: reported
// once, at the declaration, not at every use.
package constants

const base = "file:///C:\\data" // want `file URI has a backslash`

const derived = base + "/x.txt" // not again: the backslash is in base

const joined = "file:///" + "srv/my file.txt" // want `file URI has unencoded space`

const split = "file:///C:" + `\` + "x" // want `file URI has a backslash`

func use() []string {
	return []string{base, derived, joined, split, base + "/y"}
}

// prefix + a name whose defect is in this literal: reported here.
const prefix = "file:///srv/"

var named = prefix + "a b.txt" // want `file URI has unencoded space`

var _ = named
