//! The C API. `include/ripemd160mb.h` is generated from this file by
//! cbindgen (`make header`); every doc comment here is the contract a C
//! caller reads.
//!
//! Every function checks its pointers and sizes before touching memory,
//! returns a status instead of panicking (a Rust panic, which would be a bug,
//! becomes `RMD160MB_ERR_INTERNAL`), and builds no slice from a NULL pointer.

#![allow(non_camel_case_types)]

use core::ffi::{c_char, c_int};
use core::slice;
use std::ffi::CStr;
use std::panic::{catch_unwind, AssertUnwindSafe};

use crate::backend::{self, Backend};
use crate::drivers;
use crate::kernels::KernelSet;
use crate::messages::Messages;
use crate::ripemd160::stream::{ripemd160, Ripemd160};

/// Success.
pub const RMD160MB_OK: c_int = 0;
/// A pointer that must address bytes was NULL.
pub const RMD160MB_ERR_NULL: c_int = -1;
/// A buffer size (`n * 32`, `n * 20`, `n * width`) does not fit in `size_t`
/// or exceeds `PTRDIFF_MAX` (no object can be that large), or a buffer would
/// extend past the end of the address space. Checked before NULL pointers:
/// a call with both problems returns this status.
pub const RMD160MB_ERR_OVERFLOW: c_int = -2;
/// The output buffer overlaps the input in a way the function does not allow.
pub const RMD160MB_ERR_OVERLAP: c_int = -3;
/// The backend name is unknown, or this build or CPU cannot run it.
pub const RMD160MB_ERR_BACKEND: c_int = -4;
/// The `rmd160mb_ctx` was not initialised by `rmd160mb_init` (or was
/// overwritten): its internal state is out of range.
pub const RMD160MB_ERR_CONTEXT: c_int = -5;
/// An internal error (a bug in this library): nothing was aborted, but the
/// output buffer's contents are unspecified.
pub const RMD160MB_ERR_INTERNAL: c_int = -6;
/// The input is not what the function accepts: `rmd160mb_eth_address` with
/// a width other than 64 or 65, or a 65-byte key whose first byte is not
/// `0x04`. Checked after sizes, NULL pointers and overlap, and before
/// anything is written.
pub const RMD160MB_ERR_INPUT: c_int = -7;

/// Bytes in a RIPEMD-160 digest.
pub const RMD160MB_DIGEST_SIZE: usize = 20;
/// Bytes in a RIPEMD-160 message block.
pub const RMD160MB_BLOCK_SIZE: usize = 64;
/// Bytes in a SHA-256 digest (`rmd160mb_sha256`, and the double SHA-256 of
/// `rmd160mb_sha256d`, `_sha256d_many` and `rmd160mb_merkle_root`).
pub const RMD160MB_SHA256_DIGEST_SIZE: usize = 32;
/// Bytes in a Keccak-256 digest (`rmd160mb_keccak256`).
pub const RMD160MB_KECCAK256_DIGEST_SIZE: usize = 32;
/// Bytes in an Ethereum address (`rmd160mb_eth_address`).
pub const RMD160MB_ETH_ADDRESS_SIZE: usize = 20;

/// Major version of this library (semantic versioning; equal to Cargo.toml's).
pub const RMD160MB_VERSION_MAJOR: u32 = 0;
/// Minor version of this library.
pub const RMD160MB_VERSION_MINOR: u32 = 2;
/// Patch version of this library.
pub const RMD160MB_VERSION_PATCH: u32 = 0;

/// Streaming RIPEMD-160 state. Allocate it yourself (on the stack, in a
/// struct, anywhere) and set it up with `rmd160mb_init`; it owns no other
/// memory, so there is nothing to free, and copying it by value mid-stream
/// gives an independent, valid context. The contents are private.
#[repr(C)]
pub struct rmd160mb_ctx {
    /// Private: the hasher's state.
    pub opaque: [u64; 12],
}

// The context is the streaming hasher's memory, reinterpreted.
const _: () = assert!(core::mem::size_of::<Ripemd160>() == core::mem::size_of::<rmd160mb_ctx>());
const _: () = assert!(core::mem::align_of::<Ripemd160>() <= core::mem::align_of::<rmd160mb_ctx>());

/// The panic boundary around every exported body: `Ok` is `RMD160MB_OK`,
/// `Err(status)` is that status, and a panic (a bug) is
/// `RMD160MB_ERR_INTERNAL`.
fn boundary(body: impl FnOnce() -> Result<(), c_int>) -> c_int {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(Ok(())) => RMD160MB_OK,
        Ok(Err(status)) => status,
        Err(_) => RMD160MB_ERR_INTERNAL,
    }
}

/// A checked address range `[start, end)`; `None` for zero bytes.
type Region = Option<(usize, usize)>;

/// The address ranges of buffers given as `(pointer, count, item size)`,
/// checked in the documented order: every size and range first
/// (`RMD160MB_ERR_OVERFLOW` when `count * size` does not fit in `size_t` or
/// exceeds `PTRDIFF_MAX`, Rust's limit for one object, or the range wraps
/// the address space), then the pointers (`RMD160MB_ERR_NULL` for NULL where
/// bytes are needed). A buffer of zero bytes is `None`, whatever its
/// pointer.
fn regions<const N: usize>(bufs: [(*const u8, usize, usize); N]) -> Result<[Region; N], c_int> {
    let mut ranges = [None; N];
    let mut null = false;
    for (range, &(p, count, size)) in ranges.iter_mut().zip(&bufs) {
        let bytes = count.checked_mul(size).filter(|&b| b <= isize::MAX as usize).ok_or(RMD160MB_ERR_OVERFLOW)?;
        if bytes > 0 {
            null |= p.is_null();
            let start = p as usize;
            *range = Some((start, start.checked_add(bytes).ok_or(RMD160MB_ERR_OVERFLOW)?));
        }
    }
    if null {
        return Err(RMD160MB_ERR_NULL);
    }
    Ok(ranges)
}

/// True when two checked ranges share a byte.
fn overlaps(a: Region, b: Region) -> bool {
    match (a, b) {
        (Some((a0, a1)), Some((b0, b1))) => a0 < b1 && b0 < a1,
        _ => false,
    }
}

/// The checks every fixed-width batch function shares, in the documented
/// order: sizes (`RMD160MB_ERR_OVERFLOW`), then NULL pointers, then overlap.
/// `n` digests of `digest_size` bytes go to `dst` from `n` messages of
/// `width` bytes at `src`; in place (`dst == src`) is allowed when `width >=
/// digest_size`, so that digest i never lands on a later message.
fn check_batch(dst: *mut u8, digest_size: usize, src: *const u8, n: usize, width: usize) -> Result<(), c_int> {
    let [out, input] = regions([(dst.cast_const(), n, digest_size), (src, n, width)])?;
    let in_place = core::ptr::eq(dst.cast_const(), src) && width >= digest_size;
    if overlaps(out, input) && !in_place {
        return Err(RMD160MB_ERR_OVERLAP);
    }
    Ok(())
}

