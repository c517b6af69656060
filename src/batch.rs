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

use sha2::{Digest, Sha256};

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

/// `dst[20i..20i+20) = RIPEMD160(SHA256(src[w*i..w*i+w)))` for i < n.
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
        for (i, out) in sha[..m].iter_mut().enumerate() {
            let msg: &[u8] = if width == 0 {
                &[]
            } else {
                // SAFETY: message done+i lies within the caller's width*n
                // readable bytes; no mutable reference to them is alive.
                unsafe { slice::from_raw_parts(src.add(width * (done + i)), width) }
            };
            *out = Sha256::digest(msg).into();
        }
        backend.hash32(&sha[..m], &mut digests[..m]);
        // SAFETY: within the caller's 20*n writable bytes, from our stack.
        unsafe { ptr::copy_nonoverlapping(digests.as_ptr().cast::<u8>(), dst.add(20 * done), 20 * m) };
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
