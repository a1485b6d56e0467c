// Package fileuri parses, checks, fixes and builds file URIs: RFC 8089
// (The "file" URI Scheme), with the positions of its draft-05 (no
// passwords, §6; IRIs, §4) and the percent-encoding of RFC 3986 §2.
//
// Go has no standard function that turns a path into a file URI, so
// programs build them by hand ("file://" + path) and break on Windows
// drives, backslashes, spaces, "#", "?" and "%". This package does it
// right, with the standard library only.
//
// # What is a file URI
//
// Parse accepts the forms of RFC 8089 §2 — file:///path, file:/path,
// file://host/path, file://localhost/path — and the variants of its
// Appendix E: userinfo (E.1; the password is dropped), drive letters
// (E.2: file:///C:/x, file:C:/x), the vertical bar (E.2.2: file:///c|/x)
// and UNC paths after four or five slashes (E.3.2). The scheme is
// case-insensitive (RFC 3986 §3.1). A query (SQLite's ?mode=ro) and a
// fragment are kept. Non-ASCII characters are accepted as in an IRI
// (draft-05 §4). Host names and drive letters are judged with their
// percent-encoded unreserved characters decoded (RFC 3986 §6.2.2.2), so
// file://%6C%6F%63%61%6C%68%6F%73%74/x is local and file:///%43:/x has
// drive C. (*URI).String gives the canonical form (file:///C:/x,
// file://host/share/x, upper-case hex) and never moves a URI to another
// file: localhost stays where, without a drive letter, Windows reads it
// as a UNC server.
//
// Only text that starts "file:/", "file:\" or "file:" and a drive letter
// is read as a file URI (IsCandidate). "file: not found", SQLite's
// "file::memory:" and npm's "file:../pkg" are not RFC 8089 URIs.
//
// # Defects
//
// Check returns every defect of a candidate URI with its byte range, a
// stable Kind, a one-line message, and at most one safe replacement; Fix
// applies them all, and one call reaches the fixed point. Whatever Parse
// rejects, Check reports. By default Check reports:
//
//	backslash          file:///C:\x      → file:///C:/x    RFC 8089 E.4
//	vertical-bar       file:///c|/x      → file:///c:/x    RFC 8089 E.2.2
//	drive-authority    file://C:/x       → file:///C:/x    RFC 8089 E.2
//	unencoded          file:///a b       → file:///a%20b   RFC 3986 §2.1, §2.4
//	bad-escape         file:///100%      → file:///100%25  RFC 3986 §2.1, §2.4
//	password           file://u:pw@h/x   → file://u@h/x    draft-05 §6
//	nul                file:///a%00      (no fix)          RFC 8089 §5
//	encoded-separator  file:///a%2Fb     (no fix)          no name holds it
//	drive-relative     file:///C:x       (no fix)          RFC 8089 E.2.1
//	win32-namespace    file:///\\?\C:\x  (no fix)          draft-05 §3.3.1
//	malformed          file://host:80/x  (no fix)          RFC 8089 §2
//
// win32-namespace also covers a host that would make a Windows device
// path: "?" in any spelling, and "." when encoded (%2E), after the
// slashes of a UNC path, or before a drive or a device name
// (file://./pipe/x). malformed covers a port, userinfo without a host,
// more than five slashes and an IP literal that is not one.
//
// Options{Strict: true} adds the style kinds: not-absolute (the
// relative-host dialects file://./x, file://../x, file://~/x of
// golang-migrate and helm; RFC 8089 §2, D.1), lower-case-escape (%c3%a9),
// encoded-unreserved (%41), non-canonical (file:/x, file:C:/x, an
// encoded drive colon file:///c%3A/x), unc-path (file:////host/share),
// upper-case-scheme and non-ascii. A message never repeats a password.
//
// "%5C" is an encoded separator only in a URI that evidently names a
// Windows file (it has a drive letter or a UNC host); a POSIX file name
// may hold a backslash. A "|" after a drive letter is reported as
// vertical-bar, elsewhere as unencoded.
//
// # Paths
//
// POSIX and Windows convert between paths and URIs whatever the host
// system; FromPath and ToPath use the host's convention, and
// FromFilePath and ToFilePath do the same with a *url.URL.
//
// Path to URI: the path must be absolute; it is cleaned lexically (a
// trailing separator is kept) and every byte outside RFC 3986 pchar
// (unreserved, sub-delims, ":" and "@") is percent-encoded, so "%", "#",
// "?", space and non-ASCII are encoded and "~" is kept; a POSIX first
// segment that would read as a drive-relative path has its colon encoded
// (/a:b gives file:///a%3Ab). On Windows, "\" and "/" both separate;
// C:\a\b gives file:///C:/a/b (drive case kept), \\host\share\x gives
// file://host/share/x (E.3.1), and the prefixes \\?\ and \\?\UNC\ are
// dropped. Dot segments never climb above the drive or the share. Device
// paths (\\.\) are rejected. A Windows file name is Unicode, so a Windows
// path (or the decoded path of a URI read in Windows style) that is not
// UTF-8 is an error (RFC 8089 §4); a POSIX name may be any bytes.
//
// URI to path: an empty host and "localhost" (any case) are local;
// another host is a UNC path on Windows and an error on POSIX (RFC 8089
// §3). The hosts "." and "?", in any spelling, would make a Windows
// device path and are errors: no URI maps to a \\.\ or \\?\ path. An IPv6
// host gives the name Windows reads in a UNC path,
// \\0-0-0-0-0-0-0-1.ipv6-literal.net\s. An encoded separator (%2F, and
// %5C on Windows), %00 and a bad escape are errors; the query and the
// fragment are dropped. "c|" and "c%3A" read as "c:". Dot segments are
// removed without climbing above the root, the drive or the share
// (E.2.1).
//
// Errors are *Error values that unwrap to ErrNotFileURI, ErrSyntax,
// ErrRelative, ErrNonLocal, ErrEncodedSeparator, ErrNUL or ErrDevicePath;
// their Input never holds a password.
//
// For every clean absolute path p, ToPath(FromPath(p)) == p. The
// positions above, and every place where fileuri answers otherwise than
// Node.js, CPython, rust-url, WHATWG URL, Go's tools or vscode-uri, with
// the reason, are in docs/positions.md of the repository.
package fileuri
