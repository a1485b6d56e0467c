// Package strictonepass holds a literal whose strict fixes must all come
// in one pass: in file:////localhost/x|/y the "|" of the share "x|" is
// encoded, so the share is no drive that four slashes must keep, and the
// UNC slashes are dropped in the same pass. Package fixed holds the
// fixed text, on which the strict analyzer reports nothing.
package strictonepass

var uncBar = "file:////localhost/x|/y" // want `file URI spells a UNC path with extra slashes` `file URI has unencoded '\|'`

var _ = uncBar
