package fileuri

import (
	"cmp"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestConformance puts the cases of other implementations, kept in
// testdata/vectors (see its README.md), to fileuri: paths to URIs
// (Style.FromPath, and the host FromPath for paths relative to the working
// directory), URIs to paths (Style.ToPath), round trips, parsing (Parse:
// the canonical form, the parts read, or a failure) and syntax violations
// (Check). A case that fileuri answers otherwise must be listed, with
// fileuri's answer, in testdata/vectors/overruled.json under the reason: a
// position of docs/positions.md, or the case being out of fileuri's scope.
// The test fails on a failing case that is not listed, and on a listed
// case that passes, answers otherwise or is not run, so that the list
// stays exact.
func TestConformance(t *testing.T) {
	listed := readOverrules(t)
	var all []outcome
	for _, file := range peerFiles {
		var doc struct{ Cases []vector }
		readVectorFile(t, file, &doc)
		var outcomes []outcome
		notRun := map[string]int{}
		for _, v := range doc.Cases {
			o := v.outcomes(file)
			if len(o) == 0 {
				notRun[v.Kind]++
			}
			outcomes = append(outcomes, o...)
		}
		logCounts(t, file, outcomes, listed, fmt.Sprintf("%d cases, not run: %v", len(doc.Cases), notRun))
		all = append(all, outcomes...)
	}
	outcomes := comparisonOutcomes(t)
	logCounts(t, comparisonFile, outcomes, listed, "")
	all = append(all, outcomes...)

	seen := make(map[string]bool)
	for _, o := range all {
		key := o.key()
		if seen[key] {
			t.Errorf("%s is run twice", key)
		}
		seen[key] = true
		entry, isListed := listed[key]
		switch {
		case o.ok && isListed:
			t.Errorf("%s (input %q) passes, answering %s, but overruled.json lists it: remove the entry", key, o.input, o.got)
		case !o.ok && !isListed:
			t.Errorf("%s (input %q): fileuri answers %s; the peer expects %s. Fix fileuri, or list the case in overruled.json under the position of docs/positions.md (or the scope) that overrules the peer", key, o.input, o.got, o.want)
		case !o.ok && entry.Got != o.got:
			t.Errorf("%s (input %q): fileuri answers %s, but overruled.json says %s", key, o.input, o.got, entry.Got)
		}
	}
	for key := range listed {
		if !seen[key] {
			t.Errorf("overruled.json lists %s, which is not a case the test runs: remove the entry", key)
		}
	}
}

// peerFiles are the vector files in the peers' common form (schema
// fileuri-vectors/v1, described in the README.md beside them).
var peerFiles = []string{
	"node.json", "cpython.json", "go.json", "rust_url.json", "vscode_uri.json", "wpt_urltestdata_file.json",
}

// comparisonFile holds the answers of several peers to the same inputs.
const comparisonFile = "comparison.json"

// An outcome is one question a case puts to fileuri: a call on an input,
// fileuri's answer and the peer's.
type outcome struct {
	file, id string
	call     string // the fileuri call, such as "Windows.ToPath"
	input    string
	got      string // fileuri's answer: a quoted string, "error", or parts
	want     string // the peer's, in words
	ok       bool
}

func (o outcome) key() string { return o.file + " " + o.id + " " + o.call }

// logCounts logs, for one file, how many outcomes were run, passed and
// were overruled.
func logCounts(t *testing.T, file string, outcomes []outcome, listed map[string]overruledCase, extra string) {
	t.Helper()
	pass, overruled := 0, 0
	for _, o := range outcomes {
		if o.ok {
			pass++
		} else if _, ok := listed[o.key()]; ok {
			overruled++
		}
	}
	if extra != "" {
		extra = "; " + extra
	}
	t.Logf("%s: %d checks run, %d pass, %d overruled%s", file, len(outcomes), pass, overruled, extra)
}

// The overrules file lists the failing cases by the reason that decides
// them.
type overrules struct {
	Groups []struct {
		// Basis is "docs/positions.md § <section>" or "out of scope".
		Basis  string          `json:"basis"`
		Reason string          `json:"reason"`
		Cases  []overruledCase `json:"cases"`
	} `json:"groups"`
}

// An overruledCase is a case that fileuri answers otherwise than the peer.
type overruledCase struct {
	File  string `json:"file"`
	ID    string `json:"id"`
	Call  string `json:"call"`
	Input string `json:"input"`
	Got   string `json:"got"` // fileuri's answer, as the outcome writes it
}

// readOverrules reads overruled.json and returns its cases by key.
func readOverrules(t *testing.T) map[string]overruledCase {
	t.Helper()
	var doc overrules
	readVectorFile(t, "overruled.json", &doc)
	data, err := os.ReadFile(filepath.Join("..", "docs", "positions.md"))
	if err != nil {
		t.Fatal(err)
	}
	positions := strings.Split(string(data), "\n")
	listed := make(map[string]overruledCase)
	for _, g := range doc.Groups {
		if section, ok := strings.CutPrefix(g.Basis, "docs/positions.md § "); !ok && g.Basis != "out of scope" ||
			ok && !slices.Contains(positions, "## "+section) {
			t.Errorf("overruled.json: basis %q is neither %q, a section of docs/positions.md, nor %q", g.Basis, "docs/positions.md § <section>", "out of scope")
		}
		if g.Reason == "" || len(g.Cases) == 0 {
			t.Errorf("overruled.json: a group under %q has no reason or no case", g.Basis)
		}
		for _, c := range g.Cases {
			key := outcome{file: c.File, id: c.ID, call: c.Call}.key()
			if _, dup := listed[key]; dup {
				t.Errorf("overruled.json lists %s twice", key)
			}
			listed[key] = c
		}
	}
	return listed
}

func readVectorFile(t *testing.T, name string, v any) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "vectors", name))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// A vector is one case of a peer file; only the fields the test reads.
type vector struct {
	ID     string `json:"id"`
	Kind   string `json:"kind"`
	OS     string `json:"os"` // posix, windows or any
	API    string `json:"api"`
	Expect string `json:"expect"` // ok, error, or failure (WHATWG)

	Path         *string `json:"path"`
	PathBytesHex string  `json:"path_bytes_hex"` // a path that is not UTF-8
	URI          *string `json:"uri"`
	// CPython's pathname2url and url2pathname give and take the URL
	// without "file:"; the test puts it back.
	URLWithoutScheme *string `json:"url_without_scheme"`

	// Round trips: the path a peer gets back.
	Roundtrip     bool    `json:"roundtrip"`      // rust-url: the path itself
	PathRoundtrip *string `json:"path_roundtrip"` // gopls
	PathOut       *string `json:"path_out"`       // rust-url
	FsPath        *string `json:"fsPath"`         // vscode-uri

	// Node's relative paths resolve against the working directory; only
	// a part of the URI is given.
	Match       string `json:"match"`
	URIPrefix   string `json:"uri_prefix"`
	URISuffix   string `json:"uri_suffix"`
	URIContains string `json:"uri_contains"`
	URIRegex    string `json:"uri_regex"`

	// Parsing: a normalised URI, and the parts vscode-uri reads.
	WantURI       *string     `json:"want_uri"`
	Components    *components `json:"components"`
	FsPathWindows *string     `json:"fsPath_windows"`
	FsPathPOSIX   *string     `json:"fsPath_posix"`

	// WHATWG parsing (WPT and rust-url).
	Input     *string `json:"input"`
	Pathname  *string `json:"pathname"`
	URLPath   *string `json:"url_path"`
	Hostname  *string `json:"hostname"`
	Domain    *string `json:"domain"`
	Authority *string `json:"authority"`
	Search    *string `json:"search"`
	Hash      *string `json:"hash"`

	Violation string `json:"violation"` // rust-url's syntax violation
}

