// Package argerr builds the panics the ripemd160mb packages raise for
// programmer errors, before any call into C.
package argerr

import "strconv"

// Negative panics: fn was given a negative count or width.
//
//go:noinline
func Negative(fn, name string, v int) {
	panic("ripemd160mb: " + fn + ": negative " + name + " = " + strconv.Itoa(v))
}

// Short panics: buffer name of fn has have bytes, fewer than n*width.
//
//go:noinline
func Short(fn, name string, have, n, width int) {
	panic("ripemd160mb: " + fn + ": len(" + name + ") = " + strconv.Itoa(have) +
		" < n*" + strconv.Itoa(width) + " (n = " + strconv.Itoa(n) + ")")
}
