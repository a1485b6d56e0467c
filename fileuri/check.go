package fileuri

import (
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
)

// A Kind names a class of defect in a file URI. Its value is stable and
// is what the analyzer reports as a diagnostic's category.
type Kind string

// The defects reported by default.
const (
	Backslash        Kind = "backslash"         // "\" used as a separator (RFC 8089 E.4)
	VerticalBar      Kind = "vertical-bar"      // "c|" for "c:" (RFC 8089 E.2.2)
	DriveAuthority   Kind = "drive-authority"   // file://C:/x: a drive letter is no host (RFC 8089 E.2)
	Unencoded        Kind = "unencoded"         // a character a URI cannot hold as is (RFC 3986 §2.1, §2.4)
	BadEscape        Kind = "bad-escape"        // "%" not followed by two hex digits (RFC 3986 §2.1)
	Password         Kind = "password"          // a password in userinfo (draft-05 §6, RFC 3986 §3.2.1)
	NUL              Kind = "nul"               // %00 (RFC 8089 §5)
	EncodedSeparator Kind = "encoded-separator" // %2F, or %5C in a Windows URI
	DriveRelative    Kind = "drive-relative"    // file:///C:x (RFC 8089 E.2.1)
	Win32Namespace   Kind = "win32-namespace"   // \\?\ or \\.\ in a URI, or a host "." or "?" (draft-05 §3.3.1)
	Malformed        Kind = "malformed"         // a port, userinfo without a host, more than five slashes (RFC 8089 §2)
)

// The style kinds, reported only in strict mode.
const (
	NotAbsolute       Kind = "not-absolute"       // file://./x, file://~/x (RFC 8089 §2, D.1)
	LowerCaseEscape   Kind = "lower-case-escape"  // %c3%a9 (RFC 3986 §2.1)
	EncodedUnreserved Kind = "encoded-unreserved" // %41 (RFC 3986 §2.3)
	NonCanonical      Kind = "non-canonical"      // file:/x, file:C:/x, file:///c%3A/x (RFC 8089 §2, E.2)
	UNCPath           Kind = "unc-path"           // file:////host/share (RFC 8089 E.3.2)
	UpperCaseScheme   Kind = "upper-case-scheme"  // FILE:///x (RFC 3986 §3.1)
	NonASCII          Kind = "non-ascii"          // an IRI character (draft-05 §4)
)

var strictKinds = []Kind{NotAbsolute, LowerCaseEscape, EncodedUnreserved, NonCanonical, UNCPath, UpperCaseScheme, NonASCII}

// Kinds returns every kind, the default ones first.
func Kinds() []Kind {
	return append([]Kind{
		Backslash, VerticalBar, DriveAuthority, Unencoded, BadEscape, Password,
		NUL, EncodedSeparator, DriveRelative, Win32Namespace, Malformed,
	}, strictKinds...)
}

// Strict reports whether k is a style kind, reported only in strict mode.
func (k Kind) Strict() bool { return slices.Contains(strictKinds, k) }

// A Problem is one defect in a checked string.
type Problem struct {
	Kind       Kind
	Start, End int // byte range of the defect in the checked string

	// Message is one line naming the rule; it never repeats a password.
	Message string

	// When Fixable, Replacement is the safe replacement for the range.
	Fixable     bool
	Replacement string
}

// Options selects which kinds Check reports.
type Options struct {
	// Strict adds the style kinds (see Kind.Strict).
	Strict bool
}

// IsCandidate reports whether s starts as a file URI is checked:
// "file:" in any case, then "/", "\" or a drive letter with ":" or "|".
// Other text after "file:" ("file: not found", SQLite's "file::memory:",
// npm's "file:../pkg") is not an RFC 8089 URI.
func IsCandidate(s string) bool { return isCandidate(s) }

// Check returns the default defects of s, read as one file URI; see
// Options.Check.
func Check(s string) []Problem { return Options{}.Check(s) }

// Fix returns s with every safe fix of Check applied.
func Fix(s string) string { return Options{}.Fix(s) }