/// A fixed-width batch function: the checks, then (for `n > 0`) `driver` on
/// the process-wide backend.
///
/// # Safety
/// `src` is readable for `width * n` bytes and `dst` writable for
/// `digest_size * n` (the C caller's contract); `driver` is one of
/// `crate::drivers`' `_raw` drivers for that shape.
unsafe fn fixed_width_batch(
    dst: *mut u8,
    digest_size: usize,
    src: *const u8,
    n: usize,
    width: usize,
    driver: unsafe fn(&KernelSet, *mut u8, *const u8, usize, usize),
) -> c_int {
    boundary(|| {
        check_batch(dst, digest_size, src, n, width)?;
        if n > 0 {
            // Checked above: sizes fit, `dst` is non-NULL, `src` is non-NULL
            // when width > 0 (it is only read then), the buffers are disjoint
            // or in place with width >= digest_size.
            // SAFETY: those checks, and the memory valid by the C contract.
            unsafe { driver(Backend::current().kernels(), dst, src, n, width) };
        }
        Ok(())
    })
}

/// RIPEMD-160 of `n` 32-byte messages: message `i` is `src[32*i .. 32*i+32)`
/// and its 20-byte digest goes to `dst[20*i .. 20*i+20)`.
///
/// Buffers: `src` holds `32*n` bytes, `dst` has room for `20*n` bytes; any
/// alignment. `dst == src` (in place) is allowed: the first `20*n` bytes then
/// hold the digests and the rest of the buffer is unspecified. Nothing is
/// written past `dst + 20*n`.
///
/// Returns `RMD160MB_OK`; `RMD160MB_ERR_NULL` if `n > 0` and `dst` or `src` is
/// NULL; `RMD160MB_ERR_OVERFLOW` if `32*n` exceeds `PTRDIFF_MAX` or a buffer
/// would wrap the address space; `RMD160MB_ERR_OVERLAP` if the buffers overlap
/// other than `dst == src`. `n == 0` succeeds whatever the pointers. On an
/// error other than `RMD160MB_ERR_INTERNAL` nothing is written.
///
/// Runs on the process-wide backend (`rmd160mb_backend`). Thread-safe.
/// Algorithm: RIPEMD-160 (Dobbertin, Bosselaers, Preneel, 1996).
///
/// # Safety
/// `src` must be readable for `32*n` bytes and `dst` writable for `20*n`.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_hash32(dst: *mut u8, src: *const u8, n: usize) -> c_int {
    let driver = |kernels: &KernelSet, dst, src, n, _width| {
        // SAFETY: fixed_width_batch checked the buffers for width 32.
        unsafe { drivers::hash32_raw(kernels, dst, src, n) }
    };
    // SAFETY: the caller's contract; the driver is hash32_raw for width 32.
    unsafe { fixed_width_batch(dst, RMD160MB_DIGEST_SIZE, src, n, 32, driver) }
}

/// HASH160 of `n` messages of `width` bytes each:
/// `dst[20*i .. 20*i+20) = RIPEMD160(SHA256(src[width*i .. width*i+width)))`.
/// Public keys are 33 bytes (compressed) or 65 (uncompressed); any width is
/// accepted, 0 included (every digest is then HASH160 of the empty message).
///
/// Buffers: `src` holds `width*n` bytes, `dst` has room for `20*n` bytes; any
/// alignment. In place (`dst == src`) is allowed when `width >= 20`. Nothing
/// is written past `dst + 20*n`. No heap allocation.
///
/// Returns `RMD160MB_OK`; `RMD160MB_ERR_NULL` if `n > 0` and `dst` is NULL, or
/// `src` is NULL with `width > 0`; `RMD160MB_ERR_OVERFLOW` if `width*n` or
/// `20*n` exceeds `PTRDIFF_MAX` or a buffer would wrap the address space;
/// `RMD160MB_ERR_OVERLAP` if the buffers overlap other than in place with
/// `width >= 20`. `n == 0` succeeds whatever the pointers. On an error other
/// than `RMD160MB_ERR_INTERNAL` nothing is written.
///
/// Runs on the process-wide backend. Thread-safe. Algorithms: SHA-256 (NIST
/// FIPS 180-4), then RIPEMD-160 (Dobbertin, Bosselaers, Preneel, 1996).
///
/// # Safety
/// `src` must be readable for `width*n` bytes and `dst` writable for `20*n`.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_hash160(dst: *mut u8, src: *const u8, n: usize, width: usize) -> c_int {
    // SAFETY: the caller's contract; hash160_raw is the HASH160 driver.
    unsafe { fixed_width_batch(dst, RMD160MB_DIGEST_SIZE, src, n, width, drivers::hash160_raw) }
}

/// SHA-256 of `n` messages of `width` bytes each:
/// `dst[32*i .. 32*i+32) = SHA256(src[width*i .. width*i+width))`. Any
/// width is accepted, 0 included (every digest is then SHA-256 of the empty
/// message); on the AVX-512, AVX2 and NEON lanes and on SHA-NI, widths 32,
/// 33, 64 (a merkle node: its padding block is constants), 65 and 80 (a
/// block header: its last block is 16 bytes and constants) have dedicated
/// kernels. Double SHA-256: `rmd160mb_sha256d`.
///
/// Buffers: `src` holds `width*n` bytes, `dst` has room for `32*n` bytes; any
/// alignment. In place (`dst == src`) is allowed when `width >= 32`. Nothing
/// is written past `dst + 32*n`. No heap allocation.
///
/// Returns `RMD160MB_OK`; `RMD160MB_ERR_NULL` if `n > 0` and `dst` is NULL, or
/// `src` is NULL with `width > 0`; `RMD160MB_ERR_OVERFLOW` if `width*n` or
/// `32*n` exceeds `PTRDIFF_MAX` or a buffer would wrap the address space;
/// `RMD160MB_ERR_OVERLAP` if the buffers overlap other than in place with
/// `width >= 32`. `n == 0` succeeds whatever the pointers. On an error other
/// than `RMD160MB_ERR_INTERNAL` nothing is written.
///
/// Runs on the process-wide backend (its SHA-256 kernel: the same backend as
/// the RIPEMD-160 functions). Thread-safe. Algorithm: SHA-256 (NIST FIPS
/// 180-4).
///
/// # Safety
/// `src` must be readable for `width*n` bytes and `dst` writable for `32*n`.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_sha256(dst: *mut u8, src: *const u8, n: usize, width: usize) -> c_int {
    // SAFETY: the caller's contract; sha256_raw is the SHA-256 driver.
    unsafe { fixed_width_batch(dst, RMD160MB_SHA256_DIGEST_SIZE, src, n, width, drivers::sha256_raw) }
}

