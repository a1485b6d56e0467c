package e2e

import (
	"encoding/hex"
	"fmt"
	"go/format"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/fileurilint/fileurilint/fileuri"
)

// roleURIs are file URIs with a defect of each kind that has a fix, as
// Go programs hold them.
var roleURIs = []string{
	"file:///srv/my data/",       // unencoded
	`file://C:\Users\me`,         // drive-authority, backslash
	"file:///home/100%",          // bad-escape
	"file:///c|/windows",         // vertical-bar
	"file:///usr/include/*.[ch]", // unencoded [ ]
	"file://u:secret@host/x",     // password
	"file:///a b#c",              // unencoded, a fragment
	"file:///café d",             // unencoded, IRI
}

// A roleCase is a function of a generated program that uses a file URI,
// written as the Go expression lit, in one role; body returns the
// function's result as a string. decl, when set, declares names before
// the function: "%[1]s" is lit, "%[2]s" a name for the function.
type roleCase struct {
	role string // format, pattern, matcher, surgery, mixed or uri
	decl string
	body string
}

// roleCases use a file URI in every role: "%[1]s" is the URI as a Go
// expression, "%[2]s" a name unique to the case, "%[3]s" an expression
// that gives the same text at run time, as input would (a probe).
var roleCases = []roleCase{
	{"format", "const %[2]s = %[1]s", `return fmt.Sprintf(%[2]s+"%%s|", "x")`},
	{"format", "", `v := %[1]s; return fmt.Sprintf(v+"<%%d>", 7)`},
	{"format", "var %[2]s = %[1]s", `return fmt.Sprintf(%[2]s + "%%s", "y")`},
	{"pattern", "", `ok, err := path.Match(%[1]s, %[3]s); return fmt.Sprint(ok, err)`},
	{"pattern", "", `ok, err := filepath.Match(%[1]s, %[3]s); return fmt.Sprint(ok, err)`},
	{"pattern", "", `return fmt.Sprint(globMatch(%[1]s, %[3]s))`},
	{"pattern", "", `ok, err := regexp.MatchString(%[1]s, %[3]s); return fmt.Sprint(ok, err != nil)`},
	{"matcher", "", `return fmt.Sprint(%[3]s == %[1]s)`},
	{"matcher", "", `switch %[3]s { case %[1]s: return "hit" }; return "miss"`},
	{"matcher", "", `return fmt.Sprint(strings.HasPrefix(%[3]s, %[1]s), strings.Contains(%[3]s, %[1]s), strings.Index(%[3]s, %[1]s))`},
	{"matcher", "const %[2]s = %[1]s", `return fmt.Sprint(strings.HasSuffix(%[3]s, %[2]s), strings.EqualFold(%[2]s, %[3]s))`},
	{"matcher", "", `return strings.NewReplacer(%[1]s, "<legacy>").Replace(%[3]s)`},
	{"matcher", "", `return strings.ReplaceAll(%[3]s, %[1]s, "<legacy>")`},
	{"matcher", "", `return strings.TrimPrefix(%[3]s+"!", %[1]s)`},
	{"surgery", "const %[2]s = %[1]s", `return strings.TrimPrefix(%[2]s, "file://")`},
	{"surgery", "const %[2]s = %[1]s", `return %[2]s[7:] + fmt.Sprint(len(%[2]s))`},
	{"surgery", "var %[2]s = %[1]s", `before, after, _ := strings.Cut(%[2]s, "://"); return after + before`},
	{"mixed", "const %[2]s = %[1]s", `return fmt.Sprint(%[2]s, %[3]s == %[2]s)`},
	{"mixed", "const %[2]s = %[1]s", `u, _ := url.Parse(%[2]s); return fmt.Sprint(u != nil, strings.TrimPrefix(%[2]s, "file:"))`},
	{"uri", "", `return %[1]s`},
	{"uri", "const %[2]s = %[1]s", `m := map[string]string{"u": %[2]s}; return m["u"]`},
}

