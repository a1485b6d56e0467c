// Package printfformat holds file URIs in printf formats, where a fix
// must write "%" as "%%" or a percent-encoding would turn into a verb.
package printfformat

import (
	"fmt"
	"log"
)

func link(name string) string {
	return fmt.Sprintf("file:///C:/my docs/%s", name) // want `file URI has unencoded space`
}

func show(name string) {
	fmt.Printf("file:///C:/Program Files/%s\n", name) // want `file URI has unencoded space`
	log.Printf("see file:///srv/a^b for %s", name)    // want `file URI has unencoded '\^'`
}

func plain() {
	fmt.Printf("file:///my docs\n") // want `file URI has unencoded space`
}

// tmpl holds a verb: it may be a format, so no fix writes a "%" into it.
const tmpl = "file:///my docs/%s" // want `file URI has unencoded space`

func use(name string) string { return fmt.Sprintf(tmpl, name) }

// logf is a printf wrapper.
func logf(format string, args ...any) { log.Printf(format, args...) }

func wrapped() {
	logf("file:///data/100 percent") // want `file URI has unencoded space`
}
