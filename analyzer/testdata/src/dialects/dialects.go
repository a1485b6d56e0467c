// Package dialects holds the ecosystem dialects that read a relative path
// out of the authority: reported in strict mode only.
package dialects

var (
	migrate = "file://./migrations"
	helm    = "file://../chart"
	home    = "file://~/x"
)

var _ = []string{migrate, helm, home}
