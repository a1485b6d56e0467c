package lsp

import (
	"crypto/sha256"
	"flag"
	"fmt"
	"slices"

	"golang.org/x/tools/go/analysis"
)

// The results of checks: the findings, and the cache of the findings of
// the last checks of a package, by what the checks read.

// A finding is one diagnostic of the analyzer, in byte offsets into the
// text of its file that was checked.
type finding struct {
	start, end int
	category   string
	url        string // the documentation of the category
	message    string
	fixes      []fix
}

// A fix is a suggested fix, in byte offsets into the same text.
type fix struct {
	message string
	edits   []edit
}

type edit struct {
	start, end int
	text       string
}

// maxResults is the number of results of checks a package keeps.
const maxResults = 8

// A cachedResult is the findings of one check of a package.
type cachedResult struct {
	key      [sha256.Size]byte
	findings map[string][]finding
}

// resultKey returns the key of a check of the package by the analyzer a
// over srcs: it holds a's flags, which are its whole configuration, and
// each file's name, whether it is open, and the sum of its text. The
// rest of what a check reads, the package's metadata and its
// dependencies' export data, is the pkg's own, loaded once: a reload
// makes a new pkg, with no results.
func resultKey(a *analysis.Analyzer, srcs []source) [sha256.Size]byte {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n", a.Name)
	a.Flags.VisitAll(func(f *flag.Flag) { fmt.Fprintf(h, "-%s=%q\n", f.Name, f.Value) })
	for _, src := range srcs {
		fmt.Fprintf(h, "%q open=%t %x\n", src.name, src.stat == nil, src.sum)
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key
}

// cached returns the findings of the check of key, if the package keeps
// them, and makes them the most recently used.
func (p *pkg) cached(key [sha256.Size]byte) (map[string][]finding, bool) {
	i := slices.IndexFunc(p.results, func(r cachedResult) bool { return r.key == key })
	if i < 0 {
		return nil, false
	}
	r := p.results[i]
	copy(p.results[1:i+1], p.results[:i])
	p.results[0] = r
	return r.findings, true
}

// remember keeps the findings of the check of key, dropping the least
// recently used results beyond maxResults.
func (p *pkg) remember(key [sha256.Size]byte, findings map[string][]finding) {
	p.results = slices.Insert(p.results, 0, cachedResult{key, findings})
	if len(p.results) > maxResults {
		clear(p.results[maxResults:])
		p.results = p.results[:maxResults]
	}
}
