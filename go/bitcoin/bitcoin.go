// Package bitcoin computes Bitcoin's double SHA-256, SHA256(SHA256(m)), over
// batches of messages and Bitcoin merkle roots, each in one call into the
// ripemd160mb C library (scalar, AVX2, AVX-512, SHA-NI and NEON kernels,
// chosen at run time).
//
// SHA256D hashes n fixed-width messages (80-byte block headers, 64-byte
// merkle nodes), SHA256DEach messages of any lengths (serialized
// transactions: their txids), MerkleRoot a block's merkle root from its
// txids, exactly as Bitcoin Core's ComputeMerkleRoot, with the
// CVE-2012-2459 mutated flag. Digests, txids and roots are in internal byte
// order, as SHA-256 outputs them: Bitcoin displays txids, block hashes and
// merkle roots byte-reversed. Misuse (a negative count, a buffer too short)
// panics, as in the other packages of this module.
package bitcoin

/*
#cgo pkg-config: ripemd160mb
#cgo CFLAGS: -I${SRCDIR}/../internal/each
#include <ripemd160mb.h>
#include "rmd160mb_go_each.h"

// SHA256DEach's batch in one call (the shared shim of rmd160mb_go_each.h).
static int rmd160mb_go_sha256d_each(uint8_t *dst, const uint8_t *data, const uintptr_t *ends, size_t n) {
	return rmd160mb_go_each(rmd160mb_sha256d_many, 32, dst, data, ends, n);
}

// MerkleRoot's result, returned by value: the root and the flag need no Go
// memory passed to C (a Go variable whose address goes to C escapes to the
// heap).
typedef struct {
	uint8_t root[32];
	int mutated;
	int status;
} rmd160mb_go_merkle;

static rmd160mb_go_merkle rmd160mb_go_merkle_root(const uint8_t *leaves, size_t n) {
	rmd160mb_go_merkle r;
	r.mutated = 0;
	r.status = rmd160mb_merkle_root(r.root, leaves, n, &r.mutated);
	return r;
}
*/
import "C"

import (
	"strconv"
	"unsafe"

	"github.com/ripemd160mb/ripemd160mb/go/internal/each"
)

// Size is the size of a double SHA-256 digest (a txid, a block hash, a
// merkle root) in bytes.
const Size = 32

// SHA256D computes the double SHA-256 SHA256(SHA256(m)) of n messages of
// width bytes: message i is src[i*width:(i+1)*width] and its digest is
// written to dst[i*Size:(i+1)*Size], in internal byte order. Any width is
// accepted, 0 included; width 80 (a block header: its digest is the block
// hash), 64 (a merkle node: two hashes side by side), 65, 33 and 32 have
// dedicated kernels on the vector and SHA-NI backends. It allocates nothing (but in the rare overlap case below) and is
// safe for concurrent use.
//
// dst may overlap src in any way: the digests are those of the messages as
// they were before the call. In place (dst and src starting at the same
// byte) with width >= Size costs nothing extra, so a level of a merkle tree
// can be hashed over itself; other overlaps go through a temporary buffer
// (the one case that allocates). SHA256D panics if n < 0, width < 0,
// len(src) < n*width or len(dst) < n*Size. n == 0 is a no-op and accepts
// nil slices.
func SHA256D(dst, src []byte, n, width int) {
	if n < 0 {
		panic("bitcoin: negative message count")
	}
	if width < 0 {
		panic("bitcoin: negative message width")
	}
	if width > 0 && len(src)/width < n {
		panic("bitcoin: src too short")
	}
	if len(dst)/Size < n {
		panic("bitcoin: dst too short")
	}
	if n == 0 {
		return
	}
	var in *C.uint8_t // NULL is allowed when width == 0 (src may be empty)
	if width > 0 {
		in = (*C.uint8_t)(&src[0])
	}
	st := C.rmd160mb_sha256d((*C.uint8_t)(&dst[0]), in, C.size_t(n), C.size_t(width))
	if st == C.RMD160MB_ERR_OVERLAP {
		// Refused, nothing written: hash into a buffer of our own.
		tmp := make([]byte, n*Size)
		st = C.rmd160mb_sha256d((*C.uint8_t)(&tmp[0]), in, C.size_t(n), C.size_t(width))
		copy(dst, tmp)
	}
	check("SHA256D", st)
}

// SHA256DEach sets dst[i] to the double SHA-256 of src[i], for messages of
// any lengths: given serialized transactions (without witness data), their
// txids in internal byte order. It panics if len(dst) != len(src). The
// whole batch is one cgo call (rmd160mb_sha256d_many); the messages are
// first copied back to back into a pooled buffer, so that no memory passed
// to C holds a Go pointer, and so dst may overlap any message. It allocates
// nothing once the pool's buffer is large enough (it grows to the largest
// batch seen) and is safe for concurrent use.
func SHA256DEach(dst [][Size]byte, src [][]byte) {
	if len(dst) != len(src) {
		panic("bitcoin: len(dst) must equal len(src)")
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
	st := C.rmd160mb_go_sha256d_each((*C.uint8_t)(&dst[0][0]), p, (*C.uintptr_t)(unsafe.Pointer(&ends[0])), C.size_t(len(src)))
	eachBufs.Put(b)
	check("SHA256DEach", st)
}

// MerkleRoot returns the Bitcoin merkle root of leaves (a block's txids, in
// order and in internal byte order), in internal byte order, exactly as
// Bitcoin Core's ComputeMerkleRoot: each level pairs nodes 2k and 2k+1
// into SHA256D(left || right), a level with an odd count pairing its last
// node with itself. mutated reports whether some level holds equal nodes at
// positions 2k and 2k+1 (CVE-2012-2459: duplicated transactions give an
// invalid block the root of a valid one, so a node must reject a block
// whose tree is mutated). No leaves give the zero root and false; one leaf
// is its own root.
//
// The leaves are not modified. It allocates nothing (the C library reduces
// the tree a subtree at a time in a fixed stack buffer) and is safe for
// concurrent use.
func MerkleRoot(leaves [][Size]byte) (root [Size]byte, mutated bool) {
	if len(leaves) == 0 {
		return root, false
	}
	// A [][Size]byte's backing array is len(leaves)*Size contiguous bytes
	// holding no pointer.
	r := C.rmd160mb_go_merkle_root((*C.uint8_t)(&leaves[0][0]), C.size_t(len(leaves)))
	check("MerkleRoot", r.status)
	root = *(*[Size]byte)(unsafe.Pointer(&r.root[0]))
	return root, r.mutated != 0
}

// check panics (panicStatus) for any status but RMD160MB_OK.
func check(fn string, st C.int) {
	if st != C.RMD160MB_OK {
		panicStatus(fn, int(st))
	}
}

// eachBufs holds SHA256DEach's buffers (see package each).
var eachBufs each.List

// panicStatus reports a status the Go side's checks should have made
// impossible: the library broke its contract.
//
//go:noinline
func panicStatus(fn string, st int) {
	panic("bitcoin: " + fn + ": " + C.GoString(C.rmd160mb_strerror(C.int(st))) +
		" (status " + strconv.Itoa(st) + ")")
}
