package lsp

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/fileurilint/fileurilint/analyzer"
)

// section is the name of the server's settings, in initializationOptions
// and in the client's configuration.
const section = "fileurilint"

// parseSettings reads the settings object data, whose keys are the
// analyzer's flags (strict, disable, check-test-literals), into a
// configuration. It returns one problem for each unknown key, value of
// the wrong type or unknown kind, and applies the rest. A null or absent
// object is the default configuration. An object holding the key
// "fileurilint" is taken to wrap the settings.
func parseSettings(data json.RawMessage) (analyzer.Config, []string) {
	var cfg analyzer.Config
	data = bytes.TrimSpace(data)
	if len(data) == 0 || string(data) == "null" {
		return cfg, nil
	}
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return cfg, []string{fmt.Sprintf("settings are not a JSON object: %s", data)}
	}
	if inner, ok := obj[section]; ok && len(obj) == 1 {
		return parseSettings(inner)
	}
	var problems []string
	for _, key := range slices.Sorted(maps.Keys(obj)) {
		v := obj[key]
		var err error
		switch key {
		case "strict":
			err = json.Unmarshal(v, &cfg.Strict)
		case "check-test-literals":
			err = json.Unmarshal(v, &cfg.CheckTestLiterals)
		case "disable":
			var kinds []string
			if err = json.Unmarshal(v, &kinds); err != nil {
				var s string
				if json.Unmarshal(v, &s) == nil {
					kinds, err = strings.Split(s, ","), nil
				}
			}
			for _, k := range kinds {
				k = strings.TrimSpace(k)
				switch {
				case k == "":
				case !knownKind(k):
					problems = append(problems, fmt.Sprintf("disable: unknown kind %q (kinds: %s)", k, strings.Join(kindNames(), ", ")))
				default:
					cfg.Disable = append(cfg.Disable, k)
				}
			}
		default:
			problems = append(problems, fmt.Sprintf("unknown setting %q (settings: strict, disable, check-test-literals)", key))
			continue
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("setting %q: want %s, got %s", key, settingType(key), v))
		}
	}
	return cfg, problems
}

func settingType(key string) string {
	if key == "disable" {
		return "a list of kinds or a comma-separated string"
	}
	return "true or false"
}

// kindNames returns the name of every kind -disable accepts.
func kindNames() []string {
	var names []string
	for _, k := range analyzer.Kinds() {
		names = append(names, string(k))
	}
	return names
}

func knownKind(k string) bool { return slices.Contains(kindNames(), k) }
