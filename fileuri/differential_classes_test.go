package fileuri

import (
	"errors"
	"net/url"
	"path"
	"slices"
	"strings"
	"unicode/utf8"
)

// A diffClass is one kind of difference between fileuri and a peer: a
// position of fileuri or a bug of the peer (or, until it is fixed, a bug
// of fileuri), described in classes.json.
type diffClass struct {
	name  string
	peers []string
	// apply looks at a difference with one of peers and says whether the
	// class explains it whole, or undoes its own part of it (rewriting
	// d.got or d.want as if the class did not exist), or does not apply.
	apply func(d *difference) effect
}

type effect int

const (
	noEffect  effect = iota
	undone           // the class undid its part of the difference in d
	explained        // the class explains the difference
)

// The peers, by what they answer.
var (
	posixPathPeers   = []string{"node_posix", "python_posix"}
	windowsPathPeers = []string{"node_windows", "python_windows", "python_nt"}
	pathPeers        = append(slices.Clone(posixPathPeers), windowsPathPeers...)
	posixURIPeers    = []string{"node_uri_posix", "python_uri_posix"}
	windowsURIPeers  = []string{"node_uri_windows", "python_uri_nt"}
	uriPeers         = append(slices.Clone(posixURIPeers), windowsURIPeers...)
	windowsPeers     = append(slices.Clone(windowsPathPeers), windowsURIPeers...)
)

func wholeIf(b bool) effect {
	if b {
		return explained
	}
	return noEffect
}

// fileuriFails reports whether fileuri failed with an error of the class
// and the peer answered.
func fileuriFails(d *difference, class string) bool {
	return d.got.err != nil && d.want.Err == "" && errClass(d.got.err) == class
}

// failsWith returns the test of a class that explains a difference whole
// when fileuri failed with an error of the class errClass names class, and
// the peer answered.
func failsWith(class string) func(*difference) effect {
	return func(d *difference) effect { return wholeIf(fileuriFails(d, class)) }
}

// peerFails reports whether the peer failed and fileuri answered.
func peerFails(d *difference) bool { return d.want.Err != "" && d.got.Err == "" }

// errClass names the kind of an error of fileuri: its class (ErrNUL,
// ErrSyntax, ...) and, where one class holds several rules, the rule its
// message names. An error it does not know is "other", which no class of
// difference explains.
func errClass(err error) string {
	msg := err.Error()
	for _, k := range []struct {
		class error
		text  string // in the message; "" for any
		kind  string
	}{
		{ErrNUL, "", "nul"},
		{ErrEncodedSeparator, "", "separator"},
		{ErrNonLocal, "", "nonlocal"},
		{ErrNotFileURI, "", "notfile"},
		{ErrDevicePath, "is followed by neither a drive nor UNC", "namespace"},
		{ErrDevicePath, "", "device"},
		{ErrRelative, "no drive letter", "nodrive"},
		{ErrRelative, "", "relative"},
		{ErrSyntax, `\\?\ path`, "verbatim"},
		{ErrSyntax, "without two hex digits", "badescape"},
		{ErrSyntax, "without a server and a share", "noshare"},
		{ErrSyntax, "names no share", "share"},
		{ErrSyntax, "empty share", "emptyshare"},
		{ErrSyntax, "is no Windows share name", "share"},
		{ErrSyntax, "server name is not UTF-8", "utf8"},
		{ErrSyntax, "Win32 namespace prefix", "namespace-uri"},
		{ErrSyntax, "backslash", "backslash"},
		{ErrSyntax, "unencoded", "unencoded"},
		{ErrSyntax, "which is not UTF-8 (RFC 3986", "unencoded"},
		{ErrSyntax, "escapes that are not UTF-8", "utf8"},
		{ErrSyntax, "drive letter in the authority", "driveauthority"},
		{ErrSyntax, "is no Windows server name", "server"},
		{ErrSyntax, "more than 5 slashes", "slashes"},
		{ErrSyntax, "no host after the slashes", "slashes"},
		{ErrSyntax, "port after the host", "authority"},
		{ErrSyntax, "userinfo without a host", "authority"},
	} {
		if errors.Is(err, k.class) && strings.Contains(msg, k.text) {
			return k.kind
		}
	}
	return "other"
}

