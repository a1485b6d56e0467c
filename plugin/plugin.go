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
	"encoding/json"
	"errors"
	"fmt"

	"github.com/fileurilint/fileurilint/analyzer"
	"github.com/golangci/plugin-module-register/register"
	"golang.org/x/tools/go/analysis"
)

func init() {
	register.Plugin("fileuri", New)
}

// New returns the plugin configured by settings, the decoded YAML of
// .golangci.yml's settings: each key is one of the analyzer's flags,
// set by analyzer.Configure, and any setting it cannot apply is an error.
func New(settings any) (register.LinterPlugin, error) {
	var m map[string]any
	if settings != nil {
		data, err := json.Marshal(settings)
		if err != nil {
			return nil, fmt.Errorf("fileuri: settings: %v", err)
		}
		if err := json.Unmarshal(data, &m); err != nil {
			return nil, fmt.Errorf("fileuri: settings are not a map: %s", data)
		}
	}
	a, errs := analyzer.Configure(m)
	if len(errs) > 0 {
		return nil, fmt.Errorf("fileuri: %w", errors.Join(errs...))
	}
	return &fileuriPlugin{analyzer: a}, nil
}

type fileuriPlugin struct {
	analyzer *analysis.Analyzer
}

func (p *fileuriPlugin) BuildAnalyzers() ([]*analysis.Analyzer, error) {
	return []*analysis.Analyzer{p.analyzer}, nil
}

func (p *fileuriPlugin) GetLoadMode() string { return register.LoadModeTypesInfo }
