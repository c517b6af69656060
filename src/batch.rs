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
use crate::many::Messages;

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

/// Messages per chunk of the any-length drivers: a chunk whose messages all
/// have a width with a dedicated fixed-width kernel runs that kernel on a
/// copy on the stack (at most `MANY_CHUNK * 65` bytes), and HASH160 keeps a
/// chunk's SHA-256 digests on the stack.
pub(crate) const MANY_CHUNK: usize = 256;

/// The width shared by every message of `msgs` (non-empty), if any.
#[inline]
fn uniform_width(msgs: Messages<'_>) -> Option<usize> {
    let w = msgs.len_of(0);
    (1..msgs.len()).all(|i| msgs.len_of(i) == w).then_some(w)
}

/// Copies the `m` messages of `width` bytes of `msgs` one after the other
/// into `buf` and returns them.
#[inline]
fn pack<'b>(msgs: Messages<'_>, width: usize, buf: &'b mut [u8]) -> &'b [u8] {
    let packed = &mut buf[..width * msgs.len()];
    for (i, slot) in packed.chunks_exact_mut(width.max(1)).enumerate() {
        slot.copy_from_slice(msgs.get(i));
    }
    packed
}

/// `dst[i] = RIPEMD160(msgs[i])` for messages of any lengths: runs of
/// [`MANY_CHUNK`] 32-byte messages through the fixed 32-byte kernel (on a
/// copy), everything else through the backend's multi-buffer kernel in one
/// call per stretch, so lanes are refilled across the whole stretch.
pub(crate) fn ripemd160_many_msgs(backend: Backend, msgs: Messages<'_>, dst: &mut [[u8; 20]]) {
    assert_eq!(msgs.len(), dst.len(), "ripemd160_many: dst and msgs hold different numbers of messages");
    let n = msgs.len();
    let mut general = 0;
    let mut start = 0;
    while start < n {
        let end = (start + MANY_CHUNK).min(n);
        let chunk = msgs.range(start..end);
        if end - start >= backend.lanes() && uniform_width(chunk) == Some(32) {
            if general < start {
                backend.ripemd160_many(msgs.range(general..start), &mut dst[general..start]);
            }
            let mut buf = [0u8; 32 * MANY_CHUNK];
            let packed = pack(chunk, 32, &mut buf);
            backend.hash32(packed.as_chunks::<32>().0, &mut dst[start..end]);
            general = end;
        }
        start = end;
    }
    if general < n {
        backend.ripemd160_many(msgs.range(general..n), &mut dst[general..n]);
    }
}

/// `dst[i] = SHA256(msgs[i])` for one chunk of at most [`MANY_CHUNK`]
/// messages: a uniform width of 32, 33 or 65 bytes (public keys) through the
/// fixed-width kernel on a copy, any other mix through the multi-buffer
/// kernel.
fn sha256_chunk(backend: Backend, msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
    debug_assert!(msgs.len() <= MANY_CHUNK);
    match uniform_width(msgs) {
        Some(w @ (32 | 33 | 65)) if msgs.len() >= backend.lanes() => {
            let mut buf = [0u8; 65 * MANY_CHUNK];
            backend.sha256(pack(msgs, w, &mut buf), w, dst);
        }
        _ => backend.sha256_many(msgs, dst),
    }
}

/// `dst[i] = SHA256(msgs[i])` for messages of any lengths, chunk by chunk
/// ([`sha256_chunk`]); stretches of chunks without a uniform key width go to
/// the multi-buffer kernel in one call.
pub(crate) fn sha256_many_msgs(backend: Backend, msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
    assert_eq!(msgs.len(), dst.len(), "sha256_many: dst and msgs hold different numbers of messages");
    let n = msgs.len();
    let mut general = 0;
    let mut start = 0;
    while start < n {
        let end = (start + MANY_CHUNK).min(n);
        let chunk = msgs.range(start..end);
        if end - start >= backend.lanes() && matches!(uniform_width(chunk), Some(32 | 33 | 65)) {
            if general < start {
                backend.sha256_many(msgs.range(general..start), &mut dst[general..start]);
            }
            sha256_chunk(backend, chunk, &mut dst[start..end]);
            general = end;
        }
        start = end;
    }
    if general < n {
        backend.sha256_many(msgs.range(general..n), &mut dst[general..n]);
    }
}

/// `dst[i] = RIPEMD160(SHA256(msgs[i]))` for messages of any lengths: per
/// chunk of [`MANY_CHUNK`], SHA-256 ([`sha256_chunk`]) into a buffer on the
/// stack, then the fixed 32-byte RIPEMD-160 kernel on it (as
/// [`hash160_raw`]). No heap allocation.
pub(crate) fn hash160_many_msgs(backend: Backend, msgs: Messages<'_>, dst: &mut [[u8; 20]]) {
    assert_eq!(msgs.len(), dst.len(), "hash160_many: dst and msgs hold different numbers of messages");
    let mut sha = [[0u8; 32]; MANY_CHUNK];
    let n = msgs.len();
    let mut start = 0;
    while start < n {
        let end = (start + MANY_CHUNK).min(n);
        let sha = &mut sha[..end - start];
        sha256_chunk(backend, msgs.range(start..end), sha);
        backend.hash32(sha, &mut dst[start..end]);
        start = end;
    }
}

/// RIPEMD-160 of each message of `msgs` (any lengths), on the current
/// [`Backend`]: `dst[i] = RIPEMD160(msgs[i])`, with every lane of the
/// backend busy whatever the mix of lengths.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn ripemd160_many(dst: &mut [[u8; 20]], msgs: &[&[u8]]) {
    ripemd160_many_with(Backend::current(), dst, msgs)
}

/// [`ripemd160_many`] on the given backend.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn ripemd160_many_with(backend: Backend, dst: &mut [[u8; 20]], msgs: &[&[u8]]) {
    ripemd160_many_msgs(backend, Messages::slices(msgs), dst)
}

/// HASH160 = RIPEMD160(SHA256(m)) of each message of `msgs` (any lengths),
/// on the current [`Backend`].
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn hash160_many(dst: &mut [[u8; 20]], msgs: &[&[u8]]) {
    hash160_many_with(Backend::current(), dst, msgs)
}

/// [`hash160_many`] on the given backend.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn hash160_many_with(backend: Backend, dst: &mut [[u8; 20]], msgs: &[&[u8]]) {
    hash160_many_msgs(backend, Messages::slices(msgs), dst)
}

/// SHA-256 (NIST FIPS 180-4) of each message of `msgs` (any lengths), on
/// the current [`Backend`].
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn sha256_many(dst: &mut [[u8; 32]], msgs: &[&[u8]]) {
    sha256_many_with(Backend::current(), dst, msgs)
}

/// [`sha256_many`] on the given backend.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn sha256_many_with(backend: Backend, dst: &mut [[u8; 32]], msgs: &[&[u8]]) {
    sha256_many_msgs(backend, Messages::slices(msgs), dst)
}
