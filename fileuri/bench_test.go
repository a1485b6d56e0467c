package fileuri

import (
	"net/url"
	"testing"
)

// benchValid and benchInvalid are a realistic mix of file URIs as Go
// programs write them: local and UNC, drives, escapes, queries.
var (
	benchValid = []string{
		"file:///home/user/project/go.mod",
		"file:///C:/Users/Alice/Documents/report%202024.docx",
		"file://server/share/folder/file.txt",
		"file:///tmp/cache.db?mode=ro&cache=shared",
		"file://localhost/etc/hosts",
		"file:///usr/local/go/src/net/url/url.go#L42",
	}
	benchInvalid = []string{
		`file:///C:\Users\Alice\report.docx`,
		"file://C:/Program Files/app/config.yaml",
		"file:///home/user/my notes#1.txt",
		"file://admin:secret@server/share/x",
		"file:///c|/windows/system32",
		"file:///data/100%/x",
	}
)

func BenchmarkCheckValid(b *testing.B) {
	benchEach(b, benchValid, func(s string) bool { return Check(s) == nil })
}

func BenchmarkCheckInvalid(b *testing.B) {
	benchEach(b, benchInvalid, func(s string) bool { return Check(s) != nil })
}

func BenchmarkParseValid(b *testing.B) {
	benchEach(b, benchValid, func(s string) bool { _, err := Parse(s); return err == nil })
}

// BenchmarkURLParseValid is net/url.Parse on the same URIs, for scale.
func BenchmarkURLParseValid(b *testing.B) {
	benchEach(b, benchValid, func(s string) bool { _, err := url.Parse(s); return err == nil })
}

func BenchmarkParseInvalid(b *testing.B) {
	benchEach(b, benchInvalid, func(s string) bool { _, _ = Parse(s); return true })
}

// BenchmarkURLParseInvalid is net/url.Parse on the same URIs; it accepts
// most of them.
func BenchmarkURLParseInvalid(b *testing.B) {
	benchEach(b, benchInvalid, func(s string) bool { _, _ = url.Parse(s); return true })
}

// benchEach runs f on each input in every iteration; f reports whether
// the input gave the result it should.
func benchEach(b *testing.B, inputs []string, f func(string) bool) {
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range inputs {
			if !f(s) {
				b.Fatal(s)
			}
		}
	}
}

func BenchmarkFromPath(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_, _ = POSIX.FromPath("/home/user/my project/notes #1.txt")
		_, _ = Windows.FromPath(`C:\Users\Alice\My Documents\report.docx`)
	}
}
