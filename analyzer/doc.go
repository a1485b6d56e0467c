// Package analyzer defines an Analyzer that reports malformed file URIs
// and file URIs built or taken apart by hand.
//
// # Analyzer fileuri
//
// fileuri: report malformed and hand-built file URIs
//
// Go has no standard function that turns a path into a file URI (RFC
// 8089), so programs write them by hand, and get them wrong on Windows and
// for names with a space, "#", "?" or "%". This checker finds three kinds
// of sites. What makes URI text right or wrong is the rule of package
// github.com/fileurilint/fileurilint/fileuri; the checker itself decides
// only where a URI starts and ends inside a string, and which run-time
// code builds or takes one apart.
//
// String literals and constants holding a file URI, whole or embedded in
// text (JSON, HTML, a usage message), are checked and reported once, at
// the literal, with the offending characters underlined. A named constant
// without "file:" in it, such as dir in "file:///" + dir, holds no URI
// where it is declared: its defects are reported where it joins one, at
// its name, with no fix (an edit to its declaration could break its other
// uses). A string that is only a URI is one to its end or line break,
// blanks included ("file:///C:/Program Files"), unless prose follows the
// URI ("file:///x: no such file", "file:///x is not allowed"). A URI
// embedded in text ends at whitespace, a quote, a bracket or a "|" that
// follows no drive letter. A URI in a quoted string of another language
// held by the Go string, such as JSON text, is read through that string's
// escapes when it holds one ("\\", "\/", "\u00e9"): in
// {"uri":"file:///C:\\x"} it has one backslash and is fixed to
// file:///C:/x. Any URI ends where a template starts: a brace, "<" (as in
// "file:///<path>"), a printf verb, or an environment variable such as
// %APPDATA%. Only text starting "file:/", "file:\\" (a UNC host), or
// "file:" or "file:\" and a drive letter is a file URI: "file: %s",
// "file:%s:%d", SQLite's "file::memory:", npm's "file:../pkg" and the
// code-search filter "file:\.js$" are not. Each defect kind of fileuri is
// a diagnostic category; the fix keeps the literal's quoting and escapes:
//
//	backslash (RFC 8089 E.4)
//		WRONG: "file:///C:\\Users\\me"    RIGHT: "file:///C:/Users/me"
//	vertical-bar (RFC 8089 E.2.2)
//		WRONG: "file:///c|/x"              RIGHT: "file:///c:/x"
//	drive-authority (RFC 8089 E.2)
//		WRONG: "file://C:/x"               RIGHT: "file:///C:/x"
//	unencoded (RFC 3986 §2.1, §2.4)
//		WRONG: "file:///my notes.txt"      RIGHT: "file:///my%20notes.txt"
//	bad-escape (RFC 3986 §2.1)
//		WRONG: "file:///100%"              RIGHT: "file:///100%25"
//	password (draft-ietf-appsawg-file-scheme-05 §6, RFC 3986 §3.2.1)
//		WRONG: "file://u:secret@host/x"    RIGHT: "file://u@host/x"
//	nul (RFC 8089 §5), no fix
//		WRONG: "file:///a%00b"             RIGHT: no file name holds NUL
//	encoded-separator, no fix
//		WRONG: "file:///a%2Fb"             RIGHT: "file:///a/b"
//	drive-relative (RFC 8089 E.2.1), no fix
//		WRONG: "file:///C:x"               RIGHT: "file:///C:/x"
//	win32-namespace (draft-05 §3.3.1), no fix
//		WRONG: "file:///\\\\?\\C:\\x"      RIGHT: "file:///C:/x"
//	malformed (RFC 8089 §2: a port, userinfo without a host), no fix
//		WRONG: "file://host:80/x"          RIGHT: "file://host/x"
//
// A fix changes the bytes of a value, which is right only where the
// value is a URI: a literal or constant is fixed only when every use of
// it that the package shows treats it as one (passed on, stored,
// returned, parsed, opened, joined into a URI). Where a use reads it as
// a printf format through a name or a concatenation (%20 would read as a
// verb), a pattern (regexp, path.Match, filepath.Match, a parameter named
// pattern or glob, an SQL LIKE or GLOB operand), a matcher of input (==,
// a switch case, HasPrefix, Contains, Index, a Trim prefix, a Replacer's
// old strings) or a source of surgery, the report has no fix; a literal
// that is the format of a printf call itself is fixed with "%%". A value
// whose every use is a pattern or a matcher recognises input, such as
// legacy "file://C:/" URIs to normalise: it is no URI the code writes,
// and is reported only with -strict.
//
// With -strict, the style kinds are reported too: not-absolute (the
// dialects "file://./migrations", "file://../chart", "file://~/x"; RFC
// 8089 §2, D.1), lower-case-escape ("%c3%a9" for "%C3%A9"),
// encoded-unreserved ("%41" for "A"), non-canonical ("file:/x" for
// "file:///x", "file:///c%3A/x" for "file:///c:/x"), unc-path
// ("file:////host/share" for "file://host/share", E.3.2),
// upper-case-scheme ("FILE:" for "file:", RFC 3986 §3.1) and non-ascii
// (IRI characters, percent-encoded as UTF-8; draft-05 §4).
//
// Run-time construction of a file URI from a path encodes nothing (a
// name with a space, "#", "?" or "%" breaks the URI; RFC 3986 §2.1), and
// after "file://" reads a Windows drive as a host (RFC 8089 E.2), after
// "file:///" turns a POSIX path into four slashes, a UNC path (E.3.2)
// (category construction):
//
//	WRONG: "file://" + p
//	WRONG: fmt.Sprintf("file:///%s", p)
//	WRONG: url.Parse("file://" + p)
//	WRONG: "file://localhost" + p, fmt.Sprintf("%s://%s", "file", p)
//	WRONG: strings.Join([]string{"file://", p}, "")
//	WRONG: s := "file://"; s += p
//	WRONG: b.WriteString("file://"); b.WriteString(p) (strings.Builder, bytes.Buffer)
//	WRONG: "file:" + abs, "file:/" + abs (its first directory becomes the host)
//	WRONG: "file://" + url.PathEscape(p) (every "/" escaped as %2F)
//	RIGHT: fileuri.FromPath(p)
//
// After "file:" or "file:/" only an evidently absolute path is reported
// ("file:" + name is more often text), and a format that puts a path
// right after "file:" (SQLite's "file:%s?mode=ro") builds no file URI;
// nor does text for a person: an error (errors.New, fmt.Errorf), a log
// line, os.Stderr, a test's t.Fatalf, a flag's usage. "file://" and a
// host written as one constant ("file://wsl%24/", "file://u@localhost")
// is a prefix like any other, and a verb given only constants
// ("file://%s%s", slash, p) hides nothing. A String method gives URI text
// unless its type is named as a path (Dir, AbsPath).
//
// The fix is offered only where the path is evidently absolute
// (filepath.Abs, os.Getwd, t.TempDir, os.MkdirTemp("", ...), a
// filepath.Join on one, a variable last set to one before the use;
// "file:///" + strings.TrimPrefix(abs, "/") becomes a call on abs),
// since FromPath resolves a relative path against the working
// directory, where the built URI is used as a URI (see above), and where
// a verb has no flags, width or precision ("file://%.12s" truncates).
// Where a file of the
// package imports fileuri, the fix calls fileuri.FromPath (an import by a
// dependency is not seen by every driver, since export data lists only
// the imports that declarations mention). Elsewhere it needs no new
// dependency: it calls fileURI, a function that the fixes of one file
// (the first without build constraints that holds such a construction)
// add at its end, and that returns what fileuri.FromPath returns for an
// absolute POSIX path, drive letter path or UNC path; the constructions
// of the other files are fixed by the next run, once it is there:
//
//	WRONG: "file://" + abs
//	RIGHT: fileURI(abs)  // and func fileURI(p string) string { ... }
//
// A verb that prints a number, a value escaped by net/url (not a query
// value or a user name, which it decodes) or by hand
// (strings.ReplaceAll(p, " ", "%20"): the code chose what to encode), a
// drive letter ("file:///" + d + ":/x") and the rest of a URI cut by
// surgery are not reported, nor is the local file of a Snowflake PUT or
// GET command ("PUT file://" + p + " @stage"), which takes an OS path as
// it is. path.Join and filepath.Join clean the "//" after the scheme
// away (category path-join, no fix):
//
//	WRONG: path.Join("file:///", dir, name)
//
// A url.URL with Scheme "file" is reported when its Host is a drive
// letter (drive-authority), its User has a password (password; the fix
// calls url.User), or its Path is an OS path from filepath or os with no
// leading-slash guard for a drive letter (a test `if !filepath.IsAbs(p)`
// that makes p absolute is none) in a function that neither looks at
// runtime.GOOS nor gives the URL's Path another value, or is the path
// parameter, neither assigned nor tested, of a helper whose name holds URI or URL
// (url-path, no fix: on Windows C:\x gives "file://C:%5Cx", a drive read
// as a host, RFC 8089 E.2):
//
//	WRONG: url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}
//	WRONG: func pathToURI(path string) string { return (&url.URL{Scheme: "file", Path: path}).String() }
//	RIGHT: fileuri.FromPath(abs)
//
// A file that never builds for Windows has no drive letter to lose: its
// name ends in _linux.go (another GOOS), or its //go:build line is false
// for windows (linux, unix, !windows). There url-path and path-from-url
// are not reported.
//
// Taking a URI apart by string surgery ignores percent-decoding, the host
// and the drive letter (RFC 8089 §2, E.2; category surgery, no fix; the
// message names fileuri.ToPath); url.QueryUnescape decodes a form, and
// turns the "+" of file:///a+b into a space:
//
//	WRONG: strings.TrimPrefix(u, "file://")
//	WRONG: u[len("file://"):]
//	WRONG: u[7:], after strings.HasPrefix(u, "file:///")
//	WRONG: url.QueryUnescape(strings.TrimPrefix(u, "file://")) ("+" becomes a space)
//	WRONG: url.PathUnescape(strings.TrimPrefix(u, "file://")) (/C:/x, no host)
//	WRONG: strings.TrimPrefix(u, fmt.Sprintf("%s://", fileScheme))
//	WRONG: strings.TrimPrefix(u, "file:/") (//C:/x of file:///C:/x)
//	RIGHT: p, err := fileuri.ToPath(u)
//
// Surgery is not reported when the rest is only shown or tested (a log
// line or a structured log field, HasSuffix, ==), when it is decoded or escaped again segment by
// segment, when the URI was decoded before the cut, when the rest is put
// back behind a "file:" prefix, or is joined to a base directory or
// tested by filepath.IsAbs as the relative path of a dialect such as
// helm's file://../chart. A rest decoded whole by url.PathUnescape is
// reported unless it goes back into a url.URL's Path or the function
// looks at the drive (runtime.GOOS, filepath.VolumeName, a function named
// for a drive). Nor is a construction that writes such a dialect back to
// the field it was cut from (dep.Repository = "file://" + abs).
//
// The Path of a url.URL is decoded, but it is no OS path: on Windows
// file:///C:/x has the Path /C:/x, and the host of file://host/share/x is
// not in it. A file URL's Path handed to filepath (FromSlash, Clean, Abs,
// Join, ...) or os (Open, ReadFile, Stat, ...) is reported (category
// path-from-url, no fix) when the function compares the URL's Scheme with
// "file" (or reads the Path in a case "file", or after a switch whose
// case "file" falls out of it), parses it from "file:" text, reads it
// under if isFile(u), a one-line helper of the package that compares
// the Scheme, or, for a parameter, is called under such a
// check or has a name that says it takes a file URL (fileURLToPath), and
// looks neither at runtime.GOOS nor at filepath.VolumeName. The Path may
// pass through a local variable on its way, or be returned by a function
// whose name says it gives a path (uriToPath). The URL is a variable or
// a field of one (cfg.URL.Path after cfg.URL.Scheme):
//
//	WRONG: if u.Scheme == "file" { f, err := os.Open(u.Path) }
//	WRONG: filepath.Join(u.Host, u.Path)
//	WRONG: case "file": return os.ReadFile(u.Host + u.Path)
//	WRONG: p := u.Path; p = strings.TrimRight(p, "/"); os.MkdirAll(p, 0o755)
//	WRONG: func uriToPath(u *url.URL) string { ...; return u.Path }
//	RIGHT: p, err := fileuri.ToPath(u.String())
//
// In _test.go files literal URIs, and the constant host or password of
// a url.URL, are not reported unless -check-test-literals is set: tests
// feed malformed URIs to parsers on purpose. Constructions and surgery
// are reported there as anywhere else.
// The flag -disable takes a comma-separated list of categories not to
// report; an unknown one is an error that lists them all.
//
// A comment "//lint:ignore fileuri reason" silences the findings of the
// line it ends, or, alone on its line, of the next line;
// "//lint:file-ignore fileuri reason" silences its file. The reason is
// required: a comment without one silences nothing and is reported.
//
// Messages are one line: what is wrong and what to use. The rules behind
// them, and their RFC sections, are those above.
package analyzer
