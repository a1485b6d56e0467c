package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"

	"github.com/fileurilint/fileurilint/internal/modsrc"
)

// A project is one entry of corpus.json.
type project struct {
	Project  string   `json:"project"`
	Module   string   `json:"module"`
	Version  string   `json:"version"`
	Sum      string   `json:"sum,omitempty"` // go.sum hash of the module zip
	Packages []string `json:"packages"`
	Tags     []string `json:"tags,omitempty"` // build tags of the project's own test suites
	// ModEdit holds flags of "go mod edit" that make the copy load, such
	// as -dropreplace of a directory that the module zip lacks.
	ModEdit []string `json:"mod_edit,omitempty"`
	// PkgConfig maps a pkg-config package that the project's cgo code
	// names to the directory of its C headers, "module@version/dir":
	// type-checking runs cgo, which needs the headers and no library.
	PkgConfig map[string]string `json:"pkg_config,omitempty"`
	// CInclude names directories of C headers that the project's cgo
	// dependencies include without pkg-config, each
	// "owner/name@commit:dir" of a repository read from a bare clone in
	// the -mirror directory; cgo is given them with -I.
	CInclude []string `json:"c_include,omitempty"`
	// WindowsCgo turns cgo on for windows, with the MinGW-w64 compiler
	// (Debian's gcc-mingw-w64-x86-64): the project's Windows files import
	// packages that build only with cgo, as a GUI toolkit's OpenGL binding
	// does.
	WindowsCgo bool `json:"windows_cgo,omitempty"`
	// Repo and Commit name a GitHub repository ("owner/name") and a commit
	// of it, for a project that the module proxy does not serve: its tree
	// is read from a bare clone in the -mirror directory, named
	// owner+name/repo, and its dependencies come from the proxy. Version
	// is then "git:" and the commit's first 12 digits.
	Repo   string `json:"repo,omitempty"`
	Commit string `json:"commit,omitempty"`
	Why    string `json:"why"`
}

// A report is one diagnostic of fileurilint, its file relative to the
// project's root.
type report struct {
	File    string `json:"file"`
	Line    int    `json:"line"`
	Col     int    `json:"col"`
	EndLine int    `json:"end_line,omitempty"` // the last line of the range reported
	Kind    string `json:"kind"`
	Message string `json:"message"`
	Fixes   int    `json:"fixes"`
}

// A result is what one run of fileurilint said about one project.
type result struct {
	Project string   `json:"project"`
	Module  string   `json:"module"`
	Version string   `json:"version"`
	Seconds float64  `json:"seconds"`
	Errors  []string `json:"errors,omitempty"`
	// LeftOut lists the packages not analyzed because they, their tests
	// or their dependencies do not load (a module version the proxy no
	// longer serves, a replace directory missing from the module zip).
	LeftOut []string `json:"left_out,omitempty"`
	Reports []report `json:"reports"`
}

// source returns the directory holding p's source, fetching and copying
// it first if needed.
func (e *env) source(p project) (string, error) {
	if p.Module == "std" {
		if p.Version != runtime.Version() {
			return "", fmt.Errorf("%s is pinned at %s, the toolchain is %s", p.Project, p.Version, runtime.Version())
		}
		root, err := goroot()
		if err != nil {
			return "", err
		}
		return filepath.Join(root, "src"), nil
	}
	dst := filepath.Join(e.dir, "src", p.Project+"@"+p.Version)
	if _, err := os.Stat(filepath.Join(dst, "go.mod")); err == nil {
		return realPath(dst)
	}
	tmp := dst + ".tmp"
	if err := os.RemoveAll(tmp); err != nil {
		return "", err
	}
	if p.Repo != "" {
		if err := e.checkout(p, tmp); err != nil {
			return "", err
		}
	} else {
		dir, err := download(p)
		if err != nil {
			return "", err
		}
		if err := modsrc.CopyTree(dir, tmp); err != nil {
			return "", err
		}
	}
	if err := ensureGoMod(tmp, p.Module); err != nil {
		return "", err
	}
	if err := writePkgConfig(p, tmp); err != nil {
		return "", err
	}
	if err := e.writeCInclude(p, tmp); err != nil {
		return "", err
	}
	if len(p.ModEdit) > 0 {
		edit := command(p, tmp, runtime.GOOS, "go", append([]string{"mod", "edit"}, p.ModEdit...)...)
		if out, err := edit.CombinedOutput(); err != nil {
			return "", fmt.Errorf("%s: go mod edit: %v\n%s", p.Project, err, out)
		}
	}
	if err := os.Rename(tmp, dst); err != nil {
		return "", err
	}
	return realPath(dst)
}

