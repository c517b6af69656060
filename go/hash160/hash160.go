// Package hash160 computes Bitcoin HASH160 = RIPEMD160(SHA256(x)) over
// batches of fixed-width messages (33-byte compressed or 65-byte uncompressed
// public keys, for example) in one call into the ripemd160mb C library, which
// does both hashes without any intermediate buffer in Go.
//
// It is the counterpart of the hash160 subpackage of the pure-Go
// ripemd160mb library (github.com/Asylian21/ripemd160-asm/hash160), with the
// same function and the same panic values ("hash160: negative message count",
// and so on).
package hash160

/*
#cgo pkg-config: ripemd160mb
#cgo CFLAGS: -I${SRCDIR}/../internal/each
#include <ripemd160mb.h>
#include "rmd160mb_go_each.h"

// HashEach's batch in one call (the shared shim of rmd160mb_go_each.h).
static int rmd160mb_go_hash160_each(uint8_t *dst, const uint8_t *data, const uintptr_t *ends, size_t n) {
	return rmd160mb_go_each(rmd160mb_hash160_many, RMD160MB_DIGEST_SIZE, dst, data, ends, n);
}
*/
import "C"

import (
	"strconv"
	"unsafe"

	"github.com/ripemd160mb/ripemd160mb/go/internal/each"
)

// Size is the size of a HASH160 digest in bytes.
const Size = 20

// Hash160_32 computes HASH160 = RIPEMD160(SHA256(m)) of n messages of width
// bytes: message i is src[i*width:(i+1)*width] and its digest is written to
// dst[i*Size:(i+1)*Size]. Any width is accepted, 0 included (every digest is
// then HASH160 of the empty message). It allocates nothing (but in the rare
// overlap case below) and is safe for concurrent use.
//
// dst may overlap src in any way, as in the Go library: the digests are those
// of the messages as they were before the call. In place with width >= Size
// costs nothing extra; other overlaps go through a temporary buffer (the one
// case that allocates). Hash160_32 panics if n < 0, width < 0,
// len(src) < n*width or len(dst) < n*Size. n == 0 is a no-op and accepts nil
// slices.
func Hash160_32(dst, src []byte, n, width int) {
	if n < 0 {
		panic("hash160: negative message count")
	}
	if width < 0 {
		panic("hash160: negative message width")
	}
	if width > 0 && len(src)/width < n {
		panic("hash160: src too short")
	}
	if len(dst)/Size < n {
		panic("hash160: dst too short")
	}
	if n == 0 {
		return
	}
	var in *C.uint8_t // NULL is allowed when width == 0 (src may be empty)
	if width > 0 {
		in = (*C.uint8_t)(&src[0])
	}
	st := C.rmd160mb_hash160((*C.uint8_t)(&dst[0]), in, C.size_t(n), C.size_t(width))
	if st == C.RMD160MB_ERR_OVERLAP {
		// The library refuses this overlap and writes nothing then: hash
		// into a buffer of our own.
		tmp := make([]byte, n*Size)
		st = C.rmd160mb_hash160((*C.uint8_t)(&tmp[0]), in, C.size_t(n), C.size_t(width))
		copy(dst, tmp)
	}
	if st != C.RMD160MB_OK {
		panicStatus("Hash160_32", int(st))
	}
}

// HashEach sets dst[i] to HASH160 = RIPEMD160(SHA256(src[i])), for messages
// of any lengths (compressed and uncompressed keys mixed, scripts). It panics
// if len(dst) != len(src). The whole batch is one cgo call
// (rmd160mb_hash160_many); the messages are first copied back to back into a
// pooled buffer, so that no memory passed to C holds a Go pointer. It
// allocates nothing once the pool's buffer is large enough (it grows to the
// largest batch seen) and is safe for concurrent use.
func HashEach(dst [][Size]byte, src [][]byte) {
	if len(dst) != len(src) {
		panic("hash160: len(dst) must equal len(src)")
	}
	if len(src) == 0 {
		return
	}
	b := eachBufs.Get()
	data, ends := b.Pack(src)
	var p *C.uint8_t // NULL when every message is empty
	if len(data) > 0 {
		p = (*C.uint8_t)(&data[0])
	}
	// ends is []uintptr: the same size as C's uintptr_t, so a pointer
	// conversion, no copy.
	st := C.rmd160mb_go_hash160_each((*C.uint8_t)(&dst[0][0]), p, (*C.uintptr_t)(unsafe.Pointer(&ends[0])), C.size_t(len(src)))
	eachBufs.Put(b)
	check("HashEach", st)
}

// check panics (panicStatus) for any status but RMD160MB_OK.
func check(fn string, st C.int) {
	if st != C.RMD160MB_OK {
		panicStatus(fn, int(st))
	}
}

// eachBufs holds HashEach's buffers (see package each).
var eachBufs each.List

// panicStatus reports a status the Go side's checks should have made
// impossible: the library broke its contract.
//
//go:noinline
func panicStatus(fn string, st int) {
	panic("hash160: " + fn + ": " + C.GoString(C.rmd160mb_strerror(C.int(st))) +
		" (status " + strconv.Itoa(st) + ")")
}
