package lsp

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// codes returns the sorted codes of diags.
func codes(diags []diagnostic) []string {
	var out []string
	for _, d := range diags {
		out = append(out, d.Code)
	}
	slices.Sort(out)
	return out
}

// TestBrokenPackage checks that the literal checks report in a package
// that neither parses nor type-checks, and in a file outside any module.
func TestBrokenPackage(t *testing.T) {
	t.Parallel()
	const broken = "package m\n\nimport \"example.com/nosuch\"\n\nvar a = \"file://C:/x\"\n\nvar b int = \"s\" + undefined\n\nfunc f() {\n\tnosuch.F(\"file:///a\\\\b\"\n"
	dir := writeModule(t, map[string]string{"m.go": broken, "n.go": "package m\n\nfunc g() { h( }\n"})
	c := newClient(t, initOptions{})
	uri := fileURI(filepath.Join(dir, "m.go"))
	c.open(uri, broken)
	if got := codes(c.diagnostics(uri, 1)); !slices.Equal(got, []string{"backslash", "drive-authority"}) {
		t.Errorf("broken package: diagnostics of kinds %q, want backslash and drive-authority", got)
	}

	// A file in a directory of no module.
	outside := t.TempDir()
	const alone = "package main\n\nimport \"fmt\"\n\nfunc main() { fmt.Println(\"file://C:/x\") }\n"
	name := filepath.Join(outside, "main.go")
	if err := os.WriteFile(name, []byte(alone), 0o644); err != nil {
		t.Fatal(err)
	}
	aloneURI := fileURI(name)
	c.open(aloneURI, alone)
	if got := codes(c.diagnostics(aloneURI, 1)); !slices.Equal(got, []string{"drive-authority"}) {
		t.Errorf("file outside a module: diagnostics of kinds %q, want drive-authority", got)
	}
	// Not even on disk.
	unsaved := fileURI(filepath.Join(outside, "new", "unsaved.go"))
	c.open(unsaved, "package p\n\nvar u = `file:///c|/x`\n")
	if got := codes(c.diagnostics(unsaved, 1)); !slices.Equal(got, []string{"vertical-bar"}) {
		t.Errorf("unsaved file outside a module: diagnostics of kinds %q, want vertical-bar", got)
	}
}

// TestBadMessages checks that the server answers malformed messages with
// errors and keeps serving.
func TestBadMessages(t *testing.T) {
	t.Parallel()
	c := newClient(t, initOptions{})
	for _, tc := range []struct {
		raw  string
		code errorCode
	}{
		{`{"jsonrpc": "2.0", "id": 1, "method": `, codeParseError},
		{`not json`, codeParseError},
		{`{"jsonrpc": "2.0", "id": "bad"}`, codeInvalidRequest},
	} {
		n := len(c.replies)
		c.writeRaw(tc.raw)
		var m *message
		c.waitFor("the error for "+tc.raw, func() bool {
			m = c.replies["null"]
			if tc.code == codeInvalidRequest {
				m = c.replies[`"bad"`]
			}
			return m != nil && len(c.replies) > n
		})
		if m.Error == nil || m.Error.Code != tc.code {
			t.Errorf("%s: response %+v, want error %d", tc.raw, m, tc.code)
		}
		delete(c.replies, "null")
	}
	// A header without a length is skipped.
	if _, err := fmt.Fprint(c.in, "Content-Type: application/vscode-jsonrpc\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	for method, code := range map[string]errorCode{
		"textDocument/hover": codeMethodNotFound,
		"initialize":         codeInvalidRequest,
	} {
		if m := c.call(method, map[string]any{}); m.Error == nil || m.Error.Code != code {
			t.Errorf("%s: response %+v, want error %d", method, m, code)
		}
	}
	// Bad parameters.
	if m := c.call("textDocument/codeAction", []int{1}); m.Error == nil || m.Error.Code != codeInvalidParams {
		t.Errorf("codeAction with bad params: %+v, want error %d", m, codeInvalidParams)
	}
	c.notify("$/cancelRequest", map[string]any{"id": 1})
	c.notify("textDocument/didChange", map[string]any{"textDocument": map[string]any{"uri": "file:///nosuch.go", "version": 2}})
	c.waitFor("an error shown for a change of a closed document", func() bool { return len(c.messages) > 0 })
	// Still serving.
	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": "file:///nosuch.go"}}, &actions)
	if len(actions) != 0 {
		t.Errorf("code actions for a closed document: %+v", actions)
	}
	if code := c.shutdown(); code != 0 {
		t.Errorf("exit code %d, want 0", code)
	}
}