/// The checks of the any-length batch functions, in the documented order:
/// the sizes and ranges of `dst` (`digest_size * n` bytes), `msgs` and
/// `lens` (`n` elements each), then `msgs` and `lens` NULL (the messages
/// cannot be read without them), then every message's size and range, then
/// `dst` or a message with bytes NULL, then overlaps of `dst` with `msgs`,
/// `lens` and every message. Reads `msgs` and `lens` (any alignment),
/// writes nothing.
///
/// # Safety
/// For `n > 0`, `msgs` and `lens` are NULL or readable for `n` elements.
unsafe fn check_many(
    dst: *mut u8,
    digest_size: usize,
    msgs: *const *const u8,
    lens: *const usize,
    n: usize,
) -> Result<(), c_int> {
    // dst's size first; dst NULL is reported after the messages' sizes.
    let out = match regions([(dst.cast_const(), n, digest_size)]) {
        Ok([out]) => out,
        Err(RMD160MB_ERR_NULL) => None,
        Err(status) => return Err(status),
    };
    let [ptrs, sizes] = regions([
        (msgs.cast::<u8>(), n, core::mem::size_of::<*const u8>()),
        (lens.cast::<u8>(), n, core::mem::size_of::<usize>()),
    ])?;
    let mut overlap = overlaps(out, ptrs) || overlaps(out, sizes);
    // As `regions` for each message, without branches: every flag is
    // gathered, then the first in the documented order is returned.
    let (o0, o1) = out.unwrap_or((0, 0));
    let [overflow, null, message_overlap] = if msgs.is_aligned() && lens.is_aligned() {
        // SAFETY: non-NULL (checked by `regions`, n > 0 here), aligned, and
        // readable for n elements by the caller's contract.
        let (ps, ls) = unsafe { (slice::from_raw_parts(msgs, n), slice::from_raw_parts(lens, n)) };
        scan_messages_fast(ps, ls, o0, o1)
    } else {
        let mut acc = [0; 3];
        for i in 0..n {
            // SAFETY: as above, with unaligned reads.
            let (p, len) = unsafe { (msgs.add(i).read_unaligned(), lens.add(i).read_unaligned()) };
            let one = scan_messages(&[p], &[len], o0, o1);
            acc = [acc[0] | one[0], acc[1] | one[1], acc[2] | one[2]];
        }
        acc
    };
    let (overflow, null) = (overflow != 0, null != 0 || dst.is_null());
    overlap |= message_overlap != 0;
    match (overflow, null, overlap) {
        (true, _, _) => Err(RMD160MB_ERR_OVERFLOW),
        (_, true, _) => Err(RMD160MB_ERR_NULL),
        (_, _, true) => Err(RMD160MB_ERR_OVERLAP),
        _ => Ok(()),
    }
}

/// The per-message checks of [`check_many`] as `regions` makes them, with
/// no branch per message (so that it vectorizes): nonzero in element 0 when
/// some message's size exceeds `PTRDIFF_MAX` or its range wraps, in 1 when
/// some message with bytes is NULL, in 2 when some message with bytes
/// overlaps `[o0, o1)`.
#[inline(always)]
fn scan_messages(ps: &[*const u8], ls: &[usize], o0: usize, o1: usize) -> [usize; 3] {
    let mut acc = [0usize; 3];
    for (&p, &len) in ps.iter().zip(ls) {
        let start = p as usize;
        let end = start.wrapping_add(len);
        let some = usize::from(len != 0);
        acc[0] |= usize::from(len > isize::MAX as usize) | usize::from(end < start);
        acc[1] |= some & usize::from(start == 0);
        acc[2] |= some & usize::from(start < o1) & usize::from(o0 < end);
    }
    acc
}

/// [`scan_messages`], vectorized with AVX2 where the CPU has it (four
/// messages per instruction: the check then costs a fraction of the hash).
#[inline]
fn scan_messages_fast(ps: &[*const u8], ls: &[usize], o0: usize, o1: usize) -> [usize; 3] {
    #[cfg(target_arch = "x86_64")]
    {
        /// # Safety
        /// The CPU has AVX2.
        #[target_feature(enable = "avx2")]
        unsafe fn avx2(ps: &[*const u8], ls: &[usize], o0: usize, o1: usize) -> [usize; 3] {
            scan_messages(ps, ls, o0, o1)
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: detected.
            return unsafe { avx2(ps, ls, o0, o1) };
        }
    }
    scan_messages(ps, ls, o0, o1)
}

/// An any-length batch function: the checks, then (for `n > 0`) `driver` on
/// the process-wide backend with `D`-byte digests.
///
/// # Safety
/// The C caller's contract: for `n > 0`, `msgs` and `lens` readable for `n`
/// elements, `msgs[i]` readable for `lens[i]` bytes, `dst` writable for
/// `D * n` bytes, none of them modified during the call.
unsafe fn many_batch<const D: usize>(
    dst: *mut u8,
    msgs: *const *const u8,
    lens: *const usize,
    n: usize,
    driver: fn(&KernelSet, Messages<'_>, &mut [[u8; D]]),
) -> c_int {
    boundary(|| {
        if n == 0 {
            return Ok(());
        }
        // SAFETY: the caller's contract.
        unsafe { check_many(dst, D, msgs, lens, n)? };
        // SAFETY: checked above: the arrays are non-NULL, every message with
        // bytes is non-NULL, in range and disjoint from `dst`, which is
        // non-NULL, in range and disjoint from `msgs` and `lens`; [u8; D]
        // has alignment 1.
        let (messages, out) =
            unsafe { (Messages::raw(msgs, lens, n), slice::from_raw_parts_mut(dst.cast::<[u8; D]>(), n)) };
        driver(Backend::current().kernels(), messages, out);
        Ok(())
    })
}

/// RIPEMD-160 of `n` messages of any lengths: message `i` is the `lens[i]`
/// bytes at `msgs[i]`, and its 20-byte digest goes to `dst[20*i .. 20*i+20)`.
///
/// Buffers: `msgs` and `lens` are arrays of `n` elements; `msgs[i]` holds
/// `lens[i]` bytes (it may be NULL when `lens[i] == 0`: an empty message);
/// `dst` has room for `20*n` bytes. Any alignment, any mix of lengths, the
/// same message may appear several times. There is no in-place form: `dst`
/// must not overlap any message, `msgs` or `lens`. Nothing is written past
/// `dst + 20*n`. No heap allocation.
///
/// Returns `RMD160MB_OK`, or the first of these that applies:
/// `RMD160MB_ERR_OVERFLOW` if `20*n` or the size of `msgs` or `lens` (`n`
/// elements) exceeds `PTRDIFF_MAX`, or one of these three buffers would wrap
/// the address space; `RMD160MB_ERR_NULL` if `msgs` or `lens` is NULL;
/// `RMD160MB_ERR_OVERFLOW` if some `lens[i]` exceeds `PTRDIFF_MAX` or a
/// message would wrap the address space; `RMD160MB_ERR_NULL` if `dst` is
/// NULL, or some `msgs[i]` is NULL with `lens[i] > 0`;
/// `RMD160MB_ERR_OVERLAP` if `dst` overlaps any message, `msgs` or `lens`.
/// `n == 0` succeeds whatever the pointers. Every message is checked before
/// any is hashed: on an error other than `RMD160MB_ERR_INTERNAL` nothing is
/// written.
///
/// Runs on the process-wide backend's multi-buffer kernel: each lane
/// carries its own message and takes the next one when its message ends,
/// so every lane stays busy whatever the lengths (a stretch of 32-byte
/// messages runs the `rmd160mb_hash32` kernel). Thread-safe. Algorithm:
/// RIPEMD-160 (Dobbertin, Bosselaers, Preneel, 1996).
///
/// # Safety
/// `msgs` and `lens` must be readable for `n` elements, each `msgs[i]` for
/// `lens[i]` bytes, and `dst` writable for `20*n` bytes; none of them may
/// change during the call.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_sum_many(
    dst: *mut u8,
    msgs: *const *const u8,
    lens: *const usize,
    n: usize,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { many_batch::<20>(dst, msgs, lens, n, drivers::ripemd160_many_msgs) }
}

