package fileuri

import (
	"fmt"
	"net/netip"
	"strings"
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

// An Error reports a string that Parse, ToPath or FromPath rejects, and
// where.
type Error struct {
	Op     string // "parse", "topath" or "frompath"
	Input  string
	Offset int // byte offset in Input of what is wrong, or -1
	Reason string
}

// Error returns the message, with the input's password, if any, written
// as "xxxxx" (draft-05 §6); Offset still indexes Input.
func (e *Error) Error() string {
	in := redact(e.Input)
	if e.Offset < 0 {
		return fmt.Sprintf("fileuri: %s %q: %s", e.Op, in, e.Reason)
	}
	return fmt.Sprintf("fileuri: %s %q: at offset %d: %s", e.Op, in, e.Offset, e.Reason)
}

// redact returns s with the password of its userinfo, if any, replaced
// by "xxxxx".
func redact(s string) string {
	start := strings.IndexByte(s, ':') + 1
	for start < len(s) && isSep(s[start]) {
		start++
	}
	end := start
	for end < len(s) && !isSep(s[end]) && s[end] != '?' && s[end] != '#' {
		end++
	}
	at := strings.LastIndexByte(s[start:end], '@')
	if at < 0 {
		return s
	}
	colon := strings.IndexByte(s[start:start+at], ':')
	if colon < 0 {
		return s
	}
	return s[:start+colon+1] + "xxxxx" + s[start+at:]
}

// Parse parses s as a file URI: one of the forms of RFC 8089 §2, or one
// of the variants of its Appendix E: userinfo (E.1, the password is
// dropped), a drive letter with or without slashes (E.2), "|" after a
// drive letter (E.2.2), and a UNC path after four or five slashes
// (E.3.2). The scheme may be in any case (RFC 3986 §3.1). Non-ASCII
// characters are accepted, as in an IRI (draft-05 §4).
//
// Parse rejects what no form allows: backslashes (E.4), a drive letter in
// the authority, a port, an IP literal that is neither IPv6 nor IPvFuture
// (RFC 3986 §3.2.2), characters that must be percent-encoded, and a "%"
// without two hex digits (RFC 3986 §2.1). The error is an *Error that
// gives the byte offset. The UNC host of E.3.2 may be an IP literal
// written "%5B...%5D".
func Parse(s string) (*URI, error) {
	if !isCandidate(s) {
		if len(s) >= 5 && strings.EqualFold(s[:5], "file:") {
			return nil, parseError(s, 5, `"file:" is not followed by "/" or a drive letter`)
		}
		return nil, parseError(s, 0, `scheme is not "file"`)
	}
	if i := strings.IndexByte(s, '\\'); i >= 0 {
		return nil, parseError(s, i, "backslash; a URI separates segments with / (RFC 8089 E.4)")
	}
	var l layout
	if !l.scan(s) {
		return nil, parseError(s, 5+maxSeps, fmt.Sprintf("more than %d slashes after \"file:\"", maxSeps))
	}
	if l.namespace >= 0 {
		return nil, parseError(s, l.namespace, "Win32 namespace prefix (draft-05 §3.3.1)")
	}
	if l.driveAuthority {
		return nil, parseError(s, l.authStart, "drive letter in the authority; it needs three slashes (RFC 8089 E.2)")
	}
	for _, p := range (Options{}).Check(s) {
		if p.Kind == Unencoded || p.Kind == BadEscape {
			return nil, parseError(s, p.Start, strings.TrimPrefix(p.Message, "file URI has "))
		}
	}
	u := &URI{Form: l.form}
	if l.authStart >= 0 {
		if err := u.setAuthority(s, &l); err != nil {
			return nil, err
		}
	}
	raw := s[l.pathStart:l.pathEnd]
	if raw == "" {
		if l.form == FormHost || l.form == FormUNCPath {
			return nil, parseError(s, l.pathStart, "no path after the host (RFC 8089 §2)")
		}
		if l.form != FormLocalhost {
			return nil, parseError(s, l.pathStart, "no path (RFC 8089 §2)")
		}
	}
	if l.drive >= 0 {
		u.Drive = s[l.drive]
		raw = "/" + s[l.drive:l.drive+1] + ":" + s[l.drive+l.driveLen:l.pathEnd]
	}
	if !strings.HasPrefix(raw, "/") && raw != "" {
		raw = "/" + raw
	}
	u.Path = unescape(raw)
	u.rawPath = raw
	if l.query >= 0 {
		end := len(s)
		if l.fragment >= 0 {
			end = l.fragment
		}
		u.RawQuery = s[l.query+1 : end]
	}
	if l.fragment >= 0 {
		u.Fragment = unescape(s[l.fragment+1:])
	}
	return u, nil
}

func (u *URI) setAuthority(s string, l *layout) error {
	host := s[l.hostStart:l.hostEnd]
	if l.form == FormUNCPath {
		if lit, ok := inlineIP(host); ok {
			host = lit // E.3.2 writes "[" and "]" as %5B and %5D
		}
	}
	if strings.HasPrefix(host, "[") {
		i := strings.IndexByte(host, ']')
		if i < 0 {
			return parseError(s, l.hostStart, `IP literal without "]" (RFC 3986 §3.2.2)`)
		}
		if !isIPLiteral(host[1:i]) {
			return parseError(s, l.hostStart, "IP literal that is neither an IPv6 address nor IPvFuture (RFC 3986 §3.2.2)")
		}
		if i+1 < len(host) {
			return parseError(s, l.hostStart+i+1, "port after the host; a file URI has none (RFC 8089 §2)")
		}
	} else if i := strings.IndexByte(host, ':'); i >= 0 {
		return parseError(s, l.hostStart+i, "port after the host; a file URI has none (RFC 8089 §2)")
	}
	if l.userEnd >= 0 && host == "" {
		return parseError(s, l.hostStart, "userinfo without a host (RFC 8089 E.1)")
	}
	if l.form == FormUNCPath && isDriveSpec(host) {
		return parseError(s, l.hostStart, "drive letter where a UNC host is expected (RFC 8089 E.3.2)")
	}
	if l.form == FormUNCPath && host == "" {
		return parseError(s, l.hostStart, "no host after the slashes of a UNC path (RFC 8089 E.3.2)")
	}
	if l.userEnd >= 0 {
		userEnd := l.userEnd
		if l.passStart >= 0 {
			userEnd = l.passStart
			u.HasPassword = true
		}
		u.User = unescape(s[l.authStart:userEnd])
	}
	if l.form == FormLocalhost {
		u.localhost = unescape(host)
	} else {
		u.Host = unescape(host)
	}
	return nil
}

// inlineIP returns the IP literal "[...]" that the file-host of RFC 8089
// E.3.2 writes as "%5B...%5D", and whether host is one.
func inlineIP(host string) (string, bool) {
	if len(host) < 6 || !strings.EqualFold(host[:3], "%5B") || !strings.EqualFold(host[len(host)-3:], "%5D") {
		return "", false
	}
	return "[" + host[3:len(host)-3] + "]", true
}

// isIPLiteral reports whether s, the text between "[" and "]", is an
// IPv6 address, with an optional zone "%25..." (RFC 6874), or an
// IPvFuture (RFC 3986 §3.2.2).
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
	return !hasZone || zone != "" && all(zone, func(c byte) bool { return isUnreserved(c) || c == '%' })
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
	return &Error{Op: "parse", Input: s, Offset: offset, Reason: reason}
}

