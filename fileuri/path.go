package fileuri

import (
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"unicode/utf8"
)

// A Style is a convention for file paths: POSIX or Windows. Its methods
// convert between paths and file URIs whatever the host system is.
type Style struct {
	windows bool
}

var (
	// POSIX paths: "/" separates, "/" is the root, no drive letters.
	POSIX = Style{}
	// Windows paths: "\" and "/" separate; a path starts with a drive
	// ("C:\") or a UNC share ("\\host\share").
	Windows = Style{windows: true}
)

func (st Style) String() string {
	if st.windows {
		return "Windows"
	}
	return "POSIX"
}

// host is the style of the system the program runs on.
func host() Style {
	if runtime.GOOS == "windows" {
		return Windows
	}
	return POSIX
}

// FromPath returns the file URI of path, an absolute path in the
// style's convention. The path is cleaned lexically (a trailing separator
// is kept) and every byte outside RFC 3986 pchar is percent-encoded,
// UTF-8 and upper-case hex (RFC 8089 §4); "~" is kept. A Windows drive
// path gives file:///C:/a (RFC 8089 E.2, drive case kept) and a UNC path
// \\host\share\a gives file://host/share/a (E.3.1); the prefixes \\?\ and
// \\?\UNC\ are dropped. A relative path, a NUL byte, a Windows device path
// (\\.\), a server without a share or with a character no server name
// holds (<>:"/\|?*), and a Windows path that is not UTF-8 are errors.
func (st Style) FromPath(p string) (string, error) {
	if strings.IndexByte(p, 0) >= 0 {
		return "", pathError(p, strings.IndexByte(p, 0), "NUL byte in path")
	}
	if !st.windows {
		if !strings.HasPrefix(p, "/") {
			return "", pathError(p, -1, "relative path; a file URI needs an absolute path (RFC 8089 §2)")
		}
		c := cleanPath(p)
		b := append(make([]byte, 0, len("file://")+len(c)), "file://"...)
		return string(appendEscaped(b, c, keepInPath)), nil
	}
	return windowsFromPath(p)
}

