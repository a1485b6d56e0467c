package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/fileurilint/fileurilint/fileuri"
)

// A client drives a Server through a pipe, as an editor would.
type client struct {
	t    testing.TB
	conn *conn
	in   io.WriteCloser // the server's input
	code chan int       // the server's exit code

	mu       sync.Mutex
	changed  *sync.Cond
	nextID   int
	replies  map[string]*message
	diags    map[string]publishDiagnosticsParams // the last of each URI
	count    map[string]int                      // publications for each URI
	messages []showMessageParams
	config   func(item configurationItem) any // answers workspace/configuration
	timeout  time.Duration                    // of waits, if not the default
	requests []message                        // other requests from the server
	init     struct {
		Capabilities struct {
			PositionEncoding string `json:"positionEncoding"`
		} `json:"capabilities"`
	} // what the tests read of the initialize result
}

// initOptions are the options of a client's initialize request.
type initOptions struct {
	encodings  []string
	settings   any
	config     func(configurationItem) any
	docChanges bool
	root       string // the workspace's root directory, if any
	watch      bool   // the client watches files for the server
}

// newClient starts a server and initializes it.
func newClient(t testing.TB, opts initOptions) *client {
	t.Helper()
	cr, sw := io.Pipe() // server to client
	sr, cw := io.Pipe() // client to server
	s := NewServer(sr, sw, 20*time.Millisecond, testLogger())
	code := make(chan int, 1)
	go func() {
		code <- s.Run(context.Background())
		sw.Close()
	}()
	c := startClient(t, cr, cw, code)
	c.initialize(opts)
	return c
}

// startClient returns a client of the server that reads from w and
// writes to r, and whose exit code arrives on code; closing w stops it.
func startClient(t testing.TB, r io.Reader, w io.WriteCloser, code chan int) *client {
	c := &client{
		t:       t,
		conn:    newConn(r, w),
		in:      w,
		code:    code,
		replies: make(map[string]*message),
		diags:   make(map[string]publishDiagnosticsParams),
		count:   make(map[string]int),
	}
	c.changed = sync.NewCond(&c.mu)
	go c.readLoop()
	t.Cleanup(func() {
		w.Close()
		select {
		case <-c.code:
		case <-time.After(10 * time.Second):
			t.Error("the server did not stop after its input closed")
		}
	})
	return c
}

// initialize sends initialize and initialized.
func (c *client) initialize(opts initOptions) {
	c.t.Helper()
	c.config = opts.config
	caps := map[string]any{
		"general": map[string]any{"positionEncodings": opts.encodings},
		"workspace": map[string]any{
			"configuration":         opts.config != nil,
			"workspaceEdit":         map[string]any{"documentChanges": opts.docChanges},
			"didChangeWatchedFiles": map[string]any{"dynamicRegistration": opts.watch},
		},
	}
	var root any
	if opts.root != "" {
		root = fileURI(opts.root)
	}
	c.mustCall("initialize", map[string]any{"processId": nil, "rootUri": root, "capabilities": caps, "initializationOptions": opts.settings}, &c.init)
	c.notify("initialized", map[string]any{})
}

func (c *client) readLoop() {
	for {
		data, err := c.conn.read()
		if err != nil {
			c.mu.Lock()
			c.changed.Broadcast()
			c.mu.Unlock()
			return
		}
		var m message
		if err := json.Unmarshal(data, &m); err != nil {
			c.t.Errorf("the server sent invalid JSON: %s", data)
			continue
		}
		c.mu.Lock()
		switch {
		case m.Method == "textDocument/publishDiagnostics":
			var p publishDiagnosticsParams
			if err := json.Unmarshal(m.Params, &p); err != nil {
				c.t.Errorf("publishDiagnostics: %v", err)
			}
			c.diags[p.URI] = p
			c.count[p.URI]++
		case m.Method == "window/showMessage":
			var p showMessageParams
			json.Unmarshal(m.Params, &p)
			c.messages = append(c.messages, p)
		case m.Method == "workspace/configuration":
			var p configurationParams
			json.Unmarshal(m.Params, &p)
			res := []any{}
			for _, item := range p.Items {
				if c.config == nil {
					res = append(res, nil)
				} else {
					res = append(res, c.config(item))
				}
			}
			go c.conn.reply(m.ID, res, nil)
		case m.ID != nil && m.Method != "":
			c.requests = append(c.requests, m)
			// Other requests from the server (gopls registers
			// capabilities and creates progress tokens): accept.
			go c.conn.reply(m.ID, nil, nil)
		case m.Method == "":
			c.replies[string(m.ID)] = &m
		}
		c.changed.Broadcast()
		c.mu.Unlock()
	}
}