// Check returns every defect of s, read as one file URI, in order of
// position. It returns nil when s is not a candidate (see IsCandidate),
// and when s is only a prefix ("file://", "file:///"). A URI that holds a
// Win32 namespace prefix, or a host that makes one, is reported for that
// alone: no character fix would make it right.
func (o Options) Check(s string) []Problem {
	if !isCandidate(s) || strings.Trim(s[5:], "/") == "" {
		return nil
	}
	c := checker{s: s, strict: o.Strict}
	if !c.l.scan(s) {
		return []Problem{{Kind: Malformed, Start: 5, End: 5 + c.l.seps,
			Message: fmt.Sprintf("file URI has more than %d slashes after \"file:\"", maxSeps)}}
	}
	c.check()
	return c.problems
}

// Fix returns s with the fix of every fixable problem of o.Check applied.
// Fix is idempotent: o.Check(o.Fix(s)) has no fixable problem.
func (o Options) Fix(s string) string {
	return applyFixes(s, o.Check(s))
}

// applyFixes applies the replacements of the fixable problems, which
// Check returns in order and without overlap.
func applyFixes(s string, problems []Problem) string {
	var b strings.Builder
	last := 0
	for _, p := range problems {
		if !p.Fixable || p.Start < last {
			continue
		}
		b.WriteString(s[last:p.Start])
		b.WriteString(p.Replacement)
		last = p.End
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

// A checker gathers the problems of one candidate s, laid out by l.
type checker struct {
	s        string
	strict   bool
	l        layout
	problems []Problem
}

// add records p unless its kind is off.
func (c *checker) add(p Problem) {
	if c.strict || !p.Kind.Strict() {
		c.problems = append(c.problems, p)
	}
}

// report records a problem with no safe fix.
func (c *checker) report(k Kind, start, end int, msg string) {
	c.add(Problem{Kind: k, Start: start, End: end, Message: msg})
}

// fix records a problem whose fix replaces s[start:end].
func (c *checker) fix(k Kind, start, end int, replacement, msg string) {
	c.add(Problem{Kind: k, Start: start, End: end, Message: msg, Fixable: true, Replacement: replacement})
}

// check records the problems of the URI, sorted by position: the scheme
// (RFC 3986 §3.1), a Win32 namespace or a device host, the form (RFC 8089
// §2, E.2, E.3.2), the authority, the drive letter (E.2), and the
// characters of each part (RFC 3986 §2).
func (c *checker) check() {
	s, l := c.s, &c.l
	if s[:4] != "file" {
		c.fix(UpperCaseScheme, 0, 4, "file", `file URI scheme is not lower case; write "file:"`)
	}
	if l.namespace >= 0 {
		c.report(Win32Namespace, l.namespace, l.namespEnd,
			`file URI holds a Win32 namespace prefix (\\?\ or \\.\); it names no file`)
		return
	}
	if c.deviceHost() {
		c.report(Win32Namespace, l.hostStart, l.hostEnd,
			fmt.Sprintf(`file URI host %q makes a Windows device path (\\%s\); it names no file`, s[l.hostStart:l.hostEnd], unescape(s[l.hostStart:l.hostEnd])))
		return
	}
	c.checkForm()
	switch {
	case l.driveAuthority:
		c.checkDriveAuthority()
	case l.authStart >= 0:
		c.checkAuthority()
	}
	switch {
	case l.drive >= 0 && !l.driveAuthority:
		c.checkChars(span{l.pathStart, l.drive, partPath}) // the separator before the drive
		c.checkDrive()
	case l.driveRelative >= 0:
		d := l.driveRelative
		letter, _ := decodedAt(s, d)
		c.report(DriveRelative, d, d+l.driveLen,
			fmt.Sprintf(`file URI has drive-relative path "%c:"; it depends on the current directory of drive %[1]c`, letter))
	}
	c.checkChars(l.restSpan())
	if sp, ok := l.querySpan(s); ok {
		c.checkChars(sp)
	}
	if sp, ok := l.fragmentSpan(s); ok {
		c.checkChars(sp)
	}
	slices.SortStableFunc(c.problems, func(a, b Problem) int { return a.Start - b.Start })
}

// checkForm reports a non-canonical form and backslashes among the
// separators after "file:" that no other fix rewrites.
func (c *checker) checkForm() {
	s, l := c.s, &c.l
	switch {
	case l.form == FormNoAuthority:
		c.fix(NonCanonical, 4, 5, "://", `file URI has no authority; write "file:///"`)
	case l.form == FormBareDrive:
		c.fix(NonCanonical, 4, 5, ":///", `file URI has a drive letter right after "file:"; write "file:///"`)
	case l.form == FormUNCPath && l.driveAuthority:
		// checkDriveAuthority rewrites the separators.
	case l.form == FormUNCPath && l.hostStart == l.hostEnd:
		c.report(Malformed, 5, l.hostEnd, "file URI has no host after the slashes of a UNC path")
	case l.form == FormUNCPath && equalFoldDecoded(s[l.hostStart:l.hostEnd], "localhost") && staysDrive(firstSegment(s[l.pathStart:l.pathEnd])):
		// file:////localhost/C:/x: with two slashes, C: would be a drive.
	case l.form == FormUNCPath && c.strict:
		// The fix rewrites the separators, backslashes included.
		c.fix(UNCPath, 5, 5+l.seps, "//", `file URI spells a UNC path with extra slashes; write "file://host/share"`)
		if lit, ok := inlineIP(s[l.hostStart:l.hostEnd]); ok {
			c.fix(UNCPath, l.hostStart, l.hostEnd, lit, `file URI spells a UNC host's IP literal with %5B and %5D; write "[...]"`)
		}
	default:
		for i := 5; i < min(5+l.seps, l.pathStart); i++ { // separators the path does not cover
			if s[i] == '\\' {
				c.fix(Backslash, i, i+1, "/", backslashMessage)
			}
		}
	}
}

// checkDriveAuthority reports a drive letter read as a host, file://C:/x
// or file:////C:/x. The fix writes the canonical "file:///C:" over the
// slashes, any userinfo and the drive.
func (c *checker) checkDriveAuthority() {
	l := &c.l
	if l.passStart >= 0 {
		c.report(Password, l.passStart, l.userEnd, passwordMessage)
	}
	start, prefix := l.authStart, "/"
	if l.form == FormUNCPath {
		start, prefix = 5, "///"
	}
	drive := fmt.Sprintf("%c:", l.driveLetter)
	c.fix(DriveAuthority, start, l.hostEnd, prefix+drive,
		fmt.Sprintf(`file URI reads drive %q as a host; write "file:///%s"`, drive, drive))
}

// checkDrive reports a drive letter written in another way than "C:".
func (c *checker) checkDrive() {
	s, l := c.s, &c.l
	d := l.drive
	_, n := decodedAt(s, d)
	if n == 3 {
		c.fix(EncodedUnreserved, d, d+3, string(l.driveLetter),
			fmt.Sprintf("file URI percent-encodes drive letter %q as %s; write it as is", l.driveLetter, s[d:d+3]))
	}
	switch colon := s[d+n : d+l.driveLen]; colon {
	case ":":
	case "|":
		c.fix(VerticalBar, d+n, d+n+1, ":", fmt.Sprintf(`file URI writes drive "%c:" with a vertical bar; use ":"`, l.driveLetter))
	default:
		c.fix(NonCanonical, d+n, d+l.driveLen, ":", fmt.Sprintf(`file URI encodes the colon of drive "%c:" as %s; write ":"`, l.driveLetter, colon))
	}
}

// deviceHost reports whether the host would make a Windows device or
// namespace path (draft-05 §3.3.1): "?" in any spelling; "." written
// encoded (%2E), after the slashes of a UNC path, or before a drive letter
// or a device name (file://./C:/x, file://./pipe/x). A plain file://./dir
// is the relative-host dialect, a strict not-absolute.
func (c *checker) deviceHost() bool {
	s, l := c.s, &c.l
	if l.hostStart < 0 {
		return false
	}
	host := s[l.hostStart:l.hostEnd]
	if strings.EqualFold(host, "%3F") {
		return true
	}
	if !equalFoldDecoded(host, ".") {
		return false
	}
	return host != "." || l.form == FormUNCPath || isDeviceName(firstSegment(s[l.pathStart:l.pathEnd]))
}

// checkAuthority checks the userinfo (RFC 8089 E.1; draft-05 §6 forbids
// a password) and the host: a name or an IP literal, and no port
// (RFC 8089 §2, RFC 3986 §3.2.2).
func (c *checker) checkAuthority() {
	s, l := c.s, &c.l
	host := s[l.hostStart:l.hostEnd]
	if user, ok := l.userSpan(); ok {
		if l.passStart >= 0 {
			if host == "" {
				c.report(Password, l.passStart, l.userEnd, passwordMessage)
			} else {
				start, end := l.passStart, l.userEnd
				if l.passStart == l.authStart {
					end++ // no user: drop ":password@" whole
				}
				c.fix(Password, start, end, "", passwordMessage)
			}
		}
		c.checkChars(user)
		if host == "" {
			c.report(Malformed, l.authStart, l.authEnd, "file URI has userinfo but no host")
		}
	}
	if host == "." || host == ".." || strings.HasPrefix(host, "~") {
		c.report(NotAbsolute, l.hostStart, l.hostEnd,
			fmt.Sprintf(`file URI reads %q as a host; a file URI path is absolute`, host))
	}
	switch fault, start, end := l.hostFault(s); fault {
	case hostOpenIP:
		c.report(Malformed, start, end, `file URI has an IP literal without "]"`)
	case hostBadIP:
		c.report(Malformed, start, end, "file URI has an IP literal that is neither IPv6 nor IPvFuture")
	case hostPort:
		c.report(Malformed, start, end, "file URI has a port; a file URI has none")
	}
	if name, ok := l.nameSpan(s); ok {
		c.checkChars(name)
	}
}

const passwordMessage = "file URI has a password in userinfo; a file URI must not hold one"

// checkChars reports each character of sp that its part cannot hold as it
// is (RFC 3986 §2.1, §3), and each percent-encoding checkEscape faults.
func (c *checker) checkChars(sp span) {
	s, end, p := c.s, sp.end, sp.p
	for i := sp.start; i < end; {
		b := s[i]
		if charClass[b]&uint8(p) != 0 {
			i++
			continue
		}
		switch {
		case b == '%':
			i = c.checkEscape(i, end, p)
			continue
		case b == '\\' && p == partQuery:
			// No separator there: the reader of the query gets it back.
			c.fix(Backslash, i, i+1, "%5C", `file URI has a backslash in its query or fragment; write %5C`)
		case b == '\\':
			c.fix(Backslash, i, i+1, "/", backslashMessage)
		case b >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:end])
			if r == utf8.RuneError && size == 1 {
				c.fix(Unencoded, i, i+1, escapeByte(b), fmt.Sprintf(`file URI has byte 0x%02X, which is not UTF-8; write %s`, b, escapeByte(b)))
			} else {
				c.fix(NonASCII, i, i+size, string(appendEscaped(nil, s[i:i+size], func(byte) bool { return false })),
					fmt.Sprintf(`file URI has non-ASCII %q; write it percent-encoded as UTF-8`, r))
			}
			i += size
			continue
		case b == 0:
			// Encoded, it would be %00, which no file name holds either.
			c.report(NUL, i, i+1, "file URI holds a NUL byte; no file name can hold it")
		default:
			c.fix(Unencoded, i, i+1, escapeByte(b), fmt.Sprintf(`file URI has unencoded %s; write %s`, describe(b), escapeByte(b)))
		}
		i++
	}
}