// unescape decodes the percent-encodings of s, which Check found valid.
func unescape(s string) string {
	if strings.IndexByte(s, '%') < 0 {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
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

// String returns the canonical form of u: lower-case scheme, "file://",
// the host if not local, the path with exactly the characters outside
// RFC 3986 pchar percent-encoded (UTF-8, upper-case hex), a drive letter
// as "/C:", then the query and fragment. The password is never written.
func (u *URI) String() string {
	b := make([]byte, 0, len(u.Path)+len("file://")+len(u.Host)+8)
	b = append(b, "file://"...)
	if u.Host != "" {
		if u.User != "" {
			b = appendEscaped(b, u.User, isHostChar)
			b = append(b, '@')
		}
		if strings.HasPrefix(u.Host, "[") && strings.HasSuffix(u.Host, "]") {
			b = append(b, strings.ReplaceAll(u.Host, "%", "%25")...) // a zone (RFC 6874)
		} else {
			b = appendEscaped(b, u.Host, isHostChar)
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

// escapedPath returns the path as written, normalised (RFC 3986 §6.2.2:
// upper-case hex, unreserved characters decoded, the rest of what a
// segment cannot hold encoded), when it still decodes to u.Path; it keeps
// an encoded separator such as %2F. Otherwise it encodes u.Path.
func (u *URI) escapedPath() string {
	if u.rawPath != "" && unescape(u.rawPath) == u.Path {
		return normalizePath(u.rawPath)
	}
	return string(appendEscaped(nil, u.Path, keepInPath))
}

func keepInPath(c byte) bool { return isPchar(c) || c == '/' }

// normalizePath returns the path p, percent-encoded and valid, in the
// normal form of RFC 3986 §6.2.2.
func normalizePath(p string) string {
	b := make([]byte, 0, len(p))
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '%' && i+2 < len(p):
			v := unhex(p[i+1])<<4 | unhex(p[i+2])
			if isUnreserved(v) {
				b = append(b, v)
			} else {
				b = append(b, '%', upperHex[v>>4], upperHex[v&15])
			}
			i += 2
		case keepInPath(c):
			b = append(b, c)
		default:
			b = append(b, '%', upperHex[c>>4], upperHex[c&15])
		}
	}
	return string(b)
}
