package main

import (
	"encoding/json"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fileurilint/fileurilint/internal/editortest"
)

// These tests run real editors, headless, with the server, configured as
// docs/editors.md configures them (each test reads its configuration
// from there): they run only when FILEURILINT_E2E_EDITORS is set, and
// then fail if the editor is missing (see internal/editortest). gopls, when FILEURILINT_GOPLS names it or it is on
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

// runEditor runs the editor on a module holding m.go, the fixture, and
// the other files (by slash-separated name), and checks that the saved
// m.go is the fixed fixture.
func runEditor(t *testing.T, scriptName, script string, other map[string]string, env []string, command ...string) (string, string) {
	t.Helper()
	files := map[string]string{"go.mod": "module example.com/m\n\ngo 1.24\n", "m.go": fixture}
	maps.Copy(files, other)
	out, dir := editortest.Run(t, files, scriptName, script, env, command...)
	editortest.Saved(t, dir, "m.go", fixed)
	return out, dir
}

const docs = "../../docs/editors.md"

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

// neovimFixAll07 is the call that docs/editors.md gives Neovim 0.7
// users to fix a whole file: 0.7's vim.lsp.buf.code_action takes the
// context itself and has no apply.
const neovimFixAll07 = "vim.lsp.buf.code_action({ only = { 'source.fixAll.fileurilint' } })"

// neovimScript opens three Go files of one module at once, FILEURILINT_FILE
// (m.go), n.go and sub/s.go beside it, with fileurilint-lsp, from PATH,
// attached as docs/editors.md configures it, beside gopls if
// FILEURILINT_GOPLS names it; waits for fileurilint's diagnostics in the
// three buffers; writes to FILEURILINT_OUT, as JSON, m.go's diagnostic,
// the names of the clients attached to m.go, the ids of the fileurilint
// clients attached to each buffer and the number of fileurilint-lsp
// processes Neovim runs. Then it applies fileurilint's quick fix in m.go
// the way a user picks it from the menu of code actions, fixes the whole
// of n.go with neovimFixAll07, picking the action from the menu, adds the
// actions offered to the JSON, and saves both files.
const neovimScript = `
local file, out = os.getenv('FILEURILINT_FILE'), os.getenv('FILEURILINT_OUT')
local gopls = os.getenv('FILEURILINT_GOPLS') or ''
local dir = vim.fn.fnamemodify(file, ':h')
vim.cmd('filetype on') -- what -u NONE leaves off
vim.o.hidden = true -- buffers left stay loaded (the default from Neovim 0.9)
-- docs/editors.md
if gopls ~= '' then
  local id
  vim.api.nvim_create_autocmd('FileType', {
    pattern = 'go',
    callback = function(args)
      id = id or vim.lsp.start_client({ name = 'gopls', cmd = { gopls }, root_dir = dir })
      vim.lsp.buf_attach_client(args.buf, id)
    end,
  })
end
-- All three are open before the first server has answered initialize.
local bufs = {}
for _, f in ipairs({ file, dir .. '/n.go', dir .. '/sub/s.go' }) do
  vim.cmd('edit ' .. vim.fn.fnameescape(f))
  table.insert(bufs, vim.api.nvim_get_current_buf())
end
local function ours(buf)
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == 'fileurilint' then return d end
  end
end
if not vim.wait(60000, function()
  for _, buf in ipairs(bufs) do
    if not ours(buf) then return false end
  end
  return true
end, 50) then
  io.stderr:write('no diagnostics\n')
  vim.cmd('cquit 2')
end
-- gopls takes longer than fileurilint-lsp to start.
local want = gopls ~= '' and 2 or 1
vim.wait(60000, function()
  local n = 0
  for _, c in pairs(vim.lsp.buf_get_clients(bufs[1])) do
    if c.initialized then n = n + 1 end
  end
  return n == want
end, 50)
local serving = {}
for i, buf in ipairs(bufs) do
  serving[i] = {}
  for _, c in pairs(vim.lsp.buf_get_clients(buf)) do
    if c.name == 'fileurilint' then table.insert(serving[i], c.id) end
  end
end
local processes = 0
for _, pid in ipairs(vim.api.nvim_get_proc_children(vim.fn.getpid())) do
  local p = vim.api.nvim_get_proc(pid)
  if p and p.name == 'fileurilint-lsp' then processes = processes + 1 end
end
vim.cmd('buffer ' .. bufs[1])
local d = ours(0)
local lsp = (d.user_data or {}).lsp or {}
local clients = {}
for _, c in pairs(vim.lsp.buf_get_clients(0)) do
  if c.initialized then table.insert(clients, c.name) end
end
table.sort(clients)
local result = {
  source = d.source, message = d.message, lnum = d.lnum, col = d.col,
  end_col = d.end_col, code = lsp.code or d.code, severity = d.severity,
  clients = clients, serving = serving, processes = processes, fixall = {},
}
-- Picks fileurilint's action of the kind from the menu, and records
-- the actions offered.
local function pick(kind, offered)
  vim.ui.select = function(items, _, on_choice)
    for _, item in ipairs(items) do
      local client = vim.lsp.get_client_by_id(item[1])
      table.insert(offered, { client = client and client.name, kind = item[2].kind, title = item[2].title })
    end
    for i, item in ipairs(items) do
      local client = vim.lsp.get_client_by_id(item[1])
      if client and client.name == 'fileurilint' and item[2].kind == kind then
        return on_choice(item, i)
      end
    end
    on_choice(nil, nil)
  end
end
local function changed(before, what)
  if not vim.wait(30000, function() return not vim.deep_equal(before, vim.api.nvim_buf_get_lines(0, 0, -1, false)) end, 50) then
    io.stderr:write(what .. ' changed nothing\n')
    vim.cmd('cquit 3')
  end
end
vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
pick('quickfix', {})
local before = vim.api.nvim_buf_get_lines(0, 0, -1, false)
vim.lsp.buf.code_action()
changed(before, 'the quick fix')
vim.cmd('write')
vim.cmd('buffer ' .. bufs[2])
pick('source.fixAll.fileurilint', result.fixall)
before = vim.api.nvim_buf_get_lines(0, 0, -1, false)
` + neovimFixAll07 + `
changed(before, 'fix all')
vim.cmd('write')
vim.fn.writefile({ vim.fn.json_encode(result) }, out)
vim.cmd('qall!')
`

