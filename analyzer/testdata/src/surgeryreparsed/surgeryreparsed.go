// Package surgeryreparsed pins the rest of a cut file URI that is parsed
// as a URL again, URI text and no path, beside a rest whose URL's Path
// is then read as a path.
package surgeryreparsed

import (
	"net/url"
	"os"
	"strings"
)

// parseURL is the package's own url.Parse.
func parseURL(s string) (*url.URL, error) {
	u, err := url.Parse(s)
	if err == nil {
		u.OmitHost = false
	}
	return u, err
}

// repair tolerates file://E:\folder\file, which url.Parse rejects, by
// parsing what follows the scheme.
func repair(in string) (*url.URL, string) {
	const prefix = "file://"
	if !strings.HasPrefix(in, prefix) {
		return nil, ""
	}
	u, _ := parseURL(strings.TrimPrefix(in, prefix))
	return u, u.String()
}

func repairDirect(in string) string {
	u, err := url.Parse(strings.TrimPrefix(in, "file://"))
	if err != nil {
		return ""
	}
	return u.String()
}

func repairVar(in string) string {
	rest := strings.TrimPrefix(in, "file://")
	u, err := url.Parse(rest)
	if err != nil {
		return ""
	}
	return u.Host
}

// opened reads the Path of the URL the rest makes as a path: /C:/x on
// Windows, and the host is lost.
func opened(in string) (*os.File, error) {
	u, err := url.Parse(strings.TrimPrefix(in, "file://")) // want `file URI taken apart by string surgery`
	if err != nil {
		return nil, err
	}
	return os.Open(u.Path)
}
