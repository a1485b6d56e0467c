package fileuri

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// The conformance test runs the path <-> URI cases of other
// implementations, kept in testdata/vectors (see its README.md), through
// Style.FromPath, Style.ToPath and the host FromPath. A case that fails
// must be listed, with fileuri's answer and the reason, in
// testdata/vectors/overruled.json; a listed case that passes, or that
// fails with another answer, fails the test, so the list stays exact.

// vectorFiles are the peers' files the test reads.
var vectorFiles = []string{"node.json", "cpython.json", "go.json", "rust_url.json", "vscode_uri.json"}

// A vector is one case of a peer, in the form NOTES.md §1 describes; only
// the fields the test reads.
type vector struct {
	ID     string  `json:"id"`
	Kind   string  `json:"kind"` // path_to_uri or uri_to_path; other kinds are not run
	OS     string  `json:"os"`   // posix, windows or any
	Path   *string `json:"path"`
	URI    *string `json:"uri"`
	Expect string  `json:"expect"` // ok or error
	// CPython's pathname2url gives a URL without the scheme, for
	// relative paths too: not a file URI to compare.
	URLWithoutScheme *string `json:"url_without_scheme"`
	// For a relative path, Node's result depends on the working
	// directory; only a part of it is given.
	Match       string `json:"match"`
	URIPrefix   string `json:"uri_prefix"`
	URISuffix   string `json:"uri_suffix"`
	URIContains string `json:"uri_contains"`
	URIRegex    string `json:"uri_regex"`
	// vscode-uri gives the path for both conventions, or the parts of
	// the URI only.
	FsPathWindows *string `json:"fsPath_windows"`
	FsPathPOSIX   *string `json:"fsPath_posix"`
	Components    *struct {
		Authority *string `json:"authority"`
		Path      *string `json:"path"`
	} `json:"components"`
}

// An overrule is a case whose expectation SPEC.md (or the scope of
// fileuri) overrules: fileuri answers Got instead, for Reason.
type overrule struct {
	File   string `json:"file"`
	ID     string `json:"id"`
	Style  string `json:"style"`
	Got    string `json:"got"`
	Reason string `json:"reason"`
}

func TestConformance(t *testing.T) {
	var overrules []overrule
	readVectorJSON(t, "overruled.json", &overrules)
	listed := make(map[string]overrule)
	for _, o := range overrules {
		key := o.File + " " + o.ID + " " + o.Style
		if _, dup := listed[key]; dup {
			t.Errorf("overruled.json lists %s twice", key)
		}
		if o.Reason == "" {
			t.Errorf("overruled.json: %s has no reason", key)
		}
		listed[key] = o
	}
	seen := make(map[string]bool)
	for _, file := range vectorFiles {
		var doc struct{ Cases []vector }
		readVectorJSON(t, file, &doc)
		run, passed := 0, 0
		for _, v := range doc.Cases {
			for _, st := range v.styles() {
				got, want, ok, applies := v.run(st)
				if !applies {
					continue
				}
				run++
				key := file + " " + v.ID + " " + st.String()
				o, isListed := listed[key]
				seen[key] = true
				switch {
				case ok && isListed:
					t.Errorf("%s passes (%s) but overruled.json lists it: remove the entry", key, got)
				case ok:
					passed++
				case !isListed:
					t.Errorf("%s: got %s, want %s (fix fileuri, or list the case in overruled.json with the reason)", key, got, want)
				case o.Got != got:
					t.Errorf("%s: got %s, overruled.json says fileuri answers %s", key, got, o.Got)
				}
			}
		}
		t.Logf("%s: %d cases run, %d pass, %d overruled", file, run, passed, run-passed)
	}
	for key := range listed {
		if !seen[key] {
			t.Errorf("overruled.json lists %s, which is not a case the test runs", key)
		}
	}
}

