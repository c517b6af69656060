// Package ripemd160mb computes RIPEMD-160 over large batches of independent
// messages by calling the ripemd160mb C library (libripemd160mb, written in
// Rust, with scalar, AVX2, AVX-512 and NEON kernels chosen at run time).
//
// Its API is the one of the pure-Go ripemd160mb library, published as
// github.com/Asylian21/ripemd160-asm (package name ripemd160mb, HASH160 in
// its hash160 subpackage; github.com/davidzita/ripemd160mb was the module
// path of its first commit): a program switches by changing only its import
// paths. Hash32 is the fast path: n contiguous 32-byte messages (for example
// SHA-256 digests) to n contiguous 20-byte digests, with no allocation. The
// hash160 subpackage computes Bitcoin HASH160 = RIPEMD160(SHA256(x)) of
// fixed-width messages in one call.
//
// Programmer errors (a negative count, a buffer too short, slices of
// different lengths) panic with the same values as in that library, for
// example "ripemd160mb: negative message count". Every length is checked in
// Go before the C library is called, so the library never receives a pointer
// to memory the slice does not own.
//
// Building needs cgo (CGO_ENABLED=1 and a C compiler for the target: there
// is no pure-Go fallback, and a cross build needs a C cross toolchain and the
// library built for that target) and pkg-config (`pkg-config --cflags --libs
// ripemd160mb` must work: install the library, or point PKG_CONFIG_PATH at a
// directory holding its .pc file). The build tag ripemd160mb_static links
// the static library libripemd160mb.a instead of the shared one.
//
// The backend is chosen by the C library, as the fastest this CPU supports,
// or as the environment variable RMD160MB_FORCE names it. For compatibility
// the Go library's variable GORIPEMD160MB_FORCE is honoured too, read as that
// library does ("" or "auto" selects the fastest backend, a name this build
// and CPU can run selects it, any other value selects "scalar"), unless
// RMD160MB_FORCE names a backend this CPU runs ("auto" included): an empty,
// unknown or unsupported RMD160MB_FORCE does not hide GORIPEMD160MB_FORCE.
// The backend is process-wide: C code in the same process shares it.
package ripemd160mb

/*
#cgo pkg-config: ripemd160mb
#cgo CFLAGS: -I${SRCDIR}/internal/each
#include <stdlib.h>
#include <ripemd160mb.h>
#include "rmd160mb_go_each.h"

// A digest returned by value, so that Go passes no pointer to its own memory
// for the output (a Go pointer given to C escapes to the heap: Sum would
// allocate).
typedef struct {
	uint8_t b[RMD160MB_DIGEST_SIZE];
	int status;
} rmd160mb_go_digest;

static rmd160mb_go_digest rmd160mb_go_sum(const uint8_t *msg, size_t len) {
	rmd160mb_go_digest d;
	d.status = rmd160mb_sum(d.b, msg, len);
	return d;
}

static rmd160mb_go_digest rmd160mb_go_final(rmd160mb_ctx *ctx) {
	rmd160mb_go_digest d;
	d.status = rmd160mb_final(ctx, d.b);
	return d;
}

// HashEach's batch in one call (the shared shim of rmd160mb_go_each.h).
static int rmd160mb_go_sum_each(uint8_t *dst, const uint8_t *data, const uintptr_t *ends, size_t n) {
	return rmd160mb_go_each(rmd160mb_sum_many, RMD160MB_DIGEST_SIZE, dst, data, ends, n);
}
*/
import "C"

import (
	"hash"
	"os"
	"strconv"
	"unsafe"

	"github.com/ripemd160mb/ripemd160mb/go/internal/each"
)

const (
	// Size is the size of a RIPEMD-160 digest in bytes.
	Size = 20
	// BlockSize is the block size of RIPEMD-160 in bytes.
	BlockSize = 64
)

// Compile-time checks that the constants agree with the C header.
var (
	_ [Size - C.RMD160MB_DIGEST_SIZE]struct{}
	_ [C.RMD160MB_DIGEST_SIZE - Size]struct{}
	_ [BlockSize - C.RMD160MB_BLOCK_SIZE]struct{}
	_ [C.RMD160MB_BLOCK_SIZE - BlockSize]struct{}
)

func init() {
	chooseBackend(os.LookupEnv)
}

