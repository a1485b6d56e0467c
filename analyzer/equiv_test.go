package analyzer_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/analysistest"
	"golang.org/x/tools/go/ast/astutil"

	"github.com/fileurilint/fileurilint/analyzer"
	"github.com/fileurilint/fileurilint/fileuri"
)

// TestFixesPreserveBehaviour is the oracle of the construction fixes, in
// the spirit of x/tools' stringintconv/preserve_test.go: every
// construction fix that the analyzer suggests in the fix packages of
// testdata is applied, the package is built as it was and as fixed, with
// the real package fileuri, and each function that holds a fix is run on
// a table of paths in both versions. The fixed version must return the URI
// that Node.js's url.pathToFileURL gives for the path (or, without node,
// fileuri's Style.FromPath): the same URI as before wherever that was
// right, and a right one where it was not.
//
// A function that holds a fix takes a path and returns a URI (a string,
// or a *url.URL) naming the file that the path names: an absolute path,
// or one relative to the working directory when its parameter is called
// name.
func TestFixesPreserveBehaviour(t *testing.T) {
	preserveBehaviour(t, runtime.GOOS, exec.Command)
}

// TestFixesPreserveBehaviourOnWindows is TestFixesPreserveBehaviour for
// Windows, run on another system under Wine: the packages are loaded and
// fixed for Windows, built for it and run on drive and UNC paths, and
// compared with Node.js's url.pathToFileURL for Windows. Set
// FILEURILINT_WINE=1 to run it; it needs wine64 and the MinGW-w64 C
// compiler (see .ci/run).
func TestFixesPreserveBehaviourOnWindows(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("TestFixesPreserveBehaviour runs on Windows itself")
	}
	if os.Getenv("FILEURILINT_WINE") == "" {
		t.Skip("set FILEURILINT_WINE=1 to run the Windows builds under Wine")
	}
	wine := wineCommand(t)
	t.Setenv("GOOS", "windows")
	t.Setenv("GOARCH", "amd64")
	preserveBehaviour(t, "windows", wine)
}

// preserveBehaviour checks the construction fixes of the fix packages as
// loaded for goos, running the programs it builds with command.
func preserveBehaviour(t *testing.T, goos string, command func(name string, args ...string) *exec.Cmd) {
	root := t.TempDir()
	trees := [2]string{filepath.Join(root, "orig"), filepath.Join(root, "fixed")}
	funcs, imports := applyConstructionFixes(t, trees)
	if len(funcs) < 10 {
		t.Fatalf("only %d functions hold construction fixes: %v", len(funcs), funcs)
	}
	if !slices.Contains(funcs, "helperfix.other") {
		t.Fatalf("helperfix.other, fixed in the second round once fileURI is added, holds no construction fix: %v", funcs)
	}
	cwd := filepath.Join(root, "work dir #1 café")
	if err := os.Mkdir(cwd, 0o777); err != nil {
		t.Fatal(err)
	}
	cwd, err := filepath.EvalSymlinks(cwd)
	if err != nil {
		t.Fatal(err)
	}
	abs, rel := equivInputs(goos)
	in, err := json.Marshal(map[string][]string{"abs": abs, "rel": rel})
	if err != nil {
		t.Fatal(err)
	}
	var outs [2]map[string][]string
	for i, tree := range trees {
		writeMain(t, filepath.Join(tree, "src", "equivmain", "main.go"), imports)
		outs[i] = runEquiv(t, tree, cwd, in, command)
		if goos != "windows" {
			// Both versions must build for Windows too, where the
			// table has drive and UNC paths.
			goBuild(t, tree, filepath.Join(tree, "equiv-windows.exe"), "GOOS=windows", "GOARCH=amd64")
		}
	}
	wd := outs[0]["#wd"][0] // the working directory as the program sees it
	want := map[string][]string{"abs": oracle(t, goos, wd, abs), "rel": oracle(t, goos, wd, rel)}
	inputs := map[string][]string{"abs": abs, "rel": rel}
	for _, fn := range funcs {
		set := "abs"
		if slices.Equal(outs[0][fn+"#param"], []string{"name"}) {
			set = "rel"
		}
		compareOutputs(t, fn, inputs[set], outs[0][fn], outs[1][fn], want[set])
	}
}