/// HASH160 of `n` messages of any lengths:
/// `dst[20*i .. 20*i+20) = RIPEMD160(SHA256(m))` where message `i` is the
/// `lens[i]` bytes at `msgs[i]` (public keys of 33 and 65 bytes mixed,
/// scripts of any length).
///
/// Buffers, statuses and checks exactly as `rmd160mb_sum_many` (`dst` has
/// room for `20*n` bytes; no in-place form; `n == 0` succeeds whatever the
/// pointers; on an error other than `RMD160MB_ERR_INTERNAL` nothing is
/// written). No heap allocation: per chunk of messages, the SHA-256 digests
/// go to a buffer on the stack, then through the RIPEMD-160 kernel.
///
/// Runs on the process-wide backend. Thread-safe. Algorithms: SHA-256 (NIST
/// FIPS 180-4), then RIPEMD-160 (Dobbertin, Bosselaers, Preneel, 1996).
///
/// # Safety
/// As `rmd160mb_sum_many`.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_hash160_many(
    dst: *mut u8,
    msgs: *const *const u8,
    lens: *const usize,
    n: usize,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { many_batch::<20>(dst, msgs, lens, n, drivers::hash160_many_msgs) }
}

/// SHA-256 of `n` messages of any lengths: message `i` is the `lens[i]`
/// bytes at `msgs[i]`, and its 32-byte digest goes to `dst[32*i .. 32*i+32)`.
///
/// Buffers, statuses and checks as `rmd160mb_sum_many`, with `dst` of
/// `32*n` bytes (`RMD160MB_ERR_OVERFLOW` if `32*n` exceeds `PTRDIFF_MAX`).
/// No in-place form; `n == 0` succeeds whatever the pointers; on an error
/// other than `RMD160MB_ERR_INTERNAL` nothing is written. No heap
/// allocation.
///
/// Runs on the process-wide backend's multi-buffer SHA-256 kernel (on avx2
/// CPUs with the SHA extensions, several messages interleaved on them; the
/// `sha2` crate per message on neon CPUs with the Armv8 SHA-2
/// instructions: `rmd160mb_backend_desc.sha256_kernel` names which).
/// Thread-safe. Algorithm: SHA-256 (NIST FIPS 180-4).
///
/// # Safety
/// As `rmd160mb_sum_many`, with `dst` writable for `32*n` bytes.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_sha256_many(
    dst: *mut u8,
    msgs: *const *const u8,
    lens: *const usize,
    n: usize,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { many_batch::<32>(dst, msgs, lens, n, drivers::sha256_many_msgs) }
}

/// Double SHA-256 of `n` messages of `width` bytes each:
/// `dst[32*i .. 32*i+32) = SHA256(SHA256(src[width*i .. width*i+width)))`,
/// as Bitcoin hashes block headers (width 80), merkle nodes (width 64: two
/// 32-byte hashes side by side) and transactions. Any width is accepted, 0
/// included. On the AVX-512, AVX2 and NEON lanes and on SHA-NI, widths 32,
/// 33, 64, 65 and 80 have dedicated kernels (the padding words are
/// constants: the whole padding block of a 64-byte message, that of the
/// second hash), and the first digest goes to the second hash without
/// leaving the registers. Digests are in internal byte order: Bitcoin
/// displays txids and block hashes byte-reversed.
///
/// Buffers: `src` holds `width*n` bytes, `dst` has room for `32*n` bytes; any
/// alignment. In place (`dst == src`) is allowed when `width >= 32`. Nothing
/// is written past `dst + 32*n`. No heap allocation.
///
/// Returns `RMD160MB_OK`; `RMD160MB_ERR_NULL` if `n > 0` and `dst` is NULL, or
/// `src` is NULL with `width > 0`; `RMD160MB_ERR_OVERFLOW` if `width*n` or
/// `32*n` exceeds `PTRDIFF_MAX` or a buffer would wrap the address space;
/// `RMD160MB_ERR_OVERLAP` if the buffers overlap other than in place with
/// `width >= 32`. `n == 0` succeeds whatever the pointers. On an error other
/// than `RMD160MB_ERR_INTERNAL` nothing is written.
///
/// Runs on the process-wide backend's SHA-256 kernel (see
/// `rmd160mb_backend_describe`). Thread-safe. Algorithm: SHA-256 (NIST FIPS
/// 180-4), applied twice.
///
/// # Safety
/// `src` must be readable for `width*n` bytes and `dst` writable for `32*n`.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_sha256d(dst: *mut u8, src: *const u8, n: usize, width: usize) -> c_int {
    // SAFETY: the caller's contract; sha256d_raw is the double SHA-256
    // driver.
    unsafe { fixed_width_batch(dst, RMD160MB_SHA256_DIGEST_SIZE, src, n, width, drivers::sha256d_raw) }
}

