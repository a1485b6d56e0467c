package fileuri_test

import (
	"fmt"
	"log"

	"github.com/fileurilint/fileurilint/fileuri"
)

func ExampleParse() {
	u, err := fileuri.Parse("file:///c|/Program%20Files/app.exe")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("drive %c, path %q\n", u.Drive, u.Path)
	fmt.Println(u)

	_, err = fileuri.Parse("file://C:/x")
	fmt.Println(err)
	// Output:
	// drive c, path "/c:/Program Files/app.exe"
	// file:///c:/Program%20Files/app.exe
	// fileuri: parse "file://C:/x": at offset 7: drive letter in the authority; it needs three slashes (RFC 8089 E.2)
}

func ExampleCheck() {
	s := `file://C:\Users\me\my notes.txt`
	for _, p := range fileuri.Check(s) {
		fmt.Printf("%s %q -> %q\n", p.Kind, s[p.Start:p.End], p.Replacement)
	}
	// Output:
	// drive-authority "C:" -> "/C:"
	// backslash "\\" -> "/"
	// backslash "\\" -> "/"
	// backslash "\\" -> "/"
	// unencoded " " -> "%20"
}

func ExampleFix() {
	fmt.Println(fileuri.Fix(`file://C:\Users\me\my notes.txt`))
	fmt.Println(fileuri.Fix("file://admin:secret@server/share/report#1.pdf"))
	// Output:
	// file:///C:/Users/me/my%20notes.txt
	// file://admin@server/share/report#1.pdf
}

func ExampleOptions_Check() {
	strict := fileuri.Options{Strict: true}
	for _, s := range []string{"file://./migrations", "file:/etc/hosts", "file:///caf%c3%a9"} {
		for _, p := range strict.Check(s) {
			fmt.Printf("%s: %s\n", s, p.Kind)
		}
	}
	// Output:
	// file://./migrations: not-absolute
	// file:/etc/hosts: non-canonical
	// file:///caf%c3%a9: lower-case-escape
	// file:///caf%c3%a9: lower-case-escape
}

func ExampleStyle_FromPath() {
	for _, p := range []string{`C:\Users\me\report #1.docx`, `\\server\share\x`, `\\?\D:\long\path`} {
		u, _ := fileuri.Windows.FromPath(p)
		fmt.Println(u)
	}
	u, _ := fileuri.POSIX.FromPath("/home/me/50% off?.txt")
	fmt.Println(u)
	_, err := fileuri.POSIX.FromPath("relative/path")
	fmt.Println(err)
	// Output:
	// file:///C:/Users/me/report%20%231.docx
	// file://server/share/x
	// file:///D:/long/path
	// file:///home/me/50%25%20off%3F.txt
	// fileuri: frompath "relative/path": relative path; a file URI needs an absolute path (RFC 8089 §2)
}

func ExampleStyle_ToPath() {
	for _, u := range []string{"file:///C:/Users/me/a%20b.txt", "file://server/share/x", "file:///c|/x"} {
		p, err := fileuri.Windows.ToPath(u)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(p)
	}
	_, err := fileuri.POSIX.ToPath("file://server/share/x")
	fmt.Println(err)
	// Output:
	// C:\Users\me\a b.txt
	// \\server\share\x
	// c:\x
	// fileuri: topath "file://server/share/x": non-local host "server"; a POSIX path cannot name another machine (RFC 8089 §3)
}

func ExampleFromPath() {
	// On a POSIX system, whatever the working directory:
	fmt.Println(fileuri.FromPath("/tmp/a b"))
	// Output:
	// file:///tmp/a%20b
}

func ExampleToPath() {
	p, err := fileuri.ToPath("file://localhost/tmp/a%20b")
	fmt.Printf("%q %v\n", p, err)
	// Output:
	// "/tmp/a b" <nil>
}
