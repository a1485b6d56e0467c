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
	Win32Namespace   Kind = "win32-namespace"   // \\?\ or \\.\ in a URI (draft-05 §3.3.1)
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
		NUL, EncodedSeparator, DriveRelative, Win32Namespace,
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
// when s is only a prefix ("file://", "file:///"), and when s has more
// slashes after "file:" than any form of RFC 8089. A URI that holds a
// Win32 namespace prefix is reported for that alone: no character fix
// would make it right.
func (o Options) Check(s string) []Problem {
	if !isCandidate(s) || strings.Trim(s[5:], "/") == "" {
		return nil
	}
	c := checker{s: s, strict: o.Strict}
	if !c.l.scan(s) {
		return nil
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

func (c *checker) check() {
	s, l := c.s, &c.l
	if s[:4] != "file" {
		c.fix(UpperCaseScheme, 0, 4, "file", `file URI scheme is not lower case; the canonical scheme is "file" (RFC 3986 §3.1)`)
	}
	if l.namespace >= 0 {
		c.report(Win32Namespace, l.namespace, l.namespEnd,
			`file URI holds a Win32 namespace prefix (\\?\ or \\.\); it is no part of a file URI path (draft-05 §3.3.1)`)
		return
	}
	switch {
	case l.form == FormNoAuthority:
		c.fix(NonCanonical, 4, 5, "://", `file URI has no authority; the canonical form starts "file:///" (RFC 8089 §2)`)
	case l.form == FormBareDrive:
		c.fix(NonCanonical, 4, 5, ":///", `file URI has a drive letter right after "file:"; the canonical form starts "file:///" (RFC 8089 E.2)`)
	case l.form == FormUNCPath && c.strict && !isDriveSpec(s[l.hostStart:l.hostEnd]):
		// The fix rewrites the separators, backslashes included.
		c.fix(UNCPath, 5, 5+l.seps, "//", `file URI spells a UNC path with extra slashes; the canonical form is "file://host/share" (RFC 8089 E.3.2)`)
		if lit, ok := inlineIP(s[l.hostStart:l.hostEnd]); ok {
			c.fix(UNCPath, l.hostStart, l.hostEnd, lit, `file URI spells a UNC host's IP literal with %5B and %5D; in the authority it is written "[...]" (RFC 8089 E.3.2, RFC 3986 §3.2.2)`)
		}
	default:
		for i := 5; i < min(5+l.seps, l.pathStart); i++ { // separators the path does not cover
			if s[i] == '\\' {
				c.fix(Backslash, i, i+1, "/", backslashMessage)
			}
		}
	}
	if l.driveAuthority {
		d := l.authStart
		c.fix(DriveAuthority, d, d+2, "/"+s[d:d+1]+":",
			fmt.Sprintf(`file URI reads drive %q as a host; a drive letter needs three slashes: "file:///%c:" (RFC 8089 E.2)`, s[d:d+1]+":", s[d]))
	} else if l.authStart >= 0 {
		c.checkAuthority()
	}
	pathStart := l.pathStart
	switch {
	case l.drive >= 0:
		d := l.drive
		switch {
		case s[d+1] == '|' && !l.driveAuthority:
			c.fix(VerticalBar, d+1, d+2, ":", fmt.Sprintf(`file URI writes drive %q with a vertical bar; use ":" (RFC 8089 E.2.2)`, s[d:d+1]+":"))
		case s[d+1] == '%':
			c.fix(NonCanonical, d+1, d+4, ":", fmt.Sprintf(`file URI encodes the colon of drive %q as %s; the canonical form writes %q (RFC 8089 E.2)`, s[d:d+1]+":", s[d+1:d+4], s[d:d+1]+":"))
		}
		pathStart = d + l.driveLen
	case l.driveRelative >= 0:
		d := l.driveRelative
		c.report(DriveRelative, d, d+l.driveLen,
			fmt.Sprintf(`file URI has drive-relative path %q; it depends on the current directory of drive %c (RFC 8089 E.2.1)`, s[d:d+1]+":", s[d]))
	}
	c.checkChars(pathStart, l.pathEnd, partPath)
	if l.query >= 0 {
		end := len(s)
		if l.fragment >= 0 {
			end = l.fragment
		}
		c.checkChars(l.query+1, end, partQuery)
	}
	if l.fragment >= 0 {
		c.checkChars(l.fragment+1, len(s), partQuery)
	}
	slices.SortStableFunc(c.problems, func(a, b Problem) int { return a.Start - b.Start })
}

// checkAuthority checks the userinfo and the host.
func (c *checker) checkAuthority() {
	s, l := c.s, &c.l
	if l.userEnd >= 0 {
		userEnd := l.userEnd
		if l.passStart >= 0 {
			userEnd = l.passStart
			start, end := l.passStart, l.userEnd
			if l.passStart == l.authStart {
				end++ // no user: drop ":password@" whole
			}
			c.fix(Password, start, end, "",
				"file URI has a password in userinfo; a file URI must not hold one (draft-05 §6, RFC 3986 §3.2.1)")
		}
		c.checkChars(l.authStart, userEnd, partHost)
	}
	host := s[l.hostStart:l.hostEnd]
	if host == "." || host == ".." || strings.HasPrefix(host, "~") {
		c.report(NotAbsolute, l.hostStart, l.hostEnd,
			fmt.Sprintf(`file URI reads %q as a host; a file URI path is absolute and gets no tilde expansion (RFC 8089 §2, D.1)`, host))
	}
	end := l.hostEnd
	if strings.HasPrefix(host, "[") {
		if i := strings.IndexByte(host, ']'); i >= 0 {
			return // an IP literal (RFC 3986 §3.2.2), and an optional port
		}
	}
	if i := strings.IndexByte(host, ':'); i >= 0 {
		end = l.hostStart + i // a port is not a defect this checker reports
	}
	c.checkChars(l.hostStart, end, partHost)
}

// part says which characters a range may hold unencoded: one of the
// masks maskPath, maskQuery and maskHost.
type part uint8

const (
	partPath  part = maskPath
	partQuery part = maskQuery
	partHost  part = maskHost
)

// checkChars checks the characters of s[start:end], a part p of the URI.
func (c *checker) checkChars(start, end int, p part) {
	s := c.s
	for i := start; i < end; {
		b := s[i]
		if charClass[b]&uint8(p) != 0 {
			i++
			continue
		}
		switch {
		case b == '%':
			i = c.checkEscape(i, end, p)
			continue
		case b == '\\':
			c.fix(Backslash, i, i+1, "/", backslashMessage)
		case b >= utf8.RuneSelf:
			r, size := utf8.DecodeRuneInString(s[i:end])
			if r == utf8.RuneError && size == 1 {
				c.fix(Unencoded, i, i+1, escapeByte(b), fmt.Sprintf(`file URI has byte 0x%02X, which is not UTF-8; percent-encode it as %s (RFC 3986 §2.1)`, b, escapeByte(b)))
			} else {
				c.fix(NonASCII, i, i+size, string(appendEscaped(nil, s[i:i+size], func(byte) bool { return false })),
					fmt.Sprintf(`file URI has non-ASCII %q; a URI percent-encodes its UTF-8 bytes (draft-05 §4, RFC 3986 §2.5)`, r))
			}
			i += size
			continue
		default:
			c.fix(Unencoded, i, i+1, escapeByte(b), fmt.Sprintf(`file URI has unencoded %s; percent-encode it as %s (RFC 3986 §2.1)`, describe(b), escapeByte(b)))
		}
		i++
	}
}

// checkEscape checks the percent-encoding at s[i] and returns the index
// after it.
func (c *checker) checkEscape(i, end int, p part) int {
	s := c.s
	if i+2 >= end || !isHex(s[i+1]) || !isHex(s[i+2]) {
		c.fix(BadEscape, i, i+1, "%25", `file URI has "%" without two hex digits after it; write a literal "%" as %25 (RFC 3986 §2.1, §2.4)`)
		return i + 1
	}
	esc := s[i : i+3]
	v := unhex(s[i+1])<<4 | unhex(s[i+2])
	switch {
	case v == 0:
		c.report(NUL, i, i+3, "file URI encodes a NUL byte (%00); no file name can hold it (RFC 8089 §5)")
	case p == partPath && (v == '/' || v == '\\' && c.windowsLike()):
		c.report(EncodedSeparator, i, i+3,
			fmt.Sprintf("file URI encodes a path separator (%s); a path segment cannot hold it, so the URI names no file", esc))
	case isUnreserved(v):
		c.fix(EncodedUnreserved, i, i+3, string(v),
			fmt.Sprintf("file URI percent-encodes unreserved %q as %s; write it as is (RFC 3986 §2.3)", v, esc))
	case s[i+1] >= 'a' || s[i+2] >= 'a':
		c.fix(LowerCaseEscape, i, i+3, strings.ToUpper(esc),
			fmt.Sprintf("file URI has lower-case percent-encoding %s; the canonical form is %s (RFC 3986 §2.1)", esc, strings.ToUpper(esc)))
	}
	return i + 3
}

// windowsLike reports whether the URI evidently names a Windows file: it
// has a drive letter or a UNC host. There, %5C encodes a separator.
func (c *checker) windowsLike() bool {
	return c.l.drive >= 0 || c.l.form == FormHost || c.l.form == FormUNCPath
}

const backslashMessage = `file URI has a backslash; it is no path separator in a URI (RFC 8089 E.4)`

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