func readVectorJSON(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "vectors", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// styles returns the conventions the case is run in: its own, or both
// when vscode-uri gives a path for each.
func (v *vector) styles() []Style {
	switch {
	case v.OS == "windows":
		return []Style{Windows}
	case v.OS == "any" && v.FsPathWindows != nil:
		return []Style{POSIX, Windows}
	}
	return []Style{POSIX}
}

// run runs the case in style st. It reports what fileuri answers, what
// the peer expects, whether they agree, and whether the case applies: a
// case of another kind, or with neither a URI nor a path to compare, does
// not.
func (v *vector) run(st Style) (got, want string, ok, applies bool) {
	switch v.Kind {
	case "path_to_uri":
		if v.Path == nil || v.URI == nil && v.URLWithoutScheme != nil {
			return "", "", false, false
		}
		if v.Match != "" {
			// Relative paths, resolved against the working directory:
			// the host FromPath's job.
			if runtime.GOOS == "windows" {
				return "", "", false, false
			}
			got = FromPath(*v.Path)
			return strconv.Quote(got), v.matchWant(), v.matches(got), true
		}
		u, err := st.FromPath(*v.Path)
		got = answer(u, err)
		switch {
		case v.Expect == "error":
			return got, "an error", err != nil, true
		case v.URI != nil:
			return got, strconv.Quote(*v.URI), err == nil && u == *v.URI, true
		case v.Components != nil:
			want = v.componentsWant()
			return got, want, err == nil && v.componentsMatch(u), true
		}
		return got, "a URI", err == nil, true // the peer asserts success only
	case "uri_to_path":
		if v.URI == nil {
			return "", "", false, false
		}
		p, err := st.ToPath(*v.URI)
		got = answer(p, err)
		expected := v.Path
		if st == Windows && v.FsPathWindows != nil {
			expected = v.FsPathWindows
		} else if st == POSIX && v.FsPathPOSIX != nil {
			expected = v.FsPathPOSIX
		}
		switch {
		case v.Expect == "error":
			return got, "an error", err != nil, true
		case expected != nil:
			return got, strconv.Quote(*expected), err == nil && samePath(st, p, *expected), true
		}
	}
	return "", "", false, false
}

// answer is how the test writes fileuri's result: the string quoted as
// Go does, or "error".
func answer(s string, err error) string {
	if err != nil {
		return "error"
	}
	return strconv.Quote(s)
}

// samePath compares paths; Windows takes "/" for "\" (CPython compares
// WindowsPath values).
func samePath(st Style, a, b string) bool {
	if st == Windows {
		a, b = strings.ReplaceAll(a, "/", `\`), strings.ReplaceAll(b, "/", `\`)
	}
	return a == b
}

func (v *vector) matches(got string) bool {
	switch v.Match {
	case "prefix+suffix":
		return strings.HasPrefix(got, v.URIPrefix) && strings.HasSuffix(got, v.URISuffix)
	case "suffix":
		return strings.HasSuffix(got, v.URISuffix)
	case "contains":
		return strings.Contains(got, v.URIContains)
	case "regex":
		return regexp.MustCompile(v.URIRegex).MatchString(got)
	}
	return false
}

func (v *vector) matchWant() string {
	return fmt.Sprintf("a URI that matches %s %q%q%q%q", v.Match, v.URIPrefix, v.URISuffix, v.URIContains, v.URIRegex)
}

func (v *vector) componentsMatch(uri string) bool {
	u, err := Parse(uri)
	if err != nil {
		return false
	}
	c := v.Components
	return (c.Authority == nil || *c.Authority == u.Host) && (c.Path == nil || *c.Path == u.Path)
}

func (v *vector) componentsWant() string {
	c := v.Components
	var parts []string
	if c.Authority != nil {
		parts = append(parts, "host "+strconv.Quote(*c.Authority))
	}
	if c.Path != nil {
		parts = append(parts, "path "+strconv.Quote(*c.Path))
	}
	return "a URI with " + strings.Join(parts, " and ")
}
