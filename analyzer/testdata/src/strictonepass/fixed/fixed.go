// Package fixed is package strictonepass after its strict fixes: one
// pass left nothing to fix.
package fixed

var uncBar = "file://localhost/x%7C/y"

var _ = uncBar
