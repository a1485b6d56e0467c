// Package queryvalue pins what net/url gives decoded: a query value, a
// user name. Put after "file://", it is a path that escapes nothing.
package queryvalue

import (
	"net/http"
	"net/url"
)

func fromQuery(req *http.Request) (*http.Response, error) {
	name := req.URL.Query().Get("file")
	return http.Get("file:///" + name) // want `file URI built from a path by concatenation escapes nothing`
}

func fromValues(values url.Values) string {
	return "file://" + values.Get("path") // want `file URI built from a path by concatenation escapes nothing`
}

// The look-alikes: text net/url gives escaped.

func escapedPath(u *url.URL) string {
	return "file://" + u.Host + u.EscapedPath()
}

func encoded(values url.Values) string {
	return "file:///srv/x?" + values.Encode()
}
