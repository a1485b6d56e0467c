package lsp

import (
	"cmp"
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"

	"github.com/fileurilint/fileurilint/analyzer"
)

// The command's findings in a.go, as "line:col-line:col category:
// message" (0-based lines, byte columns), each with the text of a.go
// that its first fix writes ("" when it has none).
type commandFinding struct {
	diag  string
	fixed string
}

// commandFindings runs the fileurilint command exe with -json on the
// module in dir and returns its findings in dir/a.go, whose text is
// text, sorted.
func commandFindings(t *testing.T, exe, dir, text string) []commandFinding {
	t.Helper()
	cmd := exec.Command(exe, "-json", "./...")
	cmd.Dir = dir
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("fileurilint -json: %v\n%s", err, stderr.String())
	}
	var report map[string]map[string]json.RawMessage
	if err := json.Unmarshal(out, &report); err != nil {
		t.Fatalf("fileurilint -json: %v\n%s", err, out)
	}
	name := filepath.Join(dir, "a.go")
	var found []commandFinding
	for id, byAnalyzer := range report {
		var diags []struct {
			Posn, End, Category, Message string
			SuggestedFixes               []struct {
				Edits []struct {
					Filename   string
					Start, End int
					New        string
				}
			} `json:"suggested_fixes"`
		}
		if err := json.Unmarshal(byAnalyzer["fileuri"], &diags); err != nil {
			t.Fatalf("fileurilint -json on %s: %v\n%s", id, err, out)
		}
		for _, d := range diags {
			start, end := linecol(t, name, d.Posn), linecol(t, name, d.End)
			if start == "" {
				continue // another file
			}
			f := commandFinding{diag: fmt.Sprintf("%s-%s %s: %s", start, end, d.Category, d.Message)}
			if len(d.SuggestedFixes) > 0 {
				var edits []edit
				for _, e := range d.SuggestedFixes[0].Edits {
					if e.Filename != name {
						t.Fatalf("a fix of %s edits %s", f.diag, e.Filename)
					}
					edits = append(edits, edit{e.Start, e.End, e.New})
				}
				f.fixed = applyBytes(text, edits)
			}
			found = append(found, f)
		}
	}
	slices.SortFunc(found, func(a, b commandFinding) int { return strings.Compare(a.diag, b.diag) })
	return found
}

// linecol turns the position "file:line:col" of the command into
// "line:col", 0-based, or "" if it is not in the file name.
func linecol(t *testing.T, name, posn string) string {
	t.Helper()
	rest, ok := strings.CutPrefix(posn, name+":")
	if !ok {
		return ""
	}
	l, c, _ := strings.Cut(rest, ":")
	line, err1 := strconv.Atoi(l)
	col, err2 := strconv.Atoi(c)
	if err1 != nil || err2 != nil {
		t.Fatalf("position %q", posn)
	}
	return fmt.Sprintf("%d:%d", line-1, col-1)
}

// lspFindings opens dir/a.go with text in a new server and returns its
// diagnostics in the form of commandFindings, each with the text its
// quick fix writes.
func lspFindings(t *testing.T, dir, text string) []commandFinding {
	t.Helper()
	c := newClient(t, initOptions{encodings: []string{"utf-8"}})
	uri := fileURI(filepath.Join(dir, "a.go"))
	c.open(uri, text)
	var found []commandFinding
	for _, d := range c.diagnostics(uri, 1) {
		f := commandFinding{diag: formatLSP(t, []diagnostic{d})[0]}
		actions := c.quickFixes(uri, d)
		for _, a := range actions {
			if len(a.Diagnostics) == 1 && reflect.DeepEqual(a.Diagnostics[0], d) {
				f.fixed = applyLSP(t, text, editsOf(t, a, uri, 1, false), true)
				break
			}
		}
		found = append(found, f)
	}
	slices.SortFunc(found, func(a, b commandFinding) int { return strings.Compare(a.diag, b.diag) })
	return found
}

