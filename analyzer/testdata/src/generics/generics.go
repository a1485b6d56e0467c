// Package generics builds file URIs in generic code.
package generics

import "strings"

type Path interface{ ~string }

func Build[P Path](p P) string {
	return "file://" + string(p) // want `file URI built from a path by concatenation`
}

func Concat[S ~string](p S) S {
	return "file://" + p // want `file URI built from a path by concatenation`
}

func Trim[S ~string](u S) string {
	return strings.TrimPrefix(string(u), "file://") // want `file URI taken apart by string surgery`
}

type Box[T any] struct{ v T }

var _ = Box[string]{v: "file:///a b.txt"} // want `file URI has unencoded space`
