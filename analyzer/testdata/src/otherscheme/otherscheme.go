// Package otherscheme pins the rest of a URI of another scheme put after
// a file prefix: it is URI text, escaped already, not a path.
package otherscheme

import "strings"

const gitPrefix = "git:/"

// fixURI turns an editor's git:/ document URI into a file URI.
func fixURI(s string) string {
	if strings.HasPrefix(s, gitPrefix) {
		return "file:///" + s[len(gitPrefix):]
	}
	return s
}

func fromRemote(s string) string {
	return "file://" + strings.TrimPrefix(s, "vscode-remote://")
}

// afterDrive cuts a drive letter, which is no scheme: the rest is a path.
func afterDrive(p string) string {
	return "file:///" + strings.TrimPrefix(p, "C:") // want `file URI built from a path by concatenation`
}

func unknown(s string) string {
	return "file:///" + s[5:] // want `file URI built from a path by concatenation`
}

// archive cuts a transport's notation, which puts an OS path after its
// colon: the rest is a path.
func archive(ref string) string {
	return "file://" + strings.TrimPrefix(ref, "oci-archive:") // want `file URI built from a path by concatenation`
}