type components struct {
	Authority *string `json:"authority"`
	Path      *string `json:"path"`
	Query     *string `json:"query"`
	Fragment  *string `json:"fragment"`
}

// outcomes runs the case and returns what it asks of fileuri. A setter
// (rust-url's set_host) has no counterpart in fileuri and gives none.
func (v *vector) outcomes(file string) []outcome {
	out := &outcomeList{file: file, id: v.ID}
	p, hasPath := v.pathInput()
	uri, hasURI := v.uriInput()
	switch {
	case v.Kind == "path_to_uri" && hasPath:
		v.pathToURI(out, p)
	case v.Kind == "path_roundtrip":
		back := cmp.Or(v.PathOut, v.FsPath, &p)
		for _, st := range v.styles() {
			out.add(roundTrip(st, p, *back, v.compareAsWindowsPath()))
		}
	case v.Kind == "uri_to_path" && hasURI:
		v.uriToPath(out, uri)
	case v.Kind == "uri_roundtrip":
		v.uriRoundTrip(out, uri)
	case v.Kind == "uri_normalize" || v.Kind == "uri_components":
		v.uriNormalize(out, uri)
	case v.Kind == "whatwg_parse":
		out.add(v.parse(*v.Input, v.whatwgParts()))
	case v.Kind == "syntax_violation":
		v.syntaxViolation(out)
	}
	return out.list
}

