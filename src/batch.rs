//! The batch drivers: n messages, in chunks that fit on the stack, through
//! one backend's kernels. The C functions and the safe Rust functions both
//! end here, so in-place use and the tails have one implementation.
//!
//! A chunk's messages are read in full (into the kernel) before any of its
//! digests is written, and digest i never lands past the start of message
//! i + 1 when the message width is at least 20 bytes: that is why `dst ==
//! src` works.

use core::ptr;
use core::slice;

use crate::backend::Backend;

/// Messages per chunk: a multiple of every backend's lane count.
pub(crate) const CHUNK: usize = 64;

/// `dst[20i..20i+20) = RIPEMD160(src[32i..32i+32))` for i < n.
///
/// # Safety
/// `src` is valid for reads of `32 * n` bytes and `dst` for writes of
/// `20 * n` bytes (neither product overflows); the two ranges are either
/// disjoint or start at the same address.
pub(crate) unsafe fn hash32_raw(backend: Backend, dst: *mut u8, src: *const u8, n: usize) {
    let mut digests = [[0u8; 20]; CHUNK];
    let mut done = 0;
    while done < n {
        let m = CHUNK.min(n - done);
        {
            // SAFETY: within the caller's 32*n readable bytes; [u8; 32] has
            // alignment 1. No mutable reference to these bytes exists while
            // this slice lives.
            let msgs = unsafe { slice::from_raw_parts(src.add(32 * done).cast::<[u8; 32]>(), m) };
            backend.hash32(msgs, &mut digests[..m]);
        }
        // SAFETY: within the caller's 20*n writable bytes; `digests` is on
        // our stack, so it overlaps nothing of the caller's.
        unsafe { ptr::copy_nonoverlapping(digests.as_ptr().cast::<u8>(), dst.add(20 * done), 20 * m) };
        done += m;
    }
}

/// The `m` messages of `width` bytes at `src`, as one slice.
///
/// # Safety
/// `src` is valid for reads of `width * m` bytes (or `width * m == 0`) and
/// nothing writes them while the slice lives.
unsafe fn messages<'a>(src: *const u8, width: usize, m: usize) -> &'a [u8] {
    if width == 0 || m == 0 {
        &[]
    } else {
        // SAFETY: the caller's.
        unsafe { slice::from_raw_parts(src, width * m) }
    }
}

/// `dst[20i..20i+20) = RIPEMD160(SHA256(src[w*i..w*i+w)))` for i < n: per
/// chunk, the backend's SHA-256 kernel into a buffer on the stack, then its
/// RIPEMD-160 kernel on that buffer. No heap allocation.
///
/// # Safety
/// `src` is valid for reads of `width * n` bytes (or `width == 0`) and `dst`
/// for writes of `20 * n` bytes; the ranges are disjoint, or start at the
/// same address with `width >= 20`.
pub(crate) unsafe fn hash160_raw(backend: Backend, dst: *mut u8, src: *const u8, n: usize, width: usize) {
    let mut sha = [[0u8; 32]; CHUNK];
    let mut digests = [[0u8; 20]; CHUNK];
    let mut done = 0;
    while done < n {
        let m = CHUNK.min(n - done);
        {
            // SAFETY: messages done..done+m lie within the caller's width*n
            // readable bytes; the slice is dropped before dst is written.
            let msgs = unsafe { messages(src.wrapping_add(width * done), width, m) };
            backend.sha256(msgs, width, &mut sha[..m]);
        }
        backend.hash32(&sha[..m], &mut digests[..m]);
        // SAFETY: within the caller's 20*n writable bytes, from our stack.
        // In place, digest bytes 20*(done+m) <= width*(done+m): the chunk's
        // own messages (already read) and earlier ones, never later chunks.
        unsafe { ptr::copy_nonoverlapping(digests.as_ptr().cast::<u8>(), dst.add(20 * done), 20 * m) };
        done += m;
    }
}

