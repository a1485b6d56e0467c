package lsp

import (
	"testing"
	"unicode/utf16"
	"unicode/utf8"
)

// TestMapper checks offsets and positions both ways, against the
// standard library's UTF-16 encoder, on text with line terminators of
// each kind, characters of one to four bytes and bytes that are not
// UTF-8.
func TestMapper(t *testing.T) {
	const text = "ab\r\né𝄞\xffx\rz€\n\n𝄞"
	// The LSP lines of text, without terminators.
	lines := []string{"ab", "é𝄞\xffx", "z€", "", "𝄞"}
	starts := []int{0, 4, 13, 18, 19}
	for _, utf8Pos := range []bool{false, true} {
		m := newMapper(text, utf8Pos)
		for li, line := range lines {
			for i := 0; i <= len(line); {
				var want uint32
				if utf8Pos {
					want = uint32(i)
				} else {
					// Converting to []rune makes each byte that is
					// not UTF-8 one U+FFFD.
					want = uint32(len(utf16.Encode([]rune(line[:i]))))
				}
				off := starts[li] + i
				p := m.position(off)
				if p.Line != uint32(li) || p.Character != want {
					t.Errorf("utf8=%v: position(%d) = %d:%d, want %d:%d", utf8Pos, off, p.Line, p.Character, li, want)
				}
				back, err := m.offset(p)
				if err != nil || back != off {
					t.Errorf("utf8=%v: offset(%d:%d) = %d, %v; want %d", utf8Pos, p.Line, p.Character, back, err, off)
				}
				if i == len(line) {
					break
				}
				_, size := utf8.DecodeRuneInString(line[i:])
				i += size
			}
			// Past the end of the line: the end of the line.
			if off, err := m.offset(position{uint32(li), 1000}); err != nil || off != starts[li]+len(line) {
				t.Errorf("utf8=%v: offset(%d:1000) = %d, %v; want %d", utf8Pos, li, off, err, starts[li]+len(line))
			}
		}
		if _, err := m.offset(position{5, 1}); err == nil {
			t.Errorf("utf8=%v: offset of a line past the end: no error", utf8Pos)
		}
	}
	// Inside a surrogate pair.
	if _, err := newMapper("𝄞", false).offset(position{0, 1}); err == nil {
		t.Errorf("offset inside a surrogate pair: no error")
	}
	// The terminators belong to their line.
	if p := newMapper(text, false).position(3); p != (position{0, 2}) {
		t.Errorf("position of the \\n of \\r\\n = %v, want 0:2", p)
	}
}

func TestApplyChanges(t *testing.T) {
	got, err := applyChanges("a𝄞b\nc", []contentChange{
		{Range: &lspRange{Start: position{0, 1}, End: position{0, 3}}, Text: "é"},
		{Range: &lspRange{Start: position{1, 1}, End: position{1, 1}}, Text: "d\n"},
		{Range: &lspRange{Start: position{2, 0}, End: position{2, 0}}, Text: "e"},
	}, false)
	if want := "aéb\ncd\ne"; err != nil || got != want {
		t.Errorf("applyChanges = %q, %v; want %q", got, err, want)
	}
	if got, err := applyChanges("x", []contentChange{{Text: "whole"}}, false); err != nil || got != "whole" {
		t.Errorf("applyChanges without range = %q, %v", got, err)
	}
	for _, r := range []lspRange{
		{Start: position{0, 1}, End: position{0, 0}},
		{Start: position{3, 0}, End: position{3, 0}},
	} {
		if _, err := applyChanges("abc\n", []contentChange{{Range: &r, Text: "x"}}, true); err == nil {
			t.Errorf("applyChanges with range %v: no error", r)
		}
	}
}