// splitURI splits a file URI into its authority (with "//", or "") and
// the rest.
func splitURI(s string) (auth, rest string) {
	if len(s) < len("file:") || !strings.EqualFold(s[:len("file:")], "file:") {
		return "", s
	}
	rest = s[len("file:"):]
	if !strings.HasPrefix(rest, "//") {
		return "", rest
	}
	end := strings.IndexByte(rest[2:], '/')
	if end < 0 {
		return rest, ""
	}
	return rest[:2+end], rest[2+end:]
}

// cleanKeep cleans the slash-separated path p lexically, keeping a
// trailing slash.
func cleanKeep(p string) string {
	if p == "" {
		return p
	}
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && !strings.HasSuffix(c, "/") {
		c += "/"
	}
	return c
}

// isUNC reports whether the Windows path p starts with two separators
// and a server, not a \\?\ or \\.\ prefix.
func isUNC(p string) bool {
	return len(p) > 2 && isSlash(p[0]) && isSlash(p[1]) && !(len(p) > 3 && (p[2] == '?' || p[2] == '.') && isSlash(p[3]))
}

// uncServer returns the server of the UNC path p.
func uncServer(p string) string {
	s := p[2:]
	if i := strings.IndexAny(s, `\/`); i >= 0 {
		s = s[:i]
	}
	return s
}

// hasPrefixFold reports whether s starts with prefix, separators and
// letters in any form.
func hasPrefixFold(s, prefix string) bool {
	if len(s) < len(prefix) {
		return false
	}
	for i := range len(prefix) {
		a, b := s[i], prefix[i]
		if isSlash(a) && isSlash(b) || a|0x20 == b|0x20 && isASCIILetter(b) || a == b {
			continue
		}
		return false
	}
	return true
}

// collapse removes empty segments and dot segments from the path of the
// file URI s, keeping a trailing slash, and never climbing above the
// root, a drive ("/C:") or, when the URI has a host, the share (its first
// segment): as Windows and the positions of fileuri remove them.
func collapse(s string) string {
	auth, rest := splitURI(s)
	if !strings.HasPrefix(rest, "/") {
		return s
	}
	root := ""
	switch {
	case len(rest) >= 3 && isASCIILetter(rest[1]) && rest[2] == ':' && (len(rest) == 3 || rest[3] == '/'):
		root, rest = rest[:3], rest[3:]
	case len(auth) > 2:
		share := strings.TrimLeft(rest, "/")
		if i := strings.IndexByte(share, '/'); i >= 0 {
			share = share[:i]
		}
		if share != "" && share != "." && share != ".." {
			root, rest = "/"+share, strings.TrimLeft(rest, "/")[len(share):]
		}
	}
	if rest == "" {
		return "file:" + auth + root
	}
	return "file:" + auth + root + cleanKeep(rest)
}

// cleanPOSIX cleans the POSIX path p as cleanKeep does, but never
// climbs above a drive letter that starts it ("/C:", RFC 8089 E.2.1).
func cleanPOSIX(p string) string {
	if len(p) > 3 && p[0] == '/' && isASCIILetter(p[1]) && p[2] == ':' && p[3] == '/' {
		return p[:3] + cleanKeep(p[3:])
	}
	return cleanKeep(p)
}