// chooseBackend applies the backend variables, read through lookup: first
// RMD160MB_FORCE, if it names a backend this CPU runs (the C library would
// take it too); otherwise GORIPEMD160MB_FORCE as the Go library reads it. It
// returns the variable that took effect, "" if neither did.
func chooseBackend(lookup func(string) (string, bool)) string {
	if name, _ := lookup("RMD160MB_FORCE"); name != "" && setBackend(name) {
		return "RMD160MB_FORCE"
	}
	name, set := lookup("GORIPEMD160MB_FORCE")
	if !set {
		return ""
	}
	if name == "" {
		name = "auto"
	}
	if !setBackend(name) {
		setBackend("scalar")
	}
	return "GORIPEMD160MB_FORCE"
}

// setBackend switches the C library's process-wide backend; it reports false
// (and changes nothing) if this build or CPU cannot run name.
func setBackend(name string) bool {
	cs := C.CString(name)
	defer C.free(unsafe.Pointer(cs))
	return C.rmd160mb_set_backend(cs) == C.RMD160MB_OK
}

// Hash32 computes the RIPEMD-160 digests of n 32-byte messages: message i is
// src[i*32:(i+1)*32] and its digest is written to dst[i*Size:(i+1)*Size].
// It reads at most n*32 bytes of src, writes exactly n*Size bytes of dst,
// allocates nothing (but in the rare overlap case below) and is safe for
// concurrent use.
//
// dst may be src itself (in place: the first n*Size bytes then hold the
// digests and the rest of the first n*32 bytes is unspecified). Any other
// overlap of dst and src also gives the right digests, through a temporary
// buffer (the one case that allocates). Hash32 panics if n < 0,
// len(src) < n*32 or len(dst) < n*Size. n == 0 is a no-op and accepts nil
// slices.
func Hash32(dst, src []byte, n int) {
	if n < 0 {
		panic("ripemd160mb: negative message count")
	}
	if len(src)/32 < n {
		panicShort("src too short for ", n, " 32-byte messages")
	}
	if len(dst)/Size < n {
		panicShort("dst too short for ", n, " RIPEMD-160 digests")
	}
	if n == 0 {
		return
	}
	st := C.rmd160mb_hash32((*C.uint8_t)(&dst[0]), (*C.uint8_t)(&src[0]), C.size_t(n))
	if st == C.RMD160MB_ERR_OVERLAP {
		// The library refuses overlaps other than in place and writes
		// nothing then: hash into a buffer of our own.
		tmp := make([]byte, n*Size)
		st = C.rmd160mb_hash32((*C.uint8_t)(&tmp[0]), (*C.uint8_t)(&src[0]), C.size_t(n))
		copy(dst, tmp)
	}
	check("Hash32", st)
}

// panicShort panics as the Go library does for a short buffer: what + n +
// unit, after the package prefix.
//
//go:noinline
func panicShort(what string, n int, unit string) {
	panic("ripemd160mb: " + what + strconv.Itoa(n) + unit)
}