/// `dst[32i..32i+32) = SHA256(src[w*i..w*i+w))` for i < n, chunk by chunk
/// through a buffer on the stack. No heap allocation.
///
/// # Safety
/// `src` is valid for reads of `width * n` bytes (or `width == 0`) and `dst`
/// for writes of `32 * n` bytes; the ranges are disjoint, or start at the
/// same address with `width >= 32`.
pub(crate) unsafe fn sha256_raw(backend: Backend, dst: *mut u8, src: *const u8, n: usize, width: usize) {
    let mut sha = [[0u8; 32]; CHUNK];
    let mut done = 0;
    while done < n {
        let m = CHUNK.min(n - done);
        {
            // SAFETY: as in hash160_raw.
            let msgs = unsafe { messages(src.wrapping_add(width * done), width, m) };
            backend.sha256(msgs, width, &mut sha[..m]);
        }
        // SAFETY: within the caller's 32*n writable bytes, from our stack;
        // in place with width >= 32 only this chunk's and earlier messages
        // are overwritten.
        unsafe { ptr::copy_nonoverlapping(sha.as_ptr().cast::<u8>(), dst.add(32 * done), 32 * m) };
        done += m;
    }
}

/// RIPEMD-160 of each 32-byte message, on the current [`Backend`].
///
/// # Panics
/// If `dst` and `src` differ in length.
pub fn hash32(dst: &mut [[u8; 20]], src: &[[u8; 32]]) {
    hash32_with(Backend::current(), dst, src)
}

/// [`hash32`] on the given backend.
///
/// # Panics
/// If `dst` and `src` differ in length.
pub fn hash32_with(backend: Backend, dst: &mut [[u8; 20]], src: &[[u8; 32]]) {
    assert_eq!(dst.len(), src.len(), "hash32: dst and src hold different numbers of messages");
    // SAFETY: the slices give exactly 32n readable and 20n writable bytes,
    // and Rust's borrow rules make them disjoint.
    unsafe { hash32_raw(backend, dst.as_mut_ptr().cast(), src.as_ptr().cast(), src.len()) }
}

/// In place: `buf` holds n 32-byte messages; afterwards its first `20 * n`
/// bytes hold their digests (the rest is unspecified).
///
/// # Panics
/// If `buf.len()` is not a multiple of 32.
pub fn hash32_in_place(buf: &mut [u8]) {
    assert_eq!(buf.len() % 32, 0, "hash32_in_place: length is not a multiple of 32");
    let n = buf.len() / 32;
    let p = buf.as_mut_ptr();
    // SAFETY: p is valid for 32n reads and 20n <= 32n writes, dst == src.
    unsafe { hash32_raw(Backend::current(), p, p, n) }
}

/// HASH160 = RIPEMD160(SHA256(m)) of each `width`-byte message of `src`,
/// on the current [`Backend`].
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn hash160(dst: &mut [[u8; 20]], src: &[u8], width: usize) {
    hash160_with(Backend::current(), dst, src, width)
}

/// [`hash160`] on the given backend.
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn hash160_with(backend: Backend, dst: &mut [[u8; 20]], src: &[u8], width: usize) {
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "hash160: src is not dst.len() messages of width bytes");
    // SAFETY: src holds width*n readable bytes, dst 20n writable ones, and
    // they are disjoint.
    unsafe { hash160_raw(backend, dst.as_mut_ptr().cast(), src.as_ptr(), dst.len(), width) }
}

/// SHA-256 (NIST FIPS 180-4) of each `width`-byte message of `src`, on the
/// current [`Backend`].
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn sha256(dst: &mut [[u8; 32]], src: &[u8], width: usize) {
    sha256_with(Backend::current(), dst, src, width)
}

/// [`sha256`] on the given backend.
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn sha256_with(backend: Backend, dst: &mut [[u8; 32]], src: &[u8], width: usize) {
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "sha256: src is not dst.len() messages of width bytes");
    // SAFETY: src holds width*n readable bytes, dst 32n writable ones, and
    // they are disjoint.
    unsafe { sha256_raw(backend, dst.as_mut_ptr().cast(), src.as_ptr(), dst.len(), width) }
}