// checkEscape checks the percent-encoding at s[i], in a span of part p
// that ends at end, and returns the index after it. It needs two hex
// digits (RFC 3986 §2.1), upper-case (§6.2.2.1); it should not encode an
// unreserved character (§2.3), and must not encode NUL (RFC 8089 §5) or,
// outside the query and the fragment, a separator.
func (c *checker) checkEscape(i, end int, p part) int {
	s := c.s
	if !isEscape(s[:end], i) {
		c.fix(BadEscape, i, i+1, "%25", `file URI has "%" without two hex digits; write a literal "%" as %25`)
		return i + 1
	}
	esc := s[i : i+3]
	v := escapedByte(s, i)
	switch {
	case v == 0:
		c.report(NUL, i, i+3, "file URI encodes a NUL byte (%00); no file name can hold it")
	case p != partQuery && (v == '/' || v == '\\' && c.windowsLike()):
		c.report(EncodedSeparator, i, i+3,
			fmt.Sprintf("file URI encodes a path separator (%s); no file name can hold it", esc))
	case isUnreserved(v):
		c.fix(EncodedUnreserved, i, i+3, string(v),
			fmt.Sprintf("file URI percent-encodes unreserved %q as %s; write it as is", v, esc))
	case s[i+1] >= 'a' || s[i+2] >= 'a':
		c.fix(LowerCaseEscape, i, i+3, strings.ToUpper(esc),
			fmt.Sprintf("file URI has lower-case percent-encoding %s; write %s", esc, strings.ToUpper(esc)))
	}
	return i + 3
}

