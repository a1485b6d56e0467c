// Package surgery takes paths out of file URIs by string operations.
package surgery

import (
	"log"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

func trim(u string) string {
	return strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
}

func cut(u string) (string, bool) {
	return strings.CutPrefix(u, "file:///") // want `file URI taken apart by string surgery`
}

func replace(u string) string {
	return strings.Replace(u, "file://", "", 1) // want `file URI taken apart by string surgery`
}

func replaceAll(u string) string {
	return strings.ReplaceAll(u, "file:///", "/") // want `file URI taken apart by string surgery`
}

func slice(u string) string {
	return u[len("file://"):] // want `file URI taken apart by string surgery`
}

func sliceN(u string) string {
	if strings.HasPrefix(u, "file://") {
		return u[7:] // want `file URI taken apart by string surgery`
	}
	return u
}

func sliceUnexplained(u string) string {
	return u[7:]
}

// Not surgery: a scheme check, a number that no HasPrefix explains, a
// repaired URI, a rewrite to another URI, a result thrown away. A rest
// decoded whole still misreads the drive and the host.
func fine(u string) []string {
	var out []string
	if strings.HasPrefix(u, "file://") {
		out = append(out, u)
	}
	rest := strings.TrimPrefix(u, "file://") // want `file URI cut by string surgery, then decoded: drive and host are misread`
	p, _ := url.PathUnescape(rest)
	out = append(out, p)
	if !strings.HasPrefix(u, "file:///") {
		out = append(out, "file:///"+u[len("file://"):])
	}
	out = append(out, strings.Replace(u, "file:///", "file://", 1))
	if _, ok := strings.CutPrefix(u, "file://"); ok {
		out = append(out, u)
	}
	q, _ := url.PathUnescape(u[len("file://"):]) // want `file URI cut by string surgery, then decoded`
	return append(out, q, strings.TrimPrefix(u, "profile://"))
}

// A fast path that takes the rest as a path only when it holds no escape
// (a false positive found in gopls's protocol.filename).
func fastPath(u string) (string, bool) {
	if strings.HasPrefix(u, "file:///") {
		rest := u[len("file://"):]
		for i := 0; i < len(rest); i++ {
			if b := rest[i]; b < ' ' || b == '%' || b == ':' {
				return "", false
			}
		}
		return rest, true
	}
	return "", false
}

// A fast path that searches the rest for "%" with a function of strings.
func fastSearch(u string) (string, bool) {
	rest, ok := strings.CutPrefix(u, "file://")
	if !ok || strings.IndexByte(rest, '%') >= 0 {
		return "", false
	}
	return rest, true
}

// A search whose finding only writes a log line: still surgery.
func searchLogged(u string) (*os.File, error) {
	rest := strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
	if strings.Contains(rest, "%") {
		log.Printf("escaped path %s", rest)
	}
	return os.Open(rest)
}

// A search that leaves when it finds nothing: still surgery.
func searchInverted(u string) (*os.File, error) {
	rest := strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
	if strings.IndexByte(rest, '%') < 0 {
		return nil, nil
	}
	return os.Open(rest)
}

// A search for one escape decodes none of the others: still surgery.
func oneEscape(u string) string {
	rest := strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
	if strings.Contains(rest, "%20") {
		rest = strings.ReplaceAll(rest, "%20", " ")
	}
	return filepath.FromSlash(rest)
}

// The rest is joined as the first element, the base, or its segments
// are not decoded: still surgery.
func joinedFirst(u, name string) string {
	p := strings.TrimPrefix(u, "file://") // want `file URI taken apart by string surgery`
	return filepath.Join(p, name)
}

func segmentsNotDecoded(u string) []string {
	rest := strings.TrimPrefix(u, "file:///") // want `file URI taken apart by string surgery`
	var out []string
	for _, seg := range strings.Split(rest, "/") {
		out = append(out, strings.ToLower(seg))
	}
	return out
}

// url.QueryUnescape turns "+" into a space (a defect found in opa's
// internal/gojsonschema jsonLoader).
func opaJSONLoader(ref *url.URL) (string, error) {
	filename := strings.TrimPrefix(ref.String(), "file://") // want `decoded by url.QueryUnescape after surgery: a "\+" becomes a space`
	return url.QueryUnescape(filename)
}

// A cut of "file:/" keeps //C:/x of file:///C:/x; a cut of "file:"
// may be a dialect's relative name (npm's file:../pkg).
func oneSlashCut(u string) (*os.File, error) {
	if rest, ok := strings.CutPrefix(u, "file:"); ok {
		return os.Open(rest)
	}
	return os.Open(strings.TrimPrefix(u, "file:/")) // want `file URI taken apart by string surgery`
}
