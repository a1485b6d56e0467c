package fileuri

import "strings"

// layout is the structure of a candidate file URI, found by scan. A
// backslash is read as a separator, as RFC 8089 E.4 says some systems do,
// so that a URI with backslashes has the layout it will have once they are
// replaced; Parse rejects backslashes before it looks at the layout.
//
// Host names and drive letters are judged with their percent-encoded
// unreserved characters decoded, since encoding them does not change a
// URI (RFC 3986 §6.2.2.2): file://%6C%6F%63%61%6C%68%6F%73%74/x is local
// and file:///%43:/x has drive C.
type layout struct {
	form Form
	seps int // separators right after "file:"

	// The authority (RFC 3986 §3.2) when there is one: s[authStart:authEnd],
	// with the userinfo ending at the '@' at userEnd (-1 if none), a password
	// starting at the ':' at passStart (-1 if none), and the host in
	// s[hostStart:hostEnd].
	authStart, authEnd int
	userEnd, passStart int
	hostStart, hostEnd int
	// driveAuthority: the host is a drive letter, file://C:/x or
	// file:////C:/x, and the drive starts the path.
	driveAuthority     bool
	pathStart, pathEnd int // the path, from its first separator
	// The DOS drive letter at the start of the path (RFC 8089 E.2), at
	// s[drive:drive+driveLen], written "C:", "C|" (E.2.2), "C%3A", or with
	// the letter percent-encoded; driveLetter is the letter. drive is -1
	// if there is none.
	drive, driveLen      int
	driveLetter          byte
	driveRelative        int // index of a drive letter not followed by a separator, as in file:///C:x, or -1
	query, fragment      int // index of '?' and '#', or -1
	namespace, namespEnd int // range of a Win32 namespace prefix (\\?\, \\.\), or -1
}

// maxSeps is the largest number of separators after "file:" that has a
// meaning: five, in file://///host/share (RFC 8089 E.3.2).
const maxSeps = 5

// isCandidate reports whether s starts the way a file URI does: "file:"
// in any case, then a separator or a drive letter. Anything else after
// "file:" is not an RFC 8089 URI (§2, E.2).
func isCandidate(s string) bool {
	if len(s) < 6 || !strings.EqualFold(s[:5], "file:") {
		return false
	}
	if isSep(s[5]) {
		return true
	}
	return len(s) >= 7 && isLetter(s[5]) && (s[6] == ':' || s[6] == '|')
}

// scan sets l to the layout of s, which must satisfy isCandidate. It
// reports false when s has more separators after "file:" than any form.
// The path ends at the fragment or, without a Win32 namespace prefix, at
// the query (RFC 3986 §3.4, §3.5).
func (l *layout) scan(s string) bool {
	*l = layout{
		authStart: -1, authEnd: -1, userEnd: -1, passStart: -1, hostStart: -1, hostEnd: -1,
		drive: -1, driveRelative: -1, query: -1, fragment: -1, namespace: -1, namespEnd: -1,
	}
	l.fragment = strings.IndexByte(s, '#')
	end := len(s)
	if l.fragment >= 0 {
		end = l.fragment
	}
	l.namespace, l.namespEnd = namespacePrefix(s[:end])
	if l.namespace < 0 {
		if q := strings.IndexByte(s[:end], '?'); q >= 0 {
			l.query = q
			end = q
		}
	}
	l.pathEnd = end
	for i := 5; i < end && isSep(s[i]); i++ {
		l.seps++
	}
	if !l.scanForm(s) {
		return false
	}
	if l.hostStart >= 0 && isDriveSegment(s[l.hostStart:l.hostEnd]) {
		l.driveAuthority = true
		l.pathStart = l.hostStart
	}
	if l.form != FormHost && (l.form != FormUNCPath || l.driveAuthority) {
		l.scanDrive(s)
	}
	return true
}