// An outcomeList gathers the outcomes of one case.
type outcomeList struct {
	file, id string
	list     []outcome
}

func (l *outcomeList) add(call, input, got, want string, ok bool) {
	l.list = append(l.list, outcome{file: l.file, id: l.id, call: call, input: input, got: got, want: want, ok: ok})
}

// pathToURI runs a path_to_uri case on its path p: FromPath, and the
// round trips the case gives.
func (v *vector) pathToURI(out *outcomeList, p string) {
	if v.Match != "" {
		// Relative to the working directory: the host FromPath. A
		// POSIX case needs a POSIX host.
		if v.OS != "posix" || host() == POSIX {
			got := FromPath(p)
			out.add("FromPath", p, strconv.Quote(got), v.matchWant(), v.matches(got))
		}
		return
	}
	for _, st := range v.styles() {
		u, err := st.FromPath(p)
		want, ok := v.fromPathWant(u, err)
		out.add(st.String()+".FromPath", p, answer(u, err), want, ok)
		for _, back := range []*string{v.PathRoundtrip, v.FsPath, v.roundtripSelf(p)} {
			if back != nil {
				out.add(roundTrip(st, p, *back, v.compareAsWindowsPath()))
			}
		}
	}
}

// uriToPath runs a uri_to_path case on its URI: ToPath, and Parse when
// the case gives the parts.
func (v *vector) uriToPath(out *outcomeList, uri string) {
	for _, st := range v.styles() {
		p, err := st.ToPath(uri)
		want, ok := v.toPathWant(st, p, err)
		out.add(st.String()+".ToPath", uri, answer(p, err), want, ok)
	}
	if v.Components != nil {
		out.add(v.parse(uri, uriParts{}))
	}
}

// uriRoundTrip runs a uri_roundtrip case: FromPath(ToPath(uri)) gives
// uri back.
func (v *vector) uriRoundTrip(out *outcomeList, uri string) {
	for _, st := range v.styles() {
		p, err := st.ToPath(uri)
		if err == nil {
			uri2, err2 := st.FromPath(p)
			p, err = uri2, err2
		}
		out.add(st.String()+".FromPath(ToPath)", uri, answer(p, err), strconv.Quote(uri), err == nil && p == uri)
	}
}

// uriNormalize runs a uri_normalize or uri_components case on its URI:
// Parse, and ToPath when the case gives the path.
func (v *vector) uriNormalize(out *outcomeList, uri string) {
	out.add(v.parse(uri, uriParts{canonical: v.WantURI}))
	if v.Expect == "error" {
		return
	}
	for _, st := range v.styles() {
		if want := v.pathFor(st); want != nil {
			p, err := st.ToPath(uri)
			out.add(st.String()+".ToPath", uri, answer(p, err), strconv.Quote(*want), err == nil && p == *want)
		}
	}
}

// syntaxViolation runs a syntax_violation case: strict Check reports a
// problem of the kind that answers rust-url's violation.
func (v *vector) syntaxViolation(out *outcomeList) {
	kind, known := violationKinds[v.Violation]
	if !known {
		panic("unknown syntax violation " + v.Violation)
	}
	got := kinds(Options{Strict: true}.Check(*v.Input))
	want, ok := fmt.Sprintf("a problem of kind %s (%s)", kind, v.Violation), strings.Contains(" "+got+" ", " "+string(kind)+" ")
	if kind == "" {
		want, ok = fmt.Sprintf("a problem (%s; fileuri has no kind of its own for it)", v.Violation), got != ""
	}
	out.add("Options{Strict:true}.Check", *v.Input, strconv.Quote(got), want, ok)
}

