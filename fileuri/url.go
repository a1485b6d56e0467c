package fileuri

import "net/url"

// FromFilePath returns the file URL of path, an absolute path in the
// style's convention, as a *url.URL: the URL whose String is
// st.FromPath(path), for code that holds a net/url URL (the shape
// proposed for net/url in golang/go#32456). The errors are those of
// FromPath.
func (st Style) FromFilePath(path string) (*url.URL, error) {
	s, err := st.FromPath(path)
	if err != nil {
		return nil, err
	}
	return url.Parse(s)
}

// ToFilePath returns the path that the file URL u names in the style's
// convention, as st.ToPath(u.String()) does: the scheme must be "file"
// (any case), and the query and the fragment are dropped.
func (st Style) ToFilePath(u *url.URL) (string, error) {
	if u == nil {
		return "", toPathError("", -1, ErrNotFileURI, "nil URL")
	}
	return st.ToPath(u.String())
}

// FromFilePath returns the file URL of path on the system the program
// runs on, as a *url.URL: the URL whose String is FromPath(path), a
// relative path made absolute against the working directory.
func FromFilePath(path string) (*url.URL, error) { return url.Parse(FromPath(path)) }

// ToFilePath returns the path that the file URL u names on the system the
// program runs on, as the style of that system does.
func ToFilePath(u *url.URL) (string, error) { return host().ToFilePath(u) }
