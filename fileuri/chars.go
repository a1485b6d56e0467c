package fileuri

// Character classes of RFC 3986 §2 and §3.3, as used by RFC 8089 §2.
const (
	classUnreserved = 1 << iota // ALPHA / DIGIT / "-" / "." / "_" / "~" (§2.3)
	classSubDelim               // "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=" (§2.2)
	classPathExtra              // ":" / "@", the rest of pchar (§3.3)
	classSlash                  // "/", which separates segments (§3.3)
	classQuestion               // "?", allowed in a query or fragment (§3.4, §3.5)
	classHex                    // HEXDIG (§2.1)
)

// Masks of the characters each part of a URI may hold unencoded.
const (
	maskHost  = classUnreserved | classSubDelim        // reg-name (RFC 3986 §3.2.2)
	maskPath  = maskHost | classPathExtra | classSlash // pchar and "/" (§3.3)
	maskQuery = maskPath | classQuestion               // query and fragment (§3.4, §3.5)
)

// part says which characters a range may hold unencoded: one of the
// masks maskPath, maskQuery and maskHost.
type part uint8

const (
	partPath  part = maskPath
	partQuery part = maskQuery
	partHost  part = maskHost
)

// charClass holds the classes of each byte.
var charClass = func() [256]uint8 {
	const (
		alpha = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		digit = "0123456789"
	)
	var t [256]uint8
	for _, class := range []struct {
		chars string
		bit   uint8
	}{
		{alpha + digit + "-._~", classUnreserved},
		{"!$&'()*+,;=", classSubDelim},
		{":@", classPathExtra},
		{"/", classSlash},
		{"?", classQuestion},
		{digit + "ABCDEFabcdef", classHex},
	} {
		for _, c := range class.chars {
			t[c] |= class.bit
		}
	}
	return t
}()

func isUnreserved(c byte) bool { return charClass[c]&classUnreserved != 0 }
func isHex(c byte) bool        { return charClass[c]&classHex != 0 }

// isPchar reports whether c may appear unencoded in a path segment
// (RFC 3986 §3.3: pchar = unreserved / pct-encoded / sub-delims / ":" / "@").
func isPchar(c byte) bool {
	return charClass[c]&(classUnreserved|classSubDelim|classPathExtra) != 0
}

// isHostChar reports whether c may appear unencoded in a reg-name
// (RFC 3986 §3.2.2: unreserved / pct-encoded / sub-delims).
func isHostChar(c byte) bool { return charClass[c]&maskHost != 0 }

// isQueryChar reports whether c may appear unencoded in a query or a
// fragment (RFC 3986 §3.4, §3.5: pchar / "/" / "?").
func isQueryChar(c byte) bool { return charClass[c]&maskQuery != 0 }

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func isSep(c byte) bool { return c == '/' || c == '\\' }

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	default:
		return c - 'A' + 10
	}
}

// isEscape reports whether s[i] starts a percent-encoding: "%" and two
// hex digits (RFC 3986 §2.1).
func isEscape(s string, i int) bool {
	return s[i] == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2])
}

// escapedByte returns the byte that the percent-encoding at s[i] stands
// for; isEscape(s, i) must hold.
func escapedByte(s string, i int) byte { return unhex(s[i+1])<<4 | unhex(s[i+2]) }

const upperHex = "0123456789ABCDEF"

// appendPercent appends the percent-encoding of c to b, in upper-case hex
// as RFC 3986 §2.1 recommends.
func appendPercent(b []byte, c byte) []byte {
	return append(b, '%', upperHex[c>>4], upperHex[c&15])
}

// appendEscaped appends s to b, percent-encoding every byte for which
// keep is false (RFC 3986 §2.1; UTF-8 per §2.5).
func appendEscaped(b []byte, s string, keep func(byte) bool) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; keep(c) {
			b = append(b, c)
		} else {
			b = appendPercent(b, c)
		}
	}
	return b
}

// escapeByte returns the percent-encoding of c: "%XX", upper-case hex.
func escapeByte(c byte) string { return string(appendPercent(make([]byte, 0, 3), c)) }

// decodedAt returns the character at s[i], with a percent-encoded
// unreserved character decoded (RFC 3986 §6.2.2.2), and its length in s:
// 1, or 3 for "%XX".
func decodedAt(s string, i int) (byte, int) {
	if isEscape(s, i) {
		if v := escapedByte(s, i); isUnreserved(v) {
			return v, 3
		}
	}
	return s[i], 1
}

// equalFoldDecoded reports whether s, with its percent-encoded unreserved
// characters decoded, is word in any case; word is lower-case ASCII.
func equalFoldDecoded(s, word string) bool {
	j := 0
	for i := 0; i < len(s); j++ {
		c, n := decodedAt(s, i)
		if j >= len(word) || lower(c) != word[j] {
			return false
		}
		i += n
	}
	return j == len(word)
}

func lower(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
