// Package codesearch holds "file:\" followed by text that cannot be a
// path, such as the file filter of a code-search syntax: no file URI.
// After "file:\" only a UNC host or a drive letter starts one.
package codesearch

const toolDescription = `Search the code base. Filters:
  file:\.js$        files whose name ends in .js
  lang:go file:\bcmd\b  files under a cmd directory`

var (
	unc   = `file:\\server\share\x`  // want `file URI has a backslash`
	drive = `file:\C:\Users\me`      // want `file URI has a backslash`
	text  = `see file:\c:\windows x` // want `file URI has a backslash`
)

var _ = []string{toolDescription, unc, drive, text}
