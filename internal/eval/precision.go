package main

import (
	"encoding/json"
	"fmt"
	"slices"
)

// A verdict is the judgement of one report by a person.
type verdict struct {
	Project string `json:"project"`
	Version string `json:"version"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	Kind    string `json:"kind"`
	Verdict string `json:"verdict"` // "defect" or "false-positive"
	Reason  string `json:"reason"`
}

// A verdictKey is what a report and its verdict share.
type verdictKey struct {
	project, file string
	line          int
	kind          string
}

func (v verdict) key() verdictKey { return verdictKey{v.Project, v.File, v.Line, v.Kind} }

// A tally counts the reports of the projects by their verdicts.
type tally struct {
	judged       map[verdictKey]verdict
	used         map[verdictKey]bool // the verdicts of a report
	unjudged     []verdict           // stubs for the reports without one
	defects, fps int
}

// precision compares the reports of the last runs with the verdicts and
// prints the false positives, the counts of each project, the verdicts
// without a report, the precision and stubs for the reports not judged.
func (e *env) precision() error {
	var vs []verdict
	rs, err := e.judgedResults(e.verdicts, &vs)
	if err != nil {
		return err
	}
	t := &tally{judged: make(map[verdictKey]verdict), used: make(map[verdictKey]bool)}
	for _, v := range vs {
		t.judged[v.key()] = v
	}
	for _, r := range rs {
		if err := t.add(r); err != nil {
			return err
		}
	}
	for _, v := range vs {
		if !t.used[v.key()] && slices.ContainsFunc(rs, func(r *result) bool { return r.Project == v.Project }) {
			fmt.Printf("stale verdict (no such report): %s %s:%d %s\n", v.Project, v.File, v.Line, v.Kind)
		}
	}
	return t.print()
}

// add counts the reports of r by verdict and prints r's false positives
// and its line of counts.
func (t *tally) add(r *result) error {
	d, f := 0, 0
	for _, rep := range r.Reports {
		k := verdictKey{r.Project, rep.File, rep.Line, rep.Kind}
		v, ok := t.judged[k]
		switch {
		case !ok:
			t.unjudged = append(t.unjudged, verdict{Project: r.Project, Version: r.Version, File: rep.File, Line: rep.Line, Kind: rep.Kind, Reason: rep.Message})
		case v.Verdict == "defect":
			d++
		case v.Verdict == "false-positive":
			f++
			fmt.Printf("false positive: %s %s:%d %s: %s\n", r.Project, rep.File, rep.Line, rep.Kind, v.Reason)
		default:
			return fmt.Errorf("verdict %q for %s %s:%d: want defect or false-positive", v.Verdict, r.Project, v.File, v.Line)
		}
		t.used[k] = true
	}
	fmt.Printf("%-16s %4d reports %4d defects %4d false positives\n", r.Project, len(r.Reports), d, f)
	t.defects += d
	t.fps += f
	return nil
}

// print prints the precision over the judged reports and the stubs of
// the verdicts still to write.
func (t *tally) print() error {
	if t.defects+t.fps > 0 {
		fmt.Printf("precision %.1f%% (%d of %d judged reports are defects)\n", 100*float64(t.defects)/float64(t.defects+t.fps), t.defects, t.defects+t.fps)
	}
	if len(t.unjudged) > 0 {
		fmt.Printf("%d reports not judged yet; verdict stubs (the reason holds the message):\n", len(t.unjudged))
		out, err := json.MarshalIndent(t.unjudged, "", "  ")
		if err != nil {
			return err
		}
		fmt.Println(string(out))
	}
	return nil
}
