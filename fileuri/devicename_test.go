package fileuri

import (
	"errors"
	"testing"
)

// TestDeviceNameColon: Windows reads a DOS device in a name up to its
// first "." or ":", less trailing blanks, so a colon after the device
// (NUL:, CON%3A, nul:.txt, COM1:, NUL:x) still names the device. CPython
// 3.11 agrees: PureWindowsPath(r"C:\a\NUL:").is_reserved() is True, and
// so for "CON:", "nul:.txt", "COM1:", "NUL :", "NUL:stream", "LPT¹:" and
// "CONIN$:"; it is False for "a:b", "NULL", "CONFIG", "COM10", ":NUL"
// and " NUL". (It says False for "COM0" too, which Microsoft's list of
// reserved names holds.)
func TestDeviceNameColon(t *testing.T) {
	checkRejects(t, "Windows.ToPath", Windows.ToPath, ErrDevicePath,
		"file:///C:/a/NUL:", "file:///C:/a/CON%3A", "file:///C:/a/nul:.txt", "file:///C:/a/COM1:",
		"file:///C:/a/NUL%20:", "file:///C:/a/NUL:stream", "file:///C:/a/lpt%C2%B9:", "file:///C:/a/CONIN$:/x",
		"file://h/s/NUL:")
	checkRejects(t, "Windows.FromPath", Windows.FromPath, ErrDevicePath,
		`C:\a\NUL:`, `C:\a\CON:`, `C:\a\nul:.txt`, `C:\a\COM1:`, `C:\a\NUL :`, `C:\a\NUL:stream`,
		`C:\a\LPT¹:`, `C:\a\conin$:\x`, `\\?\C:\a\NUL:`, `\\h\s\aux:`)
	for _, p := range []string{`C:\a\a:b`, `C:\a\NULL`, `C:\a\CONFIG`, `C:\a\COM10`, `C:\a\:NUL`, `C:\a\ NUL`, `C:\a\NULL:x`} {
		u, err := Windows.FromPath(p)
		if err != nil {
			t.Errorf("Windows.FromPath(%q): %v; it names a file", p, err)
			continue
		}
		if back, err := Windows.ToPath(u); err != nil || back != p {
			t.Errorf("Windows.ToPath(%q) = %q, %v; want %q", u, back, err, p)
		}
	}
	if p, err := POSIX.ToPath("file:///a/NUL:"); err != nil || p != "/a/NUL:" {
		t.Errorf("POSIX.ToPath of a name NUL: = %q, %v: a POSIX name may be NUL:", p, err)
	}
}

// TestUNCServerShareNoDevice: Windows never reads the server or the share
// of a UNC path as a DOS device (CPython 3.11: is_reserved() is False for
// every UNC path), so both directions accept \\NUL\s\x and \\h\NUL\x, and
// each gives back what the other takes. A name after the share is still
// checked, as on a drive.
func TestUNCServerShareNoDevice(t *testing.T) {
	for _, c := range []struct{ path, uri string }{
		{`\\NUL\s\x`, "file://NUL/s/x"},
		{`\\h\NUL\x`, "file://h/NUL/x"},
		{`\\con.txt\COM1\x`, "file://con.txt/COM1/x"},
		{`\\localhost\NUL`, "file://localhost/NUL"},
		{`\\Aux\prn`, "file://Aux/prn"},
	} {
		if u, err := Windows.FromPath(c.path); err != nil || u != c.uri {
			t.Errorf("Windows.FromPath(%q) = %q, %v; want %q", c.path, u, err, c.uri)
		}
		if p, err := Windows.ToPath(c.uri); err != nil || p != c.path {
			t.Errorf("Windows.ToPath(%q) = %q, %v; want %q", c.uri, p, err, c.path)
		}
	}
	if p, err := Windows.ToPath("file:////NUL/s/x"); err != nil || p != `\\NUL\s\x` {
		t.Errorf("Windows.ToPath of a UNC path after four slashes = %q, %v", p, err)
	}
	if p, err := Windows.FromPath(`\\?\UNC\NUL\s\x`); err != nil || p != "file://NUL/s/x" {
		t.Errorf(`Windows.FromPath(\\?\UNC\NUL\s\x) = %q, %v`, p, err)
	}
	checkRejects(t, "Windows.FromPath", Windows.FromPath, ErrDevicePath, `\\NUL\s\NUL`, `\\h\s\x\con.txt`)
	checkRejects(t, "Windows.ToPath", Windows.ToPath, ErrDevicePath, "file://NUL/s/NUL", "file://localhost/s/com1")
	// A local path without a drive still has no share: its first name
	// is a device as anywhere else.
	if _, err := Windows.ToPath("file:///NUL/x"); !errors.Is(err, ErrDevicePath) {
		t.Errorf("Windows.ToPath(file:///NUL/x): %v, want ErrDevicePath", err)
	}
}