// scanForm reads the form from the separators after "file:": none before
// a drive letter (RFC 8089 E.2), one (§2, local-path), two before an
// authority, three (§2, an empty authority), four or five before a UNC
// host (E.3.2). It reports false for more.
func (l *layout) scanForm(s string) bool {
	switch l.seps {
	case 0:
		l.form = FormBareDrive
		l.pathStart = 5
	case 1:
		l.form = FormNoAuthority
		l.pathStart = 5
	case 2:
		l.scanAuthority(s, 7)
		host := s[l.hostStart:l.hostEnd]
		switch {
		case isDriveSegment(host):
			l.form = FormEmptyAuthority
		case equalFoldDecoded(host, "localhost"):
			l.form = FormLocalhost
		case l.authStart == l.authEnd:
			l.form = FormEmptyAuthority
		default:
			l.form = FormHost
		}
	case 3:
		l.form = FormEmptyAuthority
		l.pathStart = 7
	case 4, 5:
		l.form = FormUNCPath
		l.scanAuthority(s, 5+l.seps)
	default:
		return false
	}
	return true
}

// scanAuthority records the authority that starts at i and ends before
// the next separator, query or fragment (RFC 3986 §3.2); the path starts
// after it.
func (l *layout) scanAuthority(s string, i int) {
	l.authStart = i
	j := i
	for j < l.pathEnd && !isSep(s[j]) {
		j++
	}
	l.authEnd = j
	l.hostStart = i
	if at := strings.LastIndexByte(s[i:j], '@'); at >= 0 {
		l.userEnd = i + at
		l.hostStart = l.userEnd + 1
		if c := strings.IndexByte(s[i:l.userEnd], ':'); c >= 0 {
			l.passStart = i + c
		}
	}
	l.hostEnd = j
	l.pathStart = j
}

// scanDrive finds a DOS drive letter at the start of the path (RFC 8089
// E.2), followed by a separator or the end of the path.
func (l *layout) scanDrive(s string) {
	p := l.pathStart
	if l.form != FormBareDrive && !l.driveAuthority {
		if p >= l.pathEnd || !isSep(s[p]) {
			return
		}
		p++
	}
	n := driveSpecLen(s[p:l.pathEnd])
	switch {
	case n == 0:
	case p+n == l.pathEnd || isSep(s[p+n]):
		l.drive, l.driveLen = p, n
		l.driveLetter, _ = decodedAt(s, p)
	case s[p+n-1] == ':':
		// A colon right after the letter, as in file:///C:x; "|" and
		// "%3A" there make no drive, so "%3A" can spell the colon of a
		// POSIX name a:b (file:///a%3Ab).
		l.driveRelative = p
		l.driveLen = n
	}
}

// driveSpecLen returns the length of the drive letter and colon that s
// starts with: a letter, raw or percent-encoded (%43), then ":", "|"
// (RFC 8089 E.2.2) or "%3A"; or 0.
func driveSpecLen(s string) int {
	if s == "" {
		return 0
	}
	c, n := decodedAt(s, 0)
	if !isLetter(c) || n >= len(s) {
		return 0
	}
	switch {
	case s[n] == ':' || s[n] == '|':
		return n + 1
	case len(s) >= n+3 && s[n] == '%' && s[n+1] == '3' && s[n+2]|0x20 == 'a':
		return n + 3
	}
	return 0
}

// isDriveSegment reports whether the path segment seg is a drive letter
// and its colon (RFC 8089 E.2), and nothing else.
func isDriveSegment(seg string) bool { return seg != "" && driveSpecLen(seg) == len(seg) }

// namespacePrefix returns the range of a Win32 namespace prefix, \\?\ or
// \\.\ (draft-05 §3.3.1), at the start of the path part of s, or -1, -1.
// A dot after two forward slashes is the relative-host dialect
// file://./x, not a namespace; "?" after four forward slashes is.
func namespacePrefix(s string) (int, int) {
	k := 5
	for k < len(s) && isSep(s[k]) {
		k++
	}
	run := k - 5
	if run < 2 || k+1 >= len(s) || (s[k] != '?' && s[k] != '.') || !isSep(s[k+1]) {
		return -1, -1
	}
	backslash := s[k-2] == '\\' || s[k-1] == '\\'
	if backslash || (s[k] == '?' && run >= 4) {
		return k - 2, k + 2
	}
	return -1, -1
}

