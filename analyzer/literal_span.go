package analyzer

import (
	"strings"

	"github.com/fileurilint/fileurilint/fileuri"
)

// uriSpans returns the ranges of the file URIs in s. A URI starts with
// "file:" (in any case) at the start of s or after a character that
// cannot belong to a scheme (RFC 3986 §3.1), and must be a candidate for
// fileuri.Check; see uriEnd for where it ends.
func uriSpans(s string) [][2]int {
	var spans [][2]int
	commands := strings.IndexByte(s, '@') >= 0 // a stage; see transferCommand
	for i := 0; i < len(s); {
		j := indexFold(s[i:], "file:")
		if j < 0 {
			break
		}
		start := i + j
		i = start + len("file:")
		if start > 0 && isSchemeChar(s[start-1]) || !fileuri.IsCandidate(s[start:]) || !canStartURI(s[start:], quoteBefore(s, start) != 0) {
			continue
		}
		end := uriEnd(s, start)
		if commands && transferCommand(s[:start], s[end:]) {
			i = max(i, end)
			continue
		}
		spans = append(spans, [2]int{start, end})
		i = max(i, end)
	}
	return spans
}

// canStartURI reports whether u, a candidate for fileuri.Check, can be a
// file URI: after "file:\" only a UNC host ("file:\\host\share") or a
// drive letter ("file:\C:\x") can follow (RFC 8089 E.4), or, in a quoted
// string (quoted), an escaped slash: JSON text as PHP's json_encode
// writes it, {"u":"file:\/\/\/C:\/x"}, which checkURI reads through its
// escapes. Other text, such as the file filter of a code-search syntax
// (`file:\.js$`), is no path.
func canStartURI(u string, quoted bool) bool {
	if u[len("file:")] != '\\' {
		return true
	}
	rest := u[len(`file:\`):]
	return strings.HasPrefix(rest, `\`) || quoted && strings.HasPrefix(rest, "/") ||
		len(rest) >= 2 && isLetter(rest[0]) && (rest[1] == ':' || rest[1] == '|')
}

// uriEnd returns where the file URI that starts at s[start] ends. A URI
// that makes up the whole string runs to its end or to a line break,
// blanks included, unless it reads as prose (see wholeWithSpaces). A URI
// embedded in text ends at a blank, a control character, a quote, a
// bracket or a "|" that is no drive's, and loses trailing punctuation.
// Either ends where a template or a format starts: a brace, "<" (as in
// file:///<path>), a printf verb such as %s, or an environment variable
// such as %APPDATA%.
func uriEnd(s string, start int) int {
	whole := start == 0
	end := len(s)
	blank := -1
	for i := start + len("file:"); i < len(s); i++ {
		if b := s[i]; b == ' ' || b == '\t' {
			if !whole {
				end = i
				break
			}
			if blank < 0 {
				blank = i
			}
			continue
		}
		if endsURI(s, start, i, whole) {
			end = i
			break
		}
	}
	if blank >= 0 && !wholeWithSpaces(s[start:end], blank-start) {
		end = blank
	}
	if !whole {
		end = start + len(strings.TrimRight(s[start:end], ".,;:!?"))
	}
	return end
}

// endsURI reports whether s[i], a byte other than a blank, ends the file
// URI that starts at s[start] (see uriEnd); whole says that the URI
// starts the string.
func endsURI(s string, start, i int, whole bool) bool {
	switch b := s[i]; {
	case b == '\n' || b == '\r' || b == '{' || b == '}' || b == '<':
		return true
	case b == '%':
		return isVerb(s[i+1:]) || isEnvVar(s[i:])
	case whole:
		return false
	case b == '|':
		return !isDriveBar(s[start:], i-start)
	}
	return s[i] < ' ' || s[i] == 0x7F || strings.IndexByte("\"'`>()[]", s[i]) >= 0
}

// isDriveBar reports whether u[i], a "|" in the file URI u, follows a
// drive letter ("file:///c|/x", RFC 8089 E.2.2) rather than separating the
// URI from the text after it, as in a table or a pipeline. The letter may
// be percent-encoded ("file:///%43|/x"), as fileuri reads it, and a
// backslash before it counts as the separator the fix makes of it
// ("file:///a\c|\x"), so that the URI ends in the same place before and
// after one -fix pass.
func isDriveBar(u string, i int) bool {
	if i+1 < len(u) && u[i+1] != '/' && u[i+1] != '\\' {
		return false
	}
	j := i - 1 // the letter
	if i >= 3 && u[j-2] == '%' && isHex(u[j-1]) && isHex(u[j]) {
		j -= 2
		if b := unhex(u[j+1])<<4 | unhex(u[j+2]); !isLetter(b) {
			return false
		}
	} else if i < 1 || !isLetter(u[j]) {
		return false
	}
	return j >= 1 && strings.IndexByte(`/:\`, u[j-1]) >= 0
}

// wholeWithSpaces reports whether u, a whole string holding a file URI
// with its first blank at u[space], is one URI whose path has blanks
// ("file:///C:/Program Files", "file:///a b") rather than a URI followed
// by prose ("file:///x: no such file", "file:// is not supported",
// "file:///x (default)"). A string that is only a URI is one to its end;
// it reads as prose when the text before the blank is a prefix, when a
// word but the last ends with punctuation, or when a later word is a
// word of prose (see isProse).
func wholeWithSpaces(u string, space int) bool {
	if strings.Trim(u[len("file:"):space], `/\`) == "" || strings.TrimLeft(u[space:], " \t") == "" {
		return false // a prefix, or trailing blanks
	}
	words := strings.Fields(u)
	for i, w := range words[1:] {
		if strings.ContainsAny(words[i][len(words[i])-1:], ".,;:!?") || isProse(w) {
			return false
		}
	}
	return true
}

// isProse reports whether w, a word after a file URI, is a word of prose
// rather than part of a file name: a common English function word ("is",
// "not", "or"), a dash, a word in brackets or quotes with no separator
// ("(default)"; "(x86)/App" may be a path), or a word that holds
// another file URI.
func isProse(w string) bool {
	if strings.IndexByte("([{'\"-", w[0]) >= 0 && !strings.ContainsAny(w, `/\`) || indexFold(w, "file:") >= 0 {
		return true
	}
	return proseWords[strings.ToLower(w)]
}

// proseWords are words that say a string is a sentence about a URI.
var proseWords = map[string]bool{
	"is": true, "are": true, "was": true, "not": true, "no": true, "cannot": true, "must": true,
	"should": true, "will": true, "does": true, "has": true, "and": true, "or": true, "to": true,
	"for": true, "of": true, "in": true, "on": true, "at": true, "by": true, "as": true, "from": true,
	"the": true, "if": true, "when": true, "with": true, "instead": true, "e.g.": true, "i.e.": true,
}
