package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/fileurilint/fileurilint/fileuri"
)

// client is a language client for the tests: it starts a server,
// speaks JSON-RPC with it over pipes, answers its requests
// (workspace/configuration with the settings given) and keeps every
// textDocument/publishDiagnostics it sends.
type client struct {
	t      testing.TB
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	closed chan struct{} // closed when the server's output ends

	mu       sync.Mutex
	nextID   int
	calls    map[int]chan response
	pubs     map[string][]publication // by document URI, in order
	changed  chan struct{}            // closed and replaced at each publication
	settings any
}

type response struct {
	Result json.RawMessage
	Error  *struct {
		Code    int
		Message string
	}
}

// A publication is one textDocument/publishDiagnostics.
type publication struct {
	at          time.Time
	Version     *int
	Diagnostics []diagnostic
}

// A diagnostic is an LSP diagnostic, with its JSON as the server sent
// it, which code action requests send back.
type diagnostic struct {
	raw             json.RawMessage
	Range           lspRange
	Severity        int
	Code            any
	CodeDescription *struct{ Href string }
	Source          string
	Message         string
}

func (d *diagnostic) UnmarshalJSON(data []byte) error {
	type plain diagnostic
	d.raw = slices.Clone(data)
	return json.Unmarshal(data, (*plain)(d))
}

func (d diagnostic) MarshalJSON() ([]byte, error) { return d.raw, nil }

type lspRange struct {
	Start position `json:"start"`
	End   position `json:"end"`
}

type position struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

type textEdit struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}

type codeAction struct {
	Title       string
	Kind        string
	Diagnostics []diagnostic
	Edit        *struct {
		Changes         map[string][]textEdit
		DocumentChanges []struct {
			TextDocument struct{ URI string }
			Edits        []textEdit
		}
	}
	Command any
}

// edits returns the edits of a in the document uri.
func (a codeAction) edits(uri string) []textEdit {
	if a.Edit == nil {
		return nil
	}
	edits := slices.Clone(a.Edit.Changes[uri])
	for _, dc := range a.Edit.DocumentChanges {
		if dc.TextDocument.URI == uri {
			edits = append(edits, dc.Edits...)
		}
	}
	return edits
}

// startServer starts the language server command in dir, a module, and
// initializes it with that folder as the workspace, the given
// initialization options and workspace settings (what
// workspace/configuration answers).
func startServer(t testing.TB, dir string, command []string, initOptions, settings any) *client {
	t.Helper()
	c := &client{t: t, calls: map[int]chan response{}, pubs: map[string][]publication{}, changed: make(chan struct{}), settings: settings, closed: make(chan struct{})}
	c.cmd = exec.Command(command[0], command[1:]...)
	c.cmd.Dir = dir
	c.cmd.Stderr = os.Stderr
	var err error
	if c.stdin, err = c.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go c.read(bufio.NewReader(stdout))
	t.Cleanup(c.shutdown)
	root := fileuri.FromPath(dir)
	var init struct{ Capabilities map[string]any }
	c.call("initialize", map[string]any{
		"processId":             os.Getpid(),
		"rootUri":               root,
		"workspaceFolders":      []any{map[string]any{"uri": root, "name": filepath.Base(dir)}},
		"initializationOptions": initOptions,
		"capabilities": map[string]any{
			"workspace": map[string]any{"configuration": true, "workspaceEdit": map[string]any{"documentChanges": true}},
			"textDocument": map[string]any{
				"publishDiagnostics": map[string]any{"versionSupport": true, "codeDescriptionSupport": true},
				"codeAction": map[string]any{"codeActionLiteralSupport": map[string]any{"codeActionKind": map[string]any{
					"valueSet": []string{"quickfix", "refactor", "source", "source.fixAll", "source.organizeImports"},
				}}},
			},
		},
	}, &init)
	c.notify("initialized", map[string]any{})
	return c
}

// shutdown asks the server to exit and waits for it.
func (c *client) shutdown() {
	done := make(chan error, 1)
	go func() {
		c.call("shutdown", nil, nil)
		c.notify("exit", nil)
		done <- c.cmd.Wait()
	}()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		c.cmd.Process.Kill()
		<-done
	}
}