/// Double SHA-256 of `n` messages of any lengths (serialized transactions:
/// their txids in internal byte order; a txid hashes the serialization
/// without witness data, with it the digest is the wtxid): message `i` is
/// the `lens[i]` bytes at `msgs[i]`, and `SHA256(SHA256(message))` goes to
/// `dst[32*i .. 32*i+32)`.
///
/// Buffers, statuses and checks as `rmd160mb_sum_many`, with `dst` of
/// `32*n` bytes (`RMD160MB_ERR_OVERFLOW` if `32*n` exceeds `PTRDIFF_MAX`).
/// No in-place form; `n == 0` succeeds whatever the pointers; on an error
/// other than `RMD160MB_ERR_INTERNAL` nothing is written. No heap
/// allocation.
///
/// Runs on the process-wide backend. Thread-safe. Algorithm: SHA-256 (NIST
/// FIPS 180-4), applied twice.
///
/// # Safety
/// As `rmd160mb_sum_many`, with `dst` writable for `32*n` bytes.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_sha256d_many(
    dst: *mut u8,
    msgs: *const *const u8,
    lens: *const usize,
    n: usize,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { many_batch::<32>(dst, msgs, lens, n, drivers::sha256d_many_msgs) }
}

/// The Bitcoin merkle root of `n` 32-byte leaves (txids in internal byte
/// order, `leaves[32*i .. 32*i+32)`), written to `dst[0 .. 32)` in internal
/// byte order, exactly as Bitcoin Core's `ComputeMerkleRoot`: each level
/// pairs nodes `2k` and `2k+1` into `SHA256(SHA256(left || right))`, a
/// level with an odd count pairing its last node with itself. `*mutated` is
/// set to 1 when some level holds equal nodes at positions `2k` and `2k+1`,
/// else 0 (CVE-2012-2459: duplicated transactions give an invalid block the
/// root of a valid one, so a node must reject a mutated tree). `n == 0`
/// gives 32 zero bytes and `*mutated = 0`.
///
/// Buffers: `leaves` holds `32*n` bytes and is not modified; `dst` has room
/// for 32 bytes and may overlap `leaves` (it is written after every leaf is
/// read); `mutated` may be NULL (then the flag is not reported), and is
/// written last. Any alignment. No heap allocation: the leaves are reduced
/// a subtree at a time in two buffers on the stack (32 KiB; with the
/// kernels' frames about 40 KiB of stack in all on x86-64).
///
/// Returns `RMD160MB_OK`; `RMD160MB_ERR_OVERFLOW` if `32*n` exceeds
/// `PTRDIFF_MAX` or a buffer would wrap the address space;
/// `RMD160MB_ERR_NULL` if `dst` is NULL (whatever `n`: the root is always
/// written), or `leaves` is NULL with `n > 0`. On an error
/// other than `RMD160MB_ERR_INTERNAL` nothing is written.
///
/// Runs on the process-wide backend's double SHA-256. Thread-safe.
/// Algorithm: SHA-256 (NIST FIPS 180-4), Bitcoin's merkle tree
/// (`src/consensus/merkle.cpp` of Bitcoin Core).
///
/// # Safety
/// `leaves` must be readable for `32*n` bytes, `dst` writable for 32, and
/// `mutated`, when not NULL, writable for an `int`.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_merkle_root(dst: *mut u8, leaves: *const u8, n: usize, mutated: *mut c_int) -> c_int {
    boundary(|| {
        let [_, input] = regions([(dst.cast_const(), 1, RMD160MB_SHA256_DIGEST_SIZE), (leaves, n, 32)])?;
        let (root, mutation) = match input {
            None => drivers::merkle_root(Backend::current().kernels(), &[]),
            // SAFETY: checked above: `leaves` is non-NULL and in range for
            // 32n bytes, readable by the caller's contract; nothing writes
            // them while this slice lives (it ends before dst is written);
            // [u8; 32] has alignment 1.
            Some(_) => drivers::merkle_root(Backend::current().kernels(), unsafe {
                slice::from_raw_parts(leaves.cast::<[u8; 32]>(), n)
            }),
        };
        // SAFETY: `dst` is non-NULL (checked) and writable for 32 bytes by
        // the caller's contract; `root` is on our stack.
        unsafe { core::ptr::copy_nonoverlapping(root.as_ptr(), dst, 32) };
        if !mutated.is_null() {
            // SAFETY: non-NULL, writable for an int by the caller's
            // contract; unaligned is tolerated.
            unsafe { mutated.write_unaligned(c_int::from(mutation)) };
        }
        Ok(())
    })
}

/// Keccak-256 of `n` messages of `width` bytes each:
/// `dst[32*i .. 32*i+32) = Keccak256(src[width*i .. width*i+width))`. Any
/// width is accepted, 0 included (every digest is then Keccak-256 of the
/// empty message, `c5d24601...5d85a470`); a message of 64 bytes (a public
/// key, two hashes) is one permutation.
///
/// Keccak-256 here is the original Keccak with its padding `0x01 ... 0x80`
/// (rate 136 bytes, capacity 512 bits), as Ethereum uses it: NOT the FIPS
/// 202 SHA3-256, whose padding byte is `0x06` and whose digests differ.
///
/// Buffers: `src` holds `width*n` bytes, `dst` has room for `32*n` bytes; any
/// alignment. In place (`dst == src`) is allowed when `width >= 32`. Nothing
/// is written past `dst + 32*n`. No heap allocation.
///
/// Returns `RMD160MB_OK`; `RMD160MB_ERR_NULL` if `n > 0` and `dst` is NULL, or
/// `src` is NULL with `width > 0`; `RMD160MB_ERR_OVERFLOW` if `width*n` or
/// `32*n` exceeds `PTRDIFF_MAX` or a buffer would wrap the address space;
/// `RMD160MB_ERR_OVERLAP` if the buffers overlap other than in place with
/// `width >= 32`. `n == 0` succeeds whatever the pointers. On an error other
/// than `RMD160MB_ERR_INTERNAL` nothing is written.
///
/// Runs on the process-wide backend (8 messages side by side on avx512, 4
/// on avx2, 2 on neon, 1 on scalar). Thread-safe. Algorithm: Keccak-256
/// (Bertoni, Daemen, Peeters, Van Assche, "The Keccak reference" 3.0, 2011).
///
/// # Safety
/// `src` must be readable for `width*n` bytes and `dst` writable for `32*n`.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_keccak256(dst: *mut u8, src: *const u8, n: usize, width: usize) -> c_int {
    // SAFETY: the caller's contract; keccak256_raw is the Keccak-256 driver.
    unsafe { fixed_width_batch(dst, RMD160MB_KECCAK256_DIGEST_SIZE, src, n, width, drivers::keccak256_raw) }
}

