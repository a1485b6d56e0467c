package lsp

import (
	"context"
	"net/url"
	"path/filepath"
	"testing"
	"time"
)

// TestOtherDocuments checks that the server leaves alone the documents
// that are not Go files on disk, which editors send to every server of a
// buffer: go.mod, an unsaved buffer, a version of a Go file in git (as
// VS Code and vim-fugitive name them). Each request about them is
// answered at once with nothing (a code action request used to wait 30
// s for an analysis that never came), no notification about them shows
// a message, and no diagnostics are published for them; the Go file of
// the module is served as before.
func TestOtherDocuments(t *testing.T) {
	t.Parallel()
	const src = "package m\n\nvar a = \"file://C:/x\"\n"
	dir := writeModule(t, map[string]string{"m.go": src})
	c := newClient(t, initOptions{watch: true})
	goURI := fileURI(filepath.Join(dir, "m.go"))
	c.open(goURI, src)
	c.diagnostics(goURI, 1)

	head := url.QueryEscape(`{"path":"` + filepath.ToSlash(filepath.Join(dir, "m.go")) + `","ref":"HEAD"}`)
	for _, doc := range []struct{ uri, languageID, text string }{
		{fileURI(filepath.Join(dir, "go.mod")), "go.mod", "module example.com/m\n\ngo 1.24\n"},
		{fileURI(filepath.Join(dir, "notes.txt")), "plaintext", "see file://C:/x\n"},
		{"untitled:Untitled-1", "go", src},
		{"git:" + filepath.ToSlash(filepath.Join(dir, "m.go")) + "?" + head, "go", src},
		{"fugitive://" + filepath.ToSlash(filepath.Join(dir, ".git")) + "//0/m.go", "go", src},
	} {
		c.notify("textDocument/didOpen", didOpenParams{TextDocument: textDocumentItem{URI: doc.uri, LanguageID: doc.languageID, Version: 1, Text: doc.text}})
		c.replace(doc.uri, 2, doc.text+"\n")
		c.notify("textDocument/didSave", didSaveParams{TextDocument: textDocumentIdentifier{URI: doc.uri}})
		c.notify("workspace/didChangeWatchedFiles", didChangeWatchedFilesParams{Changes: []fileEvent{{URI: doc.uri, Type: fileChanged}}})
		for _, req := range []struct {
			method string
			params map[string]any
			want   string
		}{
			{"textDocument/codeAction", map[string]any{
				"textDocument": textDocumentIdentifier{URI: doc.uri},
				"range":        lspRange{End: position{Line: 2, Character: 5}},
				"context":      map[string]any{"diagnostics": []diagnostic{}},
			}, "[]"},
			{"textDocument/codeAction", map[string]any{
				"textDocument": textDocumentIdentifier{URI: doc.uri},
				"range":        lspRange{},
				"context":      map[string]any{"diagnostics": []diagnostic{}, "only": []codeActionKind{fixAllKind}},
			}, "[]"},
			// A request the server does not offer.
			{"textDocument/hover", map[string]any{
				"textDocument": textDocumentIdentifier{URI: doc.uri},
				"position":     position{Line: 2},
			}, "null"},
		} {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			m, err := c.callWithin(ctx, req.method, req.params)
			cancel()
			switch {
			case err != nil:
				t.Errorf("%s on %s: no answer: %v", req.method, doc.uri, err)
			case m.Error != nil || string(m.Result) != req.want:
				t.Errorf("%s on %s: result %s, error %v; want %s", req.method, doc.uri, m.Result, m.Error, req.want)
			}
		}
		c.notify("textDocument/didClose", didCloseParams{TextDocument: textDocumentIdentifier{URI: doc.uri}})
	}

	// Answered after every notification above was handled: whatever
	// they showed has arrived.
	if got := len(c.quickFixes(goURI, c.diagnostics(goURI, 1)[0])); got != 1 {
		t.Errorf("the Go file: %d quick fixes, want 1", got)
	}
	for _, m := range c.shownMessages() {
		t.Errorf("message shown: %q", m.Message)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for uri, n := range c.count {
		if uri != goURI {
			t.Errorf("%d publications of diagnostics for %s", n, uri)
		}
	}
}
