package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// These tests run real editors, headless, with the server, configured as
// docs/editors.md configures them (each test reads its configuration
// from there): they run only when FILEURILINT_E2E_EDITORS is set, and
// then fail if the editor is missing (Debian's packages neovim,
// emacs-nox, elpa-lsp-mode and, before Emacs 29, elpa-eglot; .ci/run
// installs them). gopls, when FILEURILINT_GOPLS names it or it is on
// PATH, runs beside the server in Neovim and lsp-mode.

// buildServer builds fileurilint-lsp into a temporary directory.
func buildServer(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "fileurilint-lsp")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

// runEditor writes a module holding m.go, the fixture, and the editor's
// script of the given name into a new directory, runs the editor
// command (with the script's path appended) there, with
// FILEURILINT_FILE naming m.go and FILEURILINT_OUT the file the script
// writes, and env added; it returns what the script wrote and the saved
// m.go, which it checks is the fixed fixture.
func runEditor(t *testing.T, scriptName, script string, env []string, command ...string) string {
	t.Helper()
	dir := t.TempDir()
	file := filepath.Join(dir, "m.go")
	out := filepath.Join(dir, "out")
	for name, text := range map[string]string{
		"go.mod":   "module example.com/m\n\ngo 1.24\n",
		"m.go":     fixture,
		scriptName: script,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, command[0], append(command[1:], filepath.Join(dir, scriptName))...)
	cmd.Dir = dir
	cmd.Env = append(append(os.Environ(), "FILEURILINT_FILE="+file, "FILEURILINT_OUT="+out, "HOME="+dir), env...)
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", command[0], err, output)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	saved, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(saved) != fixed {
		t.Errorf("saved file:\n%s\nwant:\n%s", saved, fixed)
	}
	return string(data)
}

// withConfig returns script with its line "-- docs/editors.md" (or
// ";; docs/editors.md") replaced by the configuration that
// docs/editors.md gives under the heading: the first code block fenced
// as lang in that section. The tests run the documented configuration
// itself.
func withConfig(t *testing.T, script, heading, lang string) string {
	t.Helper()
	data, err := os.ReadFile("../../docs/editors.md")
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n"+heading+"\n")
	if !ok {
		t.Fatalf("docs/editors.md has no heading %q", heading)
	}
	prose, rest, ok := strings.Cut(section, "\n```"+lang+"\n")
	if !ok || strings.Contains(prose, "\n#") {
		t.Fatalf("docs/editors.md has no %s block under %q", lang, heading)
	}
	config, _, ok := strings.Cut(rest, "\n```\n")
	if !ok {
		t.Fatalf("docs/editors.md: the %s block under %q does not end", lang, heading)
	}
	placeholder := map[string]string{"lua": "-- docs/editors.md\n", "elisp": ";; docs/editors.md\n"}[lang]
	if strings.Count(script, placeholder) != 1 {
		t.Fatalf("the script has no line %q", placeholder)
	}
	return strings.Replace(script, placeholder, config+"\n", 1)
}

