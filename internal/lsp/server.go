// Package lsp is a Language Server Protocol 3.17 server that reports the
// diagnostics of the fileuri analyzer in the files a client has open and
// offers its suggested fixes as code actions.
//
// The server loads the metadata of the package of each open file once
// (go/packages: files and imports, then the export data of the
// dependencies, which the go command compiles once into its cache). On
// each change it parses again only the changed file and type-checks only
// its package, against the dependencies' export data, read once, with
// the unsaved texts of open files. Only open files are reported, so the
// files that are not open are checked without the function bodies that
// cannot matter to them (see trimBodies). Then it runs the analyzer,
// despite type errors, so that the literal checks report in code that
// does not compile. Each package keeps the findings of its last checks,
// by the texts of its files and the settings, and gives them again for a
// text it has checked, as undo and redo write. Changes are debounced: a change arriving within the
// debounce time of the previous one cancels the analysis under way and
// waits for a quiet moment. The metadata is loaded again when a file
// imports a package it lacks, when go.mod, go.work or go.sum changes,
// when a file of a dependency is saved or changes on disk, and when a Go
// file is created or deleted in the package's directory (the server asks
// the client to watch these files, when it can).
//
// Only Go files named by file URIs are served. Editors may send the
// server other documents too (go.mod, untitled: buffers, git: and
// fugitive: versions of a file): they are ignored, with no error shown,
// and every request about them is answered at once, with nothing (no
// code actions, else null).
//
// The transport is the LSP base protocol (Content-Length framing) and
// JSON-RPC 2.0, with the few protocol structures the server uses.
package lsp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/fileurilint/fileurilint/analyzer"
	"github.com/fileurilint/fileurilint/fileuri"
)

// DefaultDebounce is the quiet time the server waits for after a burst
// of changes before it analyzes.
const DefaultDebounce = 100 * time.Millisecond

// The states of a server's session.
const (
	stateNew = iota
	stateInitialized
	stateShutdown
)

// A Server serves one client over one connection.
type Server struct {
	conn     *conn
	debounce time.Duration
	logger   *log.Logger

	ctx    context.Context // canceled when the session ends
	cancel context.CancelFunc
	kick   chan struct{} // wakes the analysis worker

	mu         sync.Mutex
	analyzed   *sync.Cond // broadcast when analyses end
	state      int
	utf8       bool // positions count bytes, not UTF-16 units
	docChanges bool // the client takes documentChanges in workspace edits
	pullConfig bool // the client answers workspace/configuration
	watch      bool // the client watches files for the server when asked
	initOpts   json.RawMessage
	analyzer   *analysis.Analyzer
	docs       map[string]*document // open documents, by URI
	pkgs       map[string]*pkg      // packages of open documents, by package ID
	stale      map[string]bool      // packages whose metadata must be loaded again
	dirty      map[string]bool      // URIs of documents to analyze
	lastChange time.Time
	burst      bool               // the last change came within debounce of the previous one
	stop       context.CancelFunc // cancels the analysis under way
}

// A document is an open file.
type document struct {
	uri, path string
	version   int32
	text      string
	owner     string  // the ID of its package, "" until loaded
	res       *result // of the last analysis
}

// A result is the outcome of one analysis of a document.
type result struct {
	version  int32
	text     string
	findings []finding
}

// NewServer returns a server that reads messages from r and writes them
// to w. Diagnostics of the server itself go to logger, if not nil.
func NewServer(r io.Reader, w io.Writer, debounce time.Duration, logger *log.Logger) *Server {
	if logger == nil {
		logger = log.New(io.Discard, "", 0)
	}
	s := &Server{
		conn:     newConn(r, w),
		debounce: debounce,
		logger:   logger,
		kick:     make(chan struct{}, 1),
		analyzer: analyzer.New(analyzer.Config{}),
		docs:     make(map[string]*document),
		pkgs:     make(map[string]*pkg),
		stale:    make(map[string]bool),
		dirty:    make(map[string]bool),
	}
	s.analyzed = sync.NewCond(&s.mu)
	return s
}