// violationKinds maps the syntax violations of rust-url to the kinds of
// Check; "" is a violation no kind names.
var violationKinds = map[string]Kind{
	"ExpectedFileDoubleSlash":     NonCanonical,
	"FileWithHostAndWindowsDrive": "",
	"Backslash":                   Backslash,
	"NonUrlCodePoint":             Unencoded,
	"PercentDecode":               BadEscape,
	"TabOrNewlineIgnored":         Unencoded,
	"C0SpaceIgnored":              Unencoded,
}

// styles returns the conventions a case is run in: its own; a case for
// any system runs in POSIX style, and in Windows style too when it gives
// a Windows answer.
func (v *vector) styles() []Style {
	switch {
	case v.OS == "windows":
		return []Style{Windows}
	case v.OS == "any" && v.FsPathWindows != nil:
		return []Style{POSIX, Windows}
	}
	return []Style{POSIX}
}

// pathInput returns the path of the case.
func (v *vector) pathInput() (string, bool) {
	if v.PathBytesHex != "" {
		b, err := hex.DecodeString(v.PathBytesHex)
		if err != nil {
			panic(err)
		}
		return string(b), true
	}
	if v.Path == nil {
		return "", false
	}
	return *v.Path, true
}

// uriInput returns the URI of the case: CPython's scheme-less URLs get
// their "file:" back.
func (v *vector) uriInput() (string, bool) {
	switch {
	case v.URI != nil:
		return *v.URI, true
	case v.URLWithoutScheme != nil:
		return "file:" + *v.URLWithoutScheme, true
	}
	return "", false
}

// pathFor returns the path the case expects in style st: vscode-uri's
// fsPath of that style, or the path.
func (v *vector) pathFor(st Style) *string {
	if st == Windows && v.FsPathWindows != nil {
		return v.FsPathWindows
	}
	if st == POSIX && v.FsPathPOSIX != nil {
		return v.FsPathPOSIX
	}
	return v.Path
}

// roundtripSelf returns the path itself when rust-url asserts that it
// round-trips, or nil.
func (v *vector) roundtripSelf(p string) *string {
	if v.Roundtrip {
		return &p
	}
	return nil
}

// compareAsWindowsPath reports whether the peer compares Windows paths as
// pathlib's WindowsPath does: case-insensitively, "/" and "\" alike.
func (v *vector) compareAsWindowsPath() bool { return strings.Contains(v.API, "WindowsPath") }

