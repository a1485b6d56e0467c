package testliterals

import "net/url"

// With -check-test-literals, literals in tests are reported.
var inputs = []string{"file:///a b.txt", "file://C:/x"} // want `unencoded space` `reads drive "C:" as a host`

// So are the constant parts of a url.URL.
var (
	driveHost = url.URL{Scheme: "file", Host: "X:", Path: "/fake/path.yaml"}               // want `drive letter as its Host`
	password  = url.URL{Scheme: "file", User: url.UserPassword("me", "secret"), Host: "h"} // want `password in userinfo`
)
