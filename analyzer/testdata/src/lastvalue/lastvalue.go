// Package lastvalue pins the value a variable was last given before its
// use: "file:" + db is a file URI when db was last set to an absolute
// path, whatever else db holds elsewhere in the function.
package lastvalue

import (
	"io/ioutil"
	"os"
	"path/filepath"
	"testing"
)

func reassigned(t *testing.T, memory bool) string {
	var db string
	switch {
	case memory:
		db = ":memory:"
	default:
		db = filepath.Join(t.TempDir(), "test.db")
		if !memory {
			db = "file:" + db + "?_pragma=busy_timeout(1000)" // want `file URI built from a path by concatenation escapes nothing`
		}
	}
	return db
}

func tempDir() (string, error) {
	dir, err := os.MkdirTemp("", "store")
	if err != nil {
		return "", err
	}
	return "file:" + filepath.Join(dir, "x.db"), nil // want `file URI built from a path by concatenation escapes nothing`
}

func oldTempDir() (string, error) {
	dir, err := ioutil.TempDir("", "store")
	if err != nil {
		return "", err
	}
	return "file:" + dir + "/x.db", nil // want `file URI built from a path by concatenation escapes nothing`
}

// The look-alikes: the name may be relative where it is used.

func fromEnv() string {
	db := filepath.Join(os.TempDir(), "x.db")
	db = os.Getenv("DB")
	return "file:" + db + "?mode=ro"
}

func branch(t *testing.T, rel bool) string {
	db := filepath.Join(t.TempDir(), "x.db")
	if rel {
		db = "x.db"
	}
	return "file:" + db
}

func loop(t *testing.T, names []string) []string {
	var dsns []string
	db := filepath.Join(t.TempDir(), "x.db")
	for _, name := range names {
		dsns = append(dsns, "file:"+db)
		db = name
	}
	return dsns
}

func closure(t *testing.T) func() string {
	db := filepath.Join(t.TempDir(), "x.db")
	reset := func() { db = "x.db" }
	reset()
	return func() string { return "file:" + db }
}

func pointer(t *testing.T, set func(*string)) string {
	db := filepath.Join(t.TempDir(), "x.db")
	set(&db)
	return "file:" + db
}

func relativeTemp() (string, error) {
	dir, err := os.MkdirTemp("tmp", "store")
	if err != nil {
		return "", err
	}
	return "file:" + dir, nil
}

func backward(t *testing.T, names []string) string {
	db := filepath.Join(t.TempDir(), "x.db")
	i := 0
again:
	dsn := "file:" + db
	if i < len(names) {
		db = names[i]
		i++
		goto again
	}
	return dsn
}

func twiceOnTheLeft(t *testing.T) string {
	var db string
	db, db = filepath.Join(t.TempDir(), "x.db"), "rel.db"
	return "file:" + db + "?mode=ro"
}
