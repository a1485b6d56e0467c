// Package ignore holds suppression comments: //lint:ignore fileuri with a
// reason silences the finding of its line, or alone on its line, of the
// next; one without a reason silences nothing and is reported; one for
// other checks is not ours.
package ignore

import "fmt"

var a = "file://C:/a" //lint:ignore fileuri the service reads this exact spelling

//lint:ignore fileuri the service reads this exact spelling
var b = "file://C:/b"

//lint:ignore SA1000,fileuri both tools: the spelling is the protocol's
var c = "file://C:/c"

var d = "file://C:/d" /* want `suppression comment for fileuri has no reason` `file URI reads drive "C:" as a host` */ //lint:ignore fileuri

//lint:ignore SA1000 another tool's
var e = "file://C:/e" // want `file URI reads drive "C:" as a host`

//lint:ignore fileuri the next line only

var f = "file://C:/f" // want `file URI reads drive "C:" as a host`

func g(p string) string {
	//lint:ignore fileuri paths here are ASCII names without reserved characters
	return fmt.Sprintf("file:///%s", p)
}

func h(p string) string {
	return "file://" + p // want `file URI built from a path`
}