// ensureGoMod writes the go.mod that the go command gives a module
// whose zip has none: its module line alone.
func ensureGoMod(dir, module string) error {
	name := filepath.Join(dir, "go.mod")
	if _, err := os.Stat(name); !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return os.WriteFile(name, []byte("module "+module+"\n"), 0o666)
}

// pkgConfigDir is the directory of a project's copy that holds the
// pkg-config files of its PkgConfig; the go command skips it.
const pkgConfigDir = ".pkgconfig"

// writePkgConfig writes, under pkgConfigDir of dir, a pkg-config file for
// each package of p.PkgConfig that adds its headers to cgo's flags.
func writePkgConfig(p project, dir string) error {
	for name, loc := range p.PkgConfig {
		mod, rest, ok := strings.Cut(loc, "@")
		version, sub, _ := strings.Cut(rest, "/")
		if !ok || version == "" {
			return fmt.Errorf("%s: pkg_config %s: %q is not module@version/dir", p.Project, name, loc)
		}
		root, _, err := modsrc.Download(mod, version)
		if err != nil {
			return err
		}
		pc := fmt.Sprintf("Name: %s\nDescription: headers only\nVersion: %s\nCflags: -I%s\nLibs:\n", name, version, filepath.Join(root, sub))
		if err := os.MkdirAll(filepath.Join(dir, pkgConfigDir), 0o777); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, pkgConfigDir, name+".pc"), []byte(pc), 0o666); err != nil {
			return err
		}
	}
	return nil
}

// cIncludeDir is the directory of a project's copy that holds the
// header directories of its CInclude, the i-th in cIncludeDir/i; the go
// command skips it.
const cIncludeDir = ".cinclude"

// writeCInclude writes under cIncludeDir of dir the header directories
// of p.CInclude, read from the repositories' bare clones.
func (e *env) writeCInclude(p project, dir string) error {
	for i, loc := range p.CInclude {
		repo, rest, ok1 := strings.Cut(loc, "@")
		commit, sub, ok2 := strings.Cut(rest, ":")
		if !ok1 || !ok2 || e.mirror == "" {
			return fmt.Errorf("%s: c_include %q is not owner/name@commit:dir read from -mirror", p.Project, loc)
		}
		dst := filepath.Join(dir, cIncludeDir, strconv.Itoa(i))
		if err := os.MkdirAll(dst, 0o777); err != nil {
			return err
		}
		gitDir := filepath.Join(e.mirror, strings.ReplaceAll(repo, "/", "+"), "repo")
		archive := exec.Command("git", "--git-dir="+gitDir, "archive", "--format=tar", commit, sub)
		untar := exec.Command("tar", "-x", "-C", dst)
		pipe, err := archive.StdoutPipe()
		if err != nil {
			return err
		}
		untar.Stdin = pipe
		if err := archive.Start(); err != nil {
			return err
		}
		out, err := untar.CombinedOutput()
		if err := cmp.Or(err, archive.Wait()); err != nil {
			return fmt.Errorf("%s: c_include %s: %v\n%s", p.Project, loc, err, out)
		}
	}
	return nil
}

// realPath returns dir with its links resolved. The go command reports
// files by their real path: a DIR/src that is a link to another tree must
// be resolved for the reports to be named relative to the project.
func realPath(dir string) (string, error) {
	return filepath.EvalSymlinks(dir)
}

// goroot returns the root of the Go tree of the go command: the one
// whose source the project std is, wherever this program was built.
func goroot() (string, error) {
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOROOT: %v", err)
	}
	return strings.TrimSpace(string(out)), nil
}

