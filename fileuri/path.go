package fileuri

import (
	"fmt"
	"net/netip"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"unicode/utf8"
)

// A Style is a convention for file paths, POSIX or Windows. Its methods
// convert between paths and file URIs whatever the host system is.
type Style uint8

const (
	// POSIX paths: "/" separates, "/" is the root, no drive letters.
	POSIX Style = iota
	// Windows paths: "\" and "/" separate; a path starts with a drive
	// ("C:\") or a UNC share ("\\host\share").
	Windows
)

func (st Style) String() string {
	switch st {
	case POSIX:
		return "POSIX"
	case Windows:
		return "Windows"
	}
	return fmt.Sprintf("Style(%d)", uint8(st))
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
// UTF-8 and upper-case hex (RFC 8089 §4); "~" is kept. A POSIX path whose
// first segment would read as a drive-relative path (/a:b) gets that
// colon encoded: file:///a%3Ab.
//
// A Windows drive path gives file:///C:/a (RFC 8089 E.2, drive case kept)
// and a UNC path \\host\share\a gives file://host/share/a (E.3.1); dot
// segments never climb above the drive or the share. The prefixes \\?\
// and \\?\UNC\ are dropped; as Windows does not normalise such a path, a
// dot segment, an empty segment or a "/" after them is an error. An IPv6
// server, \\[::1]\s or \\--1.ipv6-literal.net\s, keeps its spelling in
// the host.
//
// The error unwraps to ErrNUL (a NUL byte), ErrRelative (a relative or
// drive-relative path), ErrDevicePath (a Windows device path \\.\x,
// \\?\ followed by neither a drive nor UNC\, or a directory or file name
// that Windows opens as a DOS device, such as NUL, nul.txt or NUL:, see
// isReservedName; a UNC server or share is never one), or ErrSyntax (a
// server or share that no name can spell, a Windows path that is not
// UTF-8).
func (st Style) FromPath(p string) (string, error) {
	switch {
	case st > Windows:
		return "", pathError(p, -1, ErrSyntax, "unknown "+st.String())
	case strings.IndexByte(p, 0) >= 0:
		return "", pathError(p, strings.IndexByte(p, 0), ErrNUL, "NUL byte in path")
	case st == Windows:
		return windowsFromPath(p)
	case !strings.HasPrefix(p, "/"):
		return "", pathError(p, -1, ErrRelative, "relative path; a file URI needs an absolute path (RFC 8089 §2)")
	}
	b := append(make([]byte, 0, len("file://")+len(p)), "file://"...)
	return string(appendPath(b, cleanPath(p))), nil
}

// windowsFromPath is Windows.FromPath.
func windowsFromPath(p string) (string, error) {
	if !utf8.ValidString(p) {
		return "", pathError(p, invalidUTF8(p), ErrSyntax, "not UTF-8; a Windows file name is Unicode (RFC 8089 §4)")
	}
	q, err := dropVerbatim(p)
	if err != nil {
		return "", err
	}
	q = strings.ReplaceAll(q, `\`, "/")
	if seg := reservedSegment(fileNames(q)); seg != "" {
		return "", pathError(p, -1, ErrDevicePath, quote(seg)+" names a DOS device, not a file")
	}
	switch {
	case hasDrive(q):
		if len(q) == 2 || q[2] != '/' {
			return "", pathError(p, len(p)-len(q)+2, ErrRelative, "drive-relative path; a file URI needs an absolute path (RFC 8089 E.2.1)")
		}
		b := append([]byte("file:///"), q[:2]...)
		return string(appendEscaped(b, cleanPath(q[2:]), keepInPath)), nil
	case strings.HasPrefix(q, "//"):
		server, rest, _ := strings.Cut(q[2:], "/")
		if strings.HasPrefix(rest, "/") {
			return "", pathError(p, -1, ErrSyntax, "empty share; Windows and Python read it otherwise than Node")
		}
		share, rest, hasRest := strings.Cut(rest, "/")
		if reason, class := checkUNC(server, share); class != nil {
			return "", pathError(p, -1, class, reason)
		}
		b := appendHost([]byte("file://"), server)
		b = append(b, '/')
		b = appendEscaped(b, share, keepInPath)
		if hasRest {
			b = appendEscaped(b, cleanPath(rest), keepInPath) // the share is part of the root
		}
		return string(b), nil
	default:
		return "", pathError(p, -1, ErrRelative, "path has neither a drive letter nor a UNC share; a file URI needs an absolute path (RFC 8089 E.2)")
	}
}

// dropVerbatim returns the Windows path p without a \\?\ or \\?\UNC\
// prefix, as \\server\share for the latter. A device path (\\.\) is
// an error, and so is a \\?\ path that checkVerbatim rejects.
func dropVerbatim(p string) (string, error) {
	if len(p) < 4 || !isSep(p[0]) || !isSep(p[1]) || !isSep(p[3]) || (p[2] != '?' && p[2] != '.') {
		return p, nil
	}
	if p[2] == '.' {
		return "", pathError(p, 0, ErrDevicePath, `device path (\\.\); it names no file (draft-05 §3.3.1)`)
	}
	q := p[4:]
	if err := checkVerbatim(p, q); err != nil {
		return "", err
	}
	switch {
	case len(q) > 4 && strings.EqualFold(q[:3], "UNC") && isSep(q[3]):
		return `\\` + q[4:], nil
	case hasDrive(q):
		return q, nil
	}
	return "", pathError(p, 4, ErrDevicePath, `\\?\ is followed by neither a drive nor UNC\; it names a device or volume`)
}

// checkVerbatim returns the error of what the rest q of the \\?\ path p
// holds that no URI can keep. Windows passes the rest of a \\?\ path to
// the file system as it is, so a "/" there is no separator and a final
// dot or blank of a segment is not trimmed; and in any such path a dot
// segment may climb above the drive (Node reads //?/C:/../x as \\?\x).
// Such segments, and empty ones, are errors rather than guesses; so is a
// server "." or "?" after UNC\, which makes a device path.
func checkVerbatim(p, q string) error {
	// Spelled otherwise (//?/), the prefix leaves the path to Windows to
	// normalise: "/" separates, a final dot or blank is trimmed.
	exact := p[:4] == `\\?\`
	if i := strings.IndexByte(q, '/'); i >= 0 && exact {
		return pathError(p, 4+i, ErrSyntax, `"/" in a \\?\ path, where Windows reads it as no separator`)
	}
	segs := strings.FieldsFunc(q, func(r rune) bool { return r == '/' || r == '\\' })
	if len(segs) > 1 && strings.EqualFold(segs[0], "UNC") && (segs[1] == "." || segs[1] == "?") {
		return pathError(p, 8, ErrDevicePath, `server "`+segs[1]+`" makes a device path; it names no file (draft-05 §3.3.1)`)
	}
	for i, seg := range segs {
		if seg == "." || seg == ".." || exact && (strings.HasSuffix(seg, ".") || strings.HasSuffix(seg, " ")) {
			// Outside \\?\, Windows trims a final dot or blank, so
			// the URI's path would name another file.
			return pathError(p, -1, ErrSyntax, fmt.Sprintf(`segment %d of a \\?\ path is %q; Windows does not clean such a path`, i+1, seg))
		}
	}
	if strings.Contains(strings.ReplaceAll(q, "/", `\`), `\\`) {
		return pathError(p, -1, ErrSyntax, `empty segment in a \\?\ path; Windows does not clean such a path`)
	}
	return nil
}

// checkUNC checks the server and the share of a UNC path, and returns
// the class of error and the reason when they name no share.
func checkUNC(server, share string) (reason string, class error) {
	switch {
	case server == "" || share == "":
		return "UNC path without a server and a share (RFC 8089 E.3)", ErrSyntax
	case server == "." || server == "?":
		return `server "` + server + `" makes a device path; it names no file (draft-05 §3.3.1)`, ErrDevicePath
	case !isServerName(server):
		return "server " + quote(server) + " is no Windows server name", ErrSyntax
	case share == "." || share == "..":
		return "share " + quote(share) + " names no share", ErrSyntax
	case !utf8.ValidString(server):
		return "server name is not UTF-8; a Windows name is Unicode (RFC 8089 §4)", ErrSyntax
	case strings.ContainsFunc(share, isForbiddenInName):
		// A share "C:" would read as a drive in the URI file://host/C:/x.
		return "share " + quote(share) + " is no Windows share name", ErrSyntax
	}
	return "", nil
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

func pathError(p string, offset int, class error, reason string) error {
	return newError("frompath", p, offset, class, reason)
}

// ToPath returns the path that the file URI u names in the style's
// convention. The query and the fragment are dropped. The host must be
// empty or "localhost" (any case), except on Windows, where another host
// gives a UNC path \\host\share (RFC 8089 §3, E.3); there the hosts "."
// and "?", in any spelling, are errors: they would make a device path
// (\\.\pipe\x); so is a directory or file name that Windows opens as a
// DOS device (NUL, nul.txt, NUL:), though not a server or share, which is
// never one. An IPv6 host gives the name Windows reads such a
// server by, \\0-0-0-0-0-0-0-1.ipv6-literal.net\share. A local Windows
// path needs a drive letter ("C:", "C|" or "C%3A"). Dot segments are
// removed without climbing above the root, the drive or the share
// (E.2.1).
//
// The error unwraps to ErrNotFileURI or ErrSyntax (what Parse rejects,
// escapes that are not UTF-8 on Windows, a UNC path without a share),
// ErrNonLocal (another host, on POSIX), ErrRelative (no drive, on
// Windows), ErrDevicePath, ErrEncodedSeparator (%2F, and %5C on Windows)
// or ErrNUL (%00).
func (st Style) ToPath(uri string) (string, error) {
	if st > Windows {
		return "", toPathError(uri, -1, ErrSyntax, "unknown "+st.String())
	}
	u, err := Parse(uri)
	if err != nil {
		return "", err
	}
	for seg := range strings.SplitSeq(u.rawPath, "/") {
		d := unescape(seg)
		switch {
		case strings.IndexByte(d, 0) >= 0:
			return "", toPathError(uri, strings.Index(uri, "%00"), ErrNUL, "encoded NUL byte (RFC 8089 §5)")
		case strings.IndexByte(d, '/') >= 0, st == Windows && strings.IndexByte(d, '\\') >= 0:
			return "", toPathError(uri, -1, ErrEncodedSeparator, "encoded path separator; no path segment can hold it")
		}
	}
	if st == POSIX {
		if !u.Local() {
			return "", toPathError(uri, -1, ErrNonLocal, "non-local host "+quote(u.Host)+"; a POSIX path cannot name another machine (RFC 8089 §3)")
		}
		if u.Drive != 0 && len(u.Path) > 3 {
			return u.Path[:3] + cleanPath(u.Path[3:]), nil // "/C:" stays (E.2.1)
		}
		return cleanPath(u.Path), nil
	}
	if !utf8.ValidString(u.Path) {
		return "", toPathError(uri, -1, ErrSyntax, "escapes that are not UTF-8; a Windows file name is Unicode (RFC 8089 §4)")
	}
	names := u.Path
	if u.Drive == 0 && (!u.Local() || u.localhost != "") {
		_, names, _ = strings.Cut(strings.TrimPrefix(names, "/"), "/") // after the share
	}
	if seg := reservedSegment(names); seg != "" {
		return "", toPathError(uri, -1, ErrDevicePath, quote(seg)+" names a DOS device on Windows, not a file")
	}
	switch {
	case u.Drive != 0:
		return u.Path[1:3] + strings.ReplaceAll(cleanPath(u.Path[3:]), "/", `\`), nil
	case !u.Local():
		return uncPath(uri, u.Host, u.Path)
	case u.localhost != "":
		// A UNC path to this machine, \\localhost\share, in the case
		// the URI writes it.
		return uncPath(uri, u.localhost, u.Path)
	default:
		return "", toPathError(uri, -1, ErrRelative, "no drive letter; a local Windows path needs one (RFC 8089 E.2)")
	}
}

// uncPath returns the Windows UNC path of the decoded host and path of
// the URI uri.
func uncPath(uri, host, p string) (string, error) {
	server := host
	if strings.HasPrefix(host, "[") {
		var ok bool
		if server, ok = ipv6LiteralNet(host); !ok {
			return "", toPathError(uri, -1, ErrSyntax, "host "+quote(host)+" is no Windows server name")
		}
	}
	if strings.HasPrefix(p, "//") {
		return "", toPathError(uri, -1, ErrSyntax, "empty share; Windows and Python read it otherwise than Node")
	}
	share, rest, hasRest := strings.Cut(strings.TrimPrefix(p, "/"), "/")
	if reason, class := checkUNC(server, share); class != nil {
		return "", toPathError(uri, -1, class, reason)
	}
	if hasRest {
		rest = cleanPath(rest) // the share is part of the root
	}
	return `\\` + server + `\` + share + strings.ReplaceAll(rest, "/", `\`), nil
}

// ipv6LiteralNet returns the name by which Windows reads the IPv6
// literal host "[...]" in a UNC path: the address in its eight
// hexadecimal groups joined by "-", its zone (unreserved characters only)
// after "s", then ".ipv6-literal.net"; and whether host is such a literal.
func ipv6LiteralNet(host string) (string, bool) {
	if len(host) < 2 || host[0] != '[' || host[len(host)-1] != ']' {
		return "", false
	}
	addr, err := netip.ParseAddr(host[1 : len(host)-1])
	if err != nil || !addr.Is6() {
		return "", false
	}
	zone := addr.Zone()
	if strings.Contains(host, "%") && (zone == "" || !all(zone, isUnreserved)) {
		return "", false
	}
	// All eight groups, so that no label starts or ends with "-" and
	// the dots of an IPv4-mapped address do not split the DNS name.
	b := addr.As16()
	groups := make([]string, 8)
	for i := range groups {
		groups[i] = strconv.FormatUint(uint64(b[2*i])<<8|uint64(b[2*i+1]), 16)
	}
	name := strings.Join(groups, "-")
	if zone != "" {
		name += "s" + zone
	}
	return name + ".ipv6-literal.net", true
}

// isServerName reports whether host can be the server of a Windows UNC
// path: an IPv6 literal ([::1]), or a name with no control character,
// none of <>:"/\|?*, not made of dots alone, and not starting with "~".
func isServerName(host string) bool {
	if strings.Trim(host, ".") == "" || strings.HasPrefix(host, "~") {
		return false // file://~/x is the tilde dialect, not the server ~
	}
	if strings.HasPrefix(host, "[") {
		_, ok := ipv6LiteralNet(host)
		return ok
	}
	return !strings.ContainsFunc(host, isForbiddenInName)
}

// isForbiddenInName reports whether no Windows server or share name can
// hold r: a control character or one of <>:"/\|?*.
func isForbiddenInName(r rune) bool {
	return r < ' ' || r == 0x7F || strings.ContainsRune(`<>:"/\|?*`, r)
}

func toPathError(uri string, offset int, class error, reason string) error {
	return newError("topath", uri, offset, class, reason)
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
	} else if st == POSIX && !strings.HasPrefix(p, "/") {
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
	if st == Windows {
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

// isReservedName reports whether Windows opens the segment seg as a legacy
// DOS device rather than a file: CON, PRN, AUX, NUL, COM0-9, LPT0-9 (and
// with ¹²³), CONIN$ and CONOUT$, in any case. Windows reads the device in
// the name up to its first "." or ":", less trailing blanks: nul.txt,
// "NUL .txt", NUL: (a drive-like colon), COM1:, nul:.txt and NUL:x (a
// stream of the device) all name NUL, as CPython's
// PureWindowsPath.is_reserved says too. Other names are files: NULL,
// CONFIG, COM10, " NUL" (a leading blank), and a:b (the stream b of the
// file a on NTFS).
func isReservedName(seg string) bool {
	base := seg
	if i := strings.IndexAny(seg, ".:"); i >= 0 {
		base = seg[:i]
	}
	base = strings.ToUpper(strings.TrimRight(base, " "))
	switch base {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(base) < 4 || (base[:3] != "COM" && base[:3] != "LPT") {
		return false
	}
	switch base[3:] {
	case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³":
		return true
	}
	return false
}

// reservedSegment returns the first segment of the slash-separated path p
// that names a DOS device (isReservedName), or "".
func reservedSegment(p string) string {
	for seg := range strings.SplitSeq(p, "/") {
		if isReservedName(seg) {
			return seg
		}
	}
	return ""
}

// fileNames returns what names directories and files in the
// slash-separated Windows path p: all of it, but for a UNC path
// (//server/share/x) what follows the share. Windows never reads the
// server or the share as a DOS device: the redirector resolves them
// (\\NUL\s\x is the share s of the server NUL), so neither direction
// rejects them.
func fileNames(p string) string {
	rest, ok := strings.CutPrefix(p, "//")
	if !ok {
		return p
	}
	_, rest, _ = strings.Cut(rest, "/") // the server
	_, rest, _ = strings.Cut(rest, "/") // the share
	return rest
}