/// Keccak-256 (the original Keccak padding, as `rmd160mb_keccak256`: not
/// FIPS 202 SHA3-256) of `n` messages of any lengths: message `i` is the
/// `lens[i]` bytes at `msgs[i]`, and its 32-byte digest goes to
/// `dst[32*i .. 32*i+32)`.
///
/// Buffers, statuses and checks as `rmd160mb_sum_many`, with `dst` of
/// `32*n` bytes (`RMD160MB_ERR_OVERFLOW` if `32*n` exceeds `PTRDIFF_MAX`).
/// No in-place form; `n == 0` succeeds whatever the pointers; on an error
/// other than `RMD160MB_ERR_INTERNAL` nothing is written. No heap
/// allocation.
///
/// Runs on the process-wide backend's multi-buffer Keccak-256 kernel (each
/// lane takes the next message when its message ends; stretches of 32- or
/// 64-byte messages run the `rmd160mb_keccak256` kernel). Thread-safe.
/// Algorithm: Keccak-256 (Bertoni, Daemen, Peeters, Van Assche, "The Keccak
/// reference" 3.0, 2011).
///
/// # Safety
/// As `rmd160mb_sum_many`, with `dst` writable for `32*n` bytes.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_keccak256_many(
    dst: *mut u8,
    msgs: *const *const u8,
    lens: *const usize,
    n: usize,
) -> c_int {
    // SAFETY: the caller's contract.
    unsafe { many_batch::<32>(dst, msgs, lens, n, drivers::keccak256_many_msgs) }
}

/// Ethereum addresses of `n` secp256k1 public keys of `width` bytes each:
/// `dst[20*i .. 20*i+20)` = the last 20 bytes of Keccak-256 of the 64 bytes
/// `X || Y` of key `i` (`src[width*i .. width*i+width)`). `width` is 64 (the
/// keys are `X || Y`) or 65 (uncompressed keys `0x04 || X || Y`: every key's
/// first byte must be `0x04`, and is not hashed). Keccak-256 is the original
/// Keccak padding, as `rmd160mb_keccak256`.
///
/// Buffers: `src` holds `width*n` bytes, `dst` has room for `20*n` bytes; any
/// alignment. In place (`dst == src`) is allowed (both widths are at least
/// the 20 bytes of an address). Nothing is written past
/// `dst + 20*n`. No heap allocation.
///
/// Returns `RMD160MB_OK`, or the first of these that applies:
/// `RMD160MB_ERR_OVERFLOW` if `width*n` or `20*n` exceeds `PTRDIFF_MAX` or a
/// buffer would wrap the address space; `RMD160MB_ERR_NULL` if `n > 0` and
/// `dst` is NULL, or `src` is NULL with `width > 0`; `RMD160MB_ERR_OVERLAP` if
/// the buffers overlap other than in place with `width >= 20` (so `dst == src`
/// with a width from 1 to 19 is this status, not the next); `RMD160MB_ERR_INPUT` if
/// `width` is neither 64 nor 65 (also when `n == 0`), or `width` is 65 and some
/// key's first byte is not `0x04` (every key is checked before any address is
/// written). With `n == 0` and a width of 64 or 65 it succeeds whatever the
/// pointers. On an error other than `RMD160MB_ERR_INTERNAL` nothing is written.
///
/// Runs on the process-wide backend's Keccak-256 kernel. Thread-safe.
/// Algorithm: Keccak-256 (Bertoni, Daemen, Peeters, Van Assche, "The Keccak
/// reference" 3.0, 2011); the address is the Ethereum yellow paper's
/// (the rightmost 160 bits of the Keccak-256 of the public key).
///
/// # Safety
/// `src` must be readable for `width*n` bytes and `dst` writable for `20*n`.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_eth_address(dst: *mut u8, src: *const u8, n: usize, width: usize) -> c_int {
    boundary(|| {
        check_batch(dst, RMD160MB_ETH_ADDRESS_SIZE, src, n, width)?;
        if width != 64 && width != 65 {
            return Err(RMD160MB_ERR_INPUT);
        }
        if n > 0 {
            // Checked above: sizes fit, `dst` and `src` are non-NULL, the
            // buffers are disjoint or in place with width >= 20.
            // SAFETY: those checks, and the memory valid by the C contract.
            unsafe { drivers::eth_address_raw(Backend::current().kernels(), dst, src, n, width) }
                .map_err(|_| RMD160MB_ERR_INPUT)?;
        }
        Ok(())
    })
}

/// RIPEMD-160 of one message of `len` bytes at `msg`; the 20-byte digest goes
/// to `out`.
///
/// Returns `RMD160MB_OK`; `RMD160MB_ERR_NULL` if `out` is NULL, or `msg` is
/// NULL with `len > 0` (`msg` may be NULL when `len == 0`);
/// `RMD160MB_ERR_OVERFLOW` if `len` exceeds `PTRDIFF_MAX` or the message
/// or the digest would wrap the address space; `RMD160MB_ERR_OVERLAP` if
/// `out` overlaps the message. On an error nothing is written. Thread-safe.
/// Algorithm: RIPEMD-160 (Dobbertin, Bosselaers, Preneel, 1996).
///
/// # Safety
/// `msg` must be readable for `len` bytes and `out` writable for 20.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_sum(out: *mut u8, msg: *const u8, len: usize) -> c_int {
    boundary(|| {
        let [input, output] = regions([(msg, len, 1), (out.cast_const(), 1, RMD160MB_DIGEST_SIZE)])?;
        if overlaps(output, input) {
            return Err(RMD160MB_ERR_OVERLAP);
        }
        let data: &[u8] = match input {
            // SAFETY: non-NULL, `len` readable bytes by the caller's contract.
            Some(_) => unsafe { slice::from_raw_parts(msg, len) },
            None => &[],
        };
        let digest = ripemd160(data);
        // SAFETY: `out` is non-NULL, writable for 20 bytes, disjoint from msg.
        unsafe { core::ptr::copy_nonoverlapping(digest.as_ptr(), out, RMD160MB_DIGEST_SIZE) };
        Ok(())
    })
}

/// The streaming hasher behind a context pointer, after the checks.
///
/// # Safety
/// `ctx` is non-NULL and valid for reads and writes of one `rmd160mb_ctx`.
unsafe fn hasher<'a>(ctx: *mut rmd160mb_ctx) -> &'a mut Ripemd160 {
    // SAFETY: same size, alignment no stricter (asserted above), and every
    // bit pattern is a valid Ripemd160 (integers only).
    unsafe { &mut *ctx.cast::<Ripemd160>() }
}