// TestOtherFilesMatchCommand checks that a diagnostic in an open file
// that depends on a declaration in another file of the package, which
// the server checks without function bodies and does not report on, is
// the one the fileurilint command gives, fix included; and that the
// server reads an open file's literals from the editor's text, not from
// the file on disk.
func TestOtherFilesMatchCommand(t *testing.T) {
	t.Parallel()
	exe := filepath.Join(t.TempDir(), "fileurilint")
	if out, err := exec.Command("go", "build", "-o", exe, "../../cmd/fileurilint").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	// withFileuri is a go.mod that requires this module, from the clone.
	withFileuri := "module example.com/m\n\ngo 1.26.0\n\nrequire github.com/fileurilint/fileurilint v0.0.0\n\nreplace github.com/fileurilint/fileurilint => " + root + "\n"
	const (
		logURI   = "package m\n\nimport \"fmt\"\n\nfunc logURI() string { return fmt.Sprintf(\"file://%s/full/path/file.txt\", urlPrefix) }\n"
		prefixed = "package m\n\nimport \"os\"\n\nvar urlPrefix string\n\nfunc init() {\n\tif os.PathSeparator == '\\\\' {\n\t\turlPrefix = \"/C:\"\n\t}\n}\n"
		absLink  = "package m\n\nimport \"path/filepath\"\n\nfunc link(name string) string {\n\tabs, err := filepath.Abs(name)\n\tif err != nil {\n\t\treturn \"\"\n\t}\n\treturn \"file://\" + abs\n}\n"
	)
	for _, tc := range []struct {
		name  string
		files map[string]string // a.go is opened
		// buffer is the text of a.go in the editor, if it differs from
		// the file on disk, which the command reads.
		buffer string
		want   []string // the categories the command reports in a.go
		fixes  int      // how many of them have a fix
	}{{
		name: "a constant of another file",
		files: map[string]string{
			"a.go": "package m\n\nfunc link(p string) string { return base + p }\n",
			"b.go": "package m\n\nconst base = \"file://\"\n",
		},
		want: []string{"construction"},
	}, {
		name: "a variable that another file's function sets to constants",
		files: map[string]string{
			"a.go": logURI,
			"b.go": prefixed,
		},
	}, {
		name: "a variable that a third file sets to anything",
		files: map[string]string{
			"a.go": logURI,
			"b.go": prefixed,
			"c.go": "package m\n\nfunc setPrefix(p string) { urlPrefix = p }\n",
		},
		want: []string{"construction"},
	}, {
		name: "a variable whose address a third file takes",
		files: map[string]string{
			"a.go": logURI,
			"b.go": prefixed,
			"c.go": "package m\n\nfunc prefixPtr() *string { return &urlPrefix }\n",
		},
		want: []string{"construction"},
	}, {
		name: "a helper in another file that builds a URI",
		files: map[string]string{
			"a.go": "package m\n\nfunc link(p string) string { return toURI(p) }\n",
			"b.go": "package m\n\nfunc toURI(p string) string { return \"file://\" + p }\n",
		},
	}, {
		name: "fileuri imported by another file",
		files: map[string]string{
			"go.mod": withFileuri,
			"a.go":   absLink,
			"b.go":   "package m\n\nimport \"github.com/fileurilint/fileurilint/fileuri\"\n\nfunc uri(p string) string { return fileuri.FromPath(p) }\n",
		},
		want: []string{"construction"}, fixes: 1,
	}, {
		// A dependency's import of fileuri does not make the fix to
		// fileuri.FromPath possible: go vet, which reads the
		// dependency from export data, would not see one in a function
		// body. The fix adds the function fileURI instead.
		name: "fileuri imported by a dependency only in a function body",
		files: map[string]string{
			"go.mod":           withFileuri,
			"a.go":             "package m\n\nimport (\n\t\"path/filepath\"\n\n\t\"example.com/m/helper\"\n)\n\nvar _ = helper.Name\n\nfunc link(name string) string {\n\tabs, err := filepath.Abs(name)\n\tif err != nil {\n\t\treturn \"\"\n\t}\n\treturn \"file://\" + abs\n}\n",
			"helper/helper.go": "package helper\n\nimport \"github.com/fileurilint/fileurilint/fileuri\"\n\nfunc init() { _ = fileuri.FromPath(\"/\") }\n\nfunc Name() string { return \"x\" }\n",
		},
		want: []string{"construction"}, fixes: 1,
	}, {
		name: "fileuri not in the build",
		files: map[string]string{
			"a.go": absLink,
		},
		want: []string{"construction"}, fixes: 1,
	}, {
		// The fix of a constant follows its uses, in every file.
		name: "a constant that another file uses as a format",
		files: map[string]string{
			"a.go": "package m\n\nconst base = \"file:///srv/my data/\"\n",
			"b.go": "package m\n\nimport \"fmt\"\n\nfunc list(n string) { fmt.Printf(base+\"%s\\n\", n) }\n",
		},
		want: []string{"unencoded"},
	}, {
		// The fixes of one file only add the function fileURI; the
		// others' call it once it is there.
		name: "fileuri not in the build, a construction in another file first",
		files: map[string]string{
			"a.go": absLink,
			"0.go": strings.ReplaceAll(absLink, "link(", "link0("),
		},
		want: []string{"construction"},
	}, {
		name: "a raw literal over CRLF lines, in the editor only",
		files: map[string]string{
			"a.go": "package m\r\n",
		},
		buffer: "package m\r\n\r\nvar u = `file://C:/x\r\nfile:///C:\\y`\r\n",
		want:   []string{"backslash", "drive-authority"}, fixes: 2,
	}} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			text := tc.files["a.go"]
			if tc.buffer != "" {
				text = tc.buffer
			}
			// The command reads the editor's text from disk.
			files := maps.Clone(tc.files)
			files["a.go"] = text
			want := commandFindings(t, exe, writeModule(t, files), text)
			var cats []string
			fixes := 0
			for _, f := range want {
				cats = append(cats, strings.TrimSuffix(strings.Fields(f.diag)[1], ":"))
				if f.fixed != "" {
					fixes++
				}
			}
			slices.Sort(cats)
			if !slices.Equal(cats, tc.want) || fixes != tc.fixes {
				t.Fatalf("the command reports %v (%d with a fix), want categories %q with %d fixes", want, fixes, tc.want, tc.fixes)
			}
			got := lspFindings(t, writeModule(t, tc.files), text)
			if !reflect.DeepEqual(got, want) {
				t.Errorf("the server reports\n%q\nwant the command's\n%q", got, want)
			}
		})
	}
}