// HashEach sets dst[i] to the RIPEMD-160 digest of src[i], for messages of
// any lengths. It panics if len(dst) != len(src). The whole batch is one cgo
// call (rmd160mb_sum_many, whose lanes each take the next message when
// theirs ends, whatever the mix of lengths); the messages are first copied
// back to back into a pooled buffer, so that no memory passed to C holds a Go
// pointer. It allocates nothing once the pool's buffer is large enough (it
// grows to the largest batch seen) and is safe for concurrent use.
func HashEach(dst [][Size]byte, src [][]byte) {
	if len(dst) != len(src) {
		panic("ripemd160mb: len(dst) must equal len(src)")
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
	st := C.rmd160mb_go_sum_each((*C.uint8_t)(&dst[0][0]), p, (*C.uintptr_t)(unsafe.Pointer(&ends[0])), C.size_t(len(src)))
	eachBufs.Put(b)
	check("HashEach", st)
}

// eachBufs holds HashEach's buffers (see package each).
var eachBufs each.List

// Sum returns the RIPEMD-160 digest of p. It allocates nothing.
func Sum(p []byte) [Size]byte {
	var d C.rmd160mb_go_digest
	if len(p) == 0 {
		d = C.rmd160mb_go_sum(nil, 0)
	} else {
		d = C.rmd160mb_go_sum((*C.uint8_t)(&p[0]), C.size_t(len(p)))
	}
	check("Sum", d.status)
	return *(*[Size]byte)(unsafe.Pointer(&d.b))
}

// Lanes returns how many messages the current backend hashes side by side
// (1 for "scalar"; each backend's count is its Lanes in Backends). Batches
// of a multiple of Lanes waste no lanes.
func Lanes() int {
	return int(C.rmd160mb_lanes())
}

// Backend returns the name of the backend the batch functions run on, e.g.
// "scalar": one of the names Backends lists, a Supported one.
func Backend() string {
	return C.GoString(C.rmd160mb_backend())
}

// BackendInfo describes one backend of the C library, as Backends returns
// it.
type BackendInfo struct {
	// Name is the backend's name, as Backend returns it and RMD160MB_FORCE
	// and GORIPEMD160MB_FORCE take it, e.g. "scalar".
	Name string
	// Lanes is how many RIPEMD-160 and SHA-256 messages the backend hashes
	// side by side: what Lanes returns while it is the current backend.
	Lanes int
	// KeccakLanes is how many Keccak-256 messages the backend hashes side
	// by side (64-bit lanes).
	KeccakLanes int
	// Compiled reports whether this build of the library has the backend's
	// kernels (they are compiled for its architecture).
	Compiled bool
	// Supported reports whether this build and CPU run the backend: whether
	// RMD160MB_FORCE or GORIPEMD160MB_FORCE naming it selects it.
	Supported bool
	// SHA256Kernel is what runs SHA-256 (and so HASH160's first half) on
	// the backend on this CPU: "sha-ni" (the x86 SHA extensions),
	// "armv8-sha2" (the Armv8 SHA-256 instructions, neon on CPUs that have
	// them) or the backend's own name; "" when the backend is not Supported.
	SHA256Kernel string
}

// Backends returns every backend the C library knows, on any architecture
// (rmd160mb_backend_describe), in the library's order of preference,
// slowest first: Backends()[0] is "scalar", and the last Supported one is
// the one "auto" (the default) picks. It is how a program learns the
// backend names and their lane counts without a list of its own. It returns
// a new slice on every call and is safe for concurrent use.
func Backends() []BackendInfo {
	bs := make([]BackendInfo, int(C.rmd160mb_backend_count()))
	var d C.rmd160mb_backend_desc
	for i := range bs {
		check("Backends", C.rmd160mb_backend_describe(C.size_t(i), &d))
		bs[i] = BackendInfo{
			Name:        C.GoString(d.name),
			Lanes:       int(d.lanes),
			KeccakLanes: int(d.keccak_lanes),
			Compiled:    d.compiled != 0,
			Supported:   d.supported != 0,
		}
		if d.sha256_kernel != nil {
			bs[i].SHA256Kernel = C.GoString(d.sha256_kernel)
		}
	}
	return bs
}

// Version returns the C library's version, "MAJOR.MINOR.PATCH".
func Version() string {
	return C.GoString(C.rmd160mb_version())
}

// digest is a streaming RIPEMD-160 state. The C context is a plain value
// inside this Go struct: it holds no Go pointers, so passing its address to C
// for the length of one call is allowed by the cgo pointer rules, and C never
// keeps it.
type digest struct {
	ctx C.rmd160mb_ctx
}

// New returns a new hash.Hash computing RIPEMD-160, streaming through the C
// library's rmd160mb_ctx. Like every hash.Hash it is not safe for concurrent
// use by several goroutines.
func New() hash.Hash {
	d := new(digest)
	d.Reset()
	return d
}

func (d *digest) Size() int      { return Size }
func (d *digest) BlockSize() int { return BlockSize }

func (d *digest) Reset() {
	check("Reset", C.rmd160mb_init(&d.ctx))
}

func (d *digest) Write(p []byte) (int, error) {
	if len(p) > 0 {
		check("Write", C.rmd160mb_update(&d.ctx, (*C.uint8_t)(&p[0]), C.size_t(len(p))))
	}
	return len(p), nil
}

// Sum appends the digest of the data written so far to b. It does not change
// the state: writing may continue.
func (d *digest) Sum(b []byte) []byte {
	r := C.rmd160mb_go_final(&d.ctx)
	check("Sum", r.status)
	return append(b, (*[Size]byte)(unsafe.Pointer(&r.b))[:]...)
}

// check panics if a C call returned an error. The Go side validates every
// argument before calling C and handles overlaps itself, so this is only
// reached if the library breaks its contract.
func check(fn string, status C.int) {
	if status != C.RMD160MB_OK {
		panicStatus(fn, int(status))
	}
}

//go:noinline
func panicStatus(fn string, status int) {
	panic("ripemd160mb: " + fn + ": " + C.GoString(C.rmd160mb_strerror(C.int(status))) +
		" (status " + strconv.Itoa(status) + ")")
}