// editor skips the test unless FILEURILINT_E2E_EDITORS is set, and then
// returns the path of the editor's command, which must be installed.
func editor(t *testing.T, name string) string {
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

// lookGopls returns the gopls to run beside the server: FILEURILINT_GOPLS,
// else gopls on PATH, else "".
func lookGopls() string {
	if gopls := os.Getenv("FILEURILINT_GOPLS"); gopls != "" {
		return gopls
	}
	gopls, _ := exec.LookPath("gopls")
	return gopls
}

const (
	fixture = "package m\n\nvar a = \"file://C:/x\"\n"
	fixed   = "package m\n\nvar a = \"file:///C:/x\"\n"
)

// neovimScript opens the file FILEURILINT_FILE with fileurilint-lsp,
// from PATH, attached as docs/editors.md configures it, beside
// gopls if FILEURILINT_GOPLS names it, waits for fileurilint's
// diagnostic, writes it as JSON to FILEURILINT_OUT with the names of the
// clients attached, applies fileurilint's quick fix at it the way a user
// picks it from the menu of code actions, and saves the file.
const neovimScript = `
local file, out = os.getenv('FILEURILINT_FILE'), os.getenv('FILEURILINT_OUT')
local gopls = os.getenv('FILEURILINT_GOPLS') or ''
vim.cmd('filetype on') -- what -u NONE leaves off
-- docs/editors.md
if gopls ~= '' then
  vim.api.nvim_create_autocmd('FileType', {
    pattern = 'go',
    callback = function(args)
      vim.lsp.buf_attach_client(args.buf, vim.lsp.start_client({ name = 'gopls', cmd = { gopls }, root_dir = vim.fn.getcwd() }))
    end,
  })
end
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local function ours()
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.source == 'fileurilint' then return d end
  end
end
if not vim.wait(60000, function() return ours() ~= nil end, 50) then
  io.stderr:write('no diagnostics\n')
  vim.cmd('cquit 2')
end
-- gopls takes longer than fileurilint-lsp to start.
local want = gopls ~= '' and 2 or 1
vim.wait(60000, function()
  local n = 0
  for _, c in pairs(vim.lsp.buf_get_clients(0)) do
    if c.initialized then n = n + 1 end
  end
  return n == want
end, 50)
local d = ours()
local lsp = (d.user_data or {}).lsp or {}
local clients = {}
for _, c in pairs(vim.lsp.buf_get_clients(0)) do
  if c.initialized then table.insert(clients, c.name) end
end
table.sort(clients)
vim.fn.writefile({ vim.fn.json_encode({
  source = d.source, message = d.message, lnum = d.lnum, col = d.col,
  end_col = d.end_col, code = lsp.code or d.code, severity = d.severity,
  clients = clients,
}) }, out)
vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
vim.ui.select = function(items, _, on_choice)
  for i, item in ipairs(items) do
    local client = vim.lsp.get_client_by_id(item[1])
    if client and client.name == 'fileurilint' and item[2].kind == 'quickfix' then
      return on_choice(item, i)
    end
  end
  on_choice(nil, nil)
end
local before = vim.api.nvim_buf_get_lines(0, 0, -1, false)
vim.lsp.buf.code_action()
if not vim.wait(30000, function() return not vim.deep_equal(before, vim.api.nvim_buf_get_lines(0, 0, -1, false)) end, 50) then
  io.stderr:write('the code action changed nothing\n')
  vim.cmd('cquit 3')
end
vim.cmd('write')
vim.cmd('qall!')
`

func TestNeovim(t *testing.T) {
	script := withConfig(t, neovimScript, "### Neovim (built-in client)", "lua")
	nvim := editor(t, "nvim")
	path := filepath.Dir(buildServer(t)) + string(os.PathListSeparator) + os.Getenv("PATH")
	gopls := lookGopls()
	want := []string{"fileurilint", "gopls"}
	if gopls == "" {
		t.Log("no gopls (FILEURILINT_GOPLS, PATH): Neovim runs fileurilint-lsp alone")
		want = want[:1]
	}
	data := runEditor(t, "test.lua", script, []string{"PATH=" + path, "FILEURILINT_GOPLS=" + gopls},
		nvim, "--headless", "-u", "NONE", "-S")
	var d struct {
		Source, Message, Code string
		Lnum, Col, Severity   int
		EndCol                int `json:"end_col"`
		Clients               []string
	}
	if err := json.Unmarshal([]byte(data), &d); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	// Neovim counts severities as LSP does (2: warning) and columns in
	// bytes; the line is ASCII.
	if d.Source != "fileurilint" || d.Code != "drive-authority" || d.Severity != 2 || d.Lnum != 2 || d.Col != 16 || d.EndCol != 18 {
		t.Errorf("Neovim's diagnostic: %s; want fileurilint's drive-authority warning at line 2, columns 16-18", data)
	}
	if !slices.Equal(d.Clients, want) {
		t.Errorf("clients attached to the buffer: %q, want %q", d.Clients, want)
	}
}

// eglotScript opens FILEURILINT_FILE with eglot running fileurilint-lsp
// as docs/editors.md configures it, waits for a diagnostic, writes its
// text and position to FILEURILINT_OUT, runs the quick fix at it with
// eglot-code-actions, and saves the file. Emacs 28 has no go-mode: a
// bare one stands in for it.
const eglotScript = `
(require 'eglot)
(require 'flymake)
(unless (fboundp 'go-mode)
  (define-derived-mode go-mode prog-mode "Go"))
(add-to-list 'auto-mode-alist '("\\.go\\'" . go-mode))
;; docs/editors.md
(find-file (getenv "FILEURILINT_FILE"))
;; eglot-ensure waits for a command loop, which batch mode lacks.
(apply #'eglot (eglot--guess-contact))
(flymake-mode 1)
(let ((deadline (+ (float-time) 60)))
  (while (and (null (flymake-diagnostics)) (< (float-time) deadline))
    (accept-process-output nil 0.05)))
(unless (flymake-diagnostics)
  (message "no diagnostics")
  (kill-emacs 2))
(let ((d (car (flymake-diagnostics))))
  (with-temp-file (getenv "FILEURILINT_OUT")
    (insert (format "%S" (list (flymake-diagnostic-text d)
                               (flymake-diagnostic-type d)
                               (1- (flymake-diagnostic-beg d))
                               (1- (flymake-diagnostic-end d))))))
  (goto-char (flymake-diagnostic-beg d)))
(eglot-code-actions (point) (point) "quickfix" t)
(save-buffer)
(kill-emacs 0)
`

func TestEmacsEglot(t *testing.T) {
	script := withConfig(t, eglotScript, "### Emacs: eglot (instead of gopls)", "elisp")
	emacs := editor(t, "emacs")
	// The server is found on PATH, as the configuration names it. Not
	// -Q: Debian's elpa packages load from the site files.
	path := filepath.Dir(buildServer(t)) + string(os.PathListSeparator) + os.Getenv("PATH")
	data := runEditor(t, "test.el", script, []string{"PATH=" + path}, emacs, "--batch", "-l")
	// eglot writes the source and the code before the message; offsets
	// into the buffer: the drive "C:" is at bytes 27-29.
	if want := `("fileurilint [drive-authority]: file URI reads drive \"C:\" as a host; write \"file:///C:\"" eglot-warning 27 29)`; data != want {
		t.Errorf("Emacs's diagnostic: %s\nwant %s", data, want)
	}
}

// lspModeScript opens FILEURILINT_FILE with lsp-mode, fileurilint-lsp
// registered as an add-on server as docs/editors.md configures it,
// beside gopls (lsp-mode's own client for Go) unless FILEURILINT_GOPLS is
// empty; waits for fileurilint's diagnostic, writes its message and the
// servers running to FILEURILINT_OUT, runs the quick fix with
// lsp-execute-code-action-by-kind, and saves the file.
const lspModeScript = `
(require 'lsp-mode)
(setq lsp-session-file (expand-file-name ".lsp-session" default-directory)
      lsp-enable-snippet nil
      lsp-headerline-breadcrumb-enable nil
      lsp-auto-execute-action t
      ;; a loaded machine: gopls may take more than the default 10 s
      ;; to answer the code action request that lsp-mode sends both
      lsp-response-timeout 120)
(unless (fboundp 'go-mode)
  (define-derived-mode go-mode prog-mode "Go"))
(add-to-list 'auto-mode-alist '("\\.go\\'" . go-mode))
;; docs/editors.md
(when (equal (getenv "FILEURILINT_GOPLS") "")
  (setq lsp-enabled-clients '(fileurilint)))
(lsp-workspace-folders-add default-directory)
(find-file (getenv "FILEURILINT_FILE"))
(lsp)
(defun ours ()
  (let (found)
    (maphash (lambda (_file diags)
               (dolist (d diags)
                 (when (equal (lsp:diagnostic-source? d) "fileurilint")
                   (setq found d))))
             (lsp-diagnostics))
    found))
(let ((deadline (+ (float-time) 60)))
  (while (and (null (ours)) (< (float-time) deadline))
    (accept-process-output nil 0.05)))
(unless (ours)
  (message "no diagnostics")
  (kill-emacs 2))
(let ((d (ours))
      (servers (sort (mapcar (lambda (w) (symbol-name (lsp--workspace-server-id w))) (lsp-workspaces)) #'string<)))
  (with-temp-file (getenv "FILEURILINT_OUT")
    (insert (format "%S" (list (lsp:diagnostic-message d) servers))))
  (goto-char (point-min))
  (forward-line (lsp:position-line (lsp:range-start (lsp:diagnostic-range d))))
  (forward-char (lsp:position-character (lsp:range-start (lsp:diagnostic-range d)))))
(lsp-execute-code-action-by-kind "quickfix")
(save-buffer)
(kill-emacs 0)
`

func TestEmacsLSPMode(t *testing.T) {
	script := withConfig(t, lspModeScript, "### Emacs: lsp-mode (beside gopls)", "elisp")
	emacs := editor(t, "emacs")
	path := filepath.Dir(buildServer(t)) + string(os.PathListSeparator) + os.Getenv("PATH")
	gopls := lookGopls()
	servers := `("fileurilint" "gopls")`
	if gopls == "" {
		t.Log("no gopls (FILEURILINT_GOPLS, PATH): lsp-mode runs fileurilint-lsp alone")
		servers = `("fileurilint")`
	} else {
		path = filepath.Dir(gopls) + string(os.PathListSeparator) + path
	}
	data := runEditor(t, "test.el", script, []string{"PATH=" + path, "FILEURILINT_GOPLS=" + gopls}, emacs, "--batch", "-l")
	if want := `("file URI reads drive \"C:\" as a host; write \"file:///C:\"" ` + servers + `)`; data != want {
		t.Errorf("lsp-mode's diagnostic and servers: %s\nwant %s", data, want)
	}
}
