package lsp

import (
	"context"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fileurilint/fileurilint/analyzer"
)

// The benchmarks run fileurilint-lsp and, when it is installed, gopls
// (FILEURILINT_GOPLS, else gopls on PATH or in $GOPATH/bin) as processes
// on the same edits:
//
//	go test -run '^$' -bench DidChange -benchtime 20x -count 3 ./internal/lsp/
//	go test -run '^$' -bench ToolsRSS -benchtime 1x -count 2 ./internal/lsp/
//
// BenchmarkDidChange edits net/http's server.go, in GOROOT, where a user
// types: a statement in the body of a function, which each edit
// replaces, with text never seen before (edit=fresh) or going back and
// forth between two texts seen before (edit=repeated, as undo and redo
// do). It measures the time from a didChange to the diagnostics of that
// version (ns/op; median-ms, its median) and the server's peak RSS
// (peak-RSS-MB).
// BenchmarkToolsRSS opens a file of golang.org/x/tools, copied from the
// module cache (FILEURILINT_TOOLS names another checkout), and reports
// the peak RSS once the file's diagnostics arrive.

// servers returns the command lines of the servers to measure, by name.
func servers(b *testing.B) map[string][]string {
	b.Helper()
	exe := filepath.Join(b.TempDir(), "fileurilint-lsp")
	if out, err := exec.Command("go", "build", "-o", exe, "../../cmd/fileurilint-lsp").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	m := map[string][]string{"fileurilint-lsp": {exe}}
	gopls := os.Getenv("FILEURILINT_GOPLS")
	if gopls == "" {
		gopls, _ = exec.LookPath("gopls")
	}
	if gopls == "" {
		if p := filepath.Join(goEnv(b, "GOPATH"), "bin", "gopls"); fileExists(p) {
			gopls = p
		}
	}
	if gopls != "" {
		m["gopls"] = []string{gopls}
	}
	return m
}

// goEnv returns the value of the go command's variable name.
func goEnv(b *testing.B, name string) string {
	b.Helper()
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		b.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

func fileExists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// startProcess starts the server argv in dir and returns a client of it
// and the server's process.
func startProcess(b *testing.B, argv []string, dir string) (*client, *os.Process) {
	b.Helper()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = dir
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		b.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		b.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	code := make(chan int, 1)
	go func() {
		cmd.Wait()
		code <- cmd.ProcessState.ExitCode()
	}()
	return startClient(b, out, in, code), cmd.Process
}

// peakRSS returns the peak resident set size of the process in MB, from
// /proc (Linux).
func peakRSS(b *testing.B, p *os.Process) float64 {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", p.Pid))
	if err != nil {
		b.Fatal(err)
	}
	for line := range strings.Lines(string(data)) {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.Atoi(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")))
			if err != nil {
				b.Fatal(err)
			}
			return float64(kb) / 1024
		}
	}
	b.Fatal("no VmHWM in /proc status")
	return 0
}

func BenchmarkDidChange(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("peak RSS is read from /proc")
	}
	goroot := goEnv(b, "GOROOT")
	dir := filepath.Join(goroot, "src", "net", "http")
	name := filepath.Join(dir, "server.go")
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	text := string(data)
	uri := fileURI(name)
	const fn = "func (c *conn) serve(ctx context.Context) {\n"
	i := strings.Index(text, fn)
	if i < 0 {
		b.Fatalf("no %q in %s", fn, name)
	}
	at := position{Line: uint32(strings.Count(text[:i+len(fn)], "\n"))}
	text = text[:i+len(fn)] + "\t_ = 0\n" + text[i+len(fn):] // the line each edit replaces
	srvs := servers(b)
	for _, srv := range slices.Sorted(maps.Keys(srvs)) {
		argv := srvs[srv]
		b.Run("server="+srv, func(b *testing.B) {
			c, proc := startProcess(b, argv, dir)
			c.timeout = 2 * time.Minute
			// gopls diagnoses a package of GOROOT when GOROOT/src is
			// its workspace.
			c.initialize(initOptions{root: filepath.Join(goroot, "src")})
			c.open(uri, text)
			version := int32(1)
			// edit replaces the line and waits for the diagnostics.
			edit := func(line string) time.Duration {
				version++
				start := time.Now()
				c.notify("textDocument/didChange", didChangeParams{
					TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: version},
					ContentChanges: []contentChange{{Range: &lspRange{Start: at, End: position{Line: at.Line + 1}}, Text: line}},
				})
				// Both servers report the line: a type error, a file URI.
				if !slices.ContainsFunc(c.diagnostics(uri, version), func(d diagnostic) bool { return d.Range.Start.Line == at.Line }) {
					b.Fatalf("%s: no diagnostic of the edited line", srv)
				}
				return time.Since(start)
			}
			// Warm up: the first diagnostics come after the server loads
			// the package.
			edit(fmt.Sprintf("\tvar _ int = \"file://C:/x%d\"\n", time.Now().UnixNano()))
			// A fresh edit writes text never seen before: gopls keeps
			// results on disk by content (its file cache), and
			// fileurilint-lsp the findings of a package's last checks
			// in memory, and both answer a text they have seen from
			// there. A repeated edit goes back and forth between two
			// texts both servers have seen, as undo and redo do.
			seen := []string{"\tvar _ int = \"file://C:/a\"\n", "\tvar _ int = \"file://C:/b\"\n"}
			for _, line := range seen {
				edit(line)
			}
			flip := 0 // the next text of seen, which differs from the last
			for _, mode := range []string{"fresh", "repeated"} {
				b.Run("edit="+mode, func(b *testing.B) {
					var times []time.Duration
					for i := range b.N {
						b.StopTimer()
						time.Sleep(300 * time.Millisecond) // one edit, not a burst
						line := seen[flip%2]
						if mode == "fresh" {
							line = fmt.Sprintf("\tvar _ int = \"file://C:/x%d-%d\"\n", time.Now().UnixNano(), i)
						} else {
							flip++
						}
						b.StartTimer()
						times = append(times, edit(line))
					}
					b.StopTimer()
					slices.Sort(times)
					b.ReportMetric(float64(times[len(times)/2])/1e6, "median-ms")
					b.ReportMetric(peakRSS(b, proc), "peak-RSS-MB")
				})
			}
			c.shutdown()
		})
	}
}

