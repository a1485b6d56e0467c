package assertfix

import (
	"path/filepath"
	"reflect"
	"testing"
)

func assertEqual(t *testing.T, got, want string) {
	if got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestEndpoint(t *testing.T) {
	abs, _ := filepath.Abs("foo.git")
	assertEqual(t, Endpoint(abs), "file://"+abs)          // want `file URI built from a path by concatenation`
	if !reflect.DeepEqual(Endpoint(abs), "file://"+abs) { // want `file URI built from a path by concatenation`
		t.Fail()
	}
}
