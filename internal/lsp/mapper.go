package lsp

import (
	"fmt"
	"unicode/utf8"
)

// A mapper converts between byte offsets into a text and LSP positions,
// whose characters count UTF-8 bytes or UTF-16 code units, as the
// position encoding negotiated at initialization says (LSP 3.17,
// "Position"). Lines end at "\n", "\r\n" or "\r".
type mapper struct {
	text  string
	utf8  bool
	lines []int // byte offset of the start of each line
}

func newMapper(text string, utf8 bool) *mapper {
	lines := []int{0}
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '\n':
			lines = append(lines, i+1)
		case '\r':
			if i+1 < len(text) && text[i+1] == '\n' {
				i++
			}
			lines = append(lines, i+1)
		}
	}
	return &mapper{text: text, utf8: utf8, lines: lines}
}

// lineEnd returns the offset of the end of line i, before its line
// terminator.
func (m *mapper) lineEnd(i int) int {
	if i+1 >= len(m.lines) {
		return len(m.text)
	}
	end := m.lines[i+1]
	if end > 0 && m.text[end-1] == '\n' {
		end--
	}
	if end > m.lines[i] && m.text[end-1] == '\r' {
		end--
	}
	return end
}

// position returns the position of the byte offset off, which must lie
// in [0, len(text)]. An offset inside a line terminator or a character
// maps to its start.
func (m *mapper) position(off int) position {
	lo, hi := 0, len(m.lines)-1 // the last line starting at or before off
	for lo < hi {
		mid := (lo + hi + 1) / 2
		if m.lines[mid] <= off {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	start := m.lines[lo]
	off = min(off, m.lineEnd(lo))
	if m.utf8 {
		return position{Line: uint32(lo), Character: uint32(off - start)}
	}
	var units int
	for i := start; i < off; {
		r, size := utf8.DecodeRuneInString(m.text[i:])
		if i+size > off {
			break
		}
		units += utf16Len(r)
		i += size
	}
	return position{Line: uint32(lo), Character: uint32(units)}
}

// offset returns the byte offset of p. A character past the end of its
// line means the end of the line (LSP 3.17, "Position"); a line past the
// end of the text is an error, as is a position inside a UTF-16
// surrogate pair.
func (m *mapper) offset(p position) (int, error) {
	if int(p.Line) >= len(m.lines) {
		if int(p.Line) == len(m.lines) && p.Character == 0 {
			return len(m.text), nil // the position after a final line terminator
		}
		return 0, fmt.Errorf("line %d is past the end of the text (%d lines)", p.Line, len(m.lines))
	}
	start, end := m.lines[p.Line], m.lineEnd(int(p.Line))
	if m.utf8 {
		return min(start+int(p.Character), end), nil
	}
	units := int(p.Character)
	i := start
	for i < end && units > 0 {
		r, size := utf8.DecodeRuneInString(m.text[i:])
		n := utf16Len(r)
		if n > units {
			return 0, fmt.Errorf("position %d:%d is inside a surrogate pair", p.Line, p.Character)
		}
		units -= n
		i += size
	}
	return i, nil
}

// rangeOf returns the LSP range of the bytes [start, end).
func (m *mapper) rangeOf(start, end int) lspRange {
	return lspRange{Start: m.position(start), End: m.position(end)}
}

// utf16Len returns the number of UTF-16 code units of r; an invalid
// byte, decoded as utf8.RuneError, counts as one.
func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

// applyChanges returns text after the changes, applied in order, each
// against the text the previous one left (LSP 3.17,
// "DidChangeTextDocumentParams").
func applyChanges(text string, changes []contentChange, utf8 bool) (string, error) {
	for _, ch := range changes {
		if ch.Range == nil {
			text = ch.Text
			continue
		}
		m := newMapper(text, utf8)
		start, err := m.offset(ch.Range.Start)
		if err != nil {
			return "", err
		}
		end, err := m.offset(ch.Range.End)
		if err != nil {
			return "", err
		}
		if end < start {
			return "", fmt.Errorf("range end %d:%d before its start", ch.Range.End.Line, ch.Range.End.Character)
		}
		text = text[:start] + ch.Text + text[end:]
	}
	return text, nil
}
