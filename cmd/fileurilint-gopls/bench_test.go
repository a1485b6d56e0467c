package main

import (
	"bufio"
	"crypto/rand"
	"debug/buildinfo"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fileurilint/fileurilint/fileuri"
)

// BenchmarkDidChangeNetHTTP measures what a gopls costs while net/http,
// the standard library's, is edited. It runs the gopls that
// FILEURILINT_GOPLS_BENCH names, so that a run with a stock gopls and a
// run with a gopls built by this command compare with benchstat:
//
//	FILEURILINT_GOPLS_BENCH=/tmp/stockgopls/gopls go test -run '^$' -bench DidChange -count 6 ./cmd/fileurilint-gopls > stock.txt
//	FILEURILINT_GOPLS_BENCH=/tmp/fgopls/gopls go test -run '^$' -bench DidChange -count 6 ./cmd/fileurilint-gopls > custom.txt
//	benchstat stock.txt custom.txt
//
// FILEURILINT_GOPLS_BENCH_SETTINGS, a JSON object, is added to the
// settings (for example {"analyses": {"fileuri": false}}), and
// FILEURILINT_GOPLS_BENCH_ARGS, words separated by spaces, to gopls's
// command line (for example -profile.cpu=FILE).
//
// Each sub-benchmark starts one gopls with an empty file cache of its
// own (GOPLSCACHE), the workspace folder GOROOT/src (the module std, of
// which net/http is a workspace package) and gopls's default settings,
// but for diagnosticsDelay in delay=0s. It opens server.go and edits it:
// each edit appends a new function with a printf mistake, which gopls's
// own printf analyzer reports, and a file URL that fileuri reports. The
// publication of an edit's version that holds the printf diagnostic is
// the one after the analyzers ran; a gopls built with this module must
// report the file URL in it too. After the first load and warmupEdits
// edits, the timer runs for editsPerOp edits per b.N.
//
// Metrics: ms/diagnose, the median time from a didChange to that
// publication; MB-peak-RSS, the gopls process's VmHWM just before
// shutdown, in MB of 10⁶ bytes; ms/first-load, from didOpen to the first such publication
// (a load of the standard library with an empty file cache).
func BenchmarkDidChangeNetHTTP(b *testing.B) {
	gopls := os.Getenv("FILEURILINT_GOPLS_BENCH")
	if gopls == "" {
		b.Skip("set FILEURILINT_GOPLS_BENCH to the gopls to measure (a stock one or one built by this command)")
	}
	extra := map[string]any{}
	if s := os.Getenv("FILEURILINT_GOPLS_BENCH_SETTINGS"); s != "" {
		if err := json.Unmarshal([]byte(s), &extra); err != nil {
			b.Fatalf("FILEURILINT_GOPLS_BENCH_SETTINGS: %v", err)
		}
	}
	for _, delay := range []struct{ name, setting string }{
		{"delay=default", ""}, // 1s in gopls v0.23
		{"delay=0s", "0s"},
	} {
		b.Run(delay.name, func(b *testing.B) {
			settings := map[string]any{}
			for k, v := range extra {
				settings[k] = v
			}
			if delay.setting != "" {
				settings["diagnosticsDelay"] = delay.setting
			}
			benchEdits(b, gopls, settings)
		})
	}
}

const (
	warmupEdits = 3
	editsPerOp  = 20
)

