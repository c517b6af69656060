// Package keccak computes Keccak-256 (the original Keccak padding 0x01 that
// Ethereum uses, not the 0x06 of FIPS 202's SHA3-256) and Ethereum addresses
// over batches of messages, each batch in one call into the ripemd160mb C
// library (scalar, AVX2, AVX-512 and NEON kernels, chosen at run time).
//
// Hash256 hashes n fixed-width messages, HashEach messages of any lengths,
// EthAddress turns n public keys (64 bytes X||Y, or 65 bytes 0x04||X||Y)
// into their 20-byte addresses. Misuse (a negative count, a buffer too
// short, a width EthAddress does not take) panics, as in the other packages
// of this module; a 65-byte key that does not start with 0x04 is an input
// error, returned as ErrKeyPrefix.
package keccak

/*
#cgo pkg-config: ripemd160mb
#cgo CFLAGS: -I${SRCDIR}/../internal/each
#include <ripemd160mb.h>
#include "rmd160mb_go_each.h"

// HashEach's batch in one call (the shared shim of rmd160mb_go_each.h).
static int rmd160mb_go_keccak256_each(uint8_t *dst, const uint8_t *data, const uintptr_t *ends, size_t n) {
	return rmd160mb_go_each(rmd160mb_keccak256_many, 32, dst, data, ends, n);
}
*/
import "C"

import (
	"errors"
	"strconv"
	"unsafe"

	"github.com/ripemd160mb/ripemd160mb/go/internal/each"
)

const (
	// Size is the size of a Keccak-256 digest in bytes.
	Size = 32
	// AddressSize is the size of an Ethereum address in bytes.
	AddressSize = 20
)

// ErrKeyPrefix is EthAddress's error for a 65-byte public key whose first
// byte is not 0x04 (not an uncompressed key); nothing is written then.
var ErrKeyPrefix = errors.New("keccak: a 65-byte public key does not start with 0x04")

// Hash256 computes Keccak-256 of n messages of width bytes: message i is
// src[i*width:(i+1)*width] and its digest is written to
// dst[i*Size:(i+1)*Size]. Any width is accepted, 0 included (every digest is
// then Keccak-256 of the empty message). It allocates nothing (but in the
// rare overlap case below) and is safe for concurrent use.
//
// dst may overlap src in any way: the digests are those of the messages as
// they were before the call. In place (dst and src starting at the same
// byte) with width >= Size costs nothing extra; other overlaps go through a
// temporary buffer (the one case that allocates). Hash256 panics if n < 0,
// width < 0, len(src) < n*width or len(dst) < n*Size. n == 0 is a no-op and
// accepts nil slices.
func Hash256(dst, src []byte, n, width int) {
	if n < 0 {
		panic("keccak: negative message count")
	}
	if width < 0 {
		panic("keccak: negative message width")
	}
	if width > 0 && len(src)/width < n {
		panic("keccak: src too short")
	}
	if len(dst)/Size < n {
		panic("keccak: dst too short")
	}
	if n == 0 {
		return
	}
	var in *C.uint8_t // NULL is allowed when width == 0 (src may be empty)
	if width > 0 {
		in = (*C.uint8_t)(&src[0])
	}
	st := C.rmd160mb_keccak256((*C.uint8_t)(&dst[0]), in, C.size_t(n), C.size_t(width))
	if st == C.RMD160MB_ERR_OVERLAP {
		// Refused, nothing written: hash into a buffer of our own.
		tmp := make([]byte, n*Size)
		st = C.rmd160mb_keccak256((*C.uint8_t)(&tmp[0]), in, C.size_t(n), C.size_t(width))
		copy(dst, tmp)
	}
	check("Hash256", st)
}

// EthAddress computes the Ethereum address (the last 20 bytes of Keccak-256
// of X||Y) of n secp256k1 public keys of width bytes: 64 (X||Y) or 65
// (0x04||X||Y, the uncompressed encoding). Key i is src[i*width:(i+1)*width]
// and its address is written to dst[i*AddressSize:(i+1)*AddressSize]. It
// allocates nothing (but when dst overlaps src other than in place) and is
// safe for concurrent use.
//
// It returns ErrKeyPrefix, having written nothing, when width is 65 and a
// key does not start with 0x04. It panics if n < 0, width is neither 64 nor
// 65, len(src) < n*width or len(dst) < n*AddressSize. n == 0 is a no-op and
// accepts nil slices.
func EthAddress(dst, src []byte, n, width int) error {
	if n < 0 {
		panic("keccak: negative key count")
	}
	if width != 64 && width != 65 {
		panic("keccak: key width must be 64 or 65, not " + strconv.Itoa(width))
	}
	if len(src)/width < n {
		panic("keccak: src too short")
	}
	if len(dst)/AddressSize < n {
		panic("keccak: dst too short")
	}
	if n == 0 {
		return nil
	}
	in := (*C.uint8_t)(&src[0])
	st := C.rmd160mb_eth_address((*C.uint8_t)(&dst[0]), in, C.size_t(n), C.size_t(width))
	if st == C.RMD160MB_ERR_OVERLAP {
		tmp := make([]byte, n*AddressSize)
		st = C.rmd160mb_eth_address((*C.uint8_t)(&tmp[0]), in, C.size_t(n), C.size_t(width))
		if st == C.RMD160MB_OK {
			copy(dst, tmp)
		}
	}
	if st == C.RMD160MB_ERR_INPUT {
		return ErrKeyPrefix
	}
	check("EthAddress", st)
	return nil
}

// HashEach sets dst[i] to Keccak-256 of src[i], for messages of any lengths.
// It panics if len(dst) != len(src). The whole batch is one cgo call
// (rmd160mb_keccak256_many); the messages are first copied back to back into
// a pooled buffer, so that no memory passed to C holds a Go pointer. It
// allocates nothing once the pool's buffer is large enough (it grows to the
// largest batch seen) and is safe for concurrent use.
func HashEach(dst [][Size]byte, src [][]byte) {
	if len(dst) != len(src) {
		panic("keccak: len(dst) must equal len(src)")
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
	st := C.rmd160mb_go_keccak256_each((*C.uint8_t)(&dst[0][0]), p, (*C.uintptr_t)(unsafe.Pointer(&ends[0])), C.size_t(len(src)))
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
	panic("keccak: " + fn + ": " + C.GoString(C.rmd160mb_strerror(C.int(st))) +
		" (status " + strconv.Itoa(st) + ")")
}
