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
#include <ripemd160mb.h>

// HashEach's batch in one call: the n messages lie back to back in data,
// message i ending at ends[i]; the arrays of pointers and lengths that
// rmd160mb_hash160_many takes are built here, on the C stack, in chunks, so
// that the memory Go passes holds no pointer (the cgo pointer rules).
#define RMD160MB_GO_EACH 1024
static int rmd160mb_go_hash160_each(uint8_t *dst, const uint8_t *data, const size_t *ends, size_t n) {
	const uint8_t *ptrs[RMD160MB_GO_EACH];
	size_t lens[RMD160MB_GO_EACH];
	size_t i = 0, start = 0;
	while (i < n) {
		size_t k = n - i < RMD160MB_GO_EACH ? n - i : RMD160MB_GO_EACH, j;
		int status;
		for (j = 0; j < k; j++) {
			ptrs[j] = data != NULL ? data + start : NULL;
			lens[j] = ends[i + j] - start;
			start = ends[i + j];
		}
		status = rmd160mb_hash160_many(dst + RMD160MB_DIGEST_SIZE * i, ptrs, lens, k);
		if (status != RMD160MB_OK) return status;
		i += k;
	}
	return RMD160MB_OK;
}
*/
import "C"

import (
	"strconv"
	"sync"
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
	b := eachBufs.get()
	total := 0
	for _, m := range src {
		total += len(m)
	}
	if cap(b.data) < total {
		b.data = make([]byte, total+total/4)
	}
	if cap(b.ends) < len(src) {
		b.ends = make([]C.size_t, len(src)+len(src)/4)
	}
	data, ends := b.data[:total], b.ends[:len(src)]
	off := 0
	for i, m := range src {
		off += copy(data[off:], m)
		ends[i] = C.size_t(off)
	}
	var p *C.uint8_t // NULL when every message is empty
	if total > 0 {
		p = (*C.uint8_t)(&data[0])
	}
	st := C.rmd160mb_go_hash160_each((*C.uint8_t)(&dst[0][0]), p, &ends[0], C.size_t(len(src)))
	eachBufs.put(b)
	check("HashEach", st)
}

// check panics (panicStatus) for any status but RMD160MB_OK.
func check(fn string, st C.int) {
	if st != C.RMD160MB_OK {
		panicStatus(fn, int(st))
	}
}

// eachBuf is HashEach's copy of a batch: the messages back to back, and
// where each ends. Neither holds a pointer, so both may be passed to C.
type eachBuf struct {
	data []byte
	ends []C.size_t
}

// eachBufs holds HashEach's buffers, so that a call does not allocate: a
// free list of at most eachKeep of them (one per concurrent HashEach),
// never emptied by the garbage collector (a sync.Pool may drop its items at
// any time, and drops a quarter of them under the race detector).
var eachBufs = eachList{free: make([]*eachBuf, 0, eachKeep)}

// eachKeep is the most buffers eachBufs keeps.
const eachKeep = 16

// eachList is a free list of buffers.
type eachList struct {
	mu   sync.Mutex
	free []*eachBuf
}

// get returns a free buffer, or a new one.
func (l *eachList) get() *eachBuf {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n := len(l.free); n > 0 {
		b := l.free[n-1]
		l.free = l.free[:n-1]
		return b
	}
	return new(eachBuf)
}

// put returns b to the list (dropped when the list is full).
func (l *eachList) put(b *eachBuf) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.free) < cap(l.free) {
		l.free = append(l.free, b)
	}
}

// panicStatus reports a status the Go side's checks should have made
// impossible: the library broke its contract.
//
//go:noinline
func panicStatus(fn string, st int) {
	panic("hash160: " + fn + ": " + C.GoString(C.rmd160mb_strerror(C.int(st))) +
		" (status " + strconv.Itoa(st) + ")")
}