// windowsFromPath is Windows.FromPath.
func windowsFromPath(p string) (string, error) {
	if !utf8.ValidString(p) {
		return "", pathError(p, invalidUTF8(p), "not UTF-8; a Windows file name is Unicode (RFC 8089 §4)")
	}
	q := p
	if len(q) >= 4 && isSep(q[0]) && isSep(q[1]) && isSep(q[3]) {
		switch q[2] {
		case '?':
			q = q[4:]
			if len(q) >= 4 && strings.EqualFold(q[:3], "UNC") && isSep(q[3]) {
				q = `\\` + q[4:]
			} else if !hasDrive(q) {
				return "", pathError(p, 4, `\\?\ is followed by neither a drive nor UNC\`)
			}
		case '.':
			return "", pathError(p, 0, `device path (\\.\); it names no file (draft-05 §3.3.1)`)
		}
	}
	q = strings.ReplaceAll(q, `\`, "/")
	switch {
	case hasDrive(q):
		if len(q) == 2 || q[2] != '/' {
			return "", pathError(p, 2, "drive-relative path; a file URI needs an absolute path (RFC 8089 E.2.1)")
		}
		b := append([]byte("file:///"), q[:2]...)
		return string(appendEscaped(b, cleanPath(q[2:]), keepInPath)), nil
	case strings.HasPrefix(q, "//"):
		server, rest, _ := strings.Cut(q[2:], "/")
		rest = strings.TrimLeft(rest, "/")
		share, _, _ := strings.Cut(rest, "/")
		if server == "" || share == "" {
			return "", pathError(p, 2, "UNC path without a server and a share (RFC 8089 E.3)")
		}
		if !isServerName(server) {
			return "", pathError(p, 2, "server "+quote(server)+" is no Windows server name")
		}
		b := appendEscaped([]byte("file://"), server, isHostChar)
		return string(appendEscaped(b, cleanPath("/"+rest), keepInPath)), nil
	default:
		return "", pathError(p, -1, "path has neither a drive letter nor a UNC share; a file URI needs an absolute path (RFC 8089 E.2)")
	}
}

func hasDrive(p string) bool { return len(p) >= 2 && isLetter(p[0]) && p[1] == ':' }

// cleanPath returns the shortest form of the slash-separated absolute path
// p: dot segments removed without climbing above the root, separators
// collapsed, and a trailing separator kept.
func cleanPath(p string) string {
	c := path.Clean("/" + p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c
}

func pathError(p string, offset int, reason string) error {
	return &Error{Op: "frompath", Input: p, Offset: offset, Reason: reason}
}

// ToPath returns the path that the file URI u names in the style's
// convention. The host must be empty or "localhost" (any case), except
// on Windows, where another host gives a UNC path \\host\share (RFC 8089
// §3, E.3). A Windows path needs a drive letter ("C:", "C|" or "C%3A").
// Dot segments are removed without climbing above the root, the drive or
// the share (E.2.1); the fragment is dropped. A query, an encoded
// separator (%2F, and %5C on Windows), %00, on Windows escapes that are
// not UTF-8 (a Windows file name is Unicode), and what Parse rejects are
// errors.
func (st Style) ToPath(uri string) (string, error) {
	u, err := Parse(uri)
	if err != nil {
		return "", err
	}
	beforeFragment, _, _ := strings.Cut(uri, "#")
	if q := strings.IndexByte(beforeFragment, '?'); q >= 0 {
		return "", toPathError(uri, q, "query; a file path has none (RFC 8089 §2)")
	}
	for seg := range strings.SplitSeq(u.rawPath, "/") {
		d := unescape(seg)
		switch {
		case strings.IndexByte(d, 0) >= 0:
			return "", toPathError(uri, strings.Index(uri, "%00"), "encoded NUL byte (RFC 8089 §5)")
		case strings.IndexByte(d, '/') >= 0, st.windows && strings.IndexByte(d, '\\') >= 0:
			return "", toPathError(uri, -1, "encoded path separator; no path segment can hold it")
		}
	}
	if !st.windows {
		if !u.Local() {
			return "", toPathError(uri, -1, "non-local host "+quote(u.Host)+"; a POSIX path cannot name another machine (RFC 8089 §3)")
		}
		if u.Drive != 0 && len(u.Path) > 3 {
			return u.Path[:3] + cleanPath(u.Path[3:]), nil // "/C:" stays (E.2.1)
		}
		return cleanPath(u.Path), nil
	}
	if !utf8.ValidString(u.Path) {
		return "", toPathError(uri, -1, "escapes that are not UTF-8; a Windows file name is Unicode (RFC 8089 §4)")
	}
	switch {
	case u.Drive != 0:
		return u.Path[1:3] + strings.ReplaceAll(cleanPath(u.Path[3:]), "/", `\`), nil
	case !u.Local():
		if !isServerName(u.Host) {
			return "", toPathError(uri, -1, "host "+quote(u.Host)+" is no Windows server name")
		}
		return `\\` + u.Host + strings.ReplaceAll(cleanPath(u.Path), "/", `\`), nil
	case u.Form == FormLocalhost:
		// A UNC path to this machine, \\localhost\share, in the case
		// the URI writes it.
		return `\\` + u.localhost + strings.ReplaceAll(cleanPath(u.Path), "/", `\`), nil
	default:
		return "", toPathError(uri, -1, "no drive letter; a local Windows path needs one (RFC 8089 E.2)")
	}
}

// isServerName reports whether host can be the server of a Windows UNC
// path: an IP literal ([::1], written as is), or a name with no control
// character and none of <>:"/\|?*.
func isServerName(host string) bool {
	return strings.HasPrefix(host, "[") || !strings.ContainsFunc(host, func(r rune) bool {
		return r < ' ' || r == 0x7F || strings.ContainsRune(`<>:"/\|?*`, r)
	})
}

func toPathError(uri string, offset int, reason string) error {
	return &Error{Op: "topath", Input: uri, Offset: offset, Reason: reason}
}

func quote(s string) string { return `"` + s + `"` }

// invalidUTF8 returns the offset of the first byte of s that is not part
// of valid UTF-8.
func invalidUTF8(s string) int {
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return i
			}
		}
	}
	return -1
}

// FromPath returns the file URI of path on the system the program runs
// on, as POSIX.FromPath or Windows.FromPath does, with two differences
// that let it stand wherever a string expression does: a relative path is
// first made absolute against the working directory, and a path the
// style rejects (a NUL byte, a Windows device path \\.\pipe\x) is mapped
// the way Node.js's url.pathToFileURL maps it, file://./pipe/x, rather
// than failing.
func FromPath(p string) string {
	st := host()
	if abs, err := filepath.Abs(p); err == nil {
		// Abs cleans a trailing separator away; the URI keeps it.
		if len(p) > 0 && os.IsPathSeparator(p[len(p)-1]) && !os.IsPathSeparator(abs[len(abs)-1]) {
			abs += string(filepath.Separator)
		}
		p = abs
	} else if !st.windows && !strings.HasPrefix(p, "/") {
		if wd, err := os.Getwd(); err == nil {
			p = wd + "/" + p
		}
	}
	if u, err := st.FromPath(p); err == nil {
		return u
	}
	return lenientFromPath(p, st)
}

// lenientFromPath maps a path that Style.FromPath rejects: separators
// become "/" and every other byte outside pchar is percent-encoded.
func lenientFromPath(p string, st Style) string {
	if st.windows {
		p = strings.ReplaceAll(p, `\`, "/")
	}
	b := []byte("file://")
	if !strings.HasPrefix(p, "//") {
		b = append(b, '/')
		p = strings.TrimLeft(p, "/")
	} else {
		p = p[2:]
	}
	return string(appendEscaped(b, p, keepInPath))
}

// ToPath returns the path that the file URI names on the system the
// program runs on, as POSIX.ToPath or Windows.ToPath does.
func ToPath(uri string) (string, error) { return host().ToPath(uri) }
