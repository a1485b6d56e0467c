// Package typedpath pins paths that come from a method or a field of a
// typed value: the String of a type named as a path, a method that
// returns a path, a struct field.
package typedpath

type Dir string

func (d Dir) String() string { return string(d) }

type AbsPath struct{ p string }

func (a AbsPath) Path() string { return a.p }

type Config struct{ Root string }

func fromString(d Dir) string {
	return "file://" + d.String() // want `file URI built from a path by concatenation escapes nothing`
}

func fromMethod(a AbsPath) string {
	return "file://" + a.Path() // want `file URI built from a path by concatenation escapes nothing`
}

func fromField(c Config) string {
	return "file://" + c.Root // want `file URI built from a path by concatenation escapes nothing`
}

// DocumentURI is URI text: its String is escaped already.
type DocumentURI string

func (u DocumentURI) String() string { return string(u) }

func fromURI(u DocumentURI) string {
	return "file://" + u.String()
}

// Profile names no path: its String is a name, not a path.
type Profile int

func (p Profile) String() string { return [...]string{"dev", "prod"}[p] }

func profiled(p Profile) string {
	return "file:///etc/app/" + p.String()
}
