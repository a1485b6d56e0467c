package analyzer

import "strings"

// indexFold returns the index of the first instance of the ASCII string
// sub in s, ignoring ASCII case, or -1. The last byte of sub, which is
// searched for first, must have no case, as the ":" of "file:".
func indexFold(s, sub string) int {
	for i := 0; i+len(sub) <= len(s); {
		j := strings.IndexByte(s[i+len(sub)-1:], sub[len(sub)-1])
		if j < 0 {
			return -1
		}
		i += j
		if strings.EqualFold(s[i:i+len(sub)], sub) {
			return i
		}
		i++
	}
	return -1
}

// hasVerb reports whether s holds a printf verb (see isVerb).
func hasVerb(s string) bool {
	for i := strings.IndexByte(s, '%'); i >= 0; {
		if isVerb(s[i+1:]) {
			return true
		}
		j := strings.IndexByte(s[i+1:], '%')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// isSchemeChar reports whether b may appear in a URI scheme (RFC 3986
// §3.1): "profile://" or "x-file:" is no file URI.
func isSchemeChar(b byte) bool {
	return isLetter(b) || '0' <= b && b <= '9' || b == '+' || b == '-' || b == '.'
}

// isEnvVar reports whether s starts with a Windows environment variable
// such as %APPDATA%, a name of three or more letters, digits and
// underscores between two "%" that does not start as an escape ("%E2%"
// or "%c3%a9" are escapes). In the first three characters of the name,
// an escape of an unreserved character is read as the character, as the
// strict fix writes it: "%zz%41%41%" is read as "%zzAA%" is, so that a
// URI ends in the same place before and after one -fix pass.
func isEnvVar(s string) bool {
	if len(s) < 5 || isHex(s[1]) && isHex(s[2]) {
		return false
	}
	n := 0 // the characters of the name
	for i := 1; i < len(s); i, n = i+1, n+1 {
		b := s[i]
		if b == '%' {
			if n >= 3 || i+2 >= len(s) || !isHex(s[i+1]) || !isHex(s[i+2]) {
				return n >= 3
			}
			b = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		}
		if b != '_' && !isLetter(b) && !('0' <= b && b <= '9' && n > 0) {
			return false
		}
	}
	return false
}

// A verb is a printf verb as package fmt reads it (see scanVerb).
type verb struct {
	letter  byte // the verb, such as 's', or '%' for a percent sign
	size    int  // its length after the "%"
	stars   int  // the operands its "*" width and precision take
	indexed bool // it has an explicit argument index, such as [1]
}

// scanVerb reads the printf verb that s, the text after a "%", starts
// with: flags, width, precision and argument indexes, then the verb
// letter (package fmt, "Printing"). It reports false when s ends first.
func scanVerb(s string) (verb, bool) {
	var v verb
	i := 0
	for ; i < len(s) && strings.IndexByte("+-# 0123456789.*[]", s[i]) >= 0; i++ {
		switch s[i] {
		case '*':
			v.stars++
		case '[':
			v.indexed = true
		}
	}
	if i == len(s) {
		return v, false
	}
	v.letter, v.size = s[i], i+1
	return v, true
}

// isVerb reports whether s, the text after a "%", starts a printf verb
// rather than a percent-encoding: "%s", "%v", "%-10s", "%[1]q", "%c". Two
// hex digits are an encoding ("%2F"), however a format would read them.
func isVerb(s string) bool {
	if len(s) >= 2 && isHex(s[0]) && isHex(s[1]) {
		return false
	}
	v, ok := scanVerb(s)
	if ok && v.size == 1 && v.letter == 'c' {
		// "%c", a drive letter formatted as a character; only bare,
		// for "100%.cpp" is a bad escape, not the verb %.c.
		return true
	}
	return ok && strings.IndexByte("vTdqxXfgsp%w", v.letter) >= 0
}

// isLetter reports whether b is an ASCII letter (RFC 3986 ALPHA).
func isLetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }

// isHex reports whether b is a hexadecimal digit.
func isHex(b byte) bool {
	return '0' <= b && b <= '9' || 'a' <= b|0x20 && b|0x20 <= 'f'
}

// unhex returns the value of b, a hexadecimal digit.
func unhex(b byte) byte {
	if b <= '9' {
		return b - '0'
	}
	return (b | 0x20) - 'a' + 10
}

// schemeEnd returns the file scheme prefix that the text s ends with, in
// lower case, with no scheme character before it: "file:///", "file://",
// "file://localhost", "file:/" or "file:"; or "file://" and an authority,
// with or without the slash after it, as it is written ("file://wsl%24/",
// "file://user@localhost"; see isFilePrefix); or "".
func schemeEnd(s string) string {
	for _, suffix := range []string{"file:///", "file://localhost", "file://", "file:/", "file:"} {
		n := len(s) - len(suffix)
		if n >= 0 && strings.EqualFold(s[n:], suffix) && (n == 0 || !isSchemeChar(s[n-1])) {
			return suffix
		}
	}
	before := strings.TrimRight(strings.TrimSuffix(s, "/"), regNameChars+"@") // up to the authority
	if n := len(before) - len("file://"); len(before) < len(s) && n >= 0 && isFilePrefix(s[n:]) && (n == 0 || !isSchemeChar(s[n-1])) {
		return s[n:]
	}
	return ""
}

// fileScheme returns the length of the scheme prefix s ends with, in
// any case: "file://" (7) or "file:///" (8), with no scheme character
// before it; 0 when s ends with neither.
func fileScheme(s string) int {
	for _, n := range []int{8, 7} {
		if len(s) >= n && strings.EqualFold(s[len(s)-n:], "file:///"[:n]) &&
			(len(s) == n || !isSchemeChar(s[len(s)-n-1])) {
			return n
		}
	}
	return 0
}