// cleanWinPath removes empty segments and dot segments from the Windows
// path p, keeping a trailing separator, and never climbing above the
// drive or the share.
func cleanWinPath(p string) string {
	s := strings.ReplaceAll(p, `\`, "/")
	root := ""
	switch {
	case strings.HasPrefix(s, "//"):
		parts := strings.SplitN(s[2:], "/", 3)
		if len(parts) < 2 {
			return p
		}
		root = "//" + parts[0] + "/" + parts[1]
		s = strings.TrimPrefix(s, root)
	case len(s) >= 2 && isASCIILetter(s[0]) && s[1] == ':':
		root, s = s[:2], s[2:]
	}
	if s != "" {
		s = cleanKeep("/" + s)
		if !strings.HasPrefix(p[len(root):], `\`) && !strings.HasPrefix(p[len(root):], "/") {
			s = s[1:]
		}
	}
	return strings.ReplaceAll(root+s, "/", `\`)
}

// uriPath returns the path of the URI s, decoded, without query and
// fragment.
func uriPath(s string) string {
	if i := strings.IndexAny(s, "?#"); i >= 0 {
		s = s[:i]
	}
	_, rest := splitURI(s)
	d, err := url.PathUnescape(rest)
	if err != nil {
		return rest
	}
	return d
}

// isLocalhost reports whether the authority auth ("//host") is
// localhost, in any case and spelling.
func isLocalhost(auth string) bool {
	host, err := url.PathUnescape(strings.TrimPrefix(auth, "//"))
	return err == nil && strings.EqualFold(host, "localhost")
}

// isSlash reports whether c separates a Windows path.
func isSlash(c byte) bool { return c == '/' || c == '\\' }

// startsWithDrive reports whether the Windows path p starts with a drive
// letter and a colon.
func startsWithDrive(p string) bool { return len(p) >= 2 && isASCIILetter(p[0]) && p[1] == ':' }

// endsInDotSegment reports whether the last segment of the path p is "."
// or "..".
func endsInDotSegment(p string) bool {
	i := strings.LastIndexAny(p, `/\`)
	last := p[i+1:]
	return last == "." || last == ".."
}

// differentialClasses are the classes in the order they are tried: the
// bugs of fileuri first, so that no other class hides them, then the
// classes of paths, then of URIs.
var differentialClasses = []diffClass{
	// Bugs of fileuri, listed in classes.json until they are fixed.
	// Paths that fileuri refuses.
	{"relative-path", pathPeers, failsWith("relative")},
	{"nul-byte", pathPeers, failsWith("nul")},
	{"device-path", windowsPeers, failsWith("device")},
	{"namespace-path-without-drive-or-unc", windowsPathPeers, failsWith("namespace")},
	{"verbatim-path-not-normalised", windowsPathPeers, failsWith("verbatim")},
	{"empty-share", windowsPeers, failsWith("emptyshare")},
	{"share-names-nothing", windowsPeers, failsWith("share")},
	{"unc-path-without-share", windowsPeers, failsWith("noshare")},
	{"no-server-name", windowsPathPeers, failsWith("server")},
	// Paths to URIs: how the peers read and write them.
	{"four-slash-unc-form", []string{"python_nt", "node_windows"}, func(d *difference) effect {
		// Node writes the E.3.2 form only for a UNC path written with
		// forward slashes, which it does not take for one.
		gotAuth, _ := splitURI(d.got.Result)
		nodeSlashes := d.peer != "node_windows" || strings.HasPrefix(d.input, "//")
		if d.want.Err == "" && len(gotAuth) > 2 && nodeSlashes && strings.HasPrefix(d.want.Result, "file:////") {
			d.want.Result = "file://" + d.want.Result[len("file:////"):]
			return undone
		}
		return noEffect
	}},
	{"node-drops-localhost-server", []string{"node_windows"}, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && isUNC(d.input) && strings.EqualFold(uncServer(d.input), "localhost") && strings.HasPrefix(d.want.Result, "file:///"))
	}},
	{"node-drops-server-whatwg-rejects", []string{"node_windows"}, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && isUNC(d.input) && strings.HasPrefix(d.want.Result, "file:///") && !strings.HasPrefix(d.input, "//"))
	}},
	{"peer-lower-case-unc-prefix", []string{"node_windows", "python_windows"}, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && hasPrefixFold(d.input, `\\?\UNC\`) && !strings.HasPrefix(d.input[4:], "UNC") &&
			(strings.HasPrefix(d.want.Result, "file:///") || d.want.Err != ""))
	}},
	{"node-unc-root-backslash-only", []string{"node_windows"}, func(d *difference) effect {
		if !isUNC(d.input) || d.got.Err != "" {
			return noEffect
		}
		end := 2 + len(uncServer(d.input))
		return wholeIf(d.input[0] == '/' || d.input[1] == '/' || end < len(d.input) && d.input[end] == '/')
	}},
	{"node-decodes-server-escapes", []string{"node_windows"}, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && isUNC(d.input) && strings.Contains(uncServer(d.input), "%"))
	}},
	{"pathlib-encodes-ip-literal", []string{"python_windows"}, func(d *difference) effect {
		gotAuth, _ := splitURI(d.got.Result)
		wantAuth, wantRest := splitURI(d.want.Result)
		if strings.HasPrefix(gotAuth, "//[") && strings.HasPrefix(wantAuth, "//%5B") {
			d.want.Result = "file:" + gotAuth + wantRest
			return undone
		}
		return noEffect
	}},
	{"node-slash-namespace-prefix", []string{"node_windows"}, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && strings.HasPrefix(d.input, "//?/") && strings.HasPrefix(d.want.Result, "file:////%3F/"))
	}},
	{"node-idna-server", []string{"node_windows"}, func(d *difference) effect {
		gotAuth, gotRest := splitURI(d.got.Result)
		wantAuth, wantRest := splitURI(d.want.Result)
		if d.want.Err == "" && strings.Contains(gotAuth, "%") && strings.Contains(wantAuth, "xn--") {
			d.want.Result = "file:" + gotAuth + wantRest
			_ = gotRest
			return undone
		}
		return noEffect
	}},
	{"pathlib-keeps-namespace-prefix", []string{"python_windows"}, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && hasPrefixFold(d.input, `\\?\`) && strings.HasPrefix(d.want.Result, "file://%3F/"))
	}},
	{"nturl2path-stream-colon", []string{"python_nt"}, func(d *difference) effect {
		rest := d.input
		if startsWithDrive(strings.TrimPrefix(rest, `\\?\`)) {
			rest = strings.TrimPrefix(rest, `\\?\`)[2:]
		}
		return wholeIf(peerFails(d) && d.want.Err == "OSError" && strings.Contains(rest, ":"))
	}},
	{"nturl2path-unc-namespace-loses-server", []string{"python_nt"}, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && hasPrefixFold(d.input, `\\?\UNC\`) && strings.HasPrefix(d.want.Result, "file:/") && !strings.HasPrefix(d.want.Result, "file://"))
	}},
	// Spellings that name the same file: each class undoes its part.
	{"nturl2path-keeps-query-and-fragment", []string{"python_uri_nt"}, func(d *difference) effect {
		i := strings.IndexAny(d.input, "?#")
		if i < 0 || d.want.Err != "" {
			return noEffect
		}
		// nturl2path splits at "/" before it decodes.
		tail := strings.ReplaceAll(d.input[i:], "/", `\`)
		if t, err := url.PathUnescape(tail); err == nil {
			tail = t
		}
		if w, ok := strings.CutSuffix(d.want.Result, tail); ok {
			d.want.Result = w
			return undone
		}
		return noEffect
	}},
	{"python-drops-trailing-separator", []string{"python_posix", "python_windows", "python_nt"}, func(d *difference) effect {
		in := d.input
		if d.want.Err == "" && in != "" && isSlash(in[len(in)-1]) && strings.HasSuffix(d.got.Result, "/") && !strings.HasSuffix(d.want.Result, "/") {
			d.want.Result += "/"
			return undone
		}
		return noEffect
	}},
	{"pathlib-keeps-double-slash-root", []string{"python_posix"}, func(d *difference) effect {
		if strings.HasPrefix(d.input, "//") && !strings.HasPrefix(d.input, "///") && strings.HasPrefix(d.want.Result, "file:////") {
			d.want.Result = "file:///" + d.want.Result[len("file:////"):]
			return undone
		}
		return noEffect
	}},
	{"peer-keeps-empty-or-dot-segments", append(slices.Clone(pathPeers), uriPeers...), func(d *difference) effect {
		if d.want.Err != "" || d.got.Err != "" {
			return noEffect
		}
		var c string
		switch d.call {
		case "POSIX.ToPath":
			c = cleanPOSIX(d.want.Result)
		case "Windows.ToPath":
			c = cleanWinPath(d.want.Result)
		default:
			c = collapse(d.want.Result)
		}
		if c != d.want.Result {
			d.want.Result = c
			return undone
		}
		return noEffect
	}},
	{"final-dot-segment-leaves-no-separator", append(slices.Clone(pathPeers), uriPeers...), func(d *difference) effect {
		in := d.input
		if d.kind == "uri" {
			in = uriPath(in)
		}
		w := d.want.Result
		if d.want.Err == "" && d.got.Err == "" && endsInDotSegment(in) && w != "" && isSlash(w[len(w)-1]) && !strings.HasSuffix(d.got.Result, w[len(w)-1:]) {
			d.want.Result = w[:len(w)-1]
			return undone
		}
		return noEffect
	}},
	{"pathlib-share-root-slash", []string{"python_windows"}, func(d *difference) effect {
		if normalURI(d.want.Result, true) == normalURI(d.got.Result+"/", true) && isUNC(d.input) && strings.Count(strings.TrimRight(d.got.Result[len("file://"):], "/"), "/") == 1 {
			d.want.Result = d.got.Result
			return undone
		}
		return noEffect
	}},
	// URIs that Parse refuses, which WHATWG and urllib repair or keep.
	{"parse-unencoded-character", uriPeers, failsWith("unencoded")},
	{"parse-backslash", uriPeers, failsWith("backslash")},
	{"parse-drive-in-authority", uriPeers, failsWith("driveauthority")},
	{"parse-bad-escape", uriPeers, failsWith("badescape")},
	{"parse-malformed-authority", uriPeers, failsWith("authority")},
	{"parse-too-many-slashes", uriPeers, failsWith("slashes")},
	{"parse-not-file-uri", uriPeers, failsWith("notfile")},
	{"parse-namespace-prefix", uriPeers, failsWith("namespace-uri")},
	// URIs to paths.
	{"python-decodes-encoded-separator", []string{"python_uri_posix", "python_uri_nt"}, failsWith("separator")},
	{"encoded-nul", uriPeers, failsWith("nul")},
	{"python-replaces-non-utf8", []string{"python_uri_posix", "python_uri_nt"}, func(d *difference) effect {
		return wholeIf(strings.ContainsRune(d.want.Result, utf8.RuneError) && (fileuriFails(d, "utf8") || d.got.Err == "" && !utf8.ValidString(d.got.Result)))
	}},
	{"node-rejects-non-utf8", []string{"node_uri_posix"}, func(d *difference) effect {
		return wholeIf(peerFails(d) && d.want.Err == "URIError" && !utf8.ValidString(d.got.Result))
	}},
	{"python-bare-drive-is-relative", []string{"python_uri_posix"}, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && d.want.Err == "" && !strings.HasPrefix(d.want.Result, "/") && !strings.HasPrefix(d.input[len("file:"):], "/"))
	}},
	{"peer-drive-without-root", windowsURIPeers, func(d *difference) effect {
		w := d.want.Result
		return wholeIf(len(w) == 2 && isASCIILetter(w[0]) && w[1] == ':' && normalDrive(d.got.Result) == normalDrive(w+`\`))
	}},
	{"windows-local-path-needs-drive", windowsURIPeers, failsWith("nodrive")},
	{"nturl2path-colon-anywhere-is-drive", []string{"python_uri_nt"}, func(d *difference) effect {
		raw := d.input[len("file:"):]
		i := strings.IndexAny(raw, ":|")
		if i < 0 {
			return noEffect
		}
		return wholeIf(d.want.Err == "OSError" || d.want.Err == "" && strings.Trim(raw[:max(i-1, 0)], "/") != "")
	}},
	{"node-dot-dot-pops-empty-segment", []string{"node_windows", "node_uri_posix", "node_uri_windows"}, func(d *difference) effect {
		p := d.input
		if d.kind == "uri" {
			p = uriPath(p)
		} else if !isUNC(p) {
			return noEffect
		}
		p = strings.ReplaceAll(p, `\`, "/")
		return wholeIf(d.got.Err == "" && (strings.Contains(p, "//../") || strings.HasSuffix(p, "//..")))
	}},
	{"drive-is-a-root", uriPeers, func(d *difference) effect {
		g := strings.TrimPrefix(d.got.Result, "/")
		// Node refuses what is left once WHATWG climbed over the drive.
		peerClimbs := d.want.Err == "" || d.want.Err == "ERR_INVALID_FILE_URL_PATH"
		return wholeIf(d.got.Err == "" && peerClimbs && startsWithDrive(g) && !strings.Contains(d.want.Result, g[:2]) && strings.Contains(uriPath(d.input), "/.."))
	}},
	{"error-in-removed-segment", uriPeers, func(d *difference) effect {
		return wholeIf((fileuriFails(d, "separator") || fileuriFails(d, "utf8") || fileuriFails(d, "nul")) && strings.Contains(uriPath(d.input), "/.."))
	}},
	{"node-unicode-host", []string{"node_uri_windows"}, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && strings.Contains(strings.ToLower(d.input), "//xn--"))
	}},
	{"node-canonical-ipv4", []string{"node_uri_windows"}, func(d *difference) effect {
		auth, _ := splitURI(d.input)
		host := strings.TrimPrefix(auth, "//")
		return wholeIf(d.got.Err == "" && d.want.Err == "" && host != "" && strings.Trim(host, "0123456789.") == "" && !strings.HasPrefix(d.want.Result, `\\`+host+`\`))
	}},
	{"python-keeps-vertical-bar", []string{"python_uri_posix"}, func(d *difference) effect {
		g, w := d.got.Result, d.want.Result
		if len(g) >= 3 && len(w) >= 3 && g[0] == '/' && w[0] == '/' && g[1] == w[1] && g[2] == ':' && w[2] == '|' {
			d.want.Result = g[:3] + w[3:]
			return undone
		}
		return noEffect
	}},
	{"python-empty-path", []string{"python_uri_posix"}, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && d.want.Err == "" && d.want.Result == "")
	}},
	{"node-rejects-userinfo", []string{"node_uri_windows"}, func(d *difference) effect {
		auth, _ := splitURI(d.input)
		return wholeIf(peerFails(d) && d.want.Err == "ERR_INVALID_URL" && strings.Contains(auth, "@"))
	}},
	{"node-rejects-host", []string{"node_uri_windows"}, func(d *difference) effect {
		return wholeIf(peerFails(d) && d.want.Err == "ERR_INVALID_URL")
	}},
	{"unc-path-form-is-remote", uriPeers, func(d *difference) effect {
		fourSlashes := strings.HasPrefix(d.input[len("file:"):], "////")
		if d.call == "POSIX.ToPath" {
			// An error for a remote host; for localhost, a local path.
			return wholeIf(fourSlashes && (fileuriFails(d, "nonlocal") || d.got.Err == ""))
		}
		return wholeIf(fourSlashes && d.got.Err == "" && strings.HasPrefix(d.got.Result, `\\`) && !strings.HasPrefix(d.want.Result, `\\`))
	}},
	{"localhost-without-drive-is-unc", windowsURIPeers, func(d *difference) effect {
		auth, _ := splitURI(d.input)
		return wholeIf(isLocalhost(auth) && d.got.Err == "" && hasPrefixFold(d.got.Result, `\\localhost\`))
	}},
	{"ipv6-server-name", windowsURIPeers, func(d *difference) effect {
		return wholeIf(d.got.Err == "" && strings.Contains(d.got.Result, ".ipv6-literal.net") && strings.HasPrefix(d.want.Result, `\\[`))
	}},
	{"peer-misses-encoded-localhost", []string{"python_uri_posix", "python_uri_nt"}, func(d *difference) effect {
		auth, _ := splitURI(d.input)
		return wholeIf(isLocalhost(auth) && d.got.Err == "" && strings.Contains(auth, "%"))
	}},
	{"no-server-name-uri", windowsURIPeers, failsWith("server")},
	{"nturl2path-misses-encoded-drive", []string{"python_uri_nt"}, func(d *difference) effect {
		w := strings.TrimLeft(d.want.Result, `\`)
		return wholeIf(d.want.Err == "" && len(w) >= 2 && isASCIILetter(w[0]) && w[1] == ':' && strings.Contains(strings.ToUpper(d.input), "%3A"))
	}},
	{"nturl2path-empty-authority-is-server", []string{"python_uri_nt"}, func(d *difference) effect {
		return wholeIf(d.want.Err == "" && strings.HasPrefix(d.want.Result, `\\\`))
	}},
	{"nturl2path-keeps-localhost", []string{"python_uri_nt"}, func(d *difference) effect {
		auth, _ := splitURI(d.input)
		return wholeIf(d.got.Err == "" && strings.EqualFold(auth, "//localhost") && hasPrefixFold(d.want.Result, `\\localhost`))
	}},
	{"nturl2path-keeps-userinfo", []string{"python_uri_nt"}, func(d *difference) effect {
		auth, _ := splitURI(d.input)
		return wholeIf(d.got.Err == "" && strings.Contains(auth, "@") && strings.Contains(d.want.Result, "@"))
	}},
	{"nturl2path-drops-trailing-separator", []string{"python_uri_nt"}, func(d *difference) effect {
		if d.want.Err == "" && strings.HasSuffix(uriPath(d.input), "/") && normalWindowsPath(d.want.Result+`\`) == normalWindowsPath(d.got.Result) {
			d.want.Result += `\`
			return undone
		}
		return noEffect
	}},
	{"node-climbs-above-share", []string{"node_windows", "node_uri_windows"}, func(d *difference) effect {
		p := d.input
		if d.kind == "uri" {
			auth, _ := splitURI(p)
			p = "//" + strings.TrimPrefix(auth, "//") + uriPath(p)
		}
		if d.got.Err != "" || !isUNC(p) {
			return noEffect
		}
		segs := strings.FieldsFunc(p, func(r rune) bool { return r == '/' || r == '\\' })
		if len(segs) > 1 && (segs[1] == "." || segs[1] == "..") {
			return explained
		}
		depth := 0
		for _, s := range segs[min(2, len(segs)):] {
			switch s {
			case ".":
			case "..":
				depth--
			default:
				depth++
			}
			if depth < 0 {
				return explained
			}
		}
		return noEffect
	}},
	{"node-drive-colon-unencoded", []string{"node_posix"}, func(d *difference) effect {
		if g, w := d.got.Result, d.want.Result; len(g) >= 12 && len(w) >= 10 && g[:9] == w[:9] && g[9:12] == "%3A" && w[9] == ':' {
			d.want.Result = g[:12] + w[10:]
			return undone
		}
		return noEffect
	}},
}