func benchEdits(b *testing.B, gopls string, settings map[string]any) {
	b.StopTimer()
	goroot, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Fatal(err)
	}
	src := filepath.Join(strings.TrimSpace(string(goroot)), "src")
	file := filepath.Join(src, "net", "http", "server.go")
	data, err := os.ReadFile(file)
	if err != nil {
		b.Fatal(err)
	}
	orig := string(data)
	if !strings.HasSuffix(orig, "\n") || !strings.Contains(orig, "\n\t\"fmt\"\n") {
		b.Fatalf("%s does not import fmt or does not end in a newline", file)
	}
	uri := fileuri.FromPath(file)

	// Every session's edits differ from any earlier session's, so that
	// no result of an earlier session can be reused.
	nonce := make([]byte, 4)
	rand.Read(nonce)
	line := strings.Count(orig+"\n", "\n") // where the appended function is, from 0
	text := func(v int) string {
		return fmt.Sprintf("%s\nfunc fileurilintBench_%x_%d() { u := \"file://C:/edit/%d\"; fmt.Printf(\"%%d\\n\", u) }\n", orig, nonce, v, v)
	}
	// analyzedAt reports whether p, of version v, holds the printf
	// diagnostic of the appended line.
	analyzedAt := func(v int) func(publication) bool {
		return func(p publication) bool {
			return p.Version != nil && *p.Version == v && slices.ContainsFunc(p.Diagnostics, func(d diagnostic) bool {
				return d.Source == "printf" && d.Range.Start.Line == line
			})
		}
	}

	// A gopls built with the analyzer, and not told to turn it off,
	// must report the file URL of every edit: then its analyzer ran.
	wantOurs := hasAnalyzer(b, gopls)
	if a, ok := settings["analyses"].(map[string]any); ok && a["fileuri"] == false {
		wantOurs = false
	}

	b.Setenv("GOPLSCACHE", b.TempDir())
	c := startServer(b, src, append([]string{gopls}, strings.Fields(os.Getenv("FILEURILINT_GOPLS_BENCH_ARGS"))...), settings, settings)
	start := time.Now()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": uri, "languageId": "go", "version": 1, "text": text(1)}})
	p, n := c.waitFor(uri, 0, analyzedAt(1))
	firstLoad := p.at.Sub(start)
	checkOurs := func(p publication) {
		if wantOurs && !slices.ContainsFunc(ours(p), func(d diagnostic) bool { return d.Range.Start.Line == line }) {
			b.Fatalf("version %d: no diagnostic of fileuri on line %d: %+v", *p.Version, line, p.Diagnostics)
		}
	}
	checkOurs(p)

	v := 1
	edit := func() time.Duration {
		v++
		start := time.Now()
		c.notify("textDocument/didChange", map[string]any{
			"textDocument":   map[string]any{"uri": uri, "version": v},
			"contentChanges": []any{map[string]any{"text": text(v)}},
		})
		p, n = c.waitFor(uri, n, analyzedAt(v))
		d := p.at.Sub(start)
		checkOurs(p)
		return d
	}
	for range warmupEdits {
		edit()
	}

	var times []time.Duration
	b.ResetTimer()
	b.StartTimer()
	for range b.N {
		for range editsPerOp {
			times = append(times, edit())
		}
	}
	b.StopTimer()

	slices.Sort(times)
	median := times[len(times)/2]
	if len(times)%2 == 0 {
		median = (times[len(times)/2-1] + times[len(times)/2]) / 2
	}
	b.ReportMetric(float64(median)/float64(time.Millisecond), "ms/diagnose")
	b.ReportMetric(float64(peakRSS(b, c.cmd.Process.Pid))/1e6, "MB-peak-RSS") // MB of 10⁶ bytes, as benchstat reads it
	b.ReportMetric(float64(firstLoad)/float64(time.Millisecond), "ms/first-load")
}

// hasAnalyzer reports whether the gopls binary was built with this
// module, so with the analyzer.
func hasAnalyzer(b *testing.B, gopls string) bool {
	bi, err := buildinfo.ReadFile(gopls)
	if err != nil {
		b.Fatalf("%s: %v", gopls, err)
	}
	return slices.ContainsFunc(bi.Deps, func(m *debug.Module) bool { return m.Path == selfModule })
}

// peakRSS returns the peak resident set size of process pid, in bytes:
// VmHWM of /proc/PID/status.
func peakRSS(b *testing.B, pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	s := bufio.NewScanner(f)
	for s.Scan() {
		if v, ok := strings.CutPrefix(s.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			if err != nil {
				b.Fatalf("VmHWM: %v", err)
			}
			return kb << 10
		}
	}
	b.Fatalf("no VmHWM in /proc/%d/status", pid)
	return 0
}
