//! The batch drivers: n messages of one width, in chunks that fit on the
//! stack, through one backend's kernels. The C functions and the safe Rust
//! functions both end here, so in-place use and chunking have one
//! implementation ([`chunked`]); each batch function is one stage run over
//! it.
//!
//! A chunk's messages are read in full (into the kernel) before any of its
//! digests is written, and digest i never lands past the start of message
//! i + 1 when the message width is at least the digest size: that is why
//! `dst == src` works.

use core::ptr;
use core::slice;

use crate::backend::Backend;

/// Messages per chunk: a multiple of every backend's lane count.
pub(crate) const CHUNK: usize = 64;

/// Runs `stage` on the `n` messages of `width` bytes at `src`, at most
/// [`CHUNK`] at a time, and copies each chunk's `D`-byte digests to `dst`.
/// `stage(msgs, out)` gets `out.len()` messages as `msgs` (`width *
/// out.len()` bytes) and fills `out`.
///
/// # Safety
/// `src` is valid for reads of `width * n` bytes (or `width * n == 0`) and
/// `dst` for writes of `D * n` bytes (neither product overflows); the ranges
/// are disjoint, or start at the same address with `width >= D`.
#[inline(always)]
unsafe fn chunked<const D: usize>(
    dst: *mut u8,
    src: *const u8,
    n: usize,
    width: usize,
    mut stage: impl FnMut(&[u8], &mut [[u8; D]]),
) {
    let mut digests = [[0u8; D]; CHUNK];
    let mut done = 0;
    while done < n {
        let m = CHUNK.min(n - done);
        {
            let msgs: &[u8] = if width == 0 {
                &[]
            } else {
                // SAFETY: messages done..done + m lie within the caller's
                // width * n readable bytes; nothing writes them while this
                // slice lives (it ends before dst is written).
                unsafe { slice::from_raw_parts(src.add(width * done), width * m) }
            };
            stage(msgs, &mut digests[..m]);
        }
        // In place, the digest bytes end at D * (done + m) <= width * (done +
        // m): this chunk's messages (already read) and earlier ones.
        // SAFETY: within the caller's D * n writable bytes; `digests` is on
        // our stack, so it overlaps nothing of the caller's.
        unsafe { ptr::copy_nonoverlapping(digests.as_ptr().cast::<u8>(), dst.add(D * done), D * m) };
        done += m;
    }
}

/// The 32-byte messages of `msgs` (a multiple of 32 bytes) as arrays.
#[inline(always)]
fn as_msgs32(msgs: &[u8]) -> &[[u8; 32]] {
    let (whole, rest) = msgs.as_chunks::<32>();
    debug_assert!(rest.is_empty());
    whole
}

/// `dst[20i..20i+20) = RIPEMD160(src[32i..32i+32))` for i < n.
///
/// # Safety
/// As [`chunked`] with width 32 and 20-byte digests.
pub(crate) unsafe fn hash32_raw(backend: Backend, dst: *mut u8, src: *const u8, n: usize) {
    // SAFETY: the caller's.
    unsafe { chunked::<20>(dst, src, n, 32, |msgs, out| backend.hash32(as_msgs32(msgs), out)) }
}

/// `dst[20i..20i+20) = RIPEMD160(SHA256(src[w*i..w*i+w)))` for i < n: per
/// chunk, the backend's SHA-256 kernel into a buffer on the stack, then its
/// RIPEMD-160 kernel on that buffer. No heap allocation.
///
/// # Safety
/// As [`chunked`] with 20-byte digests.
pub(crate) unsafe fn hash160_raw(backend: Backend, dst: *mut u8, src: *const u8, n: usize, width: usize) {
    let mut sha = [[0u8; 32]; CHUNK];
    // SAFETY: the caller's.
    unsafe {
        chunked::<20>(dst, src, n, width, |msgs, out| {
            let sha = &mut sha[..out.len()];
            backend.sha256(msgs, width, sha);
            backend.hash32(sha, out);
        })
    }
}

/// `dst[32i..32i+32) = SHA256(src[w*i..w*i+w))` for i < n. No heap
/// allocation.
///
/// # Safety
/// As [`chunked`] with 32-byte digests.
pub(crate) unsafe fn sha256_raw(backend: Backend, dst: *mut u8, src: *const u8, n: usize, width: usize) {
    // SAFETY: the caller's.
    unsafe { chunked::<32>(dst, src, n, width, |msgs, out| backend.sha256(msgs, width, out)) }
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
