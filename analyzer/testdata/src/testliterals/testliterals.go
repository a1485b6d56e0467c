// Package testliterals is checked with -check-test-literals.
package testliterals
