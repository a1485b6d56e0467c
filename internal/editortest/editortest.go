// Package editortest runs real editors, headless, on a fixture module,
// with the configurations that docs/editors.md gives, for the
// end-to-end tests of fileurilint's editor routes.
//
// The tests run only when FILEURILINT_E2E_EDITORS is set, and then fail
// if the editor is missing (Debian's packages neovim, emacs-nox,
// elpa-go-mode, elpa-flycheck, elpa-lsp-mode and, before Emacs 29,
// elpa-eglot; .ci/run installs them).
package editortest

import (
	"context"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Editor skips the test unless FILEURILINT_E2E_EDITORS is set, and then
// returns the path of the editor's command, which must be installed.
func Editor(t *testing.T, name string) string {
	t.Helper()
	if os.Getenv("FILEURILINT_E2E_EDITORS") == "" {
		t.Skip("set FILEURILINT_E2E_EDITORS=1 to run editors")
	}
	path, err := exec.LookPath(name)
	if err != nil {
		t.Fatalf("FILEURILINT_E2E_EDITORS is set but %s is missing: %v", name, err)
	}
	return path
}

// EmacsPackages is how the Emacs scripts begin: Emacs activates the
// installed packages before it reads the init file, batch mode does not,
// and without their autoloads go-mode is not found for .go files and
// lsp-mode fails to set up its buffers. Go files open in go-mode when it
// is installed (Debian: elpa-go-mode), else in a bare stand-in.
const EmacsPackages = `
(package-initialize)
(unless (fboundp 'go-mode)
  (define-derived-mode go-mode prog-mode "Go")
  (add-to-list 'auto-mode-alist '("\\.go\\'" . go-mode)))
`

// Run writes files (named with slashes) and the editor's script of the
// given name into a new directory, runs the editor command (with the
// script's path appended) there, with FILEURILINT_DIR naming the
// directory, FILEURILINT_FILE its m.go, FILEURILINT_OUT the file the
// script writes, HOME the directory, and env added. It returns what the
// script wrote and the directory.
func Run(t *testing.T, files map[string]string, scriptName, script string, env []string, command ...string) (out, dir string) {
	t.Helper()
	dir = t.TempDir()
	outFile := filepath.Join(dir, "out")
	files = maps.Clone(files)
	files[scriptName] = script
	for name, text := range files {
		name = filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, command[0], append(command[1:], filepath.Join(dir, scriptName))...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "FILEURILINT_DIR="+dir, "FILEURILINT_FILE="+filepath.Join(dir, "m.go"), "FILEURILINT_OUT="+outFile, "HOME="+dir)
	cmd.Env = append(cmd.Env, env...)
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", command[0], err, output)
	}
	data, err := os.ReadFile(outFile)
	if err != nil {
		t.Fatal(err)
	}
	return string(data), dir
}

// Saved checks that the file name (with slashes) of dir holds want.
func Saved(t *testing.T, dir, name, want string) {
	t.Helper()
	saved, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	if string(saved) != want {
		t.Errorf("saved %s:\n%s\nwant:\n%s", name, saved, want)
	}
}

// Section returns the text of the file docs under the heading, up to the
// next heading of level 2 or 3.
func Section(t *testing.T, docs, heading string) string {
	t.Helper()
	data, err := os.ReadFile(docs)
	if err != nil {
		t.Fatal(err)
	}
	_, text, ok := strings.Cut(string(data), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("%s has no heading %q", docs, heading)
	}
	for _, next := range []string{"\n## ", "\n### "} {
		text, _, _ = strings.Cut(text, next)
	}
	return text
}

// WithConfig returns script with its line "-- docs/editors.md" (or
// ";; docs/editors.md") replaced by the configuration that the file docs
// gives under the heading: the first code block fenced as lang in that
// section. The tests run the documented configuration itself.
func WithConfig(t *testing.T, docs, script, heading, lang string) string {
	t.Helper()
	_, rest, ok := strings.Cut(Section(t, docs, heading), "\n```"+lang+"\n")
	if !ok {
		t.Fatalf("%s has no %s block under %q", docs, lang, heading)
	}
	config, _, ok := strings.Cut(rest, "\n```\n")
	if !ok {
		t.Fatalf("%s: the %s block under %q does not end", docs, lang, heading)
	}
	placeholder := map[string]string{"lua": "-- docs/editors.md\n", "elisp": ";; docs/editors.md\n"}[lang]
	if strings.Count(script, placeholder) != 1 {
		t.Fatalf("the script has no line %q", placeholder)
	}
	return strings.Replace(script, placeholder, config+"\n", 1)
}
