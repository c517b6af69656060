// The C side of HashEach, shared by the cgo packages ripemd160mb, hash160,
// keccak and bitcoin (its SHA256DEach): each includes this header in its preamble (through
// #cgo CFLAGS: -I${SRCDIR}/.../internal/each) and wraps rmd160mb_go_each
// around its own *_many function. The functions are static: each package
// has its own copy, as cgo wants for code in a preamble.
//
// The Go side (package each) packs the batch: the n messages lie back to
// back in data, message i ending at ends[i]. The arrays of pointers and
// lengths that the *_many functions take are built here, on the C stack, in
// chunks, so that the memory Go passes holds no pointer (the cgo pointer
// rules). ends is Go's []uintptr: uintptr_t here, the same size as size_t on
// every platform Go supports.
#ifndef RMD160MB_GO_EACH_H
#define RMD160MB_GO_EACH_H

#include <stddef.h>
#include <stdint.h>
#include <ripemd160mb.h>

// The signature of rmd160mb_sum_many, rmd160mb_hash160_many,
// rmd160mb_keccak256_many and rmd160mb_sha256d_many.
typedef int (*rmd160mb_go_many_fn)(uint8_t *dst, const uint8_t *const *msgs, const size_t *lens, size_t n);

#define RMD160MB_GO_EACH 1024

// rmd160mb_go_each hashes the packed batch with many, whose digests are size
// bytes each, into dst; it returns the first status other than
// RMD160MB_OK, or RMD160MB_OK. data may be NULL when every message is
// empty.
static int rmd160mb_go_each(rmd160mb_go_many_fn many, size_t size, uint8_t *dst, const uint8_t *data,
			    const uintptr_t *ends, size_t n) {
	const uint8_t *ptrs[RMD160MB_GO_EACH];
	size_t lens[RMD160MB_GO_EACH];
	size_t i = 0, start = 0;
	while (i < n) {
		size_t k = n - i < RMD160MB_GO_EACH ? n - i : RMD160MB_GO_EACH, j;
		int status;
		for (j = 0; j < k; j++) {
			ptrs[j] = data != NULL ? data + start : NULL;
			lens[j] = (size_t)ends[i + j] - start;
			start = (size_t)ends[i + j];
		}
		status = many(dst + size * i, ptrs, lens, k);
		if (status != RMD160MB_OK) return status;
		i += k;
	}
	return RMD160MB_OK;
}

#endif