// Run serves the connection until the client sends exit or closes it,
// and returns the exit code LSP asks for: 0 after a shutdown request, 1
// otherwise.
func (s *Server) Run(ctx context.Context) int {
	s.ctx, s.cancel = context.WithCancel(ctx)
	defer s.cancel()
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		s.worker()
	}()
	defer wg.Wait()
	defer func() {
		s.cancel()
		s.mu.Lock()
		s.analyzed.Broadcast()
		s.mu.Unlock()
	}()
	for {
		data, err := s.conn.read()
		if errors.Is(err, errFraming) {
			s.logger.Print(err)
			continue
		}
		if err != nil {
			if err != io.EOF {
				s.logger.Print(err)
			}
			return s.exitCode()
		}
		var m message
		if err := json.Unmarshal(data, &m); err != nil {
			s.conn.reply(nil, nil, errorf(codeParseError, "invalid JSON: %v", err))
			continue
		}
		if m.Method == "" {
			if m.ID != nil && (m.Result != nil || m.Error != nil) {
				s.conn.deliver(&m)
			} else {
				s.conn.reply(m.ID, nil, errorf(codeInvalidRequest, "a message needs a method or a result"))
			}
			continue
		}
		if m.Method == "exit" {
			return s.exitCode()
		}
		s.handle(&m)
	}
}

func (s *Server) exitCode() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.state == stateShutdown {
		return 0
	}
	return 1
}

// handle dispatches a request or a notification. Notifications are
// handled in order, before the next message is read; requests that may
// wait for an analysis run in a goroutine of their own.
func (s *Server) handle(m *message) {
	s.mu.Lock()
	state := s.state
	s.mu.Unlock()
	if m.isCall() {
		switch {
		case m.Method == "initialize":
			if state != stateNew {
				s.conn.reply(m.ID, nil, errorf(codeInvalidRequest, "initialize sent twice"))
				return
			}
		case state == stateNew:
			s.conn.reply(m.ID, nil, errorf(codeServerNotInitialized, "%s before initialize", m.Method))
			return
		case state == stateShutdown:
			s.conn.reply(m.ID, nil, errorf(codeInvalidRequest, "%s after shutdown", m.Method))
			return
		}
		if !servesRequest(m) {
			// A document the server does not serve: nothing to say,
			// and nothing to wait for.
			var empty any
			if m.Method == "textDocument/codeAction" {
				empty = []codeAction{}
			}
			s.conn.reply(m.ID, empty, nil)
			return
		}
		switch m.Method {
		case "initialize":
			reply(s, m, s.initialize)
		case "shutdown":
			s.mu.Lock()
			s.state = stateShutdown
			s.mu.Unlock()
			s.conn.reply(m.ID, nil, nil)
		case "textDocument/codeAction":
			go reply(s, m, s.codeAction)
		default:
			s.conn.reply(m.ID, nil, errorf(codeMethodNotFound, "method %s not found", m.Method))
		}
		return
	}
	if state != stateInitialized {
		return // notifications before initialize or after shutdown are dropped (LSP 3.17, "Initialize Request")
	}
	var err error
	switch m.Method {
	case "initialized":
		go s.pullSettings()
		go s.registerWatchers()
	case "textDocument/didOpen":
		err = notification(m, s.didOpen)
	case "textDocument/didChange":
		err = notification(m, s.didChange)
	case "textDocument/didSave":
		err = notification(m, s.didSave)
	case "textDocument/didClose":
		err = notification(m, s.didClose)
	case "workspace/didChangeConfiguration":
		err = notification(m, s.didChangeConfiguration)
	case "workspace/didChangeWatchedFiles":
		err = notification(m, s.didChangeWatchedFiles)
	default:
		// Other notifications, "$/..." ones among them, may be ignored
		// (LSP 3.17, "$ Notifications and Requests").
	}
	if err != nil {
		s.logger.Printf("%s: %v", m.Method, err)
		s.showMessage(messageError, fmt.Sprintf("fileurilint: %s: %v", m.Method, err))
	}
}

// reply decodes the params of the request m, calls f and sends its
// result or error.
func reply[P, R any](s *Server, m *message, f func(P) (R, error)) {
	var params P
	if err := json.Unmarshal(orNull(m.Params), &params); err != nil {
		s.conn.reply(m.ID, nil, errorf(codeInvalidParams, "%s: %v", m.Method, err))
		return
	}
	res, err := f(params)
	if err != nil {
		var rerr *rpcError
		if !errors.As(err, &rerr) {
			rerr = errorf(codeInternalError, "%v", err)
		}
		s.conn.reply(m.ID, nil, rerr)
		return
	}
	s.conn.reply(m.ID, res, nil)
}

// notification decodes the params of m and calls f.
func notification[P any](m *message, f func(P) error) error {
	var params P
	if err := json.Unmarshal(orNull(m.Params), &params); err != nil {
		return fmt.Errorf("invalid params: %v", err)
	}
	return f(params)
}

func orNull(data json.RawMessage) json.RawMessage {
	if data == nil {
		return json.RawMessage("null")
	}
	return data
}

func (s *Server) showMessage(typ messageType, msg string) {
	s.conn.notify("window/showMessage", showMessageParams{Type: typ, Message: msg})
}