/// Starts a new message in `ctx` (which may hold anything before).
///
/// Returns `RMD160MB_OK`, or `RMD160MB_ERR_NULL` if `ctx` is NULL.
/// A context is used by one thread at a time; different contexts are
/// independent. Algorithm: RIPEMD-160 (Dobbertin, Bosselaers, Preneel,
/// 1996).
///
/// # Safety
/// `ctx` must point to writable memory for one `rmd160mb_ctx`.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_init(ctx: *mut rmd160mb_ctx) -> c_int {
    boundary(|| {
        if ctx.is_null() {
            return Err(RMD160MB_ERR_NULL);
        }
        // SAFETY: non-NULL, writable for one context (caller's contract);
        // written without reading the old contents.
        unsafe { ctx.cast::<Ripemd160>().write(Ripemd160::new()) };
        Ok(())
    })
}

/// Appends `len` bytes at `data` to the message in `ctx`. Chunks of any size,
/// in any number of calls, give the digest of their concatenation.
///
/// Returns `RMD160MB_OK`; `len == 0` succeeds whatever the pointers and
/// changes nothing. Otherwise `RMD160MB_ERR_NULL` if `ctx` or `data` is NULL;
/// `RMD160MB_ERR_OVERFLOW` if `len` exceeds `PTRDIFF_MAX` or the data would
/// wrap the address space; `RMD160MB_ERR_OVERLAP` if `data` overlaps `ctx`;
/// `RMD160MB_ERR_CONTEXT` if `ctx` was not set up by `rmd160mb_init`. On an
/// error the context is unchanged. Not thread-safe for one context.
/// Algorithm: RIPEMD-160 (Dobbertin, Bosselaers, Preneel, 1996).
///
/// # Safety
/// `ctx` must be a context set up by `rmd160mb_init`; `data` readable for
/// `len` bytes.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_update(ctx: *mut rmd160mb_ctx, data: *const u8, len: usize) -> c_int {
    boundary(|| {
        if len == 0 {
            return Ok(());
        }
        let [input, state] =
            regions([(data, len, 1), (ctx.cast::<u8>().cast_const(), 1, core::mem::size_of::<rmd160mb_ctx>())])?;
        if overlaps(state, input) {
            return Err(RMD160MB_ERR_OVERLAP);
        }
        // SAFETY: non-NULL and disjoint from `data`, valid by contract.
        let h = unsafe { hasher(ctx) };
        if !h.is_valid() {
            return Err(RMD160MB_ERR_CONTEXT);
        }
        // SAFETY: non-NULL, `len` readable bytes by contract.
        h.update(unsafe { slice::from_raw_parts(data, len) });
        Ok(())
    })
}

/// Finishes the message in `ctx` and writes its 20-byte digest to `out`. The
/// context is left unchanged, so it may be updated further (the digest of a
/// prefix) or re-initialised.
///
/// Returns `RMD160MB_OK`; `RMD160MB_ERR_OVERFLOW` if `ctx` or `out` is so
/// near the end of the address space that the context or the digest would
/// wrap it; `RMD160MB_ERR_NULL` if `ctx` or `out` is NULL;
/// `RMD160MB_ERR_OVERLAP` if `out` overlaps `ctx`; `RMD160MB_ERR_CONTEXT` if
/// `ctx` was not set up by `rmd160mb_init`. On an error nothing is written.
/// Not thread-safe for one context. Algorithm: RIPEMD-160 (Dobbertin,
/// Bosselaers, Preneel, 1996).
///
/// # Safety
/// `ctx` must be a context set up by `rmd160mb_init`; `out` writable for 20
/// bytes.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_final(ctx: *mut rmd160mb_ctx, out: *mut u8) -> c_int {
    boundary(|| {
        let [state, output] = regions([
            (ctx.cast::<u8>().cast_const(), 1, core::mem::size_of::<rmd160mb_ctx>()),
            (out.cast_const(), 1, RMD160MB_DIGEST_SIZE),
        ])?;
        if overlaps(state, output) {
            return Err(RMD160MB_ERR_OVERLAP);
        }
        // SAFETY: non-NULL, valid by contract; only read here.
        let h = *unsafe { hasher(ctx) };
        if !h.is_valid() {
            return Err(RMD160MB_ERR_CONTEXT);
        }
        let digest = h.finalize();
        // SAFETY: `out` non-NULL, writable for 20 bytes, disjoint from ctx.
        unsafe { core::ptr::copy_nonoverlapping(digest.as_ptr(), out, RMD160MB_DIGEST_SIZE) };
        Ok(())
    })
}

/// The name of the backend the batch functions run on now: "scalar",
/// "avx2", "avx512" or "neon". Chosen at first use as the fastest the CPU
/// supports, or as named by the environment variable `RMD160MB_FORCE` (the
/// exact lowercase name, as for `rmd160mb_set_backend`) if this CPU supports
/// it; an unknown or unsupported name there is ignored (`rmd160mb_force_ignored`
/// says why). Reading the variable
/// is the one heap allocation the library makes, once per process, in the
/// first call that needs the backend; a program that changes the environment
/// from another thread at that moment should call `rmd160mb_backend()` first.
///
/// Within a backend, a batch tail too small to fill the lanes may run on a
/// narrower kernel of the same CPU (scalar for a single message, AVX2 for
/// 2..8 leftovers under avx512, SHA-256's 1..7 leftovers under avx512 on
/// the SHA-NI kernel where the CPU has it), and SHA-256 may use the `sha2`
/// crate (SHA-NI, or the Armv8 SHA-2 instructions on neon) where that is
/// faster; the digests are the same. Never NULL; a static string, not to be freed.
/// Thread-safe.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub extern "C" fn rmd160mb_backend() -> *const c_char {
    Backend::current().c_name().as_ptr()
}

/// Messages the current backend hashes side by side: 1 (scalar), 4 (neon),
/// 8 (avx2) or 16 (avx512). Batches of a multiple of this size waste no
/// lanes. Thread-safe.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub extern "C" fn rmd160mb_lanes() -> usize {
    Backend::current().lanes()
}

/// One backend of the library, as `rmd160mb_backend_describe` fills it in.
/// The strings are static: never to be freed, valid for the life of the
/// process.
#[repr(C)]
pub struct rmd160mb_backend_desc {
    /// The name, as `rmd160mb_set_backend` and `RMD160MB_FORCE` take it:
    /// "scalar", "avx2", "avx512" or "neon". Never NULL.
    pub name: *const c_char,
    /// RIPEMD-160 and SHA-256 messages hashed side by side (32-bit lanes):
    /// what `rmd160mb_lanes` returns while this backend is current.
    pub lanes: usize,
    /// Keccak-256 messages hashed side by side (64-bit lanes).
    pub keccak_lanes: usize,
    /// 1 if this build of the library has the backend's kernels (they are
    /// compiled for its architecture), else 0.
    pub compiled: c_int,
    /// 1 if this CPU runs the backend (`rmd160mb_set_backend` with its name
    /// succeeds), else 0.
    pub supported: c_int,
    /// What runs SHA-256 (and so HASH160's first half) on this backend on
    /// this CPU: "sha-ni" (the x86 SHA extensions, several messages
    /// interleaved), "armv8-sha2" (the Armv8 SHA-256 instructions, one
    /// message at a time; neon on CPUs that have them) or the backend's own
    /// name (its lanes; avx512 runs SHA-256 batch tails too short for a
    /// partial group on SHA-NI where the CPU has it); NULL when `supported`
    /// is 0.
    pub sha256_kernel: *const c_char,
}