// TestTrimmedFilesMatchDriver checks the rule that body trimming rests
// on, from the analyzer's side: the analyzer reads nothing of the files
// it does not report on but package-level values and the function bodies
// trimBodies keeps (docs/ARCHITECTURE.md, "Where a new check belongs").
// For each package of the analyzer's testdata that has more than one Go
// file, and each of its files, the findings in that file when it alone
// is open, and the server checks the others trimmed, are the findings
// go/analysis's driver gives in it on the whole package, fixes included,
// by the default configuration and by the strictest.
func TestTrimmedFilesMatchDriver(t *testing.T) {
	// The testdata is a GOPATH tree, as analysistest loads it; the
	// server's go/packages takes its settings from the environment.
	testdata, err := filepath.Abs("../../analyzer/testdata")
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOPATH", testdata)
	t.Setenv("GO111MODULE", "off")
	t.Setenv("GOFLAGS", "")
	src := filepath.Join(testdata, "src")
	var dirs []string
	err = filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() {
			return err
		}
		if names, _ := filepath.Glob(filepath.Join(path, "*.go")); len(names) > 1 {
			dirs = append(dirs, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(dirs) < 5 {
		t.Fatalf("%d packages of several files in %s, want at least 5", len(dirs), src)
	}
	ctx := context.Background()
	configs := []analyzer.Config{{}, {Strict: true, CheckTestLiterals: true}}
	compared := 0 // findings
	for _, dir := range dirs {
		rel, _ := filepath.Rel(src, dir)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			var analyzers []*analysis.Analyzer
			for _, cfg := range configs {
				analyzers = append(analyzers, analyzer.New(cfg))
			}
			// want holds the driver's findings by analyzer, package ID
			// and file name, converted as the server converts its own.
			want := make(map[*analysis.Analyzer]map[string]map[string][]finding)
			var names []string
			for act := range runDriver(t, dir, true, analyzers...).All() {
				if !act.IsRoot || !slices.Contains(analyzers, act.Analyzer) || strings.HasSuffix(act.Package.ID, ".test") {
					continue
				}
				conv := &pkg{fset: act.Package.Fset}
				out := make(map[string][]finding)
				for _, d := range act.Diagnostics {
					conv.addFinding(out, d)
				}
				if want[act.Analyzer] == nil {
					want[act.Analyzer] = make(map[string]map[string][]finding)
				}
				want[act.Analyzer][act.Package.ID] = out
				for _, name := range act.Package.GoFiles {
					if !slices.Contains(names, name) {
						names = append(names, name)
					}
				}
			}
			slices.Sort(names)
			for _, name := range names {
				text, err := os.ReadFile(name)
				if err != nil {
					t.Fatal(err)
				}
				p, err := loadPackage(ctx, name, nil)
				if err != nil {
					t.Fatal(err)
				}
				for i, a := range analyzers {
					wantPkg, ok := want[a][p.id]
					if !ok {
						t.Fatalf("%s: the server loads package %s, which the driver did not analyze", filepath.Base(name), p.id)
					}
					got, err := p.check(ctx, a, map[string]string{name: string(text)})
					if err != nil {
						t.Fatalf("%s: %v", filepath.Base(name), err)
					}
					if !reflect.DeepEqual(sortedFindings(got[name]), sortedFindings(wantPkg[name])) {
						t.Errorf("%+v, %s open, the others trimmed: the findings in it are\n%+v\nwant the driver's\n%+v", configs[i], filepath.Base(name), got[name], wantPkg[name])
					}
					compared += len(wantPkg[name])
				}
			}
		})
	}
	t.Logf("%d findings compared in %d packages", compared, len(dirs))
	if compared < len(dirs) {
		t.Errorf("%d findings compared in %d packages, want at least one a package", compared, len(dirs))
	}
}

// sortedFindings returns the findings sorted by position, then category
// and message, with the edits of each fix sorted by position, as the
// driver sorts them.
func sortedFindings(findings []finding) []finding {
	var out []finding
	for _, f := range findings {
		var fixes []fix
		for _, x := range f.fixes {
			edits := slices.Clone(x.edits)
			slices.SortStableFunc(edits, func(a, b edit) int { return cmp.Or(a.start-b.start, a.end-b.end) })
			fixes = append(fixes, fix{x.message, edits})
		}
		f.fixes = fixes
		out = append(out, f)
	}
	slices.SortStableFunc(out, func(a, b finding) int {
		return cmp.Or(a.start-b.start, a.end-b.end, strings.Compare(a.category, b.category), strings.Compare(a.message, b.message))
	})
	return out
}