func (s *Server) initialize(params initializeParams) (initializeResult, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.utf8 = slices.Contains(params.Capabilities.General.PositionEncodings, encodingUTF8)
	s.docChanges = params.Capabilities.Workspace.WorkspaceEdit.DocumentChanges
	s.pullConfig = params.Capabilities.Workspace.Configuration
	s.watch = params.Capabilities.Workspace.DidChangeWatchedFiles.DynamicRegistration
	s.initOpts = params.InitializationOptions
	s.state = stateInitialized
	s.applySettingsLocked(params.InitializationOptions)
	enc := encodingUTF16
	if s.utf8 {
		enc = encodingUTF8
	}
	return initializeResult{
		Capabilities: serverCapabilities{
			PositionEncoding:   enc,
			TextDocumentSync:   textDocumentSync{OpenClose: true, Change: syncIncremental, Save: saveOptions{}},
			CodeActionProvider: codeActionProvider{CodeActionKinds: []codeActionKind{quickFixKind, fixAllKind}},
		},
		ServerInfo: serverInfo{Name: "fileurilint-lsp"},
	}, nil
}

// applySettingsLocked reads the settings data into the analyzer's
// configuration, reports the problems found in them to the client, and
// analyzes every open document again.
func (s *Server) applySettingsLocked(data json.RawMessage) {
	a, problems := parseSettings(data)
	if len(problems) > 0 {
		go s.showMessage(messageError, "fileurilint settings: "+strings.Join(problems, "; "))
	}
	s.analyzer = a
	for uri := range s.docs {
		s.dirty[uri] = true
	}
	s.kickLocked()
}

// pullSettings asks the client for the section "fileurilint" of its
// configuration, when it can answer, and applies it unless it is null.
func (s *Server) pullSettings() {
	if !s.capable(&s.pullConfig) {
		return
	}
	resp := s.request("workspace/configuration", configurationParams{Items: []configurationItem{{Section: section}}})
	var items []json.RawMessage
	if resp == nil || resp.Error != nil || json.Unmarshal(resp.Result, &items) != nil || len(items) != 1 || string(items[0]) == "null" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.applySettingsLocked(items[0])
}

// capable reports the value of the client's capability *c.
func (s *Server) capable(c *bool) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return *c
}

// request sends a request to the client and returns its response, or
// nil if it cannot be sent or the session ends first.
func (s *Server) request(method string, params any) *message {
	ch, err := s.conn.call(method, params)
	if err != nil {
		return nil
	}
	select {
	case resp := <-ch:
		return resp
	case <-s.ctx.Done():
		return nil
	}
}

func (s *Server) didChangeConfiguration(params didChangeConfigurationParams) error {
	var obj map[string]json.RawMessage
	if json.Unmarshal(params.Settings, &obj) == nil && obj[section] != nil {
		s.mu.Lock()
		defer s.mu.Unlock()
		s.applySettingsLocked(obj[section])
		return nil
	}
	// No settings of ours in the notification: ask for them.
	go s.pullSettings()
	return nil
}

// uriPath returns the file name of a file URI.
func uriPath(uri string) (string, error) {
	p, err := fileuri.ToPath(uri)
	if err != nil {
		return "", err
	}
	return filepath.Clean(p), nil
}

// isFileURI reports whether uri has the scheme file. Documents of other
// schemes (untitled:, git:, fugitive:) are buffers of the editor, not
// files the go command can load.
func isFileURI(uri string) bool {
	scheme, _, ok := strings.Cut(uri, ":")
	return ok && strings.EqualFold(scheme, "file")
}

// serves reports whether the server analyzes the document uri: a Go
// file, named by a file URI. A file URI that names no path is taken for
// a Go file if it ends in ".go", so that its error shows.
func serves(uri string) bool {
	if !isFileURI(uri) {
		return false
	}
	if path, err := uriPath(uri); err == nil {
		uri = path
	} else {
		uri, _, _ = strings.Cut(uri, "?")
		uri, _, _ = strings.Cut(uri, "#")
	}
	return strings.HasSuffix(uri, ".go")
}

// servesRequest reports whether the request m is about no document or
// about one the server serves.
func servesRequest(m *message) bool {
	if !strings.HasPrefix(m.Method, "textDocument/") {
		return true
	}
	var p struct {
		TextDocument *textDocumentIdentifier `json:"textDocument"`
	}
	if json.Unmarshal(orNull(m.Params), &p) != nil || p.TextDocument == nil {
		return true // the method's own decoding reports bad params
	}
	return serves(p.TextDocument.URI)
}

func (s *Server) didOpen(params didOpenParams) error {
	td := params.TextDocument
	if !serves(td.URI) {
		return nil
	}
	path, err := uriPath(td.URI)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.docs[td.URI] = &document{uri: td.URI, path: path, version: td.Version, text: td.Text}
	s.changedLocked(path)
	return nil
}

