// Package surgerylooked pins the rest of a cut file URI that is only
// shown or tested, never read as a path, beside rests that are read.
package surgerylooked

import (
	"fmt"
	"io"
	"log"
	"os"
	"strings"

	"github.com/rs/zerolog"
	"go.uber.org/zap"
)

func logged(src string) {
	p := strings.TrimPrefix(src, "file://")
	log.Printf("loading %s", p)
}

func progress(src string) {
	fmt.Println("fetching", strings.TrimPrefix(src, "file://"))
}

func isTS(src string) bool {
	return strings.HasSuffix(strings.TrimPrefix(src, "file://"), ".ts")
}

func isTSVar(src string) bool {
	p := strings.TrimPrefix(src, "file://")
	return strings.HasSuffix(p, ".ts") || p == "index.ts"
}

func opened(src string) (*os.File, error) {
	p := strings.TrimPrefix(src, "file://") // want `file URI taken apart by string surgery`
	log.Printf("opening %s", p)
	return os.Open(p)
}

func testedThenRead(src string) ([]byte, error) {
	p := strings.TrimPrefix(src, "file://") // want `file URI taken apart by string surgery`
	if !strings.HasSuffix(p, ".json") {
		return nil, os.ErrInvalid
	}
	return os.ReadFile(p)
}

func structuredLogs(log zerolog.Logger, zlog *zap.Logger, uri string) {
	log.Debug().Str("path", strings.TrimPrefix(uri, "file://")).Msg("refreshed")
	zlog.Info("refreshed", zap.String("path", strings.TrimPrefix(uri, "file://")))
}

// listed prints the rest of each cut to the command's output.
func listed(w io.Writer, roots []string) {
	for _, r := range roots {
		if strings.HasPrefix(r, "file://") {
			fmt.Fprintln(w, strings.TrimPrefix(r, "file://"))
		}
	}
}
