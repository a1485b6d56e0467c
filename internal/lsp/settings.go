package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"

	"golang.org/x/tools/go/analysis"

	"github.com/fileurilint/fileurilint/analyzer"
)

// section is the name of the server's settings, in initializationOptions
// and in the client's configuration.
const section = "fileurilint"

// parseSettings returns an analyzer configured by the settings object
// data, whose keys are the analyzer's flags (strict, disable,
// check-test-literals; see analyzer.Configure), and one problem for each
// setting it cannot apply; the rest apply. A null or absent object is the
// default configuration. An object holding only the key "fileurilint" is
// taken to wrap the settings.
func parseSettings(data json.RawMessage) (*analysis.Analyzer, []string) {
	var settings map[string]any
	data = bytes.TrimSpace(data)
	if len(data) > 0 && string(data) != "null" {
		if err := json.Unmarshal(data, &settings); err != nil {
			return analyzer.New(analyzer.Config{}), []string{fmt.Sprintf("settings are not a JSON object: %s", data)}
		}
	}
	if inner, ok := settings[section]; ok && len(settings) == 1 {
		data, _ := json.Marshal(inner)
		return parseSettings(data)
	}
	a, errs := analyzer.Configure(settings)
	var problems []string
	for _, err := range errs {
		problems = append(problems, err.Error())
	}
	return a, problems
}