// download fetches p's module into the module cache, checks its hash
// against the pin of corpus.json and returns its directory.
// checkout writes the files of p's commit, from its bare clone in the
// mirror directory, to dir. A snapshot may lack the blobs of large files
// (videos, images); those are left out and named on stderr.
func (e *env) checkout(p project, dir string) error {
	if e.mirror == "" {
		return fmt.Errorf("%s: a repository's project needs -mirror", p.Project)
	}
	if want := "git:" + p.Commit[:min(12, len(p.Commit))]; p.Version != want {
		return fmt.Errorf("%s: version %q, want %q for commit %s", p.Project, p.Version, want, p.Commit)
	}
	gitDir := filepath.Join(e.mirror, strings.ReplaceAll(p.Repo, "/", "+"), "repo")
	git := func(args ...string) *exec.Cmd {
		return exec.Command("git", append([]string{"--git-dir=" + gitDir}, args...)...)
	}
	tree, err := git("ls-tree", "-r", "-z", p.Commit).Output()
	if err != nil {
		return fmt.Errorf("%s: git ls-tree %s: %v", p.Project, p.Commit, err)
	}
	var entries []treeEntry
	var shas bytes.Buffer
	for rec := range strings.SplitSeq(strings.TrimSuffix(string(tree), "\x00"), "\x00") {
		meta, path, _ := strings.Cut(rec, "\t")
		f := strings.Fields(meta) // mode, type, object
		if len(f) == 3 && f[1] == "blob" {
			entries = append(entries, treeEntry{f[0], path})
			shas.WriteString(f[2] + "\n")
		}
	}
	cat := git("cat-file", "--batch")
	cat.Stdin = &shas
	out, err := cat.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cat.Start(); err != nil {
		return err
	}
	err = writeBlobs(p, bufio.NewReader(out), entries, dir)
	if err != nil {
		cat.Process.Kill()
	}
	return cmp.Or(err, cat.Wait())
}

// A treeEntry is a file of a commit: its mode and its path.
type treeEntry struct{ mode, path string }