// TestLifecycle checks the exit codes and the requests refused before
// initialize and after shutdown (LSP 3.17, "Shutdown Request", "Exit
// Notification").
func TestLifecycle(t *testing.T) {
	t.Parallel()
	c := newClient(t, initOptions{})
	c.notify("exit", nil)
	if code := <-c.code; code != 1 {
		t.Errorf("exit without shutdown: code %d, want 1", code)
	}
	c.code <- 1

	c = newClient(t, initOptions{})
	if m := c.call("shutdown", nil); m.Error != nil || string(m.Result) != "null" {
		t.Errorf("shutdown: %+v, want a null result", m)
	}
	if m := c.call("textDocument/codeAction", map[string]any{}); m.Error == nil || m.Error.Code != codeInvalidRequest {
		t.Errorf("request after shutdown: %+v, want error %d", m, codeInvalidRequest)
	}
	c.notify("exit", nil)
	if code := <-c.code; code != 0 {
		t.Errorf("exit after shutdown: code %d, want 0", code)
	}
	c.code <- 0
}

// TestDocumentEdgeCases checks a file deleted while open, text that is
// not UTF-8, a 1 MB file and 1,000 changes in a row.
func TestDocumentEdgeCases(t *testing.T) {
	t.Parallel()
	const src = "package m\n\nvar a = \"file://C:/x\"\n"
	dir := writeModule(t, map[string]string{"m.go": src, "n.go": "package m\n\nvar n = \"\xff\xfe file:///a\xff\"\n"})
	c := newClient(t, initOptions{})
	name := filepath.Join(dir, "m.go")
	uri := fileURI(name)
	c.open(uri, src)
	if got := codes(c.diagnostics(uri, 1)); !slices.Equal(got, []string{"drive-authority"}) {
		t.Fatalf("diagnostics of kinds %q, want drive-authority", got)
	}

	// Deleted while open: the buffer is the file.
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	c.replace(uri, 2, src+"var b = `file:///c|/x`\n")
	if got := codes(c.diagnostics(uri, 2)); !slices.Equal(got, []string{"drive-authority", "vertical-bar"}) {
		t.Errorf("deleted file: diagnostics of kinds %q, want drive-authority and vertical-bar", got)
	}
	c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: uri}})

	// Text that is not UTF-8 (JSON decoding makes each bad byte U+FFFD).
	bad := "package m\n\nvar a = \"\xff\xfe\"; var b = \"file://C:/\xe2\x82x\"\n"
	c.writeRaw(fmt.Sprintf(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":%q,"version":3},"contentChanges":[{"text":"%s"}]}}`,
		uri, strings.NewReplacer("\n", `\n`, `"`, `\"`).Replace(bad)))
	diags := c.diagnostics(uri, 3)
	if got := codes(diags); len(got) == 0 || got[0] != "drive-authority" {
		t.Errorf("text not UTF-8: diagnostics of kinds %q, want drive-authority first", got)
	} else if r := diags[0].Range; r.Start.Line != 2 || r.Start.Character != 30 {
		t.Errorf("text not UTF-8: drive-authority at %+v, want 2:30 (each bad byte one U+FFFD)", r.Start)
	}

	// A 1 MB file: declarations, and comments between them.
	var b strings.Builder
	b.WriteString("package m\n\n")
	for i := 0; b.Len() < 1<<20; i++ {
		if i%20 == 0 {
			fmt.Fprintf(&b, "var v%d = \"file:///ok/%d\" // é𝄞\n", i, i)
		} else {
			fmt.Fprintf(&b, "// %d: é𝄞 file:///a b\n", i)
		}
	}
	b.WriteString("var last = \"file://C:/x\"\n")
	big := b.String()
	lines := strings.Count(big, "\n")
	c.replace(uri, 4, big)
	diags = c.diagnostics(uri, 4)
	if len(diags) != 1 || diags[0].Code != "drive-authority" || int(diags[0].Range.Start.Line) != lines-1 {
		t.Errorf("1 MB file: diagnostics %+v, want drive-authority on line %d", diags, lines-1)
	}

	// 1,000 changes, one character each, as fast as the pipe takes them.
	var before runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	c.replace(uri, 5, src)
	text := src
	const unit = "\nvar z = `file://C:/x`//x" // 25 characters, typed 40 times
	version := int32(5)
	for i := range 1000 {
		ch := string(unit[i%len(unit)])
		end := newMapper(text, false).position(len(text))
		version++
		c.notify("textDocument/didChange", didChangeParams{
			TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: version},
			ContentChanges: []contentChange{{Range: &lspRange{Start: end, End: end}, Text: ch}},
		})
		text += ch
	}
	version++
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: version},
		ContentChanges: []contentChange{{Range: &lspRange{Start: position{3, 0}, End: position{3, 0}}, Text: "var y = `file:///c|/x`\n"}},
	})
	split := strings.SplitAfter(text, "\n")
	text = strings.Join(slices.Insert(split, 3, "var y = `file:///c|/x`\n"), "")
	diags = c.diagnostics(uri, version)
	if got := codes(diags); len(got) != 42 || got[0] != "drive-authority" || got[41] != "vertical-bar" {
		t.Errorf("after 1,000 changes: diagnostics of kinds %q, want drive-authority 41 times and vertical-bar", got)
	}
	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{
		"textDocument": textDocumentIdentifier{URI: uri},
		"range":        lspRange{},
		"context":      map[string]any{"diagnostics": []diagnostic{}, "only": []codeActionKind{fixAllKind}},
	}, &actions)
	if len(actions) != 1 {
		t.Fatalf("fix all after 1,000 changes: %d actions", len(actions))
	}
	fixed := applyLSP(t, text, editsOf(t, actions[0], uri, version, false), false)
	want := strings.NewReplacer("file://C:", "file:///C:", "c|", "c:").Replace(text)
	if fixed != want {
		t.Errorf("fix all after 1,000 changes:\n%s\nwant\n%s", fixed, want)
	}
	var after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&after)
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 64<<20 {
		t.Errorf("the heap grew by %d MB over 1,000 changes", grown>>20)
	}
}

