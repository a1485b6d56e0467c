package fileuri

import (
	"errors"
	"fmt"
	"strings"
)

// The classes of error that Parse, ToPath and FromPath return, wrapped in
// an *Error; test for them with errors.Is.
var (
	// ErrNotFileURI: the text is not a file URI at all: another scheme,
	// or "file:" followed by neither a separator nor a drive letter.
	ErrNotFileURI = errors.New("not a file URI")
	// ErrSyntax: the text breaks the syntax of RFC 8089 or RFC 3986, or
	// a path holds what no file name can (a Windows name that is not
	// UTF-8, a server that no name can spell).
	ErrSyntax = errors.New("malformed file URI or path")
	// ErrRelative: the path is not absolute (RFC 8089 §2): a relative
	// POSIX path, a Windows path without a drive or a share, a
	// drive-relative path (E.2.1).
	ErrRelative = errors.New("not an absolute path")
	// ErrNonLocal: the URI names a file on another machine, which a
	// POSIX path cannot (RFC 8089 §3).
	ErrNonLocal = errors.New("non-local host")
	// ErrEncodedSeparator: a segment encodes a path separator (%2F, or
	// %5C for Windows), which no file name can hold.
	ErrEncodedSeparator = errors.New("encoded path separator")
	// ErrNUL: a NUL byte, which no file name can hold (RFC 8089 §5).
	ErrNUL = errors.New("NUL byte")
	// ErrDevicePath: a Windows device or namespace path (\\.\, \\?\),
	// or a URI whose host would make one: it names no file (draft-05
	// §3.3.1).
	ErrDevicePath = errors.New("device path")
)

// An Error reports a string that Parse, ToPath or FromPath rejects, and
// where. It unwraps to one of the Err variables of this package.
type Error struct {
	Op string // "parse", "topath" or "frompath"
	// Input is the rejected string with the password of its userinfo,
	// if any, written as "xxxxx" (draft-05 §6).
	Input  string
	Offset int // byte offset in Input of what is wrong, or -1
	Reason string
	Err    error // the class of the error, such as ErrSyntax
}

// Error returns the message.
func (e *Error) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("fileuri: %s %q: %s", e.Op, e.Input, e.Reason)
	}
	return fmt.Sprintf("fileuri: %s %q: at offset %d: %s", e.Op, e.Input, e.Offset, e.Reason)
}

// Unwrap returns the class of the error.
func (e *Error) Unwrap() error { return e.Err }

// newError returns an *Error for input; a URI's password is redacted and
// offset moved to index the redacted text.
func newError(op, input string, offset int, class error, reason string) error {
	if start, end := passwordRange(input); start >= 0 && op != "frompath" {
		input = input[:start] + "xxxxx" + input[end:]
		switch {
		case offset >= end:
			offset += len("xxxxx") - (end - start)
		case offset > start:
			offset = start
		}
	}
	return &Error{Op: op, Input: input, Offset: offset, Reason: reason, Err: class}
}

// passwordRange returns the range of the password in the userinfo of the
// first authority of s, after its ":", or -1, -1 when it has none. The
// authority is what follows the first two separators ("//", or "\\\\"
// as some write file URIs), whatever comes before them.
func passwordRange(s string) (int, int) {
	start := -1
	for i := 0; i+1 < len(s); i++ {
		if isSep(s[i]) && isSep(s[i+1]) {
			start = i + 2
			break
		}
	}
	if start < 0 {
		return -1, -1
	}
	for start < len(s) && isSep(s[start]) {
		start++
	}
	end := start
	for end < len(s) && !isSep(s[end]) && s[end] != '?' && s[end] != '#' {
		end++
	}
	at := strings.LastIndexByte(s[start:end], '@')
	if at < 0 {
		return -1, -1
	}
	colon := strings.IndexByte(s[start:start+at], ':')
	if colon < 0 {
		return -1, -1
	}
	return start + colon + 1, start + at
}
