package main

import "fmt"

// A miss is a file URI site of a project judged by reading. The sites of
// status "expected" are the denominator of recall.
type miss struct {
	Project string `json:"project"`
	File    string `json:"file"`
	Line    int    `json:"line"`
	What    string `json:"what"` // the defect and an input that breaks it, or why the site is fine
	// Status is "expected" for a defect of a kind the analyzer is meant to
	// report, "out-of-scope" for a defect it is not meant to find, and
	// "not-defect" for a look-alike site that must stay unreported.
	Status string `json:"status"`
}

// A site is a line of a project: where a report and a miss meet.
type site struct {
	project, file string
	line          int
}

// recall compares the reports of the last runs with the sites judged by
// reading and prints the defects missed, the look-alikes reported, the
// counts of each project and the recall.
func (e *env) recall() error {
	var ms []miss
	rs, err := e.judgedResults(e.misses, &ms)
	if err != nil {
		return err
	}
	reported := make(map[site]bool)
	for _, r := range rs {
		for _, rep := range r.Reports {
			// A site judged on any line of the range reported is found:
			// a concatenation over lines is reported where it starts.
			for line := rep.Line; line <= max(rep.Line, rep.EndLine); line++ {
				reported[site{r.Project, rep.File, line}] = true
			}
		}
	}
	found, expected := 0, 0
	for _, r := range rs {
		f, n, quiet, err := recallOf(r.Project, ms, reported)
		if err != nil {
			return err
		}
		fmt.Printf("%-16s %3d defects found by reading, %3d reported; %3d look-alikes unreported\n", r.Project, n, f, quiet)
		found += f
		expected += n
	}
	if expected > 0 {
		fmt.Printf("recall %.1f%% (%d of %d)\n", 100*float64(found)/float64(expected), found, expected)
	}
	return nil
}

// recallOf counts the misses of project: the expected defects, those
// reported, and the look-alikes left unreported. It prints the defects
// not reported and the look-alikes reported.
func recallOf(project string, ms []miss, reported map[site]bool) (found, expected, quiet int, err error) {
	for _, m := range ms {
		if m.Project != project {
			continue
		}
		hit := reported[site{m.Project, m.File, m.Line}]
		switch m.Status {
		case "expected":
			expected++
			if hit {
				found++
			} else {
				fmt.Printf("missed: %s %s:%d: %s\n", m.Project, m.File, m.Line, m.What)
			}
		case "not-defect":
			if hit {
				fmt.Printf("look-alike reported: %s %s:%d: %s\n", m.Project, m.File, m.Line, m.What)
			} else {
				quiet++
			}
		case "out-of-scope":
		default:
			return 0, 0, 0, fmt.Errorf("status %q for %s %s:%d: want expected, out-of-scope or not-defect", m.Status, m.Project, m.File, m.Line)
		}
	}
	return found, expected, quiet, nil
}
