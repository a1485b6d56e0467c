package lsp

import (
	"context"
	"maps"
	"slices"
	"strings"
	"time"

	"golang.org/x/tools/go/analysis"
)

// A job is one document to analyze, as it was when the analysis began.
type job struct {
	uri, path string
	version   int32
	owner     string
}

// worker analyzes the dirty documents, one batch at a time, until the
// session ends.
func (s *Server) worker() {
	for {
		select {
		case <-s.kick:
		case <-s.ctx.Done():
			return
		}
		if !s.quiet() {
			return
		}
		s.mu.Lock()
		ctx, stop := context.WithCancel(s.ctx)
		s.stop = stop
		var jobs []job
		for uri := range s.dirty {
			d := s.docs[uri]
			if d == nil || !strings.HasSuffix(d.path, ".go") {
				delete(s.dirty, uri)
				continue
			}
			jobs = append(jobs, job{uri: uri, path: d.path, version: d.version, owner: d.owner})
		}
		clear(s.dirty)
		texts, overlay := s.textsLocked()
		a := s.analyzer
		s.mu.Unlock()

		done := s.analyzeJobs(ctx, jobs, texts, overlay, a)

		s.mu.Lock()
		stop()
		s.stop = nil
		for _, j := range jobs {
			if !done[j.uri] && s.docs[j.uri] != nil {
				s.dirty[j.uri] = true
			}
		}
		if len(s.dirty) > 0 {
			s.kickLocked()
		}
		s.analyzed.Broadcast()
		s.mu.Unlock()
	}
}

// quiet waits until the burst of changes under way, if any, has been
// quiet for the debounce time. It reports false when the session ends.
func (s *Server) quiet() bool {
	for {
		s.mu.Lock()
		wait := time.Until(s.lastChange.Add(s.debounce))
		if !s.burst {
			wait = 0
		}
		s.mu.Unlock()
		if wait <= 0 {
			return true
		}
		select {
		case <-time.After(wait):
		case <-s.ctx.Done():
			return false
		}
	}
}

// textsLocked returns the texts of the open Go files by file name, and
// the same as an overlay for go/packages.
func (s *Server) textsLocked() (map[string]string, map[string][]byte) {
	texts := make(map[string]string)
	overlay := make(map[string][]byte)
	for _, d := range s.docs {
		if strings.HasSuffix(d.path, ".go") {
			texts[d.path] = d.text
			overlay[d.path] = []byte(d.text)
		}
	}
	return texts, overlay
}

// analyzeJobs analyzes the packages of the jobs and publishes the
// diagnostics of every open document of those packages whose text is
// the one analyzed. It returns the URIs of the documents it is done
// with.
func (s *Server) analyzeJobs(ctx context.Context, jobs []job, texts map[string]string, overlay map[string][]byte, a *analysis.Analyzer) map[string]bool {
	done := make(map[string]bool)
	// Documents whose package is unknown or stale are loaded first.
	for _, j := range jobs {
		if ctx.Err() != nil {
			return done
		}
		s.mu.Lock()
		owner := ""
		if d := s.docs[j.uri]; d != nil {
			owner = d.owner
		}
		_, known := s.pkgs[owner]
		stale := s.stale[owner]
		s.mu.Unlock()
		if known && !stale {
			continue
		}
		s.load(j.uri, j.path, overlay)
	}
	owners := make(map[string]bool)
	s.mu.Lock()
	for _, j := range jobs {
		if d := s.docs[j.uri]; d != nil && s.pkgs[d.owner] != nil {
			owners[d.owner] = true
		} else {
			// No package: nothing to report, and nothing to wait for.
			done[j.uri] = true
			if d != nil && d.version == j.version {
				d.res = &result{version: d.version, text: d.text}
			}
		}
	}
	s.mu.Unlock()
	for _, id := range slices.Sorted(maps.Keys(owners)) {
		if ctx.Err() != nil {
			return done
		}
		s.mu.Lock()
		p := s.pkgs[id]
		s.mu.Unlock()
		if p == nil {
			continue
		}
		findings, err := p.check(ctx, a, texts)
		if ctx.Err() != nil {
			return done
		}
		if err == nil && p.needsReload() {
			// A file imports a package the metadata lacks: load again
			// and check once more.
			s.mu.Lock()
			path := ""
			for _, d := range s.docs {
				if d.owner == id {
					path = d.path
				}
			}
			s.mu.Unlock()
			if path != "" {
				s.load("", path, overlay)
				s.mu.Lock()
				np := s.pkgs[id]
				s.mu.Unlock()
				if np != nil && np != p {
					p = np
					findings, err = p.check(ctx, a, texts)
					if ctx.Err() != nil {
						return done
					}
				}
			}
		}
		if err != nil {
			s.logger.Printf("package %s: %v", id, err)
			findings = nil
		}
		s.publish(id, texts, findings, done)
	}
	return done
}

// load loads the metadata of the package of the file path and makes it
// the owner of the documents of that file; uri names the document that
// asked, "" for none.
func (s *Server) load(uri, path string, overlay map[string][]byte) {
	p, err := loadPackage(s.ctx, path, overlay)
	if err != nil {
		s.logger.Printf("loading the package of %s: %v", path, err)
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if old := s.pkgs[p.id]; old != nil {
		p.missing = old.missing
	}
	s.pkgs[p.id] = p
	delete(s.stale, p.id)
	for _, d := range s.docs {
		if d.path == path || d.uri == uri || (d.owner == "" || s.pkgs[d.owner] == nil) && p.holds(d.path) {
			d.owner = p.id
		}
	}
	s.dropUnusedLocked()
}

// publish records the findings of the package id as the results of its
// open documents whose text is the one analyzed, and sends them.
func (s *Server) publish(id string, texts map[string]string, findings map[string][]finding, done map[string]bool) {
	var out []publishDiagnosticsParams
	s.mu.Lock()
	for _, d := range s.docs {
		if d.owner != id || texts[d.path] != d.text {
			continue
		}
		done[d.uri] = true
		d.res = &result{version: d.version, text: d.text, findings: findings[d.path]}
		out = append(out, s.diagnosticsLocked(d))
	}
	s.mu.Unlock()
	for _, p := range out {
		s.conn.notify("textDocument/publishDiagnostics", p)
	}
}

// diagnosticsLocked returns the diagnostics of the last result of d.
func (s *Server) diagnosticsLocked(d *document) publishDiagnosticsParams {
	m := newMapper(d.res.text, s.utf8)
	version := d.res.version
	p := publishDiagnosticsParams{URI: d.uri, Version: &version, Diagnostics: []diagnostic{}}
	for _, f := range d.res.findings {
		p.Diagnostics = append(p.Diagnostics, toDiagnostic(m, f))
	}
	return p
}

// toDiagnostic returns the LSP diagnostic of f.
func toDiagnostic(m *mapper, f finding) diagnostic {
	d := diagnostic{
		Range:    m.rangeOf(f.start, f.end),
		Severity: severityWarning,
		Code:     f.category,
		Source:   "fileurilint",
		Message:  f.message,
	}
	if f.url != "" {
		d.CodeDescription = &codeDescription{Href: f.url}
	}
	return d
}