// TestFixKeepsOutput is a property of the fixes to file URI literals,
// checked by execution: a program is generated that uses each URI of
// roleURIs, interpreted and raw, in each role of roleCases; it is run,
// fixed by fileurilint -fix, vetted as before, and run again. Where the URI is used
// as anything but a URI (a format, a pattern, a matcher of input, a
// source of surgery, or several roles at once), the fixed program prints
// exactly what it printed; where it is only a URI, it prints the URI
// fixed as fileuri fixes it. A second -fix changes nothing.
func TestFixKeepsOutput(t *testing.T) {
	t.Parallel()
	src, roles := rolesProgram()
	dir := newModule(t, map[string]string{"main.go": src})
	vet := runIn(t, dir, offline(), "go", "vet", ".")
	before := programOutput(t, dir)
	if len(before) != len(roles) {
		t.Fatalf("the program printed %d results for %d functions", len(before), len(roles))
	}
	r := runIn(t, dir, offline(), bin, "-fix", "./...")
	if r.code != 0 && r.code != 3 {
		t.Fatalf("fileurilint -fix: exit %d\n%s", r.code, r.stderr)
	}
	fixed := readFile(t, filepath.Join(dir, "main.go"))
	if fixed == src {
		t.Fatal("fileurilint -fix changed nothing: the uri role has fixes")
	}
	if again := runIn(t, dir, offline(), "go", "vet", "."); again != vet {
		t.Errorf("go vet before the fix:\n%s\nand after:\n%s", vet.stderr, again.stderr)
	}
	after := programOutput(t, dir)
	changed := 0
	for i, role := range roles {
		name := fmt.Sprintf("f%d", i)
		switch {
		case role != "uri" && after[name] != before[name]:
			t.Errorf("%s (%s): printed %s before the fix and %s after", name, role, before[name], after[name])
		case role == "uri":
			old, _ := strconv.Unquote(before[name])
			if want := strconv.Quote(fileuri.Options{}.Fix(old)); after[name] != want {
				t.Errorf("%s (uri): printed %s after the fix, want %s", name, after[name], want)
			}
			if after[name] != before[name] {
				changed++
			}
		}
	}
	if changed == 0 {
		t.Error("no URI was fixed")
	}
	runIn(t, dir, offline(), bin, "-fix", "./...")
	if again := readFile(t, filepath.Join(dir, "main.go")); again != fixed {
		t.Errorf("a second fileurilint -fix changed the program:\n%s", again)
	}
}

// rolesProgram returns a program with a function for each URI of
// roleURIs, interpreted and raw, in each role of roleCases; and the role
// of each function, f0, f1 and so on.
func rolesProgram() (string, []string) {
	var decls, calls strings.Builder
	var roles []string
	for _, uri := range roleURIs {
		for _, lit := range []string{strconv.Quote(uri), "`" + uri + "`"} {
			for _, rc := range roleCases {
				i := len(roles)
				name := fmt.Sprintf("v%d", i)
				if rc.decl != "" {
					fmt.Fprintf(&decls, rc.decl+"\n\n", lit, name)
				}
				probe := fmt.Sprintf("input(%q)", hex.EncodeToString([]byte(uri)))
				fmt.Fprintf(&decls, "func f%d() string {\n\t%s\n}\n\n", i, strings.ReplaceAll(fmt.Sprintf(rc.body, lit, name, probe), "; ", "\n\t"))
				fmt.Fprintf(&calls, "\tfmt.Printf(\"f%d %%q\\n\", f%d())\n", i, i)
				roles = append(roles, rc.role)
			}
		}
	}
	src := `package main

import (
	"encoding/hex"
	"fmt"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"strings"
)

// input returns the text of the hexadecimal h, as a program reads its
// input: no literal holds it.
func input(h string) string {
	b, err := hex.DecodeString(h)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// globMatch is a matcher of a glob library, named as they name theirs.
func globMatch(pattern, name string) bool {
	return strings.HasPrefix(name, strings.TrimSuffix(pattern, "*"))
}

` + decls.String() + "func main() {\n" + calls.String() + "}\n"
	formatted, err := format.Source([]byte(src))
	if err != nil {
		panic(err)
	}
	return string(formatted), roles
}

// programOutput runs the program of dir and returns what it printed for
// each function.
func programOutput(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := mustRun(t, dir, offline(), "go", "run", ".")
	results := make(map[string]string)
	for line := range strings.Lines(out) {
		name, value, _ := strings.Cut(strings.TrimSuffix(line, "\n"), " ")
		results[name] = value
	}
	return results
}
