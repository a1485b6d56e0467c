package testliterals

// With -check-test-literals, literals in tests are reported.
var inputs = []string{"file:///a b.txt", "file://C:/x"} // want `unencoded space` `reads drive "C:" as a host`
