package lsp

import (
	"encoding/json"
	"go/parser"
	"go/token"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/fileurilint/fileurilint/analyzer"
)

// A line with non-ASCII and astral characters before and inside
// reported URIs.
const encodingsGo = "package m\n\nvar s = []string{\"é𝄞€\", \"file://C:/é𝄞 x\"} // 𝄞\n\nvar t = `𝄞 file:///a\\b𝄞%zz\\c`\n"

// TestEncodings checks the positions of diagnostics on lines with
// characters of two, three and four bytes and of one and two UTF-16
// units, with each position encoding a client may offer.
func TestEncodings(t *testing.T) {
	t.Parallel()
	dir := writeModule(t, map[string]string{"m.go": encodingsGo})
	driver := driverDiagnostics(t, dir, analyzer.Analyzer)["m.go"]
	if len(driver) < 2 {
		t.Fatalf("the driver reports %d diagnostics, want at least 2", len(driver))
	}
	uri := fileURI(filepath.Join(dir, "m.go"))
	for _, tc := range []struct {
		offer []string
		utf8  bool
	}{
		{nil, false},
		{[]string{"utf-16"}, false},
		{[]string{"utf-32", "utf-8"}, true},
		{[]string{"utf-8", "utf-16"}, true},
	} {
		c := newClient(t, initOptions{encodings: tc.offer})
		enc := "utf-16"
		if tc.utf8 {
			enc = "utf-8"
		}
		if c.init.Capabilities.PositionEncoding != enc {
			t.Errorf("offered %q: positionEncoding %q, want %q", tc.offer, c.init.Capabilities.PositionEncoding, enc)
		}
		c.open(uri, encodingsGo)
		got := formatLSP(t, c.diagnostics(uri, 1))
		want := formatDriver(driver, encodingsGo, tc.utf8)
		if !slices.Equal(got, want) {
			t.Errorf("offered %q: diagnostics:\n%s\nwant:\n%s", tc.offer, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// applyLSP applies LSP text edits to text, converting their positions
// with the standard library's UTF-16 encoder (or as bytes if utf8), as a
// client does.
func applyLSP(t *testing.T, text string, edits []textEdit, utf8Pos bool) string {
	t.Helper()
	lines := strings.SplitAfter(text, "\n")
	offset := func(p position) int {
		off := 0
		for _, l := range lines[:p.Line] {
			off += len(l)
		}
		line := strings.TrimSuffix(lines[p.Line], "\n")
		if utf8Pos {
			return off + int(p.Character)
		}
		units := 0
		for i, r := range line {
			if units == int(p.Character) {
				return off + i
			}
			units += len(utf16.Encode([]rune{r}))
		}
		if units != int(p.Character) {
			t.Fatalf("position %v is past its line", p)
		}
		return off + len(line)
	}
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		spans = append(spans, span{offset(e.Range.Start), offset(e.Range.End), e.NewText})
	}
	// Later edits first; inserts at one offset keep their order.
	for i := len(spans) - 1; i >= 0; i-- {
		for j := 0; j < len(spans); j++ {
			if j != i && spans[j].start < spans[i].end && spans[i].start < spans[j].end {
				t.Fatalf("edits %v and %v overlap", edits[i], edits[j])
			}
		}
	}
	slices.SortStableFunc(spans, func(a, b span) int { return b.start - a.start })
	for _, s := range spans {
		text = text[:s.start] + s.text + text[s.end:]
	}
	return text
}

// applyBytes applies the edits, in byte offsets, of fixes to text.
func applyBytes(text string, edits []edit) string {
	slices.SortStableFunc(edits, func(a, b edit) int { return b.start - a.start })
	for _, e := range edits {
		text = text[:e.start] + e.text + text[e.end:]
	}
	return text
}

// editsOf returns the edits of a code action for the document uri.
func editsOf(t *testing.T, a codeAction, uri string, version int32, docChanges bool) []textEdit {
	t.Helper()
	if a.Edit == nil {
		t.Fatalf("code action %q has no edit", a.Title)
	}
	if !docChanges {
		if len(a.Edit.DocumentChanges) > 0 || len(a.Edit.Changes) != 1 {
			t.Fatalf("code action %q: edit %+v, want changes to one document", a.Title, a.Edit)
		}
		return a.Edit.Changes[uri]
	}
	if len(a.Edit.Changes) > 0 || len(a.Edit.DocumentChanges) != 1 {
		t.Fatalf("code action %q: edit %+v, want documentChanges to one document", a.Title, a.Edit)
	}
	dc := a.Edit.DocumentChanges[0]
	if dc.TextDocument.URI != uri || dc.TextDocument.Version != version {
		t.Fatalf("code action %q edits %s version %d, want %s version %d", a.Title, dc.TextDocument.URI, dc.TextDocument.Version, uri, version)
	}
	return dc.Edits
}

// TestQuickFixes checks that each diagnostic with a fix gets a quick fix
// that writes what the driver's fix writes, with both position encodings
// and both forms of workspace edits, and that the fixed text is
// diagnosed again.
func TestQuickFixes(t *testing.T) {
	t.Parallel()
	src := fixtureGo + encodingsGo[len("package m\n"):]
	dir := writeModule(t, map[string]string{"m.go": src})
	driver := driverDiagnostics(t, dir, analyzer.Analyzer)["m.go"]
	uri := fileURI(filepath.Join(dir, "m.go"))
	for _, tc := range []struct {
		utf8, docChanges bool
	}{{false, false}, {true, true}} {
		var enc []string
		if tc.utf8 {
			enc = []string{"utf-8"}
		}
		c := newClient(t, initOptions{encodings: enc, docChanges: tc.docChanges})
		c.open(uri, src)
		diags := c.diagnostics(uri, 1)
		fixed := 0
		for _, dd := range driver {
			want := formatDriver([]driverDiag{dd}, src, tc.utf8)[0]
			i := slices.IndexFunc(diags, func(d diagnostic) bool { return formatLSP(t, []diagnostic{d})[0] == want })
			if i < 0 {
				t.Fatalf("no diagnostic %s", want)
			}
			d := diags[i]
			actions := c.quickFixes(uri, d)
			var quick []codeAction
			for _, a := range actions {
				if len(a.Diagnostics) == 1 && reflect.DeepEqual(a.Diagnostics[0], d) {
					quick = append(quick, a)
				} else if a.Kind != quickFixKind {
					t.Errorf("asked for quick fixes, got a %q", a.Kind)
				}
			}
			if dd.edits == nil {
				if len(quick) > 0 {
					t.Errorf("%s: quick fix %q for a diagnostic without a fix", want, quick[0].Title)
				}
				continue
			}
			if len(quick) != 1 || quick[0].Kind != quickFixKind || !quick[0].IsPreferred {
				t.Fatalf("%s: quick fixes %+v, want one preferred quickfix", want, quick)
			}
			got := applyLSP(t, src, editsOf(t, quick[0], uri, 1, tc.docChanges), tc.utf8)
			if wantText := applyBytes(src, slices.Clone(dd.edits)); got != wantText {
				t.Errorf("%s: quick fix writes\n%s\nwant (the driver's fix)\n%s", want, got, wantText)
			}
			fixed++
		}
		if fixed < 3 {
			t.Errorf("%d diagnostics have a fix, want at least 3", fixed)
		}

		// Fix all, then check the fixed text again.
		var actions []codeAction
		c.mustCall("textDocument/codeAction", map[string]any{
			"textDocument": textDocumentIdentifier{URI: uri},
			"range":        lspRange{},
			"context":      map[string]any{"diagnostics": []diagnostic{}, "only": []string{"source.fixAll"}},
		}, &actions)
		if len(actions) != 1 || actions[0].Kind != fixAllKind {
			t.Fatalf("fix-all actions: %+v, want one %s", actions, fixAllKind)
		}
		got := applyLSP(t, src, editsOf(t, actions[0], uri, 1, tc.docChanges), tc.utf8)
		var all []edit
		var unfixed []string
		for _, dd := range driver {
			all = append(all, dd.edits...)
			if dd.edits == nil {
				unfixed = append(unfixed, dd.category+": "+dd.message)
			}
		}
		if want := applyBytes(src, all); got != want {
			t.Fatalf("fix all writes\n%s\nwant (the driver's fixes)\n%s", got, want)
		}
		if _, err := parser.ParseFile(token.NewFileSet(), "m.go", got, 0); err != nil {
			t.Fatalf("fixed text does not parse: %v", err)
		}
		c.replace(uri, 2, got)
		var left []string
		for _, d := range c.diagnostics(uri, 2) {
			left = append(left, d.Code+": "+d.Message)
		}
		slices.Sort(left)
		slices.Sort(unfixed)
		if !slices.Equal(left, unfixed) {
			t.Errorf("after fix all, diagnostics %q, want those without a fix %q", left, unfixed)
		}
		if !utf8.ValidString(got) {
			t.Errorf("fixed text is not UTF-8")
		}
		var none []codeAction
		c.mustCall("textDocument/codeAction", map[string]any{
			"textDocument": textDocumentIdentifier{URI: uri},
			"range":        lspRange{},
			"context":      map[string]any{"diagnostics": []diagnostic{}},
		}, &none)
		if len(none) != 0 {
			data, _ := json.Marshal(none)
			t.Errorf("after fix all, code actions %s, want none", data)
		}
	}
}

// TestFixAll checks which fixes fix-all takes: all that do not overlap
// one taken before, with an edit equal to one taken (the same import
// added by two fixes) taken once.
func TestFixAll(t *testing.T) {
	imp := edit{20, 20, "\nimport \"fileuri\""}
	findings := []finding{
		{fixes: []fix{{edits: []edit{{30, 35, "a"}, imp}}}},
		{fixes: []fix{{edits: []edit{{40, 45, "b"}, imp}}}},
		{fixes: []fix{{edits: []edit{{44, 50, "c"}}}}}, // overlaps b
		{}, // no fix
		{fixes: []fix{{edits: []edit{{50, 50, "d"}}}}}, // inserts after c's range
		{fixes: []fix{{edits: []edit{{50, 50, "e"}}}}}, // inserts where d does
		{fixes: []fix{{edits: []edit{{60, 62, "f"}}}, {edits: []edit{{60, 62, "g"}}}}},
	}
	want := []edit{imp, {30, 35, "a"}, {40, 45, "b"}, {50, 50, "d"}, {60, 62, "f"}}
	if got := fixAll(findings); !slices.Equal(got, want) {
		t.Errorf("fixAll = %v, want %v", got, want)
	}
}
