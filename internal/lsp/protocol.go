package lsp

import "encoding/json"

// The structures of the Language Server Protocol 3.17 that the server
// reads or writes, with only the fields it uses, and the values of the
// protocol's enumerations that they hold.

// A positionEncodingKind is how the characters of a position are counted
// (LSP 3.17, "PositionEncodingKind").
type positionEncodingKind string

const (
	encodingUTF8  positionEncodingKind = "utf-8"  // bytes
	encodingUTF16 positionEncodingKind = "utf-16" // UTF-16 code units
	encodingUTF32 positionEncodingKind = "utf-32" // runes
)

// A textDocumentSyncKind is how the client sends the changes of a
// document (LSP 3.17, "TextDocumentSyncKind").
type textDocumentSyncKind int

const (
	syncNone        textDocumentSyncKind = 0 // no changes
	syncFull        textDocumentSyncKind = 1 // the whole text
	syncIncremental textDocumentSyncKind = 2 // the edited ranges
)

// A codeActionKind is the kind of a code action (LSP 3.17,
// "CodeActionKind"); a kind names its sub-kinds by dotted suffixes.
type codeActionKind string

const quickFixKind codeActionKind = "quickfix"

// A messageType is the kind of a message shown to the user (LSP 3.17,
// "MessageType").
type messageType int

const (
	messageError   messageType = 1
	messageWarning messageType = 2
	messageInfo    messageType = 3
	messageLog     messageType = 4
)

// A diagnosticSeverity is the severity of a diagnostic (LSP 3.17,
// "DiagnosticSeverity").
type diagnosticSeverity int

const (
	severityError       diagnosticSeverity = 1
	severityWarning     diagnosticSeverity = 2
	severityInformation diagnosticSeverity = 3
	severityHint        diagnosticSeverity = 4
)

// A fileChangeType is what happened to a file on disk (LSP 3.17,
// "FileChangeType").
type fileChangeType int

const (
	fileCreated fileChangeType = 1
	fileChanged fileChangeType = 2
	fileDeleted fileChangeType = 3
)

type initializeParams struct {
	InitializationOptions json.RawMessage `json:"initializationOptions"`
	Capabilities          struct {
		General struct {
			PositionEncodings []positionEncodingKind `json:"positionEncodings"`
		} `json:"general"`
		Workspace struct {
			Configuration         bool `json:"configuration"`
			DidChangeWatchedFiles struct {
				DynamicRegistration bool `json:"dynamicRegistration"`
			} `json:"didChangeWatchedFiles"`
			WorkspaceEdit struct {
				DocumentChanges bool `json:"documentChanges"`
			} `json:"workspaceEdit"`
		} `json:"workspace"`
	} `json:"capabilities"`
}

type initializeResult struct {
	Capabilities serverCapabilities `json:"capabilities"`
	ServerInfo   serverInfo         `json:"serverInfo"`
}

type serverInfo struct {
	Name string `json:"name"`
}

type serverCapabilities struct {
	PositionEncoding   positionEncodingKind `json:"positionEncoding"`
	TextDocumentSync   textDocumentSync     `json:"textDocumentSync"`
	CodeActionProvider codeActionProvider   `json:"codeActionProvider"`
}

type textDocumentSync struct {
	OpenClose bool                 `json:"openClose"`
	Change    textDocumentSyncKind `json:"change"`
	Save      saveOptions          `json:"save"`
}

type saveOptions struct {
	IncludeText bool `json:"includeText"`
}

type codeActionProvider struct {
	CodeActionKinds []codeActionKind `json:"codeActionKinds"`
}

type position struct {
	Line      uint32 `json:"line"`
	Character uint32 `json:"character"`
}

type lspRange struct {
	Start position `json:"start"`
	End   position `json:"end"`
}

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type versionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int32  `json:"version"`
}

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int32  `json:"version"`
	Text       string `json:"text"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type didChangeParams struct {
	TextDocument   versionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []contentChange                 `json:"contentChanges"`
}

// A contentChange replaces Range, or the whole text when Range is nil.
type contentChange struct {
	Range *lspRange `json:"range"`
	Text  string    `json:"text"`
}

type didSaveParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type didChangeConfigurationParams struct {
	Settings json.RawMessage `json:"settings"`
}

type configurationParams struct {
	Items []configurationItem `json:"items"`
}

type configurationItem struct {
	Section string `json:"section"`
}

type showMessageParams struct {
	Type    messageType `json:"type"`
	Message string      `json:"message"`
}

type diagnostic struct {
	Range           lspRange           `json:"range"`
	Severity        diagnosticSeverity `json:"severity"`
	Code            string             `json:"code,omitempty"`
	CodeDescription *codeDescription   `json:"codeDescription,omitempty"`
	Source          string             `json:"source"`
	Message         string             `json:"message"`
}

type codeDescription struct {
	Href string `json:"href"`
}

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int32       `json:"version,omitempty"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        lspRange               `json:"range"`
	Context      struct {
		Diagnostics []diagnostic     `json:"diagnostics"`
		Only        []codeActionKind `json:"only"`
	} `json:"context"`
}

type codeAction struct {
	Title       string         `json:"title"`
	Kind        codeActionKind `json:"kind"`
	Diagnostics []diagnostic   `json:"diagnostics,omitempty"`
	IsPreferred bool           `json:"isPreferred,omitempty"`
	Edit        *workspaceEdit `json:"edit"`
}

type workspaceEdit struct {
	Changes         map[string][]textEdit `json:"changes,omitempty"`
	DocumentChanges []textDocumentEdit    `json:"documentChanges,omitempty"`
}

type textDocumentEdit struct {
	TextDocument versionedTextDocumentIdentifier `json:"textDocument"`
	Edits        []textEdit                      `json:"edits"`
}

type textEdit struct {
	Range   lspRange `json:"range"`
	NewText string   `json:"newText"`
}

type registrationParams struct {
	Registrations []registration `json:"registrations"`
}

type registration struct {
	ID              string `json:"id"`
	Method          string `json:"method"`
	RegisterOptions any    `json:"registerOptions"`
}

type didChangeWatchedFilesRegistrationOptions struct {
	Watchers []fileSystemWatcher `json:"watchers"`
}

type fileSystemWatcher struct {
	GlobPattern string `json:"globPattern"`
}

type didChangeWatchedFilesParams struct {
	Changes []fileEvent `json:"changes"`
}

// A fileEvent is a change of a file on disk.
type fileEvent struct {
	URI  string         `json:"uri"`
	Type fileChangeType `json:"type"`
}