// read handles the server's messages until its output ends.
func (c *client) read(r *bufio.Reader) {
	defer close(c.closed)
	for {
		data, err := readMessage(r)
		if err != nil {
			return
		}
		var m struct {
			ID     *json.RawMessage
			Method string
			Params json.RawMessage
			response
		}
		if err := json.Unmarshal(data, &m); err != nil {
			c.t.Errorf("bad message from the server: %v: %s", err, data)
			return
		}
		switch {
		case m.Method == "" && m.ID != nil: // a response
			id, _ := strconv.Atoi(string(*m.ID))
			c.mu.Lock()
			ch := c.calls[id]
			delete(c.calls, id)
			c.mu.Unlock()
			if ch != nil {
				ch <- m.response
			}
		case m.ID != nil: // a request
			var result any
			if m.Method == "workspace/configuration" {
				var p struct{ Items []any }
				json.Unmarshal(m.Params, &p)
				all := make([]any, len(p.Items))
				for i := range all {
					all[i] = c.settings
				}
				result = all
			}
			c.send(map[string]any{"jsonrpc": "2.0", "id": m.ID, "result": result})
		case m.Method == "textDocument/publishDiagnostics":
			var p struct {
				URI string
				publication
			}
			if err := json.Unmarshal(m.Params, &p); err != nil {
				c.t.Errorf("bad diagnostics: %v: %s", err, m.Params)
				continue
			}
			p.at = time.Now()
			c.mu.Lock()
			c.pubs[p.URI] = append(c.pubs[p.URI], p.publication)
			close(c.changed)
			c.changed = make(chan struct{})
			c.mu.Unlock()
		}
	}
}

func readMessage(r *bufio.Reader) ([]byte, error) {
	length := -1
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			return nil, err
		}
		line = strings.TrimSpace(line)
		if line == "" {
			break
		}
		if v, ok := strings.CutPrefix(line, "Content-Length:"); ok {
			length, _ = strconv.Atoi(strings.TrimSpace(v))
		}
	}
	if length < 0 {
		return nil, fmt.Errorf("no Content-Length")
	}
	data := make([]byte, length)
	_, err := io.ReadFull(r, data)
	return data, err
}

func (c *client) send(msg any) {
	data, err := json.Marshal(msg)
	if err != nil {
		c.t.Fatal(err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	fmt.Fprintf(c.stdin, "Content-Length: %d\r\n\r\n%s", len(data), data)
}

func (c *client) notify(method string, params any) {
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// call sends a request and decodes its result into result; an error
// response fails the test.
func (c *client) call(method string, params, result any) {
	c.t.Helper()
	c.mu.Lock()
	c.nextID++
	id := c.nextID
	ch := make(chan response, 1)
	c.calls[id] = ch
	c.mu.Unlock()
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	select {
	case r := <-ch:
		if r.Error != nil {
			c.t.Fatalf("%s: error %d: %s", method, r.Error.Code, r.Error.Message)
		}
		if result != nil {
			if err := json.Unmarshal(r.Result, result); err != nil {
				c.t.Fatalf("%s: %v: %s", method, err, r.Result)
			}
		}
	case <-c.closed:
		if method != "shutdown" {
			c.t.Fatalf("%s: the server exited", method)
		}
	case <-time.After(2 * time.Minute):
		c.t.Fatalf("%s: no answer in 2 minutes", method)
	}
}

// waitFor returns the first publication for uri, at or after the n-th,
// that satisfies ok, waiting for it up to a minute.
func (c *client) waitFor(uri string, n int, ok func(publication) bool) (publication, int) {
	c.t.Helper()
	deadline := time.After(time.Minute)
	for {
		c.mu.Lock()
		pubs, changed := c.pubs[uri], c.changed
		c.mu.Unlock()
		for ; n < len(pubs); n++ {
			if ok(pubs[n]) {
				return pubs[n], n + 1
			}
		}
		select {
		case <-changed:
		case <-c.closed:
			c.t.Fatalf("the server exited")
		case <-deadline:
			c.t.Fatalf("no diagnostics as wanted for %s in a minute; last: %+v", uri, pubs[max(0, len(pubs)-1):])
		}
	}
}

// applyEdits returns text with the edits applied; positions are lines
// and bytes (the tests' texts are ASCII, where UTF-16 columns are bytes).
func applyEdits(text string, edits []textEdit) string {
	offset := func(p position) int {
		i := 0
		for range p.Line {
			i += strings.IndexByte(text[i:], '\n') + 1
		}
		return i + p.Character
	}
	slices.SortFunc(edits, func(a, b textEdit) int { return offset(b.Range.Start) - offset(a.Range.Start) })
	for _, e := range edits {
		text = text[:offset(e.Range.Start)] + e.NewText + text[offset(e.Range.End):]
	}
	return text
}