// writeBlobs writes under dir the files of entries, whose contents r
// gives in their order as git cat-file --batch prints them.
func writeBlobs(p project, r *bufio.Reader, entries []treeEntry, dir string) error {
	for _, en := range entries {
		header, err := r.ReadString('\n')
		if err != nil {
			return fmt.Errorf("%s: git cat-file: %v", p.Project, err)
		}
		f := strings.Fields(header) // object, type, size; or object, "missing"
		if len(f) == 2 && f[1] == "missing" {
			fmt.Fprintf(os.Stderr, "%s: %s is not in the clone; left out\n", p.Project, en.path)
			continue
		}
		size, err := strconv.Atoi(f[len(f)-1])
		if len(f) != 3 || err != nil {
			return fmt.Errorf("%s: git cat-file: %q", p.Project, header)
		}
		data := make([]byte, size+1) // the blob and a newline
		if _, err := io.ReadFull(r, data); err != nil {
			return fmt.Errorf("%s: git cat-file: %v", p.Project, err)
		}
		name := filepath.Join(dir, filepath.FromSlash(en.path))
		if err := os.MkdirAll(filepath.Dir(name), 0o777); err != nil {
			return err
		}
		switch en.mode {
		case "120000":
			err = os.Symlink(string(data[:size]), name)
		case "100755":
			err = os.WriteFile(name, data[:size], 0o777)
		default:
			err = os.WriteFile(name, data[:size], 0o666)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

func download(p project) (string, error) {
	dir, sum, err := modsrc.Download(p.Module, p.Version)
	if err != nil {
		return "", err
	}
	if p.Sum != "" && sum != p.Sum {
		return "", fmt.Errorf("%s@%s has hash %s, corpus.json pins %s", p.Module, p.Version, sum, p.Sum)
	}
	return dir, nil
}

// command returns a go or fileurilint command run in dir for goos,
// building p with its own go.mod and nothing else.
func command(p project, dir, goos, name string, args ...string) *exec.Cmd {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOTOOLCHAIN=local", "GOOS="+goos)
	if len(p.PkgConfig) > 0 {
		cmd.Env = append(cmd.Env, "PKG_CONFIG_PATH="+filepath.Join(dir, pkgConfigDir))
	}
	if len(p.CInclude) > 0 {
		var flags []string
		for i, loc := range p.CInclude {
			_, sub, _ := strings.Cut(loc, ":")
			flags = append(flags, "-I"+filepath.Join(dir, cIncludeDir, strconv.Itoa(i), sub))
		}
		cmd.Env = append(cmd.Env, "CGO_CFLAGS="+strings.Join(flags, " "))
	}
	if p.WindowsCgo && goos == "windows" {
		cmd.Env = append(cmd.Env, "CGO_ENABLED=1", "CC=x86_64-w64-mingw32-gcc")
	}
	if p.Module != "std" {
		// A downloaded module may lack go.sum lines for its test
		// dependencies; the standard library must use its vendor tree.
		flags := os.Getenv("GOFLAGS") + " -mod=mod"
		if len(p.Tags) > 0 {
			flags += " -tags=" + strings.Join(p.Tags, ",")
		}
		cmd.Env = append(cmd.Env, "GOFLAGS="+strings.TrimSpace(flags))
	}
	return cmd
}

// loadable returns the packages of p that load with their tests, and
// those that do not. If every package loads, it returns p's own patterns.
func loadable(p project, dir, goos string) (pkgs, left []string, err error) {
	args := append([]string{"list", "-e", "-test", "-f", "{{.ImportPath}}\t{{if or .Error .DepsErrors}}broken{{end}}"}, p.Packages...)
	out, err := command(p, dir, goos, "go", args...).Output()
	if err != nil {
		return nil, nil, fmt.Errorf("%s: go list: %v", p.Project, err)
	}
	broken := make(map[string]bool)
	var all []string
	for line := range strings.Lines(string(out)) {
		path, status, _ := strings.Cut(strings.TrimSpace(line), "\t")
		// A test variant "p [p.test]", an external test "p_test [p.test]"
		// and a test main "p.test" all stand for p.
		if i := strings.Index(path, " ["); i >= 0 {
			path = strings.TrimSuffix(path[:i], "_test")
		} else if strings.HasSuffix(path, ".test") {
			continue
		}
		if _, seen := broken[path]; !seen {
			all = append(all, path)
		}
		broken[path] = broken[path] || status != ""
	}
	if !slices.ContainsFunc(all, func(path string) bool { return broken[path] }) {
		return p.Packages, nil, nil
	}
	for _, path := range all {
		if broken[path] {
			left = append(left, path)
		} else {
			pkgs = append(pkgs, path)
		}
	}
	return pkgs, left, nil
}

// resultsDir returns the directory of the results of runs with e's
// flags: DIR/results for the default flags, DIR/results-strict for
// -flags=-strict.
func (e *env) resultsDir() string {
	return filepath.Join(e.dir, "results"+strings.Join(e.flags, ""))
}

// results reads the results of the last run of each project.
func (e *env) results() ([]*result, error) {
	var rs []*result
	for _, p := range e.corpus {
		r := new(result)
		if err := readJSON(filepath.Join(e.resultsDir(), p.Project+".json"), r); err != nil {
			return nil, fmt.Errorf("no results for %s (run first): %v", p.Project, err)
		}
		if r.Version != p.Version {
			return nil, fmt.Errorf("results for %s are of %s, corpus.json pins %s", p.Project, r.Version, p.Version)
		}
		rs = append(rs, r)
	}
	return rs, nil
}

// judgedResults reads the results of the last run of each project, as
// results does, and the judgements of file name into v.
func (e *env) judgedResults(name string, v any) ([]*result, error) {
	rs, err := e.results()
	if err != nil {
		return nil, err
	}
	if err := readJSON(name, v); err != nil {
		return nil, err
	}
	return rs, nil
}

func readJSON(name string, v any) error {
	data, err := os.ReadFile(name)
	if err != nil {
		return err
	}
	if err := json.Unmarshal(data, v); err != nil {
		return fmt.Errorf("%s: %v", name, err)
	}
	return nil
}

func writeJSON(name string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, append(data, '\n'), 0o644)
}
