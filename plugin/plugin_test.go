package plugin

import (
	"strings"
	"testing"

	"github.com/golangci/plugin-module-register/register"

	"github.com/fileurilint/fileurilint/analyzer"
)

func TestSettingsMapOntoFlags(t *testing.T) {
	// golangci-lint hands over settings as decoded YAML.
	settings := map[string]any{
		"strict":              true,
		"disable":             []any{"unencoded", "backslash"},
		"check-test-literals": true,
	}
	p, err := New(settings)
	if err != nil {
		t.Fatal(err)
	}
	if got := p.GetLoadMode(); got != register.LoadModeTypesInfo {
		t.Errorf("GetLoadMode() = %q, want %q", got, register.LoadModeTypesInfo)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if len(as) != 1 || as[0].Name != "fileuri" {
		t.Fatalf("BuildAnalyzers() = %v, want the fileuri analyzer", as)
	}
	for flag, want := range map[string]string{
		"strict":              "true",
		"disable":             "unencoded,backslash",
		"check-test-literals": "true",
	} {
		if got := as[0].Flags.Lookup(flag).Value.String(); got != want {
			t.Errorf("flag -%s = %q, want %q", flag, got, want)
		}
	}
}

func TestNoSettings(t *testing.T) {
	p, err := New(nil)
	if err != nil {
		t.Fatal(err)
	}
	as, err := p.BuildAnalyzers()
	if err != nil {
		t.Fatal(err)
	}
	if got := as[0].Flags.Lookup("strict").Value.String(); got != "false" {
		t.Errorf("flag -strict = %q, want false", got)
	}
}

func TestUnknownSetting(t *testing.T) {
	if _, err := New(map[string]any{"strcit": true}); err == nil {
		t.Error("New accepted an unknown setting")
	}
}

func TestRegistered(t *testing.T) {
	if _, err := register.GetPlugin("fileuri"); err != nil {
		t.Error(err)
	}
}

func TestUnknownKind(t *testing.T) {
	_, err := New(map[string]any{"disable": []any{"unencoded", "unencodedd"}})
	if err == nil || !strings.Contains(err.Error(), `"unencodedd"`) || !strings.Contains(err.Error(), "construction") {
		t.Errorf(`New(disable: [unencoded, unencodedd]) = %v; want an error that names "unencodedd" and lists the kinds`, err)
	}
}

// TestEveryKindDisables checks that the setting disable takes every kind
// of the analyzer.
func TestEveryKindDisables(t *testing.T) {
	for _, k := range analyzer.Kinds() {
		p, err := New(map[string]any{"disable": []any{string(k)}})
		if err != nil {
			t.Errorf("disable [%s]: %v", k, err)
			continue
		}
		as, _ := p.BuildAnalyzers()
		if got := as[0].Flags.Lookup("disable").Value.String(); got != string(k) {
			t.Errorf("disable [%s]: flag %q", k, got)
		}
	}
}
