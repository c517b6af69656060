// Package hash160 computes Bitcoin HASH160 = RIPEMD160(SHA256(x)) over
// batches of fixed-width messages (33-byte compressed or 65-byte uncompressed
// public keys, for example) in one call into the ripemd160mb C library, which
// does both hashes without any intermediate buffer in Go.
package hash160

/*
#cgo pkg-config: ripemd160mb
#include <ripemd160mb.h>
*/
import "C"

import (
	"strconv"

	"github.com/ripemd160mb/ripemd160mb/go/internal/argerr"
)

// Size is the size of a HASH160 digest in bytes.
const Size = 20

// Hash160_32 computes HASH160 = RIPEMD160(SHA256(m)) of n messages of width
// bytes: message i is src[i*width:(i+1)*width] and its digest is written to
// dst[i*Size:(i+1)*Size]. Any width is accepted, 0 included (every digest is
// then HASH160 of the empty message). It allocates nothing and is safe for
// concurrent use.
//
// dst may be src itself when width >= Size (in place); any other overlap
// panics. Hash160_32 also panics if n < 0, width < 0, len(src) < n*width or
// len(dst) < n*Size. n == 0 is a no-op and accepts nil slices.
func Hash160_32(dst, src []byte, n, width int) {
	if n < 0 {
		argerr.Negative("Hash160_32", "n", n)
	}
	if width < 0 {
		argerr.Negative("Hash160_32", "width", width)
	}
	if n == 0 {
		return
	}
	if width > 0 && len(src)/width < n {
		argerr.Short("Hash160_32", "src", len(src), n, width)
	}
	if len(dst)/Size < n {
		argerr.Short("Hash160_32", "dst", len(dst), n, Size)
	}
	var in *C.uint8_t // NULL is allowed when width == 0 (src may be empty)
	if width > 0 {
		in = (*C.uint8_t)(&src[0])
	}
	st := C.rmd160mb_hash160((*C.uint8_t)(&dst[0]), in, C.size_t(n), C.size_t(width))
	if st != C.RMD160MB_OK {
		panicStatus(st)
	}
}

//go:noinline
func panicStatus(st C.int) {
	panic("ripemd160mb/hash160: Hash160_32: " + C.GoString(C.rmd160mb_strerror(st)) +
		" (status " + strconv.Itoa(int(st)) + ")")
}