func BenchmarkToolsRSS(b *testing.B) {
	if runtime.GOOS != "linux" {
		b.Skip("peak RSS is read from /proc")
	}
	root := os.Getenv("FILEURILINT_TOOLS")
	if root == "" {
		out, err := exec.Command("go", "list", "-m", "-f", "{{.Dir}}", "golang.org/x/tools").Output()
		if err != nil {
			b.Fatal(err)
		}
		root = filepath.Join(b.TempDir(), "tools")
		if out, err := exec.Command("cp", "-r", strings.TrimSpace(string(out)), root).CombinedOutput(); err != nil {
			b.Fatalf("cp: %v\n%s", err, out)
		}
		if out, err := exec.Command("chmod", "-R", "u+w", root).CombinedOutput(); err != nil {
			b.Fatalf("chmod: %v\n%s", err, out)
		}
	}
	name := filepath.Join(root, "go", "analysis", "passes", "printf", "printf.go")
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	srvs := servers(b)
	for _, srv := range slices.Sorted(maps.Keys(srvs)) {
		argv := srvs[srv]
		b.Run("server="+srv, func(b *testing.B) {
			for range b.N {
				c, proc := startProcess(b, argv, root)
				c.timeout = 2 * time.Minute
				c.initialize(initOptions{root: root})
				c.open(fileURI(name), string(data))
				c.diagnostics(fileURI(name), 1)
				// gopls goes on to diagnose its whole workspace.
				time.Sleep(5 * time.Second)
				b.ReportMetric(peakRSS(b, proc), "peak-RSS-MB")
				c.shutdown()
			}
		})
	}
}

// BenchmarkCheck measures one check of net/http after an edit of
// server.go, in process: parse the file, type-check the package, run the
// analyzer.
func BenchmarkCheck(b *testing.B) {
	name := filepath.Join(goEnv(b, "GOROOT"), "src", "net", "http", "server.go")
	data, err := os.ReadFile(name)
	if err != nil {
		b.Fatal(err)
	}
	p, err := loadPackage(context.Background(), name, nil)
	if err != nil {
		b.Fatal(err)
	}
	a := analyzer.New(analyzer.Config{})
	b.ResetTimer()
	for i := range b.N {
		text := string(data) + fmt.Sprintf("var _ int = \"file://C:/x%d\"\n", i)
		if _, err := p.check(context.Background(), a, map[string]string{name: text}); err != nil {
			b.Fatal(err)
		}
	}
}
