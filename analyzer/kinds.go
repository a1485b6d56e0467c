package analyzer

import (
	"flag"
	"fmt"
	"slices"
	"strings"

	"github.com/fileurilint/fileurilint/fileuri"
)

// kindList is a flag.Value holding a comma-separated list of kinds.
type kindList []string

// Kinds returns every kind the analyzer reports, each a diagnostic
// category that -disable takes: the kinds of package fileuri (see
// fileuri.Kinds), then Construction, PathJoin, URLPath and Surgery.
func Kinds() []fileuri.Kind {
	return append(fileuri.Kinds(), Construction, PathJoin, URLPath, Surgery, PathFromURL)
}

// CheckKinds returns an error that lists the valid kinds when a name in
// kinds is not one of Kinds.
func CheckKinds(kinds []string) error {
	for _, k := range kinds {
		if !slices.Contains(Kinds(), fileuri.Kind(k)) {
			return fmt.Errorf("unknown kind %q (kinds: %s)", k, kindNames())
		}
	}
	return nil
}

// kindNames returns the names of Kinds, separated by commas.
func kindNames() string {
	var names []string
	for _, k := range Kinds() {
		names = append(names, string(k))
	}
	return strings.Join(names, ", ")
}

// docURL returns the address of the documentation of kind k: that of its
// constant on pkg.go.dev, in package analyzer for the kinds of sites, in
// package fileuri for the rest.
func docURL(k fileuri.Kind) string {
	const base = "https://pkg.go.dev/github.com/fileurilint/fileurilint/"
	name, ok := kindConst[k]
	switch {
	case !ok:
		return ""
	case slices.Contains(fileuri.Kinds(), k):
		return base + "fileuri#" + name
	default:
		return base + "analyzer#" + name
	}
}

// kindConst names the Go constant that documents each kind.
var kindConst = map[fileuri.Kind]string{
	fileuri.Backslash:         "Backslash",
	fileuri.VerticalBar:       "VerticalBar",
	fileuri.DriveAuthority:    "DriveAuthority",
	fileuri.Unencoded:         "Unencoded",
	fileuri.BadEscape:         "BadEscape",
	fileuri.Password:          "Password",
	fileuri.NUL:               "NUL",
	fileuri.EncodedSeparator:  "EncodedSeparator",
	fileuri.DriveRelative:     "DriveRelative",
	fileuri.Win32Namespace:    "Win32Namespace",
	fileuri.Malformed:         "Malformed",
	fileuri.NotAbsolute:       "NotAbsolute",
	fileuri.LowerCaseEscape:   "LowerCaseEscape",
	fileuri.EncodedUnreserved: "EncodedUnreserved",
	fileuri.NonCanonical:      "NonCanonical",
	fileuri.UNCPath:           "UNCPath",
	fileuri.UpperCaseScheme:   "UpperCaseScheme",
	fileuri.NonASCII:          "NonASCII",
	Construction:              "Construction",
	PathJoin:                  "PathJoin",
	URLPath:                   "URLPath",
	Surgery:                   "Surgery",
	PathFromURL:               "PathFromURL",
}

// The kinds of the sites that build or take apart a file URI at run time;
// the kinds of defects in URI text are those of package fileuri.
const (
	// Construction is a file URI built from a path without escaping:
	// "file://" + p, fmt.Sprintf("file://%s", p).
	Construction fileuri.Kind = "construction"
	// PathJoin is path.Join or filepath.Join given "file://...": they
	// collapse the "//" after the scheme.
	PathJoin fileuri.Kind = "path-join"
	// URLPath is a url.URL with Scheme "file" whose Path is an OS path
	// with no leading slash before a Windows drive letter.
	URLPath fileuri.Kind = "url-path"
	// Surgery is a path taken out of a file URI by string operations.
	Surgery fileuri.Kind = "surgery"
	// PathFromURL is the Path of a file url.URL used as an OS path: on
	// Windows it is /C:/x, and the host of a UNC path is lost.
	PathFromURL fileuri.Kind = "path-from-url"
)

var _ flag.Value = (*kindList)(nil)

func (l *kindList) String() string { return strings.Join(*l, ",") }

func (l *kindList) Set(s string) error {
	var kinds []string
	for k := range strings.SplitSeq(s, ",") {
		if k = strings.TrimSpace(k); k != "" {
			kinds = append(kinds, k)
		}
	}
	if err := CheckKinds(kinds); err != nil {
		return err
	}
	*l = kinds
	return nil
}
