//go:build ripemd160mb_static

package bitcoin

// With the build tag ripemd160mb_static, the static library libripemd160mb.a
// (from the directory pkg-config gives with -L) is linked instead of the
// shared one, with the system libraries Rust's standard library needs, so
// that the program needs no libripemd160mb.so at run time. --as-needed makes
// the linker drop the -lripemd160mb that pkg-config adds after these flags:
// every symbol it would provide is already defined by the archive.

// #cgo LDFLAGS: -l:libripemd160mb.a -lutil -lrt -lpthread -lm -ldl -lc -Wl,--as-needed
import "C"
