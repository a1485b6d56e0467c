package fileuri

import (
	"encoding/json"
	"flag"
	"fmt"
	"math/rand/v2"
	"net"
	"net/netip"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// This file holds a model of path cleaning, written apart from the
// package (segment by segment, with no help from package path) after
// Microsoft's description of Windows path formats, and checked against
// Node.js's path.win32.normalize on recorded inputs. The properties use it
// as the expected result of ToPath(FromPath(p)).

// modelPOSIX returns the clean form of the absolute POSIX path p: dot
// segments resolved without climbing above the root, empty segments
// dropped, a trailing slash kept; ok is false when p is not absolute or
// holds a NUL byte.
func modelPOSIX(p string) (string, bool) {
	if !strings.HasPrefix(p, "/") || strings.ContainsRune(p, 0) {
		return "", false
	}
	return modelJoin("", "/", strings.Split(p[1:], "/"), strings.HasSuffix(p, "/")), true
}

// modelJoin returns root, sep and the segments segs resolved, joined by
// sep, and a final sep when the path was trailing and a segment is left.
func modelJoin(root, sep string, segs []string, trailing bool) string {
	rest := resolveSegments(segs)
	out := root + sep + strings.Join(rest, sep)
	if len(rest) > 0 && trailing {
		out += sep
	}
	return out
}

// resolveSegments applies the dot segments of segs with a stack, never
// climbing above the start, and drops empty segments.
func resolveSegments(segs []string) []string {
	var stack []string
	for _, s := range segs {
		switch s {
		case "", ".":
		case "..":
			if len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
		default:
			stack = append(stack, s)
		}
	}
	return stack
}

// modelWindows returns the clean form of the Windows path p, as
// Windows.ToPath(Windows.FromPath(p)) should give it, or ok false when no
// file URI can name it: a relative or drive-relative path, a device path,
// a \\?\ path that Windows would not clean, a server or share that names
// nothing.
func modelWindows(p string) (string, bool) {
	if strings.ContainsRune(p, 0) || !validUTF8(p) {
		return "", false
	}
	if len(p) >= 4 && modelSep(p[0]) && modelSep(p[1]) && modelSep(p[3]) && (p[2] == '.' || p[2] == '?') {
		return modelPrefixed(p)
	}
	segs := strings.FieldsFunc(p, func(r rune) bool { return r == '\\' || r == '/' })
	switch {
	case len(p) >= 3 && isAlpha(p[0]) && p[1] == ':' && modelSep(p[2]):
		if slices.ContainsFunc(segs, modelDevice) {
			return "", false // Windows opens a DOS device there
		}
		return modelJoin(p[:2], `\`, segs[1:], modelSep(p[len(p)-1])), true
	case len(p) >= 3 && modelSep(p[0]) && modelSep(p[1]) && !modelSep(p[2]):
		// The server and the share are no DOS devices: \\NUL\s is a share.
		if len(segs) > 2 && slices.ContainsFunc(segs[2:], modelDevice) {
			return "", false
		}
		return modelUNC(p, segs)
	}
	return "", false
}

func modelSep(c byte) bool { return c == '\\' || c == '/' }

// modelPrefixed returns the clean form of the path p that starts with
// \\.\ (a device path, which no URI names) or \\?\, in any separators.
func modelPrefixed(p string) (string, bool) {
	switch {
	case p[2] == '.':
		return "", false
	case p[:4] == `\\?\`:
		return modelVerbatim(p[4:], true)
	}
	// With a forward slash, //?/ lets Windows turn "/" into "\".
	return modelVerbatim(strings.ReplaceAll(p[4:], "/", `\`), false)
}

// modelUNC returns the clean form of the UNC path p, whose segments are
// segs: whatever follows the share, the server and the share stay the
// root.
func modelUNC(p string, segs []string) (string, bool) {
	if len(segs) < 2 {
		return "", false
	}
	server, ok := modelServer(segs[0])
	share := segs[1]
	if i := 2 + len(segs[0]); i+1 < len(p) && modelSep(p[i+1]) {
		return "", false // an empty share: Node collapses it, Python does not
	}
	if !ok || share == "." || share == ".." || strings.ContainsAny(share, `:*?"<>|`) || strings.ContainsFunc(share, isControl) {
		return "", false
	}
	root := `\\` + server + `\` + share
	i := 2 + len(segs[0])
	for i < len(p) && modelSep(p[i]) {
		i++
	}
	if i+len(share) == len(p) {
		return root, true
	}
	return modelJoin(root, `\`, segs[2:], modelSep(p[len(p)-1])), true
}

// modelVerbatim returns the clean form of the path after \\?\, which
// Windows does not normalise: a drive path or UNC\server\share, with
// backslashes only and no empty or dot segment but a trailing one (a dot
// segment may remove the drive: Node reads //?/C:/../x as \\?\x).
func modelVerbatim(rest string, exact bool) (string, bool) {
	if strings.Contains(rest, "/") {
		return "", false
	}
	trailing := strings.HasSuffix(rest, `\`)
	segs := strings.Split(strings.TrimSuffix(rest, `\`), `\`)
	for _, s := range segs {
		if s == "" || s == "." || s == ".." || exact && (strings.HasSuffix(s, ".") || strings.HasSuffix(s, " ")) {
			return "", false
		}
	}
	switch {
	case strings.EqualFold(segs[0], "UNC") && len(segs) >= 3:
		if segs[1] == "?" || segs[1] == "." {
			// No server has that name; read again, \\?\UNC\?\x would
			// pass for another prefix.
			return "", false
		}
		unc := `\\` + strings.Join(segs[1:], `\`)
		if trailing {
			unc += `\`
		}
		return modelWindows(unc)
	case len(segs[0]) == 2 && isAlpha(segs[0][0]) && segs[0][1] == ':' && (len(segs) > 1 || trailing):
		return modelWindows(rest)
	}
	return "", false
}

// modelServer returns the name by which Windows reaches the UNC server s,
// and whether s can be one: no control character, none of <>:"/\|?*,
// not dots alone; an IPv6 literal [::1] is reached as
// 0-0-0-0-0-0-0-1.ipv6-literal.net.
func modelServer(s string) (string, bool) {
	if strings.HasPrefix(s, "[") {
		inner, ok := strings.CutSuffix(s[1:], "]")
		a, err := netip.ParseAddr(inner)
		if !ok || err != nil || !a.Is6() {
			return "", false
		}
		if _, zone, found := strings.Cut(inner, "%"); found && (zone == "" || strings.Trim(zone, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~") != "") {
			return "", false // RFC 6874: a zone of unreserved characters
		}
		ip := net.ParseIP(a.WithZone("").String()).To16()
		var name []string
		for i := 0; i < 16; i += 2 {
			name = append(name, fmt.Sprintf("%x", int(ip[i])*256+int(ip[i+1])))
		}
		out := strings.Join(name, "-")
		if _, zone, found := strings.Cut(inner, "%"); found {
			out += "s" + zone
		}
		return out + ".ipv6-literal.net", true
	}
	if strings.Trim(s, ".") == "" || strings.HasPrefix(s, "~") || strings.ContainsAny(s, `<>:"/\|?*`) {
		return "", false
	}
	if strings.ContainsFunc(s, isControl) {
		return "", false
	}
	return s, true
}

func isControl(r rune) bool { return r < ' ' || r == 0x7F }

// modelDevice reports whether Windows reads seg as a legacy DOS device:
// CON, PRN, AUX, NUL, COM and LPT with a digit or ¹²³, CONIN$, CONOUT$,
// whatever the case and whatever extension or stream follows: Windows
// reads the name up to its first "." or ":" (NUL:, nul:.txt, NUL:x).
func modelDevice(seg string) bool {
	name := strings.ToUpper(seg)
	if i := strings.IndexFunc(name, func(r rune) bool { return r == '.' || r == ':' }); i >= 0 {
		name = name[:i]
	}
	name = strings.TrimRight(name, " ")
	for _, dev := range []string{"CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$"} {
		if name == dev {
			return true
		}
	}
	for _, prefix := range []string{"COM", "LPT"} {
		if rest, ok := strings.CutPrefix(name, prefix); ok && len([]rune(rest)) == 1 && strings.ContainsAny(rest, "0123456789¹²³") {
			return true
		}
	}
	return false
}

func isAlpha(c byte) bool { return 'a' <= c|0x20 && c|0x20 <= 'z' }

func validUTF8(s string) bool { return strings.ToValidUTF8(s, "\uFFFD") == s }

// randomWindowsPath returns a Windows path of every shape: drives, UNC
// shares, \\?\ forms, device paths, both separators, dot segments that
// try to climb above the root, and names with characters a URI encodes.
func randomWindowsPath(r *rand.Rand) string {
	roots := []string{
		`C:`, `c:`, `Z:`, `\\server\share`, `\\srv\c$`, `//server/share`, `\\?\D:`, `\\?\UNC\srv\sh`,
		`\\[::1]\s`, `\\[fe80::1%4]\s`, `\\--1.ipv6-literal.net\s`, `\\.\pipe`, `\\?\UNC\.\x`, `//?/C:`,
		`\\server\..`, `\\..\share`, `\\server`, `C:x`, `\x`, `x`, `\\?\Volume{1}`, `\\localhost\s`,
		`\\NUL\s`, `\\h\CON`, `\\?\UNC\COM1\nul.txt`,
	}
	names := []string{"a", "b c", "..", ".", "", "d#e", "f%20", "g?h", "€", "𝄞", "i:j", "~k", "[l]", "m;n=o",
		"NUL:", "nul .txt", "COM1:x", "NULL", "COM10", "con:.txt"}
	var b strings.Builder
	b.WriteString(roots[r.IntN(len(roots))])
	for range r.IntN(5) {
		b.WriteString([]string{`\`, "/"}[r.IntN(2)])
		b.WriteString(names[r.IntN(len(names))])
	}
	if r.IntN(3) == 0 {
		b.WriteString([]string{`\`, "/"}[r.IntN(2)])
	}
	return b.String()
}

// randomPOSIXPath returns an absolute or relative POSIX path with every
// kind of byte.
func randomPOSIXPath(r *rand.Rand) string {
	const alphabet = "aZ09-._~!$&'()*+,;=:@ %#?[]^|\"<>`{}\t\x7f\\\xffé"
	names := []string{"..", ".", "", "c:", "a:b", "C:x"}
	var b strings.Builder
	if r.IntN(10) > 0 {
		b.WriteByte('/')
	}
	for i := range r.IntN(6) {
		if i > 0 {
			b.WriteByte('/')
		}
		if r.IntN(3) == 0 {
			b.WriteString(names[r.IntN(len(names))])
			continue
		}
		for range 1 + r.IntN(5) {
			b.WriteByte(alphabet[r.IntN(len(alphabet))])
		}
	}
	if r.IntN(4) == 0 {
		b.WriteByte('/')
	}
	return b.String()
}

var updateNode = flag.Bool("update-node", false, "rerun Node.js to record testdata/model/win32_normalize.json")

// TestWindowsModelAgreesWithNode checks the model against Node.js's
// path.win32.normalize, recorded in testdata/model (rerun with
// -update-node): where the model accepts a path, Node cleans it the same
// way, up to the two points where fileuri differs on purpose: Node keeps
// the \\?\ prefix (a URI has no place for it) and writes an IPv6 server in
// brackets (Windows reads no brackets there).
func TestWindowsModelAgreesWithNode(t *testing.T) {
	file := filepath.Join("testdata", "model", "win32_normalize.json")
	if *updateNode {
		recordNode(t, file)
	}
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct{ Input, Node string }
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	compared := 0
	for _, c := range cases {
		want, ok := modelWindows(c.Input)
		if !ok {
			continue
		}
		node := c.Node
		if after, ok := strings.CutPrefix(node, `\\?\UNC\`); ok {
			node = `\\` + after
		}
		node = strings.TrimPrefix(node, `\\?\`)
		if strings.HasPrefix(node, `\\[`) {
			server, rest, _ := strings.Cut(node[2:], `\`)
			s, _ := modelServer(server)
			node = `\\` + s + `\` + rest
		}
		if strings.HasPrefix(node, `\\`) && node == want+`\` && strings.Count(want, `\`) == 3 {
			node = want // Node ends a bare share \\server\share with "\"; both name its root
		}
		if node != want {
			t.Errorf("model(%q) = %q; Node's path.win32.normalize gives %q", c.Input, want, c.Node)
		}
		compared++
	}
	if compared < 1000 {
		t.Errorf("only %d of %d recorded paths compared", compared, len(cases))
	}
	t.Logf("%d paths compared with Node", compared)
}

// recordNode writes Node's path.win32.normalize of 3000 random Windows
// paths to file.
func recordNode(t *testing.T, file string) {
	r := rand.New(rand.NewPCG(8089, 3986))
	var inputs []string
	for range 3000 {
		inputs = append(inputs, randomWindowsPath(r))
	}
	in, err := json.Marshal(inputs)
	if err != nil {
		t.Fatal(err)
	}
	const script = `const p = require("path").win32; const inputs = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write("[\n" + inputs.map(s => JSON.stringify({input: s, node: p.normalize(s)})).join(",\n") + "\n]\n");`
	cmd := exec.Command("node", "-e", script)
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, out, 0o644); err != nil {
		t.Fatal(err)
	}
}
