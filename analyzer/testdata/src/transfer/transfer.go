// Package transfer holds Snowflake's PUT and GET commands, whose
// "file://" is followed by an OS path as it is (a shape found in
// gosnowflake's tests), and text that only looks like them.
package transfer

import "fmt"

func commands(dir, file, table string) []string {
	return []string{
		fmt.Sprintf("put file://%v @~/test_get", file),
		fmt.Sprintf("PUT 'file://%v' @~/test_put_overwrite overwrite=true", file),
		fmt.Sprintf("get @~/test_get/data.txt file://%v\\get", dir),
		fmt.Sprintf("get @%%%v 'file://%v'", table, dir),
		fmt.Sprintf(`put file://%v/test_data/orders_10*.csv
			@%%%v auto_compress=true`, dir, table),
		"PUT file://" + file + " @mystage",
		"use role sysadmin; put file://" + file + " @~",
		`PUT file://C:\temp\data\mydata.csv @~/staged`,
		"GET @%mytable file:///tmp/data/ ",
		"PUT file://" + dir + "/" + file + " @~",
		"-- upload the extract\nPUT file://C:\\tmp\\x.csv @~",
		"/* upload */ PUT file://C:\\tmp\\x.csv @~",
		`PUT 'file://C:\My Data\my file.csv' @~`,
		`GET '@~/x' file://C:\out`,
		"get @~ 'file://" + dir + " out'",
	}
}

// Text that does not name a stage, or where PUT and GET are words of prose.
func prose(dir, file string) []string {
	return []string{
		fmt.Sprintf("put file://%v", file),                     // want `file URI built from a path by a format escapes nothing; use fileuri.FromPath`
		fmt.Sprintf("failed to get file://%v, not found", dir), // want `file URI built from a path by a format escapes nothing; use fileuri.FromPath`
		"get file://" + file + " @home",                        // want `file URI built from a path by concatenation escapes nothing; use fileuri.FromPath`
		"failed to put file://" + file + " @home",              // want `file URI built from a path by concatenation escapes nothing; use fileuri.FromPath`
		`PUT file://C:\temp\mydata.csv`,                        // want `file URI has a backslash.*` `drive.*`
		"PUT file://" + dir + "/" + file + " to @home",         // want `file URI built from a path by concatenation escapes nothing; use fileuri.FromPath`
		"x -- note\nPUT file://" + file + " @~",                // want `file URI built from a path by concatenation escapes nothing; use fileuri.FromPath`
	}
}
