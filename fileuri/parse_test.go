package fileuri

import (
	"errors"
	"testing"
)

// parseTests are URIs with the parts Parse reads and the canonical
// form String gives.
var parseTests = []struct {
	in   string
	want URI
	str  string // String(); "" when equal to in
}{
	{in: "file:///etc/hosts", want: URI{Path: "/etc/hosts", Form: FormEmptyAuthority}},
	{in: "file:/etc/hosts", want: URI{Path: "/etc/hosts", Form: FormNoAuthority}, str: "file:///etc/hosts"},
	// Without a drive, localhost is a UNC server on Windows: String keeps it.
	{in: "file://localhost/etc/hosts", want: URI{Path: "/etc/hosts", Form: FormLocalhost}},
	{in: "file://LocalHost/etc/hosts", want: URI{Path: "/etc/hosts", Form: FormLocalhost}},
	{in: "file://%6C%6F%63%61%6C%68%6F%73%74/x", want: URI{Path: "/x", Form: FormLocalhost}, str: "file://localhost/x"},
	{in: "FILE:///etc/hosts", want: URI{Path: "/etc/hosts", Form: FormEmptyAuthority}, str: "file:///etc/hosts"},
	{in: "file://host.example.com/share/x", want: URI{Host: "host.example.com", Path: "/share/x", Form: FormHost}},
	{in: "file:////host/share/x", want: URI{Host: "host", Path: "/share/x", Form: FormUNCPath}, str: "file://host/share/x"},
	{in: "file://///host/share/x", want: URI{Host: "host", Path: "/share/x", Form: FormUNCPath}, str: "file://host/share/x"},
	{in: "file:///C:/x/y.txt", want: URI{Drive: 'C', Path: "/C:/x/y.txt", Form: FormEmptyAuthority}},
	{in: "file:///c:/x", want: URI{Drive: 'c', Path: "/c:/x", Form: FormEmptyAuthority}},
	{in: "file:///c|/x", want: URI{Drive: 'c', Path: "/c:/x", Form: FormEmptyAuthority}, str: "file:///c:/x"},
	{in: "file:///C%3A/x", want: URI{Drive: 'C', Path: "/C:/x", Form: FormEmptyAuthority}, str: "file:///C:/x"},
	{in: "file:C:/x", want: URI{Drive: 'C', Path: "/C:/x", Form: FormBareDrive}, str: "file:///C:/x"},
	{in: "file:/C:/x", want: URI{Drive: 'C', Path: "/C:/x", Form: FormNoAuthority}, str: "file:///C:/x"},
	{in: "file://localhost/C:/x", want: URI{Drive: 'C', Path: "/C:/x", Form: FormLocalhost}, str: "file:///C:/x"},
	{in: "file:///C:", want: URI{Drive: 'C', Path: "/C:", Form: FormEmptyAuthority}},
	{in: "file://user@host/x", want: URI{Host: "host", User: "user", Path: "/x", Form: FormHost}},
	{in: "file://user:pw@host/x", want: URI{Host: "host", User: "user", HasPassword: true, Path: "/x", Form: FormHost}, str: "file://user@host/x"},
	{in: "file://wsl%24/Ubuntu", want: URI{Host: "wsl$", Path: "/Ubuntu", Form: FormHost}, str: "file://wsl$/Ubuntu"},
	{in: "file://[::1]/x", want: URI{Host: "[::1]", Path: "/x", Form: FormHost}},
	{in: "file:///a%20b%2Fc", want: URI{Path: "/a b/c", Form: FormEmptyAuthority}},
	{in: "file:///%41%7e%c3%a9", want: URI{Path: "/A~é", Form: FormEmptyAuthority}, str: "file:///A~%C3%A9"},
	{in: "file:///€", want: URI{Path: "/€", Form: FormEmptyAuthority}, str: "file:///%E2%82%AC"},
	{in: "file:///tmp/db?mode=ro", want: URI{Path: "/tmp/db", RawQuery: "mode=ro", Form: FormEmptyAuthority}},
	{in: "file:///doc#sec%20two", want: URI{Path: "/doc", Fragment: "sec two", Form: FormEmptyAuthority}},
	{in: "file:///", want: URI{Path: "/", Form: FormEmptyAuthority}},
	{in: "file://localhost", want: URI{Path: "/", Form: FormLocalhost}, str: "file://localhost/"},
	{in: "file://", want: URI{Path: "/", Form: FormEmptyAuthority}, str: "file:///"},
	{in: "file://host", want: URI{Host: "host", Path: "/", Form: FormHost}, str: "file://host/"},
	{in: "file:///%43:/x", want: URI{Drive: 'C', Path: "/C:/x", Form: FormEmptyAuthority}, str: "file:///C:/x"},
	{in: "file:///%63%3A/x", want: URI{Drive: 'c', Path: "/c:/x", Form: FormEmptyAuthority}, str: "file:///c:/x"},
	{in: "file:///a%3Ab", want: URI{Path: "/a:b", Form: FormEmptyAuthority}},
	{in: "file://%5Bx%5D/s/x", want: URI{Host: "[x]", Path: "/s/x", Form: FormHost}},
	{in: "file://localhost//server/share/x", want: URI{Path: "//server/share/x", Form: FormLocalhost}},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		got := *u
		got.rawPath, got.localhost = "", ""
		if got != tt.want {
			t.Errorf("Parse(%q) = %+v, want %+v", tt.in, got, tt.want)
		}
		str := tt.str
		if str == "" {
			str = tt.in
		}
		if s := u.String(); s != str {
			t.Errorf("Parse(%q).String() = %q, want %q", tt.in, s, str)
		}
	}
}