// TestWorkspaceModules checks a go.work workspace of two modules, one
// importing the other: the constant of the other module makes a
// construction in the first.
func TestWorkspaceModules(t *testing.T) {
	t.Parallel()
	const a = "package a\n\nimport \"example.com/b\"\n\nfunc URI(p string) string { return b.Prefix + p }\n\nvar _ = \"file://C:/x\"\n"
	dir := writeModule(t, map[string]string{
		"go.work":  "go 1.24\n\nuse (\n\t./a\n\t./b\n)\n",
		"go.mod":   "module example.com/root\n\ngo 1.24\n",
		"a/go.mod": "module example.com/a\n\ngo 1.24\n\nrequire example.com/b v0.0.0\n",
		"a/a.go":   a,
		"b/go.mod": "module example.com/b\n\ngo 1.24\n",
		"b/b.go":   "package b\n\nconst Prefix = \"file://\"\n",
	})
	c := newClient(t, initOptions{})
	uri := fileURI(filepath.Join(dir, "a", "a.go"))
	c.open(uri, a)
	if got := codes(c.diagnostics(uri, 1)); !slices.Equal(got, []string{"construction", "drive-authority"}) {
		t.Errorf("diagnostics of kinds %q, want construction (b.Prefix is \"file://\") and drive-authority", got)
	}
}

// TestWatchedFiles checks that the server asks the client to watch Go
// and module files, and loads a package again when a file is created
// on disk.
func TestWatchedFiles(t *testing.T) {
	t.Parallel()
	const src = "package m\n\nfunc u(p string) string { return prefix + p }\n"
	dir := writeModule(t, map[string]string{"m.go": src})
	c := newClient(t, initOptions{watch: true})
	c.waitFor("client/registerCapability", func() bool {
		return slices.ContainsFunc(c.requests, func(m message) bool {
			return m.Method == "client/registerCapability" && strings.Contains(string(m.Params), `"**/*.go"`) && strings.Contains(string(m.Params), `"**/go.mod"`)
		})
	})
	uri := fileURI(filepath.Join(dir, "m.go"))
	c.open(uri, src)
	if got := codes(c.diagnostics(uri, 1)); len(got) != 0 {
		t.Errorf("prefix undefined: diagnostics of kinds %q, want none", got)
	}
	other := filepath.Join(dir, "other.go")
	if err := os.WriteFile(other, []byte("package m\n\nconst prefix = \"file://\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	n := c.published(uri)
	c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: fileURI(other), Type: fileCreated}}})
	if got := codes(c.diagnosticsAfter(uri, n)); !slices.Equal(got, []string{"construction"}) {
		t.Errorf("after other.go is created: diagnostics of kinds %q, want construction", got)
	}
}

// TestNewImport checks that an import added in the buffer loads the
// imported package's types.
func TestNewImport(t *testing.T) {
	t.Parallel()
	const src = "package m\n\nvar a = 1\n"
	dir := writeModule(t, map[string]string{"m.go": src})
	c := newClient(t, initOptions{})
	uri := fileURI(filepath.Join(dir, "m.go"))
	c.open(uri, src)
	c.diagnostics(uri, 1)
	c.replace(uri, 2, "package m\n\nimport \"net/url\"\n\nvar a = url.URL{Scheme: \"file\", Host: \"C:\", Path: \"/x\"}\n")
	if got := codes(c.diagnostics(uri, 2)); !slices.Equal(got, []string{"drive-authority"}) {
		t.Errorf("after importing net/url: diagnostics of kinds %q, want drive-authority", got)
	}
}
