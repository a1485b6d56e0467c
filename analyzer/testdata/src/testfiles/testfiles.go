// Package testfiles has literal URIs in a _test.go file: not reported by
// default, while constructions and surgery there are.
package testfiles

var Lit = "file:///a b.txt" // want `file URI has unencoded space`
