package fileuri

import "strings"

// layout is the structure of a candidate file URI, found by scan. A
// backslash is read as a separator, as RFC 8089 E.4 says some systems do,
// so that a URI with backslashes has the layout it will have once they are
// replaced; Parse rejects backslashes before it looks at the layout.
type layout struct {
	form Form
	seps int // separators right after "file:"

	// The authority (RFC 3986 §3.2) when there is one: s[authStart:authEnd],
	// with the userinfo ending at the '@' at userEnd (-1 if none), a password
	// starting at the ':' at passStart (-1 if none), and the host in
	// s[hostStart:hostEnd].
	authStart, authEnd   int
	userEnd, passStart   int
	hostStart, hostEnd   int
	driveAuthority       bool // the authority is a drive letter: file://C:/x
	pathStart, pathEnd   int  // the path, from its first separator
	drive, driveLen      int  // the drive letter's index (-1 if none) and length of "C:", "C|" or "C%3A"
	driveRelative        int  // index of a drive letter not followed by a separator, as in file:///C:x, or -1
	query, fragment      int  // index of '?' and '#', or -1
	namespace, namespEnd int  // range of a Win32 namespace prefix (\\?\, \\.\), or -1
}

// maxSeps is the largest number of separators after "file:" that has a
// meaning: five, in file://///host/share (RFC 8089 E.3.2).
const maxSeps = 5

// isCandidate reports whether s starts the way a file URI does: "file:"
// in any case, then a separator or a drive letter (SPEC "What is a file
// URI here"). Anything else after "file:" is not an RFC 8089 URI.
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
	switch l.seps {
	case 0:
		l.form = FormBareDrive
		l.pathStart = 5
	case 1:
		l.form = FormNoAuthority
		l.pathStart = 5
	case 2:
		l.scanAuthority(s, 7)
		l.pathStart = l.authEnd
		switch host := s[l.hostStart:l.hostEnd]; {
		case l.userEnd < 0 && isDriveSpec(host):
			l.driveAuthority = true
			l.form = FormEmptyAuthority
			l.pathStart = l.authStart
		case strings.EqualFold(host, "localhost"):
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
		l.pathStart = l.authEnd
	default:
		return false
	}
	if l.form != FormHost && l.form != FormUNCPath {
		l.scanDrive(s)
	}
	return true
}

// scanAuthority records the authority that starts at i and ends before
// the next separator, query or fragment.
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
}

// scanDrive finds a DOS drive letter at the start of the path (RFC 8089
// E.2): "C:", "C|" (E.2.2) or "C%3A", followed by a separator or the end
// of the path.
func (l *layout) scanDrive(s string) {
	p := l.pathStart
	if l.form != FormBareDrive && !l.driveAuthority {
		if p >= l.pathEnd || !isSep(s[p]) {
			return
		}
		p++
	}
	if p+1 >= l.pathEnd || !isLetter(s[p]) {
		return
	}
	n := 0
	switch {
	case s[p+1] == ':' || s[p+1] == '|':
		n = 2
	case p+4 <= l.pathEnd && s[p+1] == '%' && s[p+2] == '3' && s[p+3]|0x20 == 'a':
		n = 4
	default:
		return
	}
	if p+n == l.pathEnd || isSep(s[p+n]) {
		l.drive, l.driveLen = p, n
	} else if s[p+1] != '|' {
		l.driveRelative = p
		l.driveLen = n
	}
}

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

// isDriveSpec reports whether s is a drive letter and ":" or "|".
func isDriveSpec(s string) bool { return len(s) == 2 && isLetter(s[0]) && (s[1] == ':' || s[1] == '|') }
