// Package plugin registers fileurilint as the golangci-lint v2 module
// plugin "fileuri".
//
// Build a golangci-lint with it by "golangci-lint custom" and a
// .custom-gcl.yml that names this package, then enable it in
// .golangci.yml:
//
//	linters:
//	  enable:
//	    - fileuri
//	  settings:
//	    custom:
//	      fileuri:
//	        type: module
//	        settings:
//	          strict: true
//	          disable: [unencoded]
//	          check-test-literals: false
//
// The settings are those of the analyzer's flags; unknown keys, and
// unknown kinds in disable, are errors.
package plugin

import (
	"fmt"

	"github.com/fileurilint/fileurilint/analyzer"
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
)

func init() {
	register.Plugin("fileuri", New)
}

// Settings are the plugin's settings in .golangci.yml.
type Settings struct {
	Strict            bool     `json:"strict"`
	Disable           []string `json:"disable"`
	CheckTestLiterals bool     `json:"check-test-literals"`
}

type fileuriPlugin struct {
	settings Settings
}

// New decodes the settings golangci-lint passes and returns the plugin.
func New(settings any) (register.LinterPlugin, error) {
	s, err := register.DecodeSettings[Settings](settings)
	if err != nil {
		return nil, err
	}
	if err := analyzer.CheckKinds(s.Disable); err != nil {
		return nil, fmt.Errorf("fileuri: disable: %v", err)
	}
	return &fileuriPlugin{settings: s}, nil
}

func (p *fileuriPlugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{analyzer.New(analyzer.Config{
		Strict:            p.settings.Strict,
		Disable:           p.settings.Disable,
		CheckTestLiterals: p.settings.CheckTestLiterals,
	})}, nil
}

func (p *fileuriPlugin) GetLoadMode() string { return register.LoadModeTypesInfo }
