package analyzer

import (
	"flag"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"
)

// Configure returns a new analyzer whose flags are set from settings,
// keyed by flag name, as drivers that read settings from a file hand
// them over (decoded JSON or YAML): true or false (or "true", "false")
// for -strict and -check-test-literals, a list of kinds or a
// comma-separated string for -disable. It returns an error for each
// setting it cannot apply, in the order of the names, and applies the
// rest; a kind that -disable rejects is left out of the list, and the
// others apply.
func Configure(settings map[string]any) (*analysis.Analyzer, []error) {
	a := New(Config{})
	var errs []error
	for _, name := range slices.Sorted(maps.Keys(settings)) {
		f := a.Flags.Lookup(name)
		if f == nil {
			errs = append(errs, fmt.Errorf("unknown setting %q (settings: %s)", name, strings.Join(flagNames(a), ", ")))
			continue
		}
		if err := setFlag(f, settings[name]); err != nil {
			errs = append(errs, fmt.Errorf("setting %q: %v", name, err))
		}
	}
	return a, errs
}

// setFlag sets f to v, a decoded JSON or YAML value.
func setFlag(f *flag.Flag, v any) error {
	b, ok := f.Value.(interface{ IsBoolFlag() bool })
	isBool := ok && b.IsBoolFlag()
	switch v := v.(type) {
	case bool:
		if isBool {
			return f.Value.Set(strconv.FormatBool(v))
		}
	case string:
		if err := f.Value.Set(v); err != nil && isBool {
			return fmt.Errorf("want true or false, got %q", v)
		} else {
			return err
		}
	case []any:
		if isBool {
			break
		}
		// Each item alone first, so that a bad one leaves the others.
		var good []string
		var err error
		for _, item := range v {
			s, ok := item.(string)
			if !ok {
				return fmt.Errorf("want a list of strings, got %v", item)
			}
			if e := f.Value.Set(s); e != nil {
				err = e
				continue
			}
			good = append(good, s)
		}
		if e := f.Value.Set(strings.Join(good, ",")); e != nil {
			return e
		}
		return err
	}
	if isBool {
		return fmt.Errorf("want true or false, got %v", v)
	}
	return fmt.Errorf("want a list or a comma-separated string, got %v", v)
}

// flagNames returns the names of a's flags.
func flagNames(a *analysis.Analyzer) []string {
	var names []string
	a.Flags.VisitAll(func(f *flag.Flag) { names = append(names, f.Name) })
	return names
}
