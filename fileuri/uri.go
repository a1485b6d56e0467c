package fileuri

import (
	"fmt"
	"net/netip"
	"strings"
	"unicode/utf8"
)

// Form is the written form a file URI was parsed from.
type Form int

const (
	FormEmptyAuthority Form = iota // file:///path, the canonical form (RFC 8089 §2)
	FormLocalhost                  // file://localhost/path (RFC 8089 §2)
	FormHost                       // file://host/path, a non-local file or UNC share (RFC 8089 §3, E.3.1)
	FormNoAuthority                // file:/path (RFC 8089 §2, local-path)
	FormBareDrive                  // file:C:/path (RFC 8089 E.2)
	FormUNCPath                    // file:////host/share/path or five slashes (RFC 8089 E.3.2)
)

var formNames = [...]string{"empty-authority", "localhost", "host", "no-authority", "bare-drive", "unc-path"}

func (f Form) String() string {
	if f < 0 || int(f) >= len(formNames) {
		return fmt.Sprintf("Form(%d)", int(f))
	}
	return formNames[f]
}

// A URI is a parsed file URI. Its String method gives the canonical form.
type URI struct {
	// Host is the decoded host; "" for a local file, whether the authority
	// was empty or "localhost" in any case (RFC 8089 §3). For the UNC
	// forms of RFC 8089 E.3 it is the server.
	Host string
	// User is the decoded user name of the userinfo (RFC 8089 E.1).
	User string
	// HasPassword reports that the userinfo held a password. The password
	// itself is not kept (draft-05 §6).
	HasPassword bool
	// Drive is the DOS drive letter as written ('C' or 'c'), or 0
	// (RFC 8089 E.2). It is derived from Path.
	Drive byte
	// Path is the decoded path. A drive letter is written "/C:", whether
	// the URI had "C:", "C|" (E.2.2) or "C%3A".
	Path string
	// RawQuery is the query, without "?", as written. RFC 8089 has none;
	// SQLite and others add one.
	RawQuery string
	// Fragment is the decoded fragment, without "#".
	Fragment string
	// Form is the written form the URI was parsed from.
	Form Form

	rawPath   string // the path as written, normalised; see escapedPath
	localhost string // for FormLocalhost, the host as written ("LocalHost"), decoded
}

// Parse parses s as a file URI: one of the forms of RFC 8089 §2, or one
// of the variants of its Appendix E: userinfo (E.1, the password is
// dropped), a drive letter with or without slashes (E.2), "|" after a
// drive letter (E.2.2), and a UNC path after four or five slashes
// (E.3.2). The scheme may be in any case (RFC 3986 §3.1). Non-ASCII
// characters are accepted, as in an IRI (draft-05 §4).
//
// Parse rejects what no form allows: backslashes (E.4), a drive letter in
// the authority, a port, userinfo without a host, an IP literal that is
// neither IPv6 nor IPvFuture (RFC 3986 §3.2.2), characters that must be
// percent-encoded, and a "%" without two hex digits (RFC 3986 §2.1). The
// error is an *Error that gives the byte offset and unwraps to
// ErrNotFileURI or ErrSyntax. The UNC host of E.3.2 may be an IP literal
// written "%5B...%5D". Whatever Parse rejects, Check reports.
func Parse(s string) (*URI, error) {
	var l layout
	if err := l.parse(s); err != nil {
		return nil, err
	}
	u := &URI{Form: l.form}
	if l.authStart >= 0 {
		if err := u.setAuthority(s, &l); err != nil {
			return nil, err
		}
	}
	u.setPath(s, &l)
	if q, ok := l.querySpan(s); ok {
		u.RawQuery = s[q.start:q.end]
	}
	if f, ok := l.fragmentSpan(s); ok {
		u.Fragment = unescape(s[f.start:f.end])
	}
	return u, nil
}

// parse sets l to the layout of s and returns the error of the first
// thing in s that no form of a file URI allows, but for the faults of an
// authority, which setAuthority reports.
func (l *layout) parse(s string) error {
	if !isCandidate(s) {
		if len(s) >= 5 && strings.EqualFold(s[:5], "file:") {
			return newError("parse", s, 5, ErrNotFileURI, `"file:" is not followed by "/" or a drive letter`)
		}
		return newError("parse", s, 0, ErrNotFileURI, `scheme is not "file"`)
	}
	if i := strings.IndexByte(s, '\\'); i >= 0 {
		return parseError(s, i, "backslash; a URI separates segments with / (RFC 8089 E.4)")
	}
	if !l.scan(s) {
		return parseError(s, 5+maxSeps, fmt.Sprintf("more than %d slashes after \"file:\"", maxSeps))
	}
	if l.namespace >= 0 {
		return parseError(s, l.namespace, "Win32 namespace prefix (draft-05 §3.3.1)")
	}
	if l.driveAuthority {
		return parseError(s, l.hostStart, "drive letter in the authority; it needs three slashes (RFC 8089 E.2)")
	}
	if i, reason := l.invalidChar(s); i >= 0 {
		return parseError(s, i, reason)
	}
	return nil
}