// windowsLike reports whether the URI evidently names a Windows file: it
// has a drive letter or a UNC host, localhost included. There, %5C
// encodes a separator.
func (c *checker) windowsLike() bool {
	return c.l.drive >= 0 || c.l.form == FormHost || c.l.form == FormUNCPath || c.l.form == FormLocalhost
}

const backslashMessage = `file URI has a backslash; a URI separates with "/"`

// describe names an ASCII character for a message.
func describe(b byte) string {
	switch {
	case b == ' ':
		return "space"
	case b == '\t':
		return "tab"
	case b < ' ' || b == 0x7F:
		return fmt.Sprintf("control character 0x%02X", b)
	default:
		return fmt.Sprintf("%q", b)
	}
}

// firstSegment returns the first segment of the path p.
func firstSegment(p string) string {
	p = strings.TrimLeft(p, `/\`)
	if i := strings.IndexAny(p, `/\`); i >= 0 {
		return p[:i]
	}
	return p
}

// staysDrive reports whether the path segment seg is a drive letter and
// its colon, and stays one once fixed: in a UNC path, "C|" is no drive,
// and its "|" is encoded, so file:////localhost/C|/x may lose two slashes
// in the same fix.
func staysDrive(seg string) bool { return isDriveSegment(seg) && !strings.HasSuffix(seg, "|") }

// isDeviceName reports whether seg, after a host ".", makes a Windows
// device path of a well-known kind: a drive (\\.\C:), a pipe, a
// mailslot, the object root, a volume, disk, CD or tape, or a DOS device
// (CON, NUL, COM1, ...).
func isDeviceName(seg string) bool {
	if isDriveSegment(seg) {
		return true
	}
	seg = strings.ToLower(unescape(seg))
	switch {
	case seg == "pipe", seg == "mailslot", seg == "globalroot", seg == "unc", isReservedName(seg):
		return true
	case len(seg) == 2 && isLetter(seg[0]) && seg[1] == '|':
		return true // c%7C
	}
	if strings.HasPrefix(seg, "volume{") {
		return true
	}
	// A numbered device: PhysicalDrive0, Harddisk1, CdRom0, Tape0; a
	// directory "tapes" or "cdrom-images" is the dialect's path.
	for _, prefix := range []string{"physicaldrive", "harddisk", "cdrom", "tape"} {
		if n, ok := strings.CutPrefix(seg, prefix); ok && n != "" && all(n, isDigit) {
			return true
		}
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }
