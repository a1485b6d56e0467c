package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/fileurilint/fileurilint/internal/editortest"
)

// These tests run real editors, headless, with the gopls built with the
// analyzer as their only Go server, configured as docs/editors.md
// configures them ("Inside gopls"). Each opens a fixture, reads the
// analyzer's diagnostic from what the editor displays, applies its
// quick fix and saves; the test checks the saved file.

const (
	docs    = "../../docs/editors.md"
	fixture = "package m\n\nvar a = \"file://C:/x\"\n"
	fixed   = "package m\n\nvar a = \"file:///C:/x\"\n"
)

// onPath returns a PATH on which the custom gopls is
// gopls-fileurilint, the name docs/editors.md gives it, and stock gopls
// is not to be found unless it was there before.
func onPath(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.Symlink(customGopls(t), filepath.Join(dir, "gopls-fileurilint")); err != nil {
		t.Fatal(err)
	}
	return "PATH=" + dir + string(os.PathListSeparator) + os.Getenv("PATH")
}

// runEditor runs the editor on a module holding the fixture as m.go and
// checks the saved m.go.
func runEditor(t *testing.T, scriptName, script string, command ...string) string {
	t.Helper()
	files := map[string]string{"go.mod": "module example.com/m\n\ngo 1.24\n", "m.go": fixture}
	out, dir := editortest.Run(t, files, scriptName, script, []string{onPath(t)}, command...)
	editortest.Saved(t, dir, "m.go", fixed)
	return out
}

