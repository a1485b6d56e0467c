package lsp

import (
	"slices"
	"strings"
	"time"
)

// fixAllKind is the code action kind of the action that applies every
// fix of a file (LSP 3.17, "CodeActionKind": source.fixAll, with the
// server's name as gopls and eslint name theirs).
const fixAllKind codeActionKind = "source.fixAll.fileurilint"

// codeActionWait bounds the time a code action request waits for the
// analysis of the document's current text.
const codeActionWait = 30 * time.Second

func (s *Server) codeAction(params codeActionParams) ([]codeAction, error) {
	uri := params.TextDocument.URI
	version, res := s.waitAnalyzed(uri)
	actions := []codeAction{}
	if res == nil {
		return actions, nil
	}
	s.mu.Lock()
	m := newMapper(res.text, s.utf8)
	docChanges := s.docChanges
	s.mu.Unlock()
	start, err1 := m.offset(params.Range.Start)
	end, err2 := m.offset(params.Range.End)
	if err1 != nil || err2 != nil {
		start, end = 0, len(res.text) // a range past the text: the whole text
	}
	if wants(params.Context.Only, quickFixKind) {
		for _, f := range res.findings {
			if f.start > end || f.end < start {
				continue
			}
			for _, x := range f.fixes {
				actions = append(actions, codeAction{
					Title:       x.message,
					Kind:        quickFixKind,
					Diagnostics: []diagnostic{toDiagnostic(m, f)},
					IsPreferred: len(f.fixes) == 1,
					Edit:        makeEdit(uri, version, m, x.edits, docChanges),
				})
			}
		}
	}
	if wants(params.Context.Only, fixAllKind) {
		if edits := fixAll(res.findings); len(edits) > 0 {
			actions = append(actions, codeAction{
				Title: "Fix all file URIs",
				Kind:  fixAllKind,
				Edit:  makeEdit(uri, version, m, edits, docChanges),
			})
		}
	}
	return actions, nil
}

// wants reports whether the kinds only, of a code action request, ask
// for actions of the kind: every kind when only is empty, and a kind is
// asked for by its prefixes ("source" asks for "source.fixAll").
func wants(only []codeActionKind, kind codeActionKind) bool {
	if len(only) == 0 {
		return true
	}
	for _, k := range only {
		if k == kind || strings.HasPrefix(string(kind), string(k)+".") {
			return true
		}
	}
	return false
}

// waitAnalyzed waits until the current text of the document uri is
// analyzed and returns its version and the result, or a nil result if
// the document is closed or the analysis takes longer than
// codeActionWait.
func (s *Server) waitAnalyzed(uri string) (int32, *result) {
	deadline := time.Now().Add(codeActionWait)
	timer := time.AfterFunc(codeActionWait, func() {
		s.mu.Lock()
		s.analyzed.Broadcast()
		s.mu.Unlock()
	})
	defer timer.Stop()
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		d := s.docs[uri]
		if d == nil || s.ctx.Err() != nil || time.Now().After(deadline) {
			return 0, nil
		}
		if d.res != nil && d.res.version == d.version && d.res.text == d.text && !s.dirty[uri] {
			return d.version, d.res
		}
		s.analyzed.Wait()
	}
}

// fixAll returns the edits of every fix of the findings that overlaps no
// fix taken before it, in the order of the findings; an edit equal to
// one already taken (the same import added twice) is taken once.
func fixAll(findings []finding) []edit {
	var taken []edit
	for _, f := range findings {
		if len(f.fixes) == 0 {
			continue
		}
		var add []edit
		ok := true
		for _, e := range f.fixes[0].edits {
			if slices.Contains(taken, e) {
				continue
			}
			if slices.ContainsFunc(taken, func(t edit) bool { return overlaps(t, e) }) {
				ok = false
				break
			}
			add = append(add, e)
		}
		if ok {
			taken = append(taken, add...)
		}
	}
	slices.SortStableFunc(taken, func(a, b edit) int { return a.start - b.start })
	return taken
}

// overlaps reports whether the edits a and b touch the same text: their
// ranges share a byte, or both insert at the same offset, or one inserts
// inside the other's range.
func overlaps(a, b edit) bool {
	if a.start == a.end || b.start == b.end {
		return a.start == b.start || a.start > b.start && a.start < b.end || b.start > a.start && b.start < a.end
	}
	return a.start < b.end && b.start < a.end
}

// makeEdit returns the workspace edit applying edits to the version of
// the document uri that m maps.
func makeEdit(uri string, version int32, m *mapper, edits []edit, docChanges bool) *workspaceEdit {
	var tes []textEdit
	for _, e := range edits {
		tes = append(tes, textEdit{Range: m.rangeOf(e.start, e.end), NewText: e.text})
	}
	if docChanges {
		return &workspaceEdit{DocumentChanges: []textDocumentEdit{{
			TextDocument: versionedTextDocumentIdentifier{URI: uri, Version: version},
			Edits:        tes,
		}}}
	}
	return &workspaceEdit{Changes: map[string][]textEdit{uri: tes}}
}
