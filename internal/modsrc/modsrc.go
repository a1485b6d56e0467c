// Package modsrc fetches the source of a module version through the go
// command and copies it out of the read-only module cache.
package modsrc

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
)

// Download fetches module path at version into the module cache with
// "go mod download" and returns its directory there and its go.sum hash.
func Download(path, version string) (dir, sum string, err error) {
	cmd := exec.Command("go", "mod", "download", "-json", path+"@"+version)
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=")
	out, err := cmd.Output()
	var dl struct{ Dir, Sum, Error string }
	if jerr := json.Unmarshal(out, &dl); jerr != nil {
		return "", "", fmt.Errorf("downloading %s@%s: %v %v", path, version, err, jerr)
	}
	if dl.Error != "" {
		return "", "", fmt.Errorf("downloading %s@%s: %s", path, version, dl.Error)
	}
	return dl.Dir, dl.Sum, nil
}

// CopyTree copies the files of src to a new writable tree dst.
func CopyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