// neovimScript opens m.go, waits for the analyzer's diagnostic, writes
// it as JSON with the names of the clients attached, applies its quick
// fix the way a user picks it from the menu of code actions, and saves.
const neovimScript = `
local file, out = os.getenv('FILEURILINT_FILE'), os.getenv('FILEURILINT_OUT')
vim.cmd('filetype on') -- what -u NONE leaves off
-- docs/editors.md
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local function ours()
  for _, d in ipairs(vim.diagnostic.get(0)) do
    if d.source == 'fileuri' then return d end
  end
end
if not vim.wait(60000, function() return ours() ~= nil end, 50) then
  io.stderr:write('no diagnostics\n')
  vim.cmd('cquit 2')
end
local d = ours()
local clients = {}
for _, c in pairs(vim.lsp.buf_get_clients(0)) do
  table.insert(clients, c.name)
end
vim.fn.writefile({ vim.fn.json_encode({
  message = d.message, lnum = d.lnum, col = d.col, end_col = d.end_col,
  code = ((d.user_data or {}).lsp or {}).code or d.code, severity = d.severity,
  clients = clients,
}) }, out)
vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
-- gopls offers other quick fixes on the line (var a is unused): pick
-- the one of fileuri's diagnostic, as the user picks it by its title.
vim.ui.select = function(items, _, on_choice)
  for i, item in ipairs(items) do
    for _, diag in ipairs(item[2].diagnostics or {}) do
      if item[2].kind == 'quickfix' and diag.source == 'fileuri' then
        return on_choice(item, i)
      end
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

func TestNeovimInsideGopls(t *testing.T) {
	script := editortest.WithConfig(t, docs, neovimScript, "### Neovim (inside gopls)", "lua")
	nvim := editortest.Editor(t, "nvim")
	data := runEditor(t, "test.lua", script, nvim, "--headless", "-u", "NONE", "-S")
	var d struct {
		Message, Code       string
		Lnum, Col, Severity int
		EndCol              int `json:"end_col"`
		Clients             []string
	}
	if err := json.Unmarshal([]byte(data), &d); err != nil {
		t.Fatalf("%v: %s", err, data)
	}
	// Neovim counts severities as LSP does (2: warning) and columns in
	// bytes; the line is ASCII.
	if d.Code != "drive-authority" || d.Severity != 2 || d.Lnum != 2 || d.Col != 16 || d.EndCol != 18 || len(d.Clients) != 1 || d.Clients[0] != "gopls" {
		t.Errorf("Neovim: %s; want the drive-authority warning at line 2, columns 16-18, from gopls alone", data)
	}
}

// eglotScript opens m.go with eglot, waits for flymake's diagnostic,
// writes its text, type and position, runs the quick fix at it with
// eglot-code-actions, and saves.
const eglotScript = editortest.EmacsPackages + `
(require 'eglot)
(require 'flymake)
;; docs/editors.md
(find-file (getenv "FILEURILINT_FILE"))
;; eglot-ensure waits for a command loop, which batch mode lacks.
(apply #'eglot (eglot--guess-contact))
(flymake-mode 1)
(defun ours ()
  (seq-find (lambda (d) (string-prefix-p "fileuri " (flymake-diagnostic-text d)))
            (flymake-diagnostics)))
(let ((deadline (+ (float-time) 60)))
  (while (and (null (ours)) (< (float-time) deadline))
    (accept-process-output nil 0.05)))
(unless (ours)
  (message "no diagnostics")
  (kill-emacs 2))
(let ((d (ours)))
  (with-temp-file (getenv "FILEURILINT_OUT")
    (insert (format "%S" (list (flymake-diagnostic-text d)
                               (flymake-diagnostic-type d)
                               (1- (flymake-diagnostic-beg d))
                               (1- (flymake-diagnostic-end d))))))
  (goto-char (flymake-diagnostic-beg d)))
;; As M-x eglot-code-actions at point: the bounds of the string.
(apply #'eglot-code-actions (append (eglot--region-bounds) '("quickfix" t)))
(save-buffer)
(kill-emacs 0)
`

func TestEmacsEglotInsideGopls(t *testing.T) {
	script := editortest.WithConfig(t, docs, eglotScript, "### Emacs: eglot (inside gopls)", "elisp")
	emacs := editortest.Editor(t, "emacs")
	// Not -Q: Debian's elpa packages load from the site files.
	data := runEditor(t, "test.el", script, emacs, "--batch", "-l")
	// Offsets into the buffer: the drive "C:" is at bytes 27-29.
	if want := `("fileuri [drive-authority]: file URI reads drive \"C:\" as a host; write \"file:///C:\"" eglot-warning 27 29)`; data != want {
		t.Errorf("Emacs's diagnostic: %s\nwant %s", data, want)
	}
}

// lspModeScript opens m.go with lsp-mode, waits for the diagnostic in
// the list that flycheck displays, writes its message, level, code and
// position and the servers running, runs its quick fix, and saves.
const lspModeScript = editortest.EmacsPackages + `
(require 'lsp-mode)
(setq lsp-session-file (expand-file-name ".lsp-session" default-directory)
      lsp-enable-snippet nil
      lsp-headerline-breadcrumb-enable nil
      lsp-response-timeout 120)
;; docs/editors.md
(lsp-workspace-folders-add (getenv "FILEURILINT_DIR"))
(find-file (getenv "FILEURILINT_FILE"))
(lsp)
(defun ours ()
  "fileuri's diagnostic in flycheck's list, which the editor displays."
  (seq-find (lambda (e) (equal (flycheck-error-group e) "fileuri"))
            (bound-and-true-p flycheck-current-errors)))
(let ((deadline (+ (float-time) 60)))
  (while (and (null (ours)) (< (float-time) deadline))
    (accept-process-output nil 0.05)
    ;; Batch mode is never idle: run the idle timers (flycheck's check).
    (dolist (timer (copy-sequence timer-idle-list))
      (timer-event-handler timer))))
(unless (ours)
  (message "no diagnostics")
  (kill-emacs 2))
(let ((e (ours))
      (servers (mapcar (lambda (w) (symbol-name (lsp--workspace-server-id w))) (lsp-workspaces))))
  (with-temp-file (getenv "FILEURILINT_OUT")
    (insert (format "%S" (list (flycheck-error-message e) (flycheck-error-level e) (flycheck-error-id e)
                               (flycheck-error-line e) (flycheck-error-column e) (flycheck-error-end-column e)
                               servers))))
  (goto-char (flycheck-error-pos e)))
;; As the user picks it from M-x lsp-execute-code-action's menu.
(lsp-execute-code-action
 (seq-find (lambda (a)
             (seq-some (lambda (d) (equal (lsp:diagnostic-source? d) "fileuri"))
                       (lsp:code-action-diagnostics? a)))
           (lsp-code-actions-at-point "quickfix")))
(save-buffer)
(kill-emacs 0)
`

func TestEmacsLSPModeInsideGopls(t *testing.T) {
	script := editortest.WithConfig(t, docs, lspModeScript, "### Emacs: lsp-mode (inside gopls)", "elisp")
	emacs := editortest.Editor(t, "emacs")
	data := runEditor(t, "test.el", script, emacs, "--batch", "-l")
	// flycheck counts lines and columns from 1.
	if want := `("file URI reads drive \"C:\" as a host; write \"file:///C:\"" warning "drive-authority" 3 17 19 ("gopls"))`; data != want {
		t.Errorf("lsp-mode's diagnostic: %s\nwant %s", data, want)
	}
}