// neovimFiles are the files beside m.go that the Neovim test opens: one
// package of the module holds n.go, which it fixes whole, and another
// sub/s.go.
var neovimFiles = map[string]string{
	"n.go":     "package m\n\nvar b = \"file://C:/y\"\n\nvar c = `file:///c|/z`\n",
	"sub/s.go": "package sub\n\nvar s = \"file://C:/z\"\n",
}

func TestNeovim(t *testing.T) {
	script := editortest.WithConfig(t, docs, neovimScript, "### Neovim (built-in client)", "lua")
	if docs := editortest.Section(t, docs, "### Neovim (built-in client)"); !strings.Contains(docs, "`"+neovimFixAll07+"`") {
		t.Errorf("docs/editors.md does not give Neovim 0.7 the call %s", neovimFixAll07)
	}
	nvim := editortest.Editor(t, "nvim")
	path := filepath.Dir(buildServer(t)) + string(os.PathListSeparator) + os.Getenv("PATH")
	gopls := lookGopls()
	want := []string{"fileurilint", "gopls"}
	if gopls == "" {
		t.Log("no gopls (FILEURILINT_GOPLS, PATH): Neovim runs fileurilint-lsp alone")
		want = want[:1]
	}
	data, dir := runEditor(t, "test.lua", script, neovimFiles, []string{"PATH=" + path, "FILEURILINT_GOPLS=" + gopls},
		nvim, "--headless", "-u", "NONE", "-S")
	var d struct {
		Source, Message, Code string
		Lnum, Col, Severity   int
		EndCol                int `json:"end_col"`
		Clients               []string
		Serving               [][]int
		Processes             int
		FixAll                []struct{ Client, Kind, Title string }
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
	if len(d.Serving) != 3 || len(d.Serving[0]) != 1 || !slices.Equal(d.Serving[1], d.Serving[0]) || !slices.Equal(d.Serving[2], d.Serving[0]) || d.Processes != 1 {
		t.Errorf("fileurilint clients attached to m.go, n.go and sub/s.go: %v, from %d fileurilint-lsp processes; want one client and one process for the three", d.Serving, d.Processes)
	}
	if len(d.FixAll) != 1 || d.FixAll[0].Client != "fileurilint" || d.FixAll[0].Kind != "source.fixAll.fileurilint" {
		t.Errorf("actions offered by %s: %+v, want fileurilint's fix-all alone", neovimFixAll07, d.FixAll)
	}
	for name, want := range map[string]string{
		"n.go":     "package m\n\nvar b = \"file:///C:/y\"\n\nvar c = `file:///c:/z`\n",
		"sub/s.go": neovimFiles["sub/s.go"],
	} {
		if saved, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name))); err != nil || string(saved) != want {
			t.Errorf("saved %s:\n%s (%v)\nwant:\n%s", name, saved, err, want)
		}
	}
}

