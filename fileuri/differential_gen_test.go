package fileuri

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// The differential test's inputs are generated here, from a fixed seed,
// and the peers' answers to them are recorded in testdata/differential
// (see its README.md). -differential.record generates the inputs again
// and asks the peers, which must be on PATH.
var recordDifferential = flag.Bool("differential.record", false, "generate the differential inputs and record the answers of Node.js and Python (on PATH) in testdata/differential")

const (
	differentialDir  = "testdata/differential"
	differentialFile = "recorded.json"
	differentialSeed = 0x5eed_f11e_0001
)

// How many random inputs of each kind the generator makes, beyond the
// hand-picked ones.
const (
	randomPOSIXPaths   = 3600
	randomWindowsPaths = 3600
	randomURIs         = 5200
)

// inputs are the generated inputs by kind: POSIX paths, Windows paths and
// URIs.
type inputs struct {
	POSIX   []text `json:"posix"`
	Windows []text `json:"windows"`
	URI     []text `json:"uri"`
}

// ofKind returns the inputs of a kind: "posix", "windows" or "uri".
func (in *inputs) ofKind(kind string) *[]text {
	switch kind {
	case "posix":
		return &in.POSIX
	case "windows":
		return &in.Windows
	}
	return &in.URI
}

// A text is a string that JSON holds as a string when it is UTF-8 and as
// {"hex": "..."} when it is not (a POSIX path may be any bytes).
type text string

func (s text) MarshalJSON() ([]byte, error) {
	if utf8.ValidString(string(s)) {
		return json.Marshal(string(s))
	}
	return json.Marshal(map[string]string{"hex": hex.EncodeToString([]byte(s))})
}

func (s *text) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '{' {
		var h struct{ Hex string }
		if err := json.Unmarshal(b, &h); err != nil {
			return err
		}
		d, err := hex.DecodeString(h.Hex)
		*s = text(d)
		return err
	}
	return json.Unmarshal(b, (*string)(s))
}

// An reply is what a peer gave for one input: a result, an error (Err
// holds the peer's error code or exception name), or nothing when the
// peer cannot take the input (Skipped).
type reply struct {
	Result  string
	Err     string
	Skipped bool
	err     error // fileuri's error
}

func (a reply) MarshalJSON() ([]byte, error) {
	switch {
	case a.Skipped:
		return []byte("null"), nil
	case a.Err != "":
		return json.Marshal(map[string]string{"error": a.Err})
	}
	return text(a.Result).MarshalJSON()
}

func (a *reply) UnmarshalJSON(b []byte) error {
	*a = reply{}
	switch {
	case string(b) == "null":
		a.Skipped = true
		return nil
	case len(b) > 0 && b[0] == '{':
		var e struct{ Error string }
		if err := json.Unmarshal(b, &e); err != nil {
			return err
		}
		if e.Error != "" {
			a.Err = e.Error
			return nil
		}
	}
	var s text
	err := s.UnmarshalJSON(b)
	a.Result = string(s)
	return err
}

func (a reply) String() string {
	switch {
	case a.Skipped:
		return "(not run)"
	case a.Err != "":
		return "error " + a.Err
	}
	return fmt.Sprintf("%q", a.Result)
}

// recording is the content of recorded.json: the inputs and, for each
// peer call, its answers in the order of the inputs of its kind.
type recording struct {
	Seed    uint64             `json:"seed"`
	Node    string             `json:"node"`
	Python  string             `json:"python"`
	Inputs  inputs             `json:"inputs"`
	Answers map[string][]reply `json:"answers"`
}

// A peerScript is a script that answers the inputs, with the prefix that
// names its answers in recorded.json and where the recording keeps its
// version.
type peerScript struct {
	cmd, script, prefix string
	version             *string
}

// peers returns the scripts whose answers rec records: peers.js and
// peers.py.
func (rec *recording) peers() []peerScript {
	return []peerScript{
		{"node", "peers.js", "node_", &rec.Node},
		{"python3", "peers.py", "python_", &rec.Python},
	}
}

// record generates the inputs, runs peers.js and peers.py on them and
// writes recorded.json.
func record(t *testing.T) {
	in := generate(differentialSeed)
	data, err := json.Marshal(in)
	if err != nil {
		t.Fatal(err)
	}
	rec := recording{Seed: differentialSeed, Inputs: in, Answers: map[string][]reply{}}
	for _, peer := range rec.peers() {
		version, answers, err := runPeer(peer, data)
		if err != nil {
			t.Fatal(err)
		}
		*peer.version = version
		for name, a := range answers {
			rec.Answers[peer.prefix+name] = a
		}
	}
	if err := os.WriteFile(filepath.Join(differentialDir, differentialFile), marshalRecording(t, rec), 0o644); err != nil {
		t.Fatal(err)
	}
}

