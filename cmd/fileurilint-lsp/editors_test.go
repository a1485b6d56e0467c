package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
)

// These tests run real editors, headless, with the server: they run only
// when FILEURILINT_E2E_EDITORS is set, and then fail if the editor is
// missing (install Debian's neovim package).

// buildServer builds fileurilint-lsp into a temporary directory.
func buildServer(t *testing.T) string {
	t.Helper()
	exe := filepath.Join(t.TempDir(), "fileurilint-lsp")
	if out, err := exec.Command("go", "build", "-o", exe, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return exe
}

const (
	fixture = "package m\n\nvar a = \"file://C:/x\"\n"
	fixed   = "package m\n\nvar a = \"file:///C:/x\"\n"
)

// neovimScript opens the file FILEURILINT_FILE with the server
// FILEURILINT_SERVER attached as docs/editors.md configures it, beside
// gopls if FILEURILINT_GOPLS names it, waits for fileurilint's
// diagnostic, writes it as JSON to FILEURILINT_OUT with the names of the
// clients attached, applies fileurilint's quick fix at it the way a user
// picks it from the menu of code actions, and saves the file.
const neovimScript = `
local file, server, out = os.getenv('FILEURILINT_FILE'), os.getenv('FILEURILINT_SERVER'), os.getenv('FILEURILINT_OUT')
local gopls = os.getenv('FILEURILINT_GOPLS') or ''
vim.cmd('filetype on') -- what -u NONE leaves off
vim.api.nvim_create_autocmd('FileType', {
  pattern = 'go',
  callback = function(args)
    local id = vim.lsp.start_client({
      name = 'fileurilint',
      cmd = { server },
      root_dir = vim.fn.getcwd(),
      init_options = { strict = false },
    })
    vim.lsp.buf_attach_client(args.buf, id)
    if gopls ~= '' then
      vim.lsp.buf_attach_client(args.buf, vim.lsp.start_client({ name = 'gopls', cmd = { gopls }, root_dir = vim.fn.getcwd() }))
    end
  end,
})
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
	if os.Getenv("FILEURILINT_E2E_EDITORS") == "" {
		t.Skip("set FILEURILINT_E2E_EDITORS=1 to run editors")
	}
	nvim, err := exec.LookPath("nvim")
	if err != nil {
		t.Fatalf("FILEURILINT_E2E_EDITORS is set but Neovim is missing: %v", err)
	}
	server := buildServer(t)
	// gopls beside it, when installed.
	gopls := os.Getenv("FILEURILINT_GOPLS")
	if gopls == "" {
		gopls, _ = exec.LookPath("gopls")
	}
	want := []string{"fileurilint", "gopls"}
	if gopls == "" {
		t.Log("no gopls (FILEURILINT_GOPLS, PATH): Neovim runs fileurilint-lsp alone")
		want = want[:1]
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "m.go")
	script := filepath.Join(dir, "test.lua")
	out := filepath.Join(dir, "diagnostic.json")
	for name, text := range map[string]string{
		"go.mod":   "module example.com/m\n\ngo 1.24\n",
		"m.go":     fixture,
		"test.lua": neovimScript,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(nvim, "--headless", "-u", "NONE", "-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "FILEURILINT_FILE="+file, "FILEURILINT_SERVER="+server, "FILEURILINT_OUT="+out, "FILEURILINT_GOPLS="+gopls, "HOME="+dir)
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, output)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	var d struct {
		Source, Message, Code string
		Lnum, Col, Severity   int
		EndCol                int `json:"end_col"`
		Clients               []string
	}
	if err := json.Unmarshal(data, &d); err != nil {
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
	saved, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(saved) != fixed {
		t.Errorf("saved file:\n%s\nwant:\n%s", saved, fixed)
	}
}

// eglotScript opens FILEURILINT_FILE with eglot running FILEURILINT_SERVER
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
(with-eval-after-load 'eglot
  (add-to-list 'eglot-server-programs
               '(go-mode . ("fileurilint-lsp"
                            :initializationOptions (:strict :json-false)))))
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
	if os.Getenv("FILEURILINT_E2E_EDITORS") == "" {
		t.Skip("set FILEURILINT_E2E_EDITORS=1 to run editors")
	}
	emacs, err := exec.LookPath("emacs")
	if err != nil {
		t.Fatalf("FILEURILINT_E2E_EDITORS is set but Emacs is missing: %v", err)
	}
	server := buildServer(t)
	dir := t.TempDir()
	file := filepath.Join(dir, "m.go")
	script := filepath.Join(dir, "test.el")
	out := filepath.Join(dir, "diagnostic.el")
	for name, text := range map[string]string{
		"go.mod":  "module example.com/m\n\ngo 1.24\n",
		"m.go":    fixture,
		"test.el": eglotScript,
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Not -Q: Debian's elpa packages load from the site files. The
	// server is found on PATH, as the configuration names it.
	cmd := exec.Command(emacs, "--batch", "-l", script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "FILEURILINT_FILE="+file, "FILEURILINT_OUT="+out, "HOME="+dir,
		"PATH="+filepath.Dir(server)+string(os.PathListSeparator)+os.Getenv("PATH"))
	if output, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("emacs: %v\n%s", err, output)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// eglot writes the source and the code before the message; offsets
	// into the buffer: the drive "C:" is at bytes 27-29.
	if want := `("fileurilint [drive-authority]: file URI reads drive \"C:\" as a host; write \"file:///C:\"" eglot-warning 27 29)`; string(data) != want {
		t.Errorf("Emacs's diagnostic: %s\nwant %s", data, want)
	}
	saved, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	if string(saved) != fixed {
		t.Errorf("saved file:\n%s\nwant:\n%s", saved, fixed)
	}
}