// setAuthority sets the user and the host of u from the authority laid
// out by l, or returns the error of a host that no file URI holds.
func (u *URI) setAuthority(s string, l *layout) error {
	switch fault, start, _ := l.hostFault(s); fault {
	case hostOpenIP:
		return parseError(s, start, `IP literal without "]" (RFC 3986 §3.2.2)`)
	case hostBadIP:
		return parseError(s, start, "IP literal that is neither an IPv6 address nor IPvFuture (RFC 3986 §3.2.2)")
	case hostPort:
		return parseError(s, start, "port after the host; a file URI has none (RFC 8089 §2)")
	}
	host := s[l.hostStart:l.hostEnd]
	if l.userEnd >= 0 && host == "" {
		return parseError(s, l.hostStart, "userinfo without a host (RFC 8089 E.1)")
	}
	if l.form == FormUNCPath && host == "" {
		return parseError(s, l.hostStart, "no host after the slashes of a UNC path (RFC 8089 E.3.2)")
	}
	if user, ok := l.userSpan(); ok {
		u.User = unescape(s[user.start:user.end])
		u.HasPassword = l.passStart >= 0
	}
	if l.inlineIP(s) {
		host, _ = inlineIP(host) // E.3.2 writes "[" and "]" as %5B and %5D
	}
	if equalFoldDecoded(host, "localhost") { // file://localhost or file:////localhost
		u.localhost = unescape(host)
	} else {
		u.Host = unescape(host)
	}
	return nil
}

// setPath sets the path of u, and its drive letter, from the path laid
// out by l. A drive letter is written "/C:" whatever its spelling
// (RFC 8089 E.2, E.2.2), and an empty path is "/" (RFC 3986 §6.2.3).
func (u *URI) setPath(s string, l *layout) {
	rest := l.restSpan()
	raw := s[rest.start:rest.end]
	if l.drive >= 0 {
		u.Drive = l.driveLetter
		raw = "/" + string(l.driveLetter) + ":" + raw
	}
	if !strings.HasPrefix(raw, "/") {
		raw = "/" + raw
	}
	u.Path = unescape(raw)
	u.rawPath = raw
}

// invalidChar returns the offset and a description of the first
// character that its part of the URI cannot hold as it is (RFC 3986
// §2.1, §3), or -1: in the user name, the host's reg-name, the path after
// any drive letter, the query and the fragment.
func (l *layout) invalidChar(s string) (int, string) {
	spans := make([]span, 0, 5)
	if user, ok := l.userSpan(); ok {
		spans = append(spans, user)
	}
	if name, ok := l.nameSpan(s); ok {
		spans = append(spans, name)
	}
	spans = append(spans, l.restSpan())
	if q, ok := l.querySpan(s); ok {
		spans = append(spans, q)
	}
	if f, ok := l.fragmentSpan(s); ok {
		spans = append(spans, f)
	}
	for _, sp := range spans {
		if i, reason := sp.invalidChar(s); i >= 0 {
			return i, reason
		}
	}
	return -1, ""
}

// invalidChar returns the offset and a description of the first
// character of the span that its part cannot hold as it is, or -1.
func (sp span) invalidChar(s string) (int, string) {
	s = s[:sp.end]
	for i := sp.start; i < len(s); {
		c := s[i]
		switch {
		case charClass[c]&uint8(sp.p) != 0:
			i++
		case c == '%':
			if !isEscape(s, i) {
				return i, `"%" without two hex digits (RFC 3986 §2.1)`
			}
			i += 3
		case c >= utf8.RuneSelf:
			r, n := utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				return i, fmt.Sprintf("byte 0x%02X, which is not UTF-8 (RFC 3986 §2.5)", c)
			}
			i += n
		default:
			return i, fmt.Sprintf("unencoded %s (RFC 3986 §2.1)", describe(c))
		}
	}
	return -1, ""
}

// inlineIP returns the IP literal "[...]" that the file-host of RFC 8089
// E.3.2 writes as "%5B...%5D", and whether host is one.
func inlineIP(host string) (string, bool) {
	if len(host) < 6 || !strings.EqualFold(host[:3], "%5B") || !strings.EqualFold(host[len(host)-3:], "%5D") {
		return "", false
	}
	inner := host[3 : len(host)-3]
	return "[" + inner + "]", isIPLiteral(inner)
}

// isIPLiteral reports whether s, the text between "[" and "]", is an
// IPv6 address, with an optional zone "%25..." of unreserved characters
// (RFC 6874; an escape in a zone could smuggle a separator into a UNC
// server name), or an IPvFuture (RFC 3986 §3.2.2).
func isIPLiteral(s string) bool {
	if len(s) > 1 && s[0]|0x20 == 'v' {
		version, rest, ok := strings.Cut(s[1:], ".")
		return ok && version != "" && rest != "" && all(version, isHex) &&
			all(rest, func(c byte) bool { return isHostChar(c) || c == ':' })
	}
	addr, zone, hasZone := strings.Cut(s, "%25")
	ip, err := netip.ParseAddr(addr)
	if err != nil || !ip.Is6() || ip.Zone() != "" {
		return false
	}
	return !hasZone || zone != "" && all(zone, isUnreserved)
}

