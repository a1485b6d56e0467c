// Package zap is a stand-in for go.uber.org/zap: a logger whose lines
// take typed fields.
package zap

type Field struct{}

func String(key, value string) Field { return Field{} }

type Logger struct{}

func (l *Logger) Info(msg string, fields ...Field) {}
