package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/fileurilint/fileurilint/analyzer"
)

func TestParseSettings(t *testing.T) {
	for _, tc := range []struct {
		in       string
		want     analyzer.Config
		problems []string // substrings of the problems, in order
	}{
		{in: ``},
		{in: `null`},
		{in: `{}`},
		{in: `{"strict": true, "check-test-literals": true}`, want: analyzer.Config{Strict: true, CheckTestLiterals: true}},
		{in: `{"fileurilint": {"strict": true}}`, want: analyzer.Config{Strict: true}},
		{in: `{"disable": ["backslash", " construction "]}`, want: analyzer.Config{Disable: []string{"backslash", "construction"}}},
		{in: `{"disable": "unencoded,surgery"}`, want: analyzer.Config{Disable: []string{"unencoded", "surgery"}}},
		{in: `{"disable": ["backslash", "nosuch"]}`, want: analyzer.Config{Disable: []string{"backslash"}}, problems: []string{`unknown kind "nosuch"`}},
		{in: `{"strict": true, "color": "red", "Strict": false}`, want: analyzer.Config{Strict: true}, problems: []string{`unknown setting "Strict"`, `unknown setting "color"`}},
		{in: `{"strict": "yes"}`, problems: []string{`setting "strict": want true or false`}},
		{in: `{"disable": 3}`, problems: []string{`setting "disable": want a list`}},
		{in: `[1]`, problems: []string{"not a JSON object"}},
	} {
		a, problems := parseSettings(json.RawMessage(tc.in))
		got := analyzer.Config{
			Strict:            a.Flags.Lookup("strict").Value.String() == "true",
			CheckTestLiterals: a.Flags.Lookup("check-test-literals").Value.String() == "true",
		}
		if d := a.Flags.Lookup("disable").Value.String(); d != "" {
			got.Disable = strings.Split(d, ",")
		}
		if got.Strict != tc.want.Strict || got.CheckTestLiterals != tc.want.CheckTestLiterals || !slices.Equal(got.Disable, tc.want.Disable) {
			t.Errorf("parseSettings(%s) = %+v, want %+v", tc.in, got, tc.want)
		}
		if len(problems) != len(tc.problems) {
			t.Errorf("parseSettings(%s): problems %q, want %d", tc.in, problems, len(tc.problems))
			continue
		}
		for i, p := range problems {
			if !strings.Contains(p, tc.problems[i]) {
				t.Errorf("parseSettings(%s): problem %q, want it to say %q", tc.in, p, tc.problems[i])
			}
		}
	}
}

// TestSettings checks each way settings reach the server: the
// initialization options, workspace/didChangeConfiguration and
// workspace/configuration, and that bad settings are shown as errors.
func TestSettings(t *testing.T) {
	t.Parallel()
	const src = "package m\n\nvar a = \"file://C:/x\"\n\nvar b = \"file:/x\"\n"
	const testSrc = "package m\n\nvar c = \"file:///a\\\\b\"\n"
	dir := writeModule(t, map[string]string{"m.go": src, "m_test.go": testSrc})
	uri := fileURI(filepath.Join(dir, "m.go"))
	testURI := fileURI(filepath.Join(dir, "m_test.go"))
	codes := func(diags []diagnostic) []string {
		var out []string
		for _, d := range diags {
			out = append(out, d.Code)
		}
		slices.Sort(out)
		return out
	}
	check := func(what string, got []diagnostic, want ...string) {
		t.Helper()
		if c := codes(got); !slices.Equal(c, want) {
			t.Errorf("%s: diagnostics of kinds %q, want %q", what, c, want)
		}
	}

	c := newClient(t, initOptions{settings: map[string]any{"strict": true}})
	c.open(uri, src)
	check("strict in initializationOptions", c.diagnostics(uri, 1), "drive-authority", "non-canonical")

	n := c.published(uri)
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"fileurilint": map[string]any{"disable": []string{"drive-authority"}}}})
	check("disable in didChangeConfiguration", c.diagnosticsAfter(uri, n))

	n = c.published(uri)
	c.notify("workspace/didChangeConfiguration", map[string]any{"settings": map[string]any{"fileurilint": map[string]any{"strict": true, "disable": "backslash, nosuch", "colour": 1}}})
	check("bad settings", c.diagnosticsAfter(uri, n), "drive-authority", "non-canonical")
	c.waitFor("an error shown", func() bool { return len(c.messages) > 0 })
	msgs := c.shownMessages()
	if len(msgs) != 1 || msgs[0].Type != messageError || !strings.Contains(msgs[0].Message, `unknown kind "nosuch"`) || !strings.Contains(msgs[0].Message, `unknown setting "colour"`) {
		t.Errorf("shown messages %+v, want one error naming the kind nosuch and the setting colour", msgs)
	}

	// A client that answers workspace/configuration.
	pulls := 0
	c2 := newClient(t, initOptions{config: func(item configurationItem) any {
		if item.Section != section {
			t.Errorf("workspace/configuration asks for section %q", item.Section)
		}
		pulls++
		if pulls == 1 {
			return map[string]any{"check-test-literals": true}
		}
		return map[string]any{"check-test-literals": false}
	}})
	c2.open(testURI, testSrc)
	// The analysis may run before the configuration arrives, and again
	// after.
	c2.waitFor("diagnostics with check-test-literals from workspace/configuration", func() bool {
		return slices.Equal(codes(c2.diags[testURI].Diagnostics), []string{"backslash"})
	})
	// didChangeConfiguration without our section makes the server ask.
	n = c2.published(testURI)
	c2.notify("workspace/didChangeConfiguration", map[string]any{"settings": nil})
	check("settings asked again", c2.diagnosticsAfter(testURI, n))
}

// TestEveryKindDisables checks that the setting disable takes every kind
// of the analyzer.
func TestEveryKindDisables(t *testing.T) {
	for _, k := range analyzer.Kinds() {
		a, problems := parseSettings(json.RawMessage(`{"disable": ["` + string(k) + `"]}`))
		if got := a.Flags.Lookup("disable").Value.String(); len(problems) > 0 || got != string(k) {
			t.Errorf("disable [%s]: flag %q, problems %q", k, got, problems)
		}
	}
}
