package urlpathread

import (
	"net/url"
	"os"
)

// No drive letter on Linux.
func openLinux(u *url.URL) (*os.File, error) {
	if u.Scheme != "file" {
		return nil, os.ErrInvalid
	}
	return os.Open(u.Path)
}
