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

// pathCopied copies the Path of the URL the rest makes, then opens it.
func pathCopied(in string) (*os.File, error) {
	u, err := url.Parse(strings.TrimPrefix(in, "file://")) // want `file URI taken apart by string surgery`
	if err != nil {
		return nil, err
	}
	p := u.Path
	return os.Open(p)
}

func declared(in string) (*os.File, error) {
	var u, err = url.Parse(strings.TrimPrefix(in, "file://")) // want `file URI taken apart by string surgery`
	if err != nil {
		return nil, err
	}
	return os.Open(u.Path)
}

func openURL(s string) (*os.File, error) {
	u, err := url.Parse(s)
	if err != nil {
		return nil, err
	}
	return os.Open(u.Path)
}

func openChecked(s string) (*os.File, error) {
	if _, err := url.Parse(s); err != nil {
		return nil, err
	}
	return os.Open(s)
}

// viaOpener and viaChecker hand the rest to functions that open it.
func viaOpener(in string) (*os.File, error) {
	return openURL(strings.TrimPrefix(in, "file://")) // want `file URI taken apart by string surgery`
}

func viaChecker(in string) (*os.File, error) {
	return openChecked(strings.TrimPrefix(in, "file://")) // want `file URI taken apart by string surgery`
}

// validated only checks that the rest parses, then opens the rest.
func validated(in string) (*os.File, error) {
	rest := strings.TrimPrefix(in, "file://") // want `file URI taken apart by string surgery`
	if _, err := url.Parse(rest); err != nil {
		return nil, err
	}
	return os.Open(rest)
}

type holder struct{ u *url.URL }

// intoField keeps the URL where its uses are not followed.
func intoField(h *holder, in string) error {
	var err error
	h.u, err = url.Parse(strings.TrimPrefix(in, "file://")) // want `file URI taken apart by string surgery`
	return err
}