// waitFor waits until cond, called with c.mu held, holds.
func (c *client) waitFor(what string, cond func() bool) {
	c.t.Helper()
	timeout := 20 * time.Second
	if c.timeout > 0 {
		timeout = c.timeout
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if c.wait(ctx, cond) != nil {
		c.t.Fatalf("timed out waiting for %s", what)
	}
}

// wait waits until cond, called with c.mu held, holds, or ctx is done,
// and then returns ctx's error.
func (c *client) wait(ctx context.Context, cond func() bool) error {
	stop := context.AfterFunc(ctx, func() {
		c.mu.Lock()
		c.changed.Broadcast()
		c.mu.Unlock()
	})
	defer stop()
	c.mu.Lock()
	defer c.mu.Unlock()
	for !cond() {
		if err := ctx.Err(); err != nil {
			return err
		}
		c.changed.Wait()
	}
	return nil
}

// call sends a request and returns its response.
func (c *client) call(method string, params any) *message {
	c.t.Helper()
	id := c.send(method, params)
	var m *message
	c.waitFor("the response to "+method, func() bool { m = c.replies[id]; return m != nil })
	return m
}

// callWithin sends a request and returns its response, or the error of
// ctx if ctx is done first.
func (c *client) callWithin(ctx context.Context, method string, params any) (*message, error) {
	c.t.Helper()
	id := c.send(method, params)
	var m *message
	err := c.wait(ctx, func() bool { m = c.replies[id]; return m != nil })
	return m, err
}

// send sends a request and returns its id.
func (c *client) send(method string, params any) string {
	c.t.Helper()
	c.mu.Lock()
	c.nextID++
	id := strconv.Itoa(c.nextID)
	c.mu.Unlock()
	p, err := json.Marshal(params)
	if err != nil {
		c.t.Fatal(err)
	}
	if err := c.conn.write(&message{ID: json.RawMessage(id), Method: method, Params: p}); err != nil {
		c.t.Fatal(err)
	}
	return id
}

// mustCall sends a request and decodes its result into result.
func (c *client) mustCall(method string, params, result any) {
	c.t.Helper()
	m := c.call(method, params)
	if m.Error != nil {
		c.t.Fatalf("%s: %v", method, m.Error)
	}
	if err := json.Unmarshal(m.Result, result); err != nil {
		c.t.Fatalf("%s: %v in %s", method, err, m.Result)
	}
}

func (c *client) notify(method string, params any) {
	c.t.Helper()
	if err := c.conn.notify(method, params); err != nil {
		c.t.Fatal(err)
	}
}

// writeRaw sends data as the content of one message.
func (c *client) writeRaw(data string) {
	c.t.Helper()
	if _, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(data), data); err != nil {
		c.t.Fatal(err)
	}
}

func (c *client) open(uri, text string) {
	c.t.Helper()
	c.notify("textDocument/didOpen", didOpenParams{TextDocument: textDocumentItem{URI: uri, LanguageID: "go", Version: 1, Text: text}})
}

// replace sends the whole new text of the document as its version.
func (c *client) replace(uri string, version int32, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", didChangeParams{
		TextDocument:   versionedTextDocumentIdentifier{URI: uri, Version: version},
		ContentChanges: []contentChange{{Text: text}},
	})
}

// diagnostics waits for the diagnostics of version of the document uri.
func (c *client) diagnostics(uri string, version int32) []diagnostic {
	c.t.Helper()
	var p publishDiagnosticsParams
	c.waitFor(fmt.Sprintf("diagnostics of %s version %d", uri, version), func() bool {
		var ok bool
		p, ok = c.diags[uri]
		return ok && p.Version != nil && *p.Version == version
	})
	return p.Diagnostics
}

// quickFixes asks for the quick fixes at the diagnostic d of the
// document uri.
func (c *client) quickFixes(uri string, d diagnostic) []codeAction {
	c.t.Helper()
	var actions []codeAction
	c.mustCall("textDocument/codeAction", map[string]any{
		"textDocument": textDocumentIdentifier{URI: uri},
		"range":        d.Range,
		"context":      map[string]any{"diagnostics": []diagnostic{d}, "only": []string{"quickfix"}},
	}, &actions)
	return actions
}

// published returns the number of publications of diagnostics for uri
// so far.
func (c *client) published(uri string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.count[uri]
}

// diagnosticsAfter waits for a publication of diagnostics for uri after
// the first n, and returns the last one.
func (c *client) diagnosticsAfter(uri string, n int) []diagnostic {
	c.t.Helper()
	var p publishDiagnosticsParams
	c.waitFor(fmt.Sprintf("publication %d of diagnostics of %s", n+1, uri), func() bool {
		p = c.diags[uri]
		return c.count[uri] > n
	})
	return p.Diagnostics
}

// shownMessages returns the window/showMessage notifications so far.
func (c *client) shownMessages() []showMessageParams {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.messages)
}

// shutdown sends shutdown and exit and returns the server's exit code.
func (c *client) shutdown() int {
	c.t.Helper()
	if m := c.call("shutdown", nil); m.Error != nil {
		c.t.Fatalf("shutdown: %v", m.Error)
	}
	c.notify("exit", nil)
	select {
	case code := <-c.code:
		c.code <- code
		return code
	case <-time.After(10 * time.Second):
		c.t.Fatal("the server did not exit")
	}
	return -1
}

// writeModule writes a module example.com/m of the files (name to
// text) into a new temporary directory and returns the directory.
func writeModule(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	if _, ok := files["go.mod"]; !ok {
		files["go.mod"] = "module example.com/m\n\ngo 1.24\n"
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// testLogger returns the logger of servers under test: the standard
// error when FILEURILINT_LSP_LOG is set, else nothing.
func testLogger() *log.Logger {
	if os.Getenv("FILEURILINT_LSP_LOG") == "" {
		return nil
	}
	return log.New(os.Stderr, "fileurilint-lsp: ", log.Lmicroseconds)
}

// fileURI returns the URI of the file name.
func fileURI(name string) string { return fileuri.FromPath(name) }