// eglotScript opens FILEURILINT_FILE with eglot running fileurilint-lsp
// as docs/editors.md configures it, waits for a diagnostic, writes its
// text and position to FILEURILINT_OUT, runs the quick fix at it with
// eglot-code-actions, and saves the file.
const eglotScript = editortest.EmacsPackages + `
(require 'eglot)
(require 'flymake)
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
	script := editortest.WithConfig(t, docs, eglotScript, "### Emacs: eglot (instead of gopls)", "elisp")
	emacs := editortest.Editor(t, "emacs")
	// The server is found on PATH, as the configuration names it. Not
	// -Q: Debian's elpa packages load from the site files.
	path := filepath.Dir(buildServer(t)) + string(os.PathListSeparator) + os.Getenv("PATH")
	data, _ := runEditor(t, "test.el", script, nil, []string{"PATH=" + path}, emacs, "--batch", "-l")
	// eglot writes the source and the code before the message; offsets
	// into the buffer: the drive "C:" is at bytes 27-29.
	if want := `("fileurilint [drive-authority]: file URI reads drive \"C:\" as a host; write \"file:///C:\"" eglot-warning 27 29)`; data != want {
		t.Errorf("Emacs's diagnostic: %s\nwant %s", data, want)
	}
}

// lspModeScript opens FILEURILINT_FILE with lsp-mode, fileurilint-lsp
// registered as an add-on server as docs/editors.md configures it,
// beside gopls (lsp-mode's own client for Go) unless FILEURILINT_GOPLS is
// empty; waits until every server has reported diagnostics and the
// buffer shows fileurilint's and all the others the servers sent,
// pausing now and then as a user would (flycheck checks when Emacs is
// idle, which batch mode never is); writes what the buffer shows of
// fileurilint's diagnostic, the servers running and the messages sent
// but not shown to FILEURILINT_OUT; runs the quick fix at the diagnostic
// with lsp-execute-code-action-by-kind, and saves the file.
//
// Flycheck is installed but not activated, so that lsp-mode shows
// diagnostics as the configuration says, and with flymake if it says
// nothing, as for a user without flycheck.
const lspModeScript = `
(setq package-load-list '(all (flycheck nil)))
` + editortest.EmacsPackages + `
(require 'lsp-mode)
(setq lsp-session-file (expand-file-name ".lsp-session" default-directory)
      lsp-enable-snippet nil
      lsp-headerline-breadcrumb-enable nil
      lsp-auto-execute-action t
      ;; a loaded machine: gopls may take more than the default 10 s
      ;; to answer the code action request that lsp-mode sends both
      lsp-response-timeout 120)
;; docs/editors.md
(when (equal (getenv "FILEURILINT_GOPLS") "")
  (setq lsp-enabled-clients '(fileurilint)))
(defvar reported nil "The servers that have reported diagnostics.")
(add-hook 'lsp-diagnostics-updated-hook
          (lambda ()
            (dolist (w (lsp-workspaces)) ; the reporting server's
              (add-to-list 'reported (symbol-name (lsp--workspace-server-id w))))))
;; What M-x lsp-workspace-folders-add does: lsp-mode asks for no root.
(lsp-workspace-folders-add default-directory)
(find-file (getenv "FILEURILINT_FILE"))
(lsp)
(defun pause ()
  "Run the idle timers, as Emacs does when the user pauses."
  (dolist (timer (copy-sequence timer-idle-list))
    (timer-event-handler timer)))
(defun shown ()
  "The diagnostics the buffer shows: message, line and column from 0."
  (cond
   ((bound-and-true-p flycheck-mode)
    (mapcar (lambda (e)
              (list (flycheck-error-message e) (1- (flycheck-error-line e)) (1- (flycheck-error-column e))))
            flycheck-current-errors))
   ((bound-and-true-p flymake-mode)
    (mapcar (lambda (d)
              (save-excursion
                (goto-char (flymake-diagnostic-beg d))
                (list (flymake-diagnostic-text d) (1- (line-number-at-pos)) (current-column))))
            (flymake-diagnostics)))))
(defun ours ()
  (seq-find (lambda (d) (string-prefix-p "file URI reads drive" (car d))) (shown)))
(defun hidden ()
  "The messages of the diagnostics the servers sent that the buffer does not show."
  (seq-remove (lambda (m) (assoc m (shown)))
              (mapcar #'lsp:diagnostic-message
                      (gethash (lsp--fix-path-casing buffer-file-name) (lsp-diagnostics)))))
(let ((servers (if (equal (getenv "FILEURILINT_GOPLS") "") '("fileurilint") '("fileurilint" "gopls")))
      (deadline (+ (float-time) 60)))
  (while (and (not (and (seq-every-p (lambda (s) (member s reported)) servers) (ours) (null (hidden))))
              (< (float-time) deadline))
    (accept-process-output nil 0.05)
    (pause)))
(let* ((d (ours))
       (servers (sort (mapcar (lambda (w) (symbol-name (lsp--workspace-server-id w))) (lsp-workspaces)) #'string<))
       (result (format "%S" (list (car d) (nth 1 d) (nth 2 d) servers (hidden)))))
  (with-temp-file (getenv "FILEURILINT_OUT")
    (insert result))
  (when d
    (goto-char (point-min))
    (forward-line (nth 1 d))
    (forward-char (nth 2 d))
    (lsp-execute-code-action-by-kind "quickfix")))
(save-buffer)
(kill-emacs 0)
`

func TestEmacsLSPMode(t *testing.T) {
	script := editortest.WithConfig(t, docs, lspModeScript, "### Emacs: lsp-mode (beside gopls)", "elisp")
	emacs := editortest.Editor(t, "emacs")
	path := filepath.Dir(buildServer(t)) + string(os.PathListSeparator) + os.Getenv("PATH")
	gopls := lookGopls()
	servers := `("fileurilint" "gopls")`
	if gopls == "" {
		t.Log("no gopls (FILEURILINT_GOPLS, PATH): lsp-mode runs fileurilint-lsp alone")
		servers = `("fileurilint")`
	} else {
		path = filepath.Dir(gopls) + string(os.PathListSeparator) + path
	}
	data, _ := runEditor(t, "test.el", script, nil, []string{"PATH=" + path, "FILEURILINT_GOPLS=" + gopls}, emacs, "--batch", "-l")
	// The drive "C:" is at line 2, column 16; nothing is hidden.
	if want := `("file URI reads drive \"C:\" as a host; write \"file:///C:\"" 2 16 ` + servers + ` nil)`; data != want {
		t.Errorf("lsp-mode's diagnostic shown, servers and messages hidden: %s\nwant %s", data, want)
	}
}
