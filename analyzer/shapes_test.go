package analyzer_test

import (
	"testing"

	"golang.org/x/tools/go/analysis/analysistest"

	"github.com/fileurilint/fileurilint/analyzer"
)

// shapes are the testdata packages of one shape of code each, named
// after it: the code to report, and beside it the look-alikes to leave
// alone.
var shapes = []string{
	"schemeelsewhere", // a file URL's scheme checked in a switch case, a helper or the caller
	"reparsed",        // a file URL's Path handed to a function that parses it as a URL again
	"numericslice",    // uri[7:] and uri[8:] after a prefix or scheme check, or of a DocumentURI
	"otherscheme",     // "file:///" + the rest of a git:/ URI, URI text already
	"tablevalues",     // fmt.Sprintf("file:///test/%s.lisp", tc.name), a table's name with a space
	"hostprefix",      // "file:/" + abs, "file://wsl%24/" + p and its cut
	"formatverbs",     // "file://%s%s" with a slash or nothing before the path
	"stripdecode",     // url.PathUnescape(strings.TrimPrefix(uri, "file://"))
	"runtimeprefix",   // a prefix built by fmt.Sprintf("%s://", fileScheme), then cut
	"typedpath",       // "file://" + dir.String(), a.Path(), c.Root
	"sqlitedsn",       // SQLite's "file:" + name + "?cache=shared"
	"messagetext",     // a file URI written into an error, a log line or a usage
	"surgerylooked",   // the rest of a cut only shown or tested
	"surgeryreparsed", // the rest of a cut parsed as a URL again
	"surgeryencoder",  // a cut whose segments are escaped again
	"surgeryundo",     // a cut of the prefix the function itself put before a path
	"schemesplit",     // scheme, rest := a split at "://"; if scheme == "file", os.Open(rest)
	"schemesplit/other",
	"pathvariable",   // p := u.Path, then os.Open(p)
	"pathreturn",     // return u.Path from uriToPath
	"importedscheme", // scheme.File + "://" + p, the scheme from another package
	"lastvalue",      // db = filepath.Join(t.TempDir(), ...), then db = "file:" + db
	"absguard",       // if !filepath.IsAbs(p) { p = filepath.Join(base, p) }, then a file URL of p
	"urlfield",       // cfg.URL.Path read as an OS path after cfg.URL.Scheme is checked
	"pathparam",      // u.Path handed to another module's NewFileStream(path string)
	"openedfield",    // url.URL{Scheme: "file", Path: fs.filepath}, a field the package opens
	"queryvalue",     // "file:///" + a query value, decoded by net/url
	"cuthelper",      // a function of the package that cuts its prefix parameter, called with "file://"
	"ownnotation",    // "file:" + path in a package that cuts "file:" alone: a notation of its own
	"ownnotation/other",
	"ownnotation/tested",
}

func TestShapes(t *testing.T) {
	for _, shape := range shapes {
		t.Run(shape, func(t *testing.T) {
			checkMessages(t, analysistest.Run(t, testdata, analyzer.Analyzer, shape))
		})
	}
}