// runPeer runs a peer script in "/" (where Node resolves relative paths)
// with data on its standard input, and returns the version it reports and
// its answers by the names the script gives them.
func runPeer(peer peerScript, data []byte) (version string, answers map[string][]reply, err error) {
	abs, err := filepath.Abs(filepath.Join(differentialDir, peer.script))
	if err != nil {
		return "", nil, err
	}
	c := exec.Command(peer.cmd, abs)
	c.Dir = "/"
	c.Stdin = bytes.NewReader(data)
	var stderr bytes.Buffer
	c.Stderr = &stderr
	b, err := c.Output()
	if err != nil {
		return "", nil, fmt.Errorf("%s %s: %v\n%s", peer.cmd, peer.script, err, stderr.Bytes())
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal(b, &out); err != nil {
		return "", nil, fmt.Errorf("%s %s: %v", peer.cmd, peer.script, err)
	}
	if err := json.Unmarshal(out["version"], &version); err != nil {
		return "", nil, fmt.Errorf("%s version: %v", peer.script, err)
	}
	delete(out, "version")
	answers = make(map[string][]reply)
	for name, raw := range out {
		var a []reply
		if err := json.Unmarshal(raw, &a); err != nil {
			return "", nil, fmt.Errorf("%s %s: %v", peer.script, name, err)
		}
		answers[name] = a
	}
	return version, answers, nil
}

// marshalRecording writes one input or reply a line, so that a change
// of the recording reads as a diff.
func marshalRecording(t *testing.T, rec recording) []byte {
	var b bytes.Buffer
	// list writes the JSON array of n items as the member name of an
	// object nested in the top one.
	list := func(name string, n int, item func(int) any, last bool) {
		fmt.Fprintf(&b, "    %q: [\n", name)
		for i := range n {
			v, err := json.Marshal(item(i))
			if err != nil {
				t.Fatal(err)
			}
			b.WriteString("      ")
			b.Write(v)
			if i < n-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString("    ]")
		if !last {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "{\n  \"seed\": %d,\n  \"node\": %q,\n  \"python\": %q,\n  \"inputs\": {\n", rec.Seed, rec.Node, rec.Python)
	in := rec.Inputs
	list("posix", len(in.POSIX), func(i int) any { return in.POSIX[i] }, false)
	list("windows", len(in.Windows), func(i int) any { return in.Windows[i] }, false)
	list("uri", len(in.URI), func(i int) any { return in.URI[i] }, true)
	b.WriteString("  },\n  \"answers\": {\n")
	names := slices.Sorted(maps.Keys(rec.Answers))
	for i, name := range names {
		answers := rec.Answers[name]
		list(name, len(answers), func(j int) any { return answers[j] }, i == len(names)-1)
	}
	b.WriteString("  }\n}\n")
	return b.Bytes()
}

// A rng is splitmix64: a generator whose sequence no Go release can
// change, so that the same seed gives the same inputs.
type rng struct{ state uint64 }

func (r *rng) next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

func (r *rng) intn(n int) int { return int(r.next() % uint64(n)) }

func (r *rng) pick(s []string) string { return s[r.intn(len(s))] }

// chance is true with probability 1/n.
func (r *rng) chance(n int) bool { return r.intn(n) == 0 }

// Segments of generated paths: plain names, dot segments, every
// character class that the conversions treat apart (RFC 3986 gen-delims,
// sub-delims, unreserved, "%", characters that must be encoded, C0
// controls, non-ASCII up to the astral plane), drive-like names, and
// text that looks encoded already.
var pathSegments = []string{
	"a", "b", "dir", "x.txt", "File.TXT", "Program Files", ".", "..", "...", ".hidden", "x.", "a..b",
	"a b", " ", "a#b", "#", "a?b", "?", "a%b", "%", "%41", "%2F", "%2f", "%5C", "%00", "%zz", "a%20b", "%E2%82%AC",
	"a:b", ":", "C:", "c:", "z:x", "C|", "c|", "C%3A", "ab:c", "~", "~user", "a~b",
	"a;b=c", "a&b+c,d$e@f", "'!()*", "@", "[x]", "[::1]", "a\"b<c>", "{}`^|", "|", "a^b",
	"a\tb", "a\x01b", "a\x7fb", "a\rb", "é", "€", "日本", "ß", "\u00a0", "\U0001F600", "a\U00010348b",
	"e\u0301", "\u202e", "\ufeff", "localhost", "LocalHost", "host", "share", "c$", "UNC", "pipe",
	"con", "NUL", "aux.txt", "x..", "-", "_", "...", "a/b",
}

// posixOnlySegments are bytes that are no UTF-8: a POSIX file name may
// hold them, a Windows one cannot.
var posixOnlySegments = []string{"\xff", "a\xc3", "\xed\xa0\x80", "\xc0\xaf", "\x80x", "é\xe9"}

var posixPrefixes = []string{"/", "/", "/", "/", "//", "///", "////", ""}

// posixPath makes a POSIX path: a root (sometimes none, or several
// slashes), then segments joined by one or two slashes.
func (r *rng) posixPath() string {
	return r.path(r.pick(posixPrefixes), []string{"/", "/", "/", "/", "/", "/", "/", "//"}, []string{"/"}, func() string {
		if r.chance(12) {
			return r.pick(posixOnlySegments)
		}
		return r.pick(pathSegments)
	})
}

// path makes a path: root, up to five segments joined by separators
// picked from seps, and sometimes a trailing separator picked from
// trailing.
func (r *rng) path(root string, seps, trailing []string, segment func() string) string {
	var b strings.Builder
	b.WriteString(root)
	n := r.intn(6)
	for i := range n {
		if i > 0 {
			b.WriteString(r.pick(seps))
		}
		b.WriteString(segment())
		if r.chance(6) {
			b.WriteString(r.pick(pathSegments))
		}
	}
	if n > 0 && r.chance(5) {
		b.WriteString(r.pick(trailing))
	}
	return b.String()
}

// windowsRoots start Windows paths: drives, drive-relative and
// root-relative paths, UNC shares (names, IP literals, non-ASCII,
// localhost, "." and "?"), the \\?\ and \\.\ forms, and each with either
// separator.
var windowsRoots = []string{
	`C:\`, `C:\`, `C:\`, `c:\`, `Z:/`, `d:\`, `C:`, `c:`, `\`, `/`, ``,
	`\\server\share\`, `\\server\share\`, `\\server\share`, `\\Server\Share\`, `\\host.example.com\s\`,
	`//server/share/`, `\/server\share/`, `\\server\\share\`, `\\server\`, `\\server`, `\\`, `\\\x\`,
	`\\[::1]\s\`, `\\127.0.0.1\c$\`, `\\höst\share\`, `\\localhost\c$\`, `\\LOCALHOST\share\`,
	`\\wsl$\Ubuntu\`, `\\a b\s\`, `\\h%41\s\`, `\\h@x\s\`, `\\h:80\s\`, `\\xn--hst-sna\s\`,
	`\\?\C:\`, `\\?\c:/`, `\\?\UNC\server\share\`, `\\?\unc\server\share\`, `\\?\UNC\.\x\`, `\\?\UNC\?\x\`,
	`\\?\`, `\\?\x\`, `\\?\Volume{b75e2c83-0000-0000-0000-602f00000000}\`, `//?/C:/`,
	`\\.\`, `\\.\pipe\`, `\\.\C:\`, `\\.\UNC\server\share\`, `//./pipe/`, `\\.\PhysicalDrive0`,
	`\\.\server\`, `\\?\server\`, `C:\\`, `C:/\`, `\\server\share\..\`,
}

// windowsPath makes a Windows path: a root, then segments joined by
// either separator (sometimes doubled).
func (r *rng) windowsPath() string {
	return r.path(r.pick(windowsRoots), []string{`\`, `\`, `\`, `/`, `\\`}, []string{`\`, `/`}, func() string {
		return r.pick(pathSegments)
	})
}

// uriSchemes, uriAuthorities and uriDrives start generated URIs: every
// form of RFC 8089 and its appendix, localhost in several spellings
// (some encoded), hosts that name no server (".", "?", encoded), IP
// literals, userinfo, ports, drive letters in the authority and in the
// path (":", "|", "%3A"), backslashes.
var (
	uriSchemes     = []string{"file:", "file:", "file:", "file:", "FILE:", "File:", "fILE:"}
	uriAuthorities = []string{
		"///", "///", "///", "//", "/", "", "////", "/////", "//////",
		"//localhost/", "//LocalHost/", "//LOCALHOST/", "//%6C%6F%63%61%6C%68%6F%73%74/", "//localhost",
		"//host/", "//server.example.com/", "//SERVER/", "//h%C3%B6st/", "//höst/", "//xn--hst-sna/",
		"//wsl%24/", "//wsl$/", "//a%20b/", "//%5Bx%5D/", "//[::1]/", "//[v1.x]/", "//[fe80::1%25eth0]/",
		"//127.0.0.1/", "//1.2.3/", "//u@host/", "//u:pw@host/", "//:pw@host/", "//u@/", "//host:80/",
		"//host:/", "//C:/", "//c|/", "//C%3A/", "//./", "//../", "//~/", "//%2E/", "//%2e/", "//%3F/",
		"//?/", "//./pipe/", "//%2E/pipe/", "////./pipe/", "////?/", "///./", "//./C:/", "//?/C:/",
		"////host/", "/////host/", "////%3F/", "\\\\", "/\\", "///\\", "\\", "//localhost//",
		"//localhost///host/", "//host//",
	}
	uriDrives = []string{
		"", "", "", "", "C:/", "C:/", "c:/", "C|/", "c|/", "C%3A/", "c%3a/", "%43:/", "%63%3A/", "C:", "C:\\",
		"C:%2F", "C:%5C", "C/", "CC:/", "1:/", "C%7C/",
	}
)

// uriSegments are the segments of generated URI paths: what paths hold,
// encoded and raw, with the escapes that must not decode to a segment
// (%2F, %5C, %00) and broken ones.
var uriSegments = []string{
	"a", "b", "dir", "x.txt", "Program%20Files", "Program Files", ".", "..", "%2E", "%2e%2E", ".%2E", "...",
	"a%20b", "a b", "%23", "%3F", "%25", "%", "%zz", "%4", "%41", "%7E", "%7e", "~", "%2F", "%2f", "%5C", "%5c",
	"%00", "a%00b", "%E2%82%AC", "%e2%82%ac", "€", "é", "%C3%A9", "\U0001F600", "%F0%9F%98%80", "%FF", "%C3",
	"%ED%A0%80", "a:b", ":", "C:", "c|", "%3A", "a%3Ab", ";", "a;b=c", "&+,$", "'!()*", "@", "a@b",
	"%5B%5D", "[x]", "a|b", "a^b", "a\"b", "<>", "{}", "`", "%7C", "a\\b", "%09", "\t", "%0A", "localhost",
	"host", "share", "c$", "%24", "%3B", "%3D", "%40", "%21", "%2A", "%27", "%28", "%29", "%2B", "%2C", "%26",
	"pipe", "UNC", "a%2Fb", "con",
}

var uriTails = []string{"?x=1", "?", "?a/b?c", "#f", "#", "#a%20b", "?mode=ro#x", "#f?g", "?%2F"}

// uri makes a URI: a scheme, an authority form, sometimes a drive, up to
// five segments, sometimes a trailing slash, a query or a fragment.
func (r *rng) uri() string {
	var b strings.Builder
	b.WriteString(r.pick(uriSchemes))
	b.WriteString(r.pick(uriAuthorities))
	b.WriteString(r.pick(uriDrives))
	n := r.intn(6)
	for i := range n {
		if i > 0 {
			b.WriteString("/")
			if r.chance(15) {
				b.WriteString(r.pick([]string{"/", "\\"}))
			}
		}
		b.WriteString(r.pick(uriSegments))
		if r.chance(6) {
			b.WriteString(r.pick(uriSegments))
		}
	}
	if n > 0 && r.chance(5) {
		b.WriteString("/")
	}
	if r.chance(6) {
		b.WriteString(r.pick(uriTails))
	}
	return b.String()
}

// Hand-picked inputs: the cases that the project's positions name, the
// peers' own examples and the inputs of testdata/vectors/comparison.json.
var (
	pickedPOSIX = []string{
		"/", "/a", "/a/", "/a/b.txt", "//a/b", "///a", "/a/../b", "/../a", "/a/./b/", "/a:b", "/C:", "/C:/x", "/c|/x",
		"/C%3A/x", "/a b", "/a#b", "/a?b", "/a%b", "/a%20b", "/a\\b", "/€", "/a~b'c!d(e)*", "/a;b=c&d+e,f$g@h",
		"/a[b]", "/a^b|c", `/a"b<c>`, "/a{b}`c", "/a\tb", "/a\x00b", "/\xff", "a/b", "a", "", ".", "..", "~",
		"/dir/", "/..", "/.", "//", "/localhost/x", "/./a", "/a/..", "/a:b/c:d", "/Z:x", "/\U0001F600",
	}
	pickedWindows = []string{
		`C:\`, `C:\a\b`, `C:/a/b`, `c:\a`, `C:`, `C:a`, `\a`, `/a`, `\\server\share\x`, `\\server\share`,
		`\\server\share\`, `\\server`, `\\server\`, `\\?\C:\x`, `\\?\UNC\server\share\x`, `\\?\UNC\.\x`,
		`\\.\pipe\x`, `\\.\C:\x`, `\\server\share\..\x`, `\\server\share\a\..\..\x`, `C:\..\x`, `C:\a\..\..\b`,
		`\\[::1]\s\x`, `\\127.0.0.1\c$\x`, `\\höst\share\x`, `\\host\c$\x`, `C:\a:b`, `C:\a#b`, `C:\a%b`,
		`C:\€`, `C:\foo bar\`, `C:\a;b=c&d`, "C:\\a^b`{c}", `C:\a/b\c`, `//host/share/x`, `C:\a|b`, `C:\~`,
		`C:\a?b`, "C:\\a\x00b", `\\?\C:`, `\\?\c:\`, `\\localhost\c$\x`, `\\.\UNC\s\x`,
		`\\localhost\C:\x`, `\\LocalHost\c:`, `\\server\C:\x`,
	}
	pickedURIs = []string{
		"file:///", "file://", "file:", "file:/", "file:///a/b", "file:/a/b", "file:a/b", "file://localhost/a",
		"file://LocalHost/a", "file://host/share/x", "file:////host/share/x", "file://///host/share/x",
		"file:///C:/x", "file:/C:/x", "file:C:/x", "file://C:/x", "file:///c|/x", "file:///C%3A/x", "file:///C:",
		"file:///C:x", "file:///C:/../../x", "file://./pipe/x", "file://%2E/pipe/x", "file:////./pipe/x",
		"file://./C:/x", "file://?/C:/x", "file://%3F/C:/x", "file://server/share/../x", "file://server/share/x/../../../y",
		"file://localhost//server/share/x", "file://%5Bx%5D/s/x", "file://%6C%6F%63%61%6C%68%6F%73%74/x",
		"file:///%43:/x", "file://:pw@C:/x", "file://u:pw@C:/x", "file:///%63%3A/x", "file://:pw@//host/share",
		"file://host:80/x", "file://u@C:/x", "file:////C:/x", "file:///data/x.db?mode=ro", "file:///a/b.txt?q=1#frag",
		"file:///a%2Fb", "file:///a%5Cb", "file:///a%00b", "file:///a%zz", "file:///a%23b%3Fc", "file:///%E2%82%AC.txt",
		"file:///€.txt", "file:///a b.txt", `file:///C:\x\y.txt`, `file:\\host\share\x.txt`, "FILE:///etc/hosts",
		"file://wsl%24/Ubuntu/home", "file://[::1]/x", "file://host.example.com/C:/x", "file:///%41b%7e",
		"file:///a%2fb%c3%a9", "file:///a%3Ab", "file://user@host/x", "file:///a/./b/../c", "file:etc/hosts",
		"file:///C:/a%20b/", "file://localhost/C|/x", "file:C|", "file:///a?b#c#d", "file:///\xff",
		"file://%C3/x", "file://localhost//C:/x", "file://localhost/C:/x", "file://server/C:/x",
	}
)

// generate makes the inputs: the hand-picked ones, then random ones from
// the seed, each input once.
func generate(seed uint64) inputs {
	r := &rng{state: seed}
	fill := func(picked []string, n int, gen func() string) []text {
		seen := make(map[string]bool)
		var out []text
		add := func(s string) {
			if !seen[s] {
				seen[s] = true
				out = append(out, text(s))
			}
		}
		for _, s := range picked {
			add(s)
		}
		for len(out) < len(picked)+n {
			add(gen())
		}
		return out
	}
	return inputs{
		POSIX:   fill(pickedPOSIX, randomPOSIXPaths, r.posixPath),
		Windows: fill(pickedWindows, randomWindowsPaths, r.windowsPath),
		URI:     fill(pickedURIs, randomURIs, r.uri),
	}
}