/// The number of backends the library knows, on any architecture: the
/// indexes `rmd160mb_backend_describe` takes are 0 to this minus 1. The
/// same in every build. Thread-safe.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub extern "C" fn rmd160mb_backend_count() -> usize {
    backend::backend_count()
}

/// Describes backend `index` (0 to `rmd160mb_backend_count() - 1`) into
/// `*desc`: its name, lane counts, and whether this build and this CPU have
/// it. The order is the library's order of preference, slowest first: the
/// last backend this CPU supports is the one "auto" picks. Enumerating them
/// is how a program or a test learns the backends without a list of its
/// own:
///
/// ```c
/// for (size_t i = 0; i < rmd160mb_backend_count(); i++) {
///     rmd160mb_backend_desc d;
///     if (rmd160mb_backend_describe(i, &d) == RMD160MB_OK && d.supported)
///         printf("%s: %zu lanes\n", d.name, d.lanes);
/// }
/// ```
///
/// Returns `RMD160MB_OK`; `RMD160MB_ERR_BACKEND` if `index` is not below
/// `rmd160mb_backend_count()`; `RMD160MB_ERR_NULL` if `desc` is NULL
/// (checked after the index). On an error nothing is written. The first call
/// for a backend detects it on this CPU. Thread-safe.
///
/// # Safety
/// `desc` must be NULL or point to writable memory for one
/// `rmd160mb_backend_desc` (any alignment).
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_backend_describe(index: usize, desc: *mut rmd160mb_backend_desc) -> c_int {
    boundary(|| {
        let (info, name) = backend::backend_info_at(index).ok_or(RMD160MB_ERR_BACKEND)?;
        if desc.is_null() {
            return Err(RMD160MB_ERR_NULL);
        }
        let filled = rmd160mb_backend_desc {
            name: name.as_ptr(),
            lanes: info.lanes,
            keccak_lanes: info.keccak_lanes,
            compiled: c_int::from(info.compiled),
            supported: c_int::from(info.supported),
            sha256_kernel: backend::sha256_kernel_at(index).map_or(core::ptr::null(), CStr::as_ptr),
        };
        // SAFETY: non-NULL, and writable for one struct by the caller's
        // contract; an unaligned write allows any alignment.
        unsafe { desc.write_unaligned(filled) };
        Ok(())
    })
}

/// Switches the process-wide backend to `name`: "auto" (the fastest this CPU
/// supports), "scalar", "avx2", "avx512" or "neon". Takes effect for calls
/// that start afterwards; calls already running finish on their backend.
///
/// Returns `RMD160MB_OK`; `RMD160MB_ERR_NULL` if `name` is NULL;
/// `RMD160MB_ERR_BACKEND` if the name is unknown or this build or CPU cannot
/// run it, in which case nothing changes. Thread-safe (atomic).
///
/// # Safety
/// `name` must be NULL or a NUL-terminated string.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub unsafe extern "C" fn rmd160mb_set_backend(name: *const c_char) -> c_int {
    boundary(|| {
        if name.is_null() {
            return Err(RMD160MB_ERR_NULL);
        }
        // SAFETY: non-NULL and NUL-terminated by the caller's contract.
        let name = unsafe { CStr::from_ptr(name) };
        let name = name.to_str().map_err(|_| RMD160MB_ERR_BACKEND)?;
        // Unknown and unavailable names alike.
        Backend::by_name(name).map_err(|_| RMD160MB_ERR_BACKEND)?.make_current();
        Ok(())
    })
}

/// Why the environment variable `RMD160MB_FORCE` is ignored, as a short
/// English phrase: "unknown backend name" (not "auto" or a backend's exact
/// lowercase name), "not in this build of the library" (a backend of
/// another architecture) or "not supported by this CPU"; the backend is
/// then the fastest this CPU supports (`rmd160mb_backend` names it). NULL
/// when the variable is unset or empty, or names a backend this CPU runs
/// (or "auto"): it was honoured. A program that lets users set the
/// variable can so warn them instead of running another backend silently:
///
/// ```c
/// const char *why = rmd160mb_force_ignored();
/// if (why != NULL)
///     fprintf(stderr, "RMD160MB_FORCE=%s ignored (%s); running %s\n",
///             getenv("RMD160MB_FORCE"), why, rmd160mb_backend());
/// ```
///
/// The variable is read once per process, when the backend is first chosen
/// (this call chooses it if no call did yet); `rmd160mb_set_backend` does
/// not change the answer. A static string, not to be freed. Thread-safe.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub extern "C" fn rmd160mb_force_ignored() -> *const c_char {
    Backend::force_ignored_c().map_or(core::ptr::null(), CStr::as_ptr)
}

/// This library's version, "MAJOR.MINOR.PATCH". A static string. Thread-safe.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub extern "C" fn rmd160mb_version() -> *const c_char {
    const VERSION: &CStr = match CStr::from_bytes_with_nul(concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes()) {
        Ok(v) => v,
        Err(_) => panic!("version has a NUL"),
    };
    VERSION.as_ptr()
}

/// A short English description of a status code; "unknown status" for a
/// value that is not one. Never NULL; a static string. Thread-safe.
#[cfg_attr(feature = "capi", no_mangle)]
#[must_use]
pub extern "C" fn rmd160mb_strerror(status: c_int) -> *const c_char {
    let text: &'static CStr = match status {
        RMD160MB_OK => c"success",
        RMD160MB_ERR_NULL => c"NULL pointer where bytes are needed",
        RMD160MB_ERR_OVERFLOW => c"buffer size overflows size_t or the address space",
        RMD160MB_ERR_OVERLAP => c"output buffer overlaps the input",
        RMD160MB_ERR_BACKEND => c"unknown backend, or not supported by this build or CPU",
        RMD160MB_ERR_CONTEXT => c"context not initialised with rmd160mb_init",
        RMD160MB_ERR_INTERNAL => c"internal error in ripemd160mb",
        RMD160MB_ERR_INPUT => c"invalid input: width not 64 or 65, or a 65-byte key not starting with 0x04",
        _ => c"unknown status",
    };
    text.as_ptr()
}