// A span is a range of a URI and the part it belongs to, which says what
// characters it may hold unencoded.
type span struct {
	start, end int
	p          part
}

// userSpan returns the user name of the userinfo, before any password
// (RFC 8089 E.1, RFC 3986 §3.2.1), and whether there is userinfo.
func (l *layout) userSpan() (span, bool) {
	end := l.userEnd
	if l.passStart >= 0 {
		end = l.passStart
	}
	return span{l.authStart, end, partHost}, l.userEnd >= 0
}

// nameSpan returns the host as a reg-name (RFC 3986 §3.2.2), up to a
// port, and false when the authority has no host or an IP literal:
// "[...]", or in a UNC path one written "%5B...%5D" (RFC 8089 E.3.2).
func (l *layout) nameSpan(s string) (span, bool) {
	if l.hostStart < 0 || strings.HasPrefix(s[l.hostStart:l.hostEnd], "[") || l.inlineIP(s) {
		return span{}, false
	}
	end := l.hostEnd
	if fault, start, _ := l.hostFault(s); fault == hostPort {
		end = start
	}
	return span{l.hostStart, end, partHost}, true
}

// inlineIP reports whether the host is the IP literal of a UNC path,
// written "%5B...%5D" (RFC 8089 E.3.2).
func (l *layout) inlineIP(s string) bool {
	if l.form != FormUNCPath {
		return false
	}
	_, ok := inlineIP(s[l.hostStart:l.hostEnd])
	return ok
}

// restSpan returns the path after the drive letter, if any.
func (l *layout) restSpan() span {
	if l.drive >= 0 {
		return span{l.drive + l.driveLen, l.pathEnd, partPath}
	}
	return span{l.pathStart, l.pathEnd, partPath}
}

// querySpan returns the query after its "?" (RFC 3986 §3.4), and whether
// there is one.
func (l *layout) querySpan(s string) (span, bool) {
	end := len(s)
	if l.fragment >= 0 {
		end = l.fragment
	}
	return span{l.query + 1, end, partQuery}, l.query >= 0
}

// fragmentSpan returns the fragment after its "#" (RFC 3986 §3.5), and
// whether there is one.
func (l *layout) fragmentSpan(s string) (span, bool) {
	return span{l.fragment + 1, len(s), partQuery}, l.fragment >= 0
}

// A hostFault is what makes the host of an authority no host of a file
// URI. Check and Parse each say it in their own words.
type hostFault uint8

const (
	hostOK     hostFault = iota
	hostOpenIP           // an IP literal without "]" (RFC 3986 §3.2.2)
	hostBadIP            // an IP literal neither IPv6 nor IPvFuture (RFC 3986 §3.2.2)
	hostPort             // a port: file-auth has none (RFC 8089 §2)
)

// hostFault returns the fault of the host, which must exist, and its
// range in s.
func (l *layout) hostFault(s string) (fault hostFault, start, end int) {
	if l.inlineIP(s) {
		return hostOK, -1, -1
	}
	host := s[l.hostStart:l.hostEnd]
	if strings.HasPrefix(host, "[") {
		i := strings.IndexByte(host, ']')
		switch {
		case i < 0:
			return hostOpenIP, l.hostStart, l.hostEnd
		case !isIPLiteral(host[1:i]):
			return hostBadIP, l.hostStart, l.hostStart + i + 1
		case i+1 < len(host):
			return hostPort, l.hostStart + i + 1, l.hostEnd
		}
		return hostOK, -1, -1
	}
	if i := strings.IndexByte(host, ':'); i >= 0 {
		return hostPort, l.hostStart + i, l.hostEnd
	}
	return hostOK, -1, -1
}