func samePath(a, b string, asWindowsPath bool) bool {
	if asWindowsPath {
		return strings.EqualFold(strings.ReplaceAll(a, "/", `\`), strings.ReplaceAll(b, "/", `\`))
	}
	return a == b
}

// fromPathWant says what the case expects of FromPath, and whether u, err
// is that.
func (v *vector) fromPathWant(u string, err error) (string, bool) {
	want, hasURI := v.uriInput()
	switch {
	case v.Expect == "error":
		return "an error", err != nil
	case hasURI:
		return strconv.Quote(want), err == nil && u == want
	case v.Components != nil:
		parts := v.componentParts()
		if err != nil {
			return "a URI with " + parts.String(), false
		}
		uri, err := Parse(u)
		return "a URI with " + parts.String(), err == nil && parts.read(uri, false).String() == parts.String()
	}
	return "a URI", err == nil // the peer asserts success only
}

// toPathWant says what the case expects of ToPath in style st, and
// whether p, err is that.
func (v *vector) toPathWant(st Style, p string, err error) (string, bool) {
	want := v.pathFor(st)
	switch {
	case v.Expect == "error":
		return "an error", err != nil
	case want == nil:
		return "a path", err == nil
	}
	return strconv.Quote(*want), err == nil && samePath(p, *want, v.compareAsWindowsPath())
}

// roundTrip returns the outcome of ToPath(FromPath(p)) in style st.
func roundTrip(st Style, p, want string, asWindowsPath bool) (call, input, got, wantWords string, ok bool) {
	u, err := st.FromPath(p)
	back := u
	if err == nil {
		back, err = st.ToPath(u)
	}
	return st.String() + ".ToPath(FromPath)", p, answer(back, err), strconv.Quote(want), err == nil && samePath(back, want, asWindowsPath)
}

// parse returns the outcome of Parse(input): a failure, or the parts of
// want, to which the case's components are added.
func (v *vector) parse(input string, want uriParts) (call, in, got, wantWords string, ok bool) {
	whatwg := v.Kind == "whatwg_parse"
	if v.Components != nil {
		c := v.componentParts()
		want.host, want.path, want.query, want.fragment = c.host, c.path, c.query, c.fragment
	}
	u, err := Parse(input)
	switch {
	case v.Expect == "error" || v.Expect == "failure":
		if err != nil {
			return "Parse", input, "error", "a failure", true
		}
		return "Parse", input, strconv.Quote(u.String()), "a failure", false
	case err != nil:
		return "Parse", input, "error", "a URI with " + want.String(), false
	}
	got = want.read(u, whatwg).String()
	return "Parse", input, got, "a URI with " + want.String(), got == want.String()
}

func (v *vector) componentParts() uriParts {
	c := v.Components
	return uriParts{host: c.Authority, path: c.Path, query: c.Query, fragment: c.Fragment}
}

// whatwgParts returns the parts a WHATWG case gives: the host, the path
// and the fragment decoded, the query as written.
func (v *vector) whatwgParts() uriParts {
	p := uriParts{host: cmp.Or(v.Hostname, v.Domain, v.Authority)}
	if path := cmp.Or(v.Pathname, v.URLPath); path != nil {
		p.path = ptr(unescape(*path))
	}
	if v.Search != nil {
		p.query = ptr(strings.TrimPrefix(*v.Search, "?"))
	}
	if v.Hash != nil {
		p.fragment = ptr(unescape(strings.TrimPrefix(*v.Hash, "#")))
	}
	return p
}

// uriParts are the parts of a parsed URI that a case gives; nil is a part
// it does not give.
type uriParts struct {
	canonical, host, path, query, fragment *string
}

// read returns the parts of u that p gives. For a WHATWG case, the path
// has its dot segments removed (RFC 3986 §5.2.4) and an empty path is
// "/", as a WHATWG parser writes them.
func (p uriParts) read(u *URI, whatwg bool) uriParts {
	path := u.Path
	if whatwg {
		path = cmp.Or(removeDotSegments(path), "/")
	}
	var got uriParts
	for _, f := range []struct {
		want, got **string
		value     string
	}{
		{&p.canonical, &got.canonical, u.String()}, {&p.host, &got.host, u.Host}, {&p.path, &got.path, path},
		{&p.query, &got.query, u.RawQuery}, {&p.fragment, &got.fragment, u.Fragment},
	} {
		if *f.want != nil {
			*f.got = ptr(f.value)
		}
	}
	return got
}

func (p uriParts) String() string {
	var s []string
	for _, f := range []struct {
		name  string
		value *string
	}{{"String", p.canonical}, {"host", p.host}, {"path", p.path}, {"query", p.query}, {"fragment", p.fragment}} {
		if f.value != nil {
			s = append(s, f.name+" "+strconv.Quote(*f.value))
		}
	}
	if s == nil {
		return "no part given"
	}
	return strings.Join(s, ", ")
}

// removeDotSegments is RFC 3986 §5.2.4.
func removeDotSegments(in string) string {
	var out []string
	for in != "" {
		switch {
		case strings.HasPrefix(in, "../"):
			in = in[3:]
		case strings.HasPrefix(in, "./"):
			in = in[2:]
		case strings.HasPrefix(in, "/./"):
			in = in[2:]
		case in == "/.":
			in = "/"
		case strings.HasPrefix(in, "/../"), in == "/..":
			in = "/" + in[min(len(in), 4):]
			if len(out) > 0 {
				out = out[:len(out)-1]
			}
		case in == "." || in == "..":
			in = ""
		default:
			i := strings.IndexByte(in[1:], '/') + 1
			if i == 0 {
				i = len(in)
			}
			out = append(out, in[:i])
			in = in[i:]
		}
	}
	return strings.Join(out, "")
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
	panic("unknown match " + v.Match)
}

func (v *vector) matchWant() string {
	return fmt.Sprintf("a URI that matches (%s) %q", v.Match, v.URIPrefix+v.URISuffix+v.URIContains+v.URIRegex)
}

// answer is how the test writes fileuri's result: the string quoted as
// Go does, or "error".
func answer(s string, err error) string {
	if err != nil {
		return "error"
	}
	return strconv.Quote(s)
}

func ptr(s string) *string { return &s }

// The comparison file: for each input, the answer of each peer (or
// "ERROR: ..."), measured side by side. fileuri must give the answer of
// at least one of them.
type comparison struct {
	URIs         []map[string]*string `json:"uri_inputs"`
	POSIXPaths   []map[string]*string `json:"posix_path_inputs"`
	WindowsPaths []map[string]*string `json:"windows_path_inputs"`
}

// comparisonCalls maps each fileuri call to the columns of the peers that
// answer the same question. nturl2path's columns give a URL without
// "file:".
var comparisonCalls = []struct {
	call    string
	inputs  func(*comparison) []map[string]*string
	input   string // the column of the input
	columns []string
}{
	{"Parse", func(c *comparison) []map[string]*string { return c.URIs }, "uri", []string{
		"WHATWG href (Node v20 new URL)", "rust-url 2.3.1 Url::parse", "Go net/url Parse().String()",
		"gopls ParseDocumentURI", "vscode-uri parse().toString()"}},
	{"POSIX.ToPath", func(c *comparison) []map[string]*string { return c.URIs }, "uri", []string{
		"Node fileURLToPath posix", "rust-url 2.3.1 to_file_path (unix)", "cmd/go urlToFilePath (posix)",
		"gopls DocumentURI.Path (posix)", "vscode fsPath (posix)", "Py3.13 PosixPath.from_uri", "CPython main url2pathname posix"}},
	{"Windows.ToPath", func(c *comparison) []map[string]*string { return c.URIs }, "uri", []string{
		"Node fileURLToPath windows", "vscode fsPath (win32)", "CPython main url2pathname nt",
		"Py3.11-3.13 nturl2path.url2pathname(url[5:])"}},
	{"POSIX.FromPath", func(c *comparison) []map[string]*string { return c.POSIXPaths }, "path", []string{
		"Node pathToFileURL", "rust-url 2.3.1 from_file_path", "cmd/go urlFromFilePath", "gopls URIFromPath",
		"vscode URI.file().toString()", "Py3.11 PurePosixPath.as_uri", "Py3.13 PurePosixPath.as_uri",
		"CPython main pathname2url(add_scheme)"}},
	{"Windows.FromPath", func(c *comparison) []map[string]*string { return c.WindowsPaths }, "path", []string{
		"Node pathToFileURL(windows)", "vscode URI.file() (win32)", "Py3.11-3.13 PureWindowsPath.as_uri",
		"Py3.11-3.13 nturl2path.pathname2url", "CPython main pathname2url(add_scheme) nt", "gopls URIFromPath (run on linux)"}},
}

// comparisonOutcomes runs each input of the comparison file through the
// fileuri call that answers the peers' question.
func comparisonOutcomes(t *testing.T) []outcome {
	t.Helper()
	var doc comparison
	readVectorFile(t, comparisonFile, &doc)
	var out []outcome
	for _, c := range comparisonCalls {
		for _, row := range c.inputs(&doc) {
			id, in := *row["id"], *row[c.input]
			var peers []string
			for _, col := range c.columns {
				v, ok := row[col]
				if !ok {
					t.Fatalf("%s %s: no column %q", comparisonFile, id, col)
				}
				if v == nil { // the peer was not run on this input
					continue
				}
				a := *v
				switch {
				case strings.HasPrefix(a, "ERROR"):
					a = "error"
				case strings.Contains(col, "nturl2path.pathname2url"):
					a = strconv.Quote("file:" + a)
				default:
					a = strconv.Quote(a)
				}
				if !slices.Contains(peers, a) {
					peers = append(peers, a)
				}
			}
			got := comparisonAnswer(c.call, in)
			out = append(out, outcome{file: comparisonFile, id: id, call: c.call, input: in, got: got,
				want: "one of " + strings.Join(peers, ", "), ok: slices.Contains(peers, got)})
		}
	}
	return out
}

// comparisonAnswer is fileuri's answer to call on in.
func comparisonAnswer(call, in string) string {
	if call != "Parse" {
		return answer(conversions[call](in))
	}
	u, err := Parse(in)
	if err != nil {
		return "error"
	}
	return strconv.Quote(u.String())
}