// wineCommand returns a function that makes commands that run Windows
// programs under Wine, in a Wine prefix of the user's cache directory
// that holds bcryptprimitives.dll, which Go's runtime loads and Wine 8
// lacks: a stand-in built from testdata/wine with MinGW-w64. Arguments
// that are absolute paths are given as Wine's drive Z: names them.
func wineCommand(t *testing.T) func(name string, args ...string) *exec.Cmd {
	wine, err := exec.LookPath("wine64")
	if err != nil {
		if wine, err = exec.LookPath("/usr/lib/wine/wine64"); err != nil {
			t.Fatalf("FILEURILINT_WINE is set but wine64 is not installed: %v", err)
		}
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	prefix := filepath.Join(cache, "fileurilint", "wine")
	env := append(os.Environ(), "WINEPREFIX="+prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=")
	system32 := filepath.Join(prefix, "drive_c", "windows", "system32")
	if _, err := os.Stat(system32); err != nil {
		if err := os.MkdirAll(prefix, 0o777); err != nil {
			t.Fatal(err)
		}
		boot := exec.Command(wine, "wineboot", "--init")
		boot.Env = env
		if out, err := boot.CombinedOutput(); err != nil {
			t.Fatalf("wineboot: %v\n%s", err, out)
		}
	}
	cc := exec.Command("x86_64-w64-mingw32-gcc", "-shared", "-O2", "-o", filepath.Join(system32, "bcryptprimitives.dll"),
		filepath.Join("testdata", "wine", "bcryptprimitives.c"), "-ladvapi32")
	if out, err := cc.CombinedOutput(); err != nil {
		t.Fatalf("building bcryptprimitives.dll: %v\n%s", err, out)
	}
	return func(name string, args ...string) *exec.Cmd {
		wargs := []string{windowsName(name)}
		for _, a := range args {
			wargs = append(wargs, windowsName(a))
		}
		cmd := exec.Command(wine, wargs...)
		cmd.Env = env
		return cmd
	}
}

// windowsName returns the name by which Wine's drive Z: names the
// absolute path p, or p.
func windowsName(p string) string {
	if !filepath.IsAbs(p) {
		return p
	}
	return "Z:" + strings.ReplaceAll(p, "/", `\`)
}

// compareOutputs checks that the function fn, as fixed, returned want for
// its inputs; orig is what it returned before the fix.
func compareOutputs(t *testing.T, fn string, inputs, orig, fixed, want []string) {
	t.Helper()
	if len(orig) != len(inputs) || len(fixed) != len(inputs) {
		t.Errorf("%s: %d and %d results for %d inputs", fn, len(orig), len(fixed), len(inputs))
		return
	}
	for i, p := range inputs {
		if fixed[i] != want[i] {
			t.Errorf("%s(%q): fixed gives %s, want %s (before the fix: %s)", fn, p, fixed[i], want[i], orig[i])
		}
	}
}

// applyConstructionFixes copies the fix packages of testdata, with the
// real package fileuri, into the trees orig and fixed, applies every
// construction fix to fixed, round after round as fileurilint -fix does
// (a fix may need the function that another adds), and writes in both a
// table that calls each function holding a fix. It returns those
// functions ("pkgpath.func") and their packages.
func applyConstructionFixes(t *testing.T, trees [2]string) (funcs, imports []string) {
	for _, tree := range trees {
		copyTree(t, filepath.Join(testdata, "src"), filepath.Join(tree, "src"))
		copyFileuri(t, filepath.Join(tree, "src", "github.com", "fileurilint", "fileurilint", "fileuri"))
	}
	names := make(map[string]map[string][]string) // by package path and file
	scopes := make(map[string]*types.Scope)
	pkgNames := make(map[string]string)
	dir, tt := testdata, analysistest.Testing(t)
	for round := 1; ; round++ {
		fixed := false
		for _, r := range analysistest.Run(tt, dir, analyzer.Analyzer, fixPackages...) {
			pkg := r.Action.Package
			edits := constructionEdits(r.Action.Diagnostics, pkg.Fset)
			for _, f := range pkg.Syntax {
				tf := pkg.Fset.File(f.FileStart)
				if len(edits[tf]) == 0 {
					continue
				}
				rel, err := filepath.Rel(filepath.Join(dir, "src"), tf.Name())
				if err != nil {
					t.Fatal(err)
				}
				writeFixed(t, filepath.Join(trees[1], "src", rel), tf.Name(), edits[tf])
				fixed = true
				for _, fn := range fixedFuncs(pkg.Fset, f, edits[tf]) {
					sig := pkg.TypesInfo.Defs[fn.Name].Type().(*types.Signature)
					if wrapper(sig) == "" {
						t.Errorf("%s: %s holds a construction fix but takes no path or returns no URI: the fix is not run",
							pkg.Fset.Position(fn.Pos()), fn.Name.Name)
						continue
					}
					if names[pkg.PkgPath] == nil {
						names[pkg.PkgPath] = make(map[string][]string)
					}
					if file := filepath.Base(tf.Name()); !slices.Contains(names[pkg.PkgPath][file], fn.Name.Name) {
						names[pkg.PkgPath][file] = append(names[pkg.PkgPath][file], fn.Name.Name)
					}
				}
			}
			scopes[pkg.PkgPath], pkgNames[pkg.PkgPath] = pkg.Types.Scope(), pkg.Name
		}
		if !fixed {
			break
		}
		if round == 3 {
			t.Fatal("construction fixes still apply after three rounds")
		}
		// The next round reads the fixed tree, whose sites no longer
		// match the // want comments of testdata.
		dir, tt = trees[1], ignoreErrors{}
	}
	for _, path := range slices.Sorted(maps.Keys(names)) {
		imports = append(imports, path)
		for _, tree := range trees {
			writeTables(t, filepath.Join(tree, "src", path), pkgNames[path], names[path], scopes[path])
		}
		for _, file := range names[path] {
			for _, n := range file {
				funcs = append(funcs, path+"."+n)
			}
		}
	}
	return funcs, imports
}

// ignoreErrors is an analysistest.Testing that ignores what it is told.
type ignoreErrors struct{}

func (ignoreErrors) Errorf(string, ...any) {}

// constructionEdits returns the edits of the construction fixes among
// diags, by file.
func constructionEdits(diags []analysis.Diagnostic, fset *token.FileSet) map[*token.File][]edit {
	edits := make(map[*token.File][]edit)
	for _, d := range diags {
		if d.Category != string(analyzer.Construction) {
			continue
		}
		for _, fix := range d.SuggestedFixes {
			for _, e := range fix.TextEdits {
				tf := fset.File(e.Pos)
				edits[tf] = append(edits[tf], edit{tf.Offset(e.Pos), tf.Offset(e.End), string(e.NewText)})
			}
		}
	}
	return edits
}

// equivInputs returns the absolute and relative paths of the table, in
// the convention of the system goos.
func equivInputs(goos string) (abs, rel []string) {
	if goos == "windows" {
		return []string{
				`C:\Users\me\plain.txt`,
				`C:\Users\me\My Documents\a b.txt`,
				`C:\x\a#b.txt`,
				`C:\x\100%.txt`,
				`C:\x\%41.txt`,
				`d:\café\naïve.txt`,
				`C:\x\日本語.txt`,
				`C:\x\(a)!'$&+,;=@.txt`,
				`\\server\share\plain.txt`,
				`\\server\share\a b#c.txt`,
			}, []string{
				`plain.txt`,
				`a b\c#d.txt`,
				`100%.txt`,
				`café.txt`,
			}
	}
	return []string{
			"/srv/plain.txt",
			"/srv/My Documents/a b.txt",
			"/srv/a#b.txt",
			"/srv/a?b.txt",
			"/srv/100%.txt",
			"/srv/%41.txt",
			"/srv/café/naïve.txt",
			"/srv/日本語.txt",
			"/srv/a+b;c=d@e,f.txt",
			"/srv/(a)!*'$&.txt",
			"/srv/tab\there.txt",
			"/",
		}, []string{
			"plain.txt",
			"a b/c#d.txt",
			"what?.txt",
			"100%.txt",
			"café.txt",
		}
}

// oracle returns the file URI on the system goos of each path, relative
// paths resolved against dir: by Node.js's url.pathToFileURL, or by
// package fileuri when node is not installed.
func oracle(t *testing.T, goos, dir string, paths []string) []string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		t.Logf("node not found (%v); the oracle is fileuri's Style.FromPath", err)
		style, join := fileuri.POSIX, path.Join
		if goos == "windows" {
			style, join = fileuri.Windows, func(elem ...string) string { return strings.Join(elem, `\`) }
		}
		var uris []string
		for _, p := range paths {
			if !isAbs(goos, p) {
				p = join(dir, p)
			}
			u, err := style.FromPath(p)
			if err != nil {
				t.Fatal(err)
			}
			uris = append(uris, u)
		}
		return uris
	}
	const script = `const {pathToFileURL} = require("url");
const [style, dir] = process.argv.slice(1), path = require("path")[style], windows = style === "win32";
const paths = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(paths.map(p => pathToFileURL(path.resolve(dir, p), {windows}).href)));`
	in, err := json.Marshal(paths)
	if err != nil {
		t.Fatal(err)
	}
	style := "posix"
	if goos == "windows" {
		style = "win32"
	}
	cmd := exec.Command(node, "-e", script, style, dir)
	cmd.Stdin = bytes.NewReader(in)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var uris []string
	if err := json.Unmarshal(out, &uris); err != nil || len(uris) != len(paths) {
		t.Fatalf("node gave %s: %v", out, err)
	}
	return uris
}

// An edit replaces text[start:end] of a file.
type edit struct {
	start, end int
	text       string
}

// writeFixed writes the file src with edits applied to dst, with the
// imports the edits left unused removed, as drivers do; as they do, an
// edit made by several fixes (the function a fix adds) is made once.
func writeFixed(t *testing.T, dst, src string, edits []edit) {
	t.Helper()
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	slices.SortStableFunc(edits, func(a, b edit) int { return a.start - b.start })
	edits = slices.Compact(edits)
	var b []byte
	last := 0
	for _, e := range edits {
		if e.start < last {
			t.Fatalf("%s: overlapping edits", src)
		}
		b = append(append(b, text[last:e.start]...), e.text...)
		last = e.end
	}
	b = append(b, text[last:]...)
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, src, b, parser.ParseComments)
	if err != nil {
		t.Fatalf("%s: fixed source does not parse: %v\n%s", src, err, b)
	}
	var unused []string
	for _, spec := range f.Imports {
		path, _ := strconv.Unquote(spec.Path.Value)
		if spec.Name == nil && !astutil.UsesImport(f, path) {
			unused = append(unused, path)
		}
	}
	for _, path := range unused {
		astutil.DeleteImport(fset, f, path)
	}
	var out bytes.Buffer
	if err := format.Node(&out, fset, f); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, out.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
}

// fixedFuncs returns the function declarations of f that hold an edit.
func fixedFuncs(fset *token.FileSet, f *ast.File, edits []edit) []*ast.FuncDecl {
	tf := fset.File(f.FileStart)
	var fns []*ast.FuncDecl
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		start, end := tf.Offset(fn.Pos()), tf.Offset(fn.End())
		if slices.ContainsFunc(edits, func(e edit) bool { return start <= e.start && e.end <= end }) {
			fns = append(fns, fn)
		}
	}
	return fns
}

// wrapper returns the function literal that calls a function of
// signature sig as "F" and returns its URI as a string, or "" when sig
// takes no path or returns no URI.
func wrapper(sig *types.Signature) string {
	if sig.Recv() != nil || sig.TypeParams() != nil || sig.Params().Len() != 1 ||
		!types.Identical(sig.Params().At(0).Type(), types.Typ[types.String]) {
		return ""
	}
	res := sig.Results()
	switch {
	case res.Len() == 1 && types.Identical(res.At(0).Type(), types.Typ[types.String]):
		return "func(p string) string { return F(p) }"
	case res.Len() == 2 && types.TypeString(res.At(1).Type(), nil) == "error":
		switch types.TypeString(res.At(0).Type(), nil) {
		case "string":
			return `func(p string) string { u, err := F(p); if err != nil { return "error" }; return u }`
		case "*net/url.URL":
			return `func(p string) string { u, err := F(p); if err != nil { return "error" }; return u.String() }`
		}
	}
	return ""
}

// writeTables writes the files of package pkg, in dir, that map the
// names of the functions that hold fixes, by file, to wrappers that
// return their URIs as strings, and to the names of their parameters:
// zz_equiv.go, with the maps and the functions that return them, and for
// each file F a zz_equiv_F that fills them under F's build constraints
// (its //go:build or // +build lines, and its name's _GOOS suffix).
func writeTables(t *testing.T, dir, pkg string, names map[string][]string, scope *types.Scope) {
	t.Helper()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("zz_equiv.go", "package "+pkg+`

var (
	equivFuncs  = make(map[string]func(string) string)
	equivParams = make(map[string]string)
)

func EquivFuncs() map[string]func(string) string { return equivFuncs }

func EquivParams() map[string]string { return equivParams }
`)
	for file, fns := range names {
		src, err := os.ReadFile(filepath.Join(dir, file))
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		for line := range strings.Lines(string(src)) {
			if strings.HasPrefix(line, "package ") {
				break
			}
			if strings.HasPrefix(line, "//go:build") || strings.HasPrefix(line, "// +build") {
				b.WriteString(line)
			}
		}
		if b.Len() > 0 {
			b.WriteString("\n") // a constraint is followed by a blank line
		}
		fmt.Fprintf(&b, "package %s\n\nfunc init() {\n", pkg)
		for _, n := range fns {
			sig := scope.Lookup(n).Type().(*types.Signature)
			fmt.Fprintf(&b, "\tequivFuncs[%q] = %s\n", n, strings.ReplaceAll(wrapper(sig), "F(", n+"("))
			fmt.Fprintf(&b, "\tequivParams[%q] = %q\n", n, sig.Params().At(0).Name())
		}
		b.WriteString("}\n")
		write("zz_equiv_"+file, b.String())
	}
}

// writeMain writes the program that runs the functions of the tables of
// the packages imports on the paths of a JSON file and prints their URIs
// as JSON, by "pkgpath.func", with each function's parameter name under
// "pkgpath.func#param".
func writeMain(t *testing.T, dst string, imports []string) {
	t.Helper()
	var b strings.Builder
	b.WriteString("package main\n\nimport (\n\t\"encoding/json\"\n\t\"os\"\n")
	for i, p := range imports {
		fmt.Fprintf(&b, "\tp%d %q\n", i, p)
	}
	b.WriteString(`)

func main() {
	var in map[string][]string
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		panic(err)
	}
	if err := json.Unmarshal(data, &in); err != nil {
		panic(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		panic(err)
	}
	out := map[string][]string{"#wd": {wd}}
	run := func(pkg string, funcs map[string]func(string) string, params map[string]string) {
		for name, f := range funcs {
			set := "abs"
			if params[name] == "name" {
				set = "rel"
			}
			key := pkg + "." + name
			out[key+"#param"] = []string{params[name]}
			for _, p := range in[set] {
				out[key] = append(out[key], f(p))
			}
		}
	}
`)
	for i, p := range imports {
		fmt.Fprintf(&b, "\trun(%q, p%d.EquivFuncs(), p%d.EquivParams())\n", p, i, i)
	}
	b.WriteString("\tif err := json.NewEncoder(os.Stdout).Encode(out); err != nil {\n\t\tpanic(err)\n\t}\n}\n")
	if err := os.MkdirAll(filepath.Dir(dst), 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(dst, []byte(b.String()), 0o666); err != nil {
		t.Fatal(err)
	}
}

// runEquiv builds the program equivmain of the GOPATH tree, runs it in
// dir on the inputs with command, and returns what it prints.
func runEquiv(t *testing.T, tree, dir string, inputs []byte, command func(string, ...string) *exec.Cmd) map[string][]string {
	t.Helper()
	bin := filepath.Join(tree, "equiv.exe")
	goBuild(t, tree, bin)
	inFile := filepath.Join(tree, "inputs.json")
	if err := os.WriteFile(inFile, inputs, 0o666); err != nil {
		t.Fatal(err)
	}
	cmd := command(bin, inFile)
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), "PWD="+dir)
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("running %s: %v", bin, err)
	}
	var res map[string][]string
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("%s printed %s: %v", bin, out, err)
	}
	return res
}

// goBuild builds the program equivmain of the GOPATH tree to bin, in the
// environment env adds to.
func goBuild(t *testing.T, tree, bin string, env ...string) {
	t.Helper()
	build := exec.Command("go", "build", "-o", bin, "equivmain")
	build.Dir = tree
	build.Env = append(append(os.Environ(), "GO111MODULE=off", "GOPATH="+tree, "GOFLAGS="), env...)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building %s %v: %v\n%s", tree, env, err, out)
	}
}

// copyTree copies the directory src to dst.
func copyTree(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o777)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o666)
	})
	if err != nil {
		t.Fatal(err)
	}
}

// copyFileuri replaces the stand-in package fileuri of testdata at dst
// with the real one.
func copyFileuri(t *testing.T, dst string) {
	t.Helper()
	if err := os.RemoveAll(dst); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dst, 0o777); err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join("..", "fileuri", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, filepath.Base(f)), data, 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// isAbs reports whether p is an absolute path on the system goos.
func isAbs(goos, p string) bool {
	if goos == "windows" {
		return len(p) > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') || strings.HasPrefix(p, `\\`)
	}
	return strings.HasPrefix(p, "/")
}