func TestParseError(t *testing.T) {
	tests := []struct {
		in     string
		offset int
	}{
		{"", 0},
		{"http://x/y", 0},
		{"file:etc/hosts", 5},
		{"file:", 5},
		{"file://u@/x", 9},
		{"file:////C:/x", 9},
		{"file://u@C:/x", 9},
		{`file:///C:\x`, 10},
		{"file://C:/x", 7},
		{"file:///a b", 9},
		{"file:///a%zz", 9},
		{"file:///a%", 9},
		{"file://host:80/x", 11},
		{"file://[::1/x", 7},
		{"file://////x", 10},
		{"file:////?/C:/x", 7},
		{"file:///x#a#b", 11},
		{"file:///a\xffb", 9},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q) error = %v, want an *Error", tt.in, err)
			continue
		}
		if e.Offset != tt.offset || e.Input != tt.in || e.Op != "parse" {
			t.Errorf("Parse(%q) error = %+v, want offset %d", tt.in, e, tt.offset)
		}
	}
}

func TestStringOfBuiltURI(t *testing.T) {
	tests := []struct {
		u    URI
		want string
	}{
		{URI{Path: "/a b/c#d?e%f"}, "file:///a%20b/c%23d%3Fe%25f"},
		{URI{Path: "/C:/Program Files/x"}, "file:///C:/Program%20Files/x"},
		{URI{Host: "server", Path: "/share/x"}, "file://server/share/x"},
		{URI{Host: "server", Path: "share"}, "file://server/share"},
		{URI{Path: "/é", Fragment: "a b"}, "file:///%C3%A9#a%20b"},
	}
	for _, tt := range tests {
		if got := tt.u.String(); got != tt.want {
			t.Errorf("%+v.String() = %q, want %q", tt.u, got, tt.want)
		}
	}
}

func TestErrorRedactsPassword(t *testing.T) {
	_, err := Parse("file://u:secret@host/a b")
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("Parse error = %v, want an *Error", err)
	}
	want := `fileuri: parse "file://u:xxxxx@host/a b": at offset 21: unencoded space (RFC 3986 §2.1)`
	if err.Error() != want {
		t.Errorf("error = %s\nwant    %s", err, want)
	}
	if e.Input != "file://u:xxxxx@host/a b" || e.Input[e.Offset] != ' ' {
		t.Errorf("Input = %q, Offset = %d: want the input redacted and the offset at the space", e.Input, e.Offset)
	}
	if !errors.Is(err, ErrSyntax) {
		t.Errorf("error %v is not ErrSyntax", err)
	}
}