func (s *Server) didChange(params didChangeParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[params.TextDocument.URI]
	if d == nil {
		if !serves(params.TextDocument.URI) {
			return nil
		}
		return fmt.Errorf("%s is not open", params.TextDocument.URI)
	}
	text, err := applyChanges(d.text, params.ContentChanges, s.utf8)
	if err != nil {
		return err
	}
	d.text, d.version = text, params.TextDocument.Version
	s.changedLocked(d.path)
	return nil
}

func (s *Server) didSave(params didSaveParams) error {
	if !isFileURI(params.TextDocument.URI) {
		return nil
	}
	path, err := uriPath(params.TextDocument.URI)
	if err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.changedOnDiskLocked(path, false)
	return nil
}

// registerWatchers asks the client, when it can, to report the changes
// on disk of Go files and of the go command's module files.
func (s *Server) registerWatchers() {
	if !s.capable(&s.watch) {
		return
	}
	var watchers []fileSystemWatcher
	for _, glob := range []string{"**/*.go", "**/go.mod", "**/go.sum", "**/go.work", "**/go.work.sum"} {
		watchers = append(watchers, fileSystemWatcher{GlobPattern: glob})
	}
	resp := s.request("client/registerCapability", registrationParams{Registrations: []registration{{
		ID:              "fileurilint-watch",
		Method:          "workspace/didChangeWatchedFiles",
		RegisterOptions: didChangeWatchedFilesRegistrationOptions{Watchers: watchers},
	}}})
	if resp != nil && resp.Error != nil {
		s.logger.Printf("client/registerCapability: %v", resp.Error)
	}
}

func (s *Server) didChangeWatchedFiles(params didChangeWatchedFilesParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, ch := range params.Changes {
		if !isFileURI(ch.URI) {
			continue
		}
		path, err := uriPath(ch.URI)
		if err != nil {
			return err
		}
		s.changedOnDiskLocked(path, ch.Type != fileChanged)
	}
	return nil
}

// changedOnDiskLocked records that the file path changed on disk, and
// was created or deleted if setChanged: the packages whose dependencies
// it belongs to have stale export data, and the packages of its
// directory may have another set of files.
func (s *Server) changedOnDiskLocked(path string, setChanged bool) {
	dir := filepath.Dir(path)
	for id, p := range s.pkgs {
		if p.depDirs[dir] || setChanged && strings.HasSuffix(path, ".go") && len(p.files) > 0 && filepath.Dir(p.files[0]) == dir {
			s.stale[id] = true
			for _, d := range s.docs {
				if d.owner == id {
					s.dirty[d.uri] = true
				}
			}
		}
	}
	s.changedLocked(path)
}

func (s *Server) didClose(params didCloseParams) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	d := s.docs[params.TextDocument.URI]
	if d == nil {
		return nil
	}
	delete(s.docs, d.uri)
	delete(s.dirty, d.uri)
	// The file's package may be analyzed again with the file's text on
	// disk, which other open files of the package see.
	s.changedLocked(d.path)
	s.dropUnusedLocked()
	s.analyzed.Broadcast()
	go s.conn.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: d.uri, Diagnostics: []diagnostic{}})
	return nil
}

// dropUnusedLocked forgets the packages no open document belongs to.
func (s *Server) dropUnusedLocked() {
	used := make(map[string]bool)
	for _, d := range s.docs {
		used[d.owner] = true
	}
	for id := range s.pkgs {
		if !used[id] {
			delete(s.pkgs, id)
			delete(s.stale, id)
		}
	}
}

// changedLocked records that the file path changed: every open document
// whose package holds it is to be analyzed again. A change of go.mod,
// go.work or go.sum makes all metadata stale.
func (s *Server) changedLocked(path string) {
	switch filepath.Base(path) {
	case "go.mod", "go.work", "go.sum", "go.work.sum":
		for id := range s.pkgs {
			s.stale[id] = true
		}
		for uri := range s.docs {
			s.dirty[uri] = true
		}
	}
	for _, d := range s.docs {
		if d.path == path {
			s.dirty[d.uri] = true
		} else if p := s.pkgs[d.owner]; p != nil && p.holds(path) {
			s.dirty[d.uri] = true
		}
	}
	now := time.Now()
	s.burst = now.Sub(s.lastChange) < s.debounce
	s.lastChange = now
	if s.stop != nil {
		s.stop()
	}
	s.kickLocked()
}

func (s *Server) kickLocked() {
	select {
	case s.kick <- struct{}{}:
	default:
	}
}