// all reports whether every byte of s satisfies f.
func all(s string, f func(byte) bool) bool {
	for i := 0; i < len(s); i++ {
		if !f(s[i]) {
			return false
		}
	}
	return true
}

func parseError(s string, offset int, reason string) error {
	return newError("parse", s, offset, ErrSyntax, reason)
}

// unescape decodes the percent-encodings of s (RFC 3986 §2.1).
func unescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if isEscape(s, i) {
			b = append(b, escapedByte(s, i))
			i += 2
			continue
		}
		b = append(b, s[i])
	}
	return string(b)
}

// Local reports whether u names a file on the local machine: its host is
// empty or "localhost" (RFC 8089 §3).
func (u *URI) Local() bool { return u.Host == "" }

// String returns the canonical form of u (RFC 8089 §2, RFC 3986 §6.2.2):
// lower-case scheme, "file://", the host if not local, the path with
// exactly the characters outside RFC 3986 pchar percent-encoded (UTF-8,
// upper-case hex), a drive letter as "/C:", then the query and fragment.
// The password is never written (draft-05 §6).
func (u *URI) String() string {
	b := make([]byte, 0, len(u.Path)+len("file://")+len(u.Host)+8)
	b = append(b, "file://"...)
	switch {
	case u.Host != "":
		if u.User != "" {
			b = appendEscaped(b, u.User, isHostChar)
			b = append(b, '@')
		}
		b = appendHost(b, u.Host)
	case u.Drive == 0 && (u.localhost != "" || strings.HasPrefix(u.Path, "//")):
		// Without a drive, localhost is a UNC server on Windows; and
		// without it, a path "//x" would read as the UNC host x. Before
		// a share spelled like a drive, only the slashes of a UNC path
		// (file:////localhost/C:/x) keep the drive from being read.
		if isDriveSegment(firstSegment(u.escapedPath())) {
			b = append(b, "//"...)
		}
		if u.localhost != "" {
			b = append(b, u.localhost...)
		} else {
			b = append(b, "localhost"...)
		}
	}
	p := u.escapedPath()
	if !strings.HasPrefix(p, "/") {
		b = append(b, '/')
	}
	b = append(b, p...)
	if u.RawQuery != "" {
		b = append(b, '?')
		b = append(b, u.RawQuery...)
	}
	if u.Fragment != "" {
		b = append(b, '#')
		b = appendEscaped(b, u.Fragment, isQueryChar)
	}
	return string(b)
}

// appendHost appends the decoded host h to b: an IP literal as it is,
// with the "%" of a zone written %25 (RFC 6874), a name with what a
// reg-name cannot hold percent-encoded (RFC 3986 §3.2.2).
func appendHost(b []byte, h string) []byte {
	if isIPHost(h) {
		return append(b, strings.ReplaceAll(h, "%", "%25")...)
	}
	return appendEscaped(b, h, isHostChar)
}

// isIPHost reports whether the decoded host h is an IP literal "[...]"
// (RFC 3986 §3.2.2), its zone decoded.
func isIPHost(h string) bool {
	return len(h) > 2 && h[0] == '[' && h[len(h)-1] == ']' && isIPLiteral(strings.ReplaceAll(h[1:len(h)-1], "%", "%25"))
}

// escapedPath returns the path as written, normalised (RFC 3986 §6.2.2:
// upper-case hex, unreserved characters decoded, the rest of what a
// segment cannot hold encoded), when it still decodes to u.Path; it keeps
// an encoded separator such as %2F. Otherwise it encodes u.Path, a local
// one as FromPath does.
func (u *URI) escapedPath() string {
	if u.rawPath != "" && unescape(u.rawPath) == u.Path {
		return normalizePath(u.rawPath)
	}
	if u.Host == "" {
		return string(appendPath(nil, u.Path))
	}
	return string(appendEscaped(nil, u.Path, keepInPath))
}

// appendPath appends the local slash-separated path p to b, with every
// byte outside pchar and "/" percent-encoded (RFC 3986 §2.1, §3.3), and
// the colon of a first segment that would read as a drive-relative path
// (a:b, RFC 8089 E.2.1) encoded as %3A.
func appendPath(b []byte, p string) []byte {
	if len(p) > 3 && p[0] == '/' && isLetter(p[1]) && p[2] == ':' && p[3] != '/' {
		b = append(b, p[:2]...)
		b = append(b, "%3A"...)
		p = p[3:]
	}
	return appendEscaped(b, p, keepInPath)
}

func keepInPath(c byte) bool { return isPchar(c) || c == '/' }

// normalizePath returns the path p, percent-encoded and valid, in the
// normal form of RFC 3986 §6.2.2.
func normalizePath(p string) string {
	b := make([]byte, 0, len(p))
	for i := 0; i < len(p); i++ {
		c, keep := p[i], keepInPath(p[i])
		if c == '%' && i+2 < len(p) {
			c = escapedByte(p, i)
			keep = isUnreserved(c)
			i += 2
		}
		if keep {
			b = append(b, c)
		} else {
			b = appendPercent(b, c)
		}
	}
	return string(b)
}
