//! SHA-256 (NIST FIPS 180-4) over batches: n messages of one width, one
//! message per lane.
//!
//! - `compress.rs`: the constants and the compression function, written once
//!   over `crate::simd::Word`, with the block layouts whose padding words
//!   fold into constants.
//! - `groups.rs`: the group loaders (widths 32, 33 — a compressed public key
//!   — and 65 — an uncompressed one — have their own paths; every other
//!   width goes through the general one, any number of blocks), the group
//!   driver, which the tail policy (`crate::policy`) tells when the `sha2`
//!   crate is faster for the last few messages, and the macro with which
//!   each vector lane type's file in `crate::simd` makes its
//!   `#[target_feature]` entry points. Compiled where a vector lane type
//!   exists (`cfg(rmd160mb_lanes)`, see `build.rs`) and for the tests, which
//!   run it on one `u32` lane everywhere.
//! - here: the `sha2` crate, the scalar backend's SHA-256.

use sha2::{Digest, Sha256};

#[cfg(any(test, rmd160mb_lanes))]
pub(crate) mod compress;
#[cfg(any(test, rmd160mb_lanes))]
pub(crate) mod groups;

/// SHA-256 of one message with the `sha2` crate (SHA-NI where the CPU has it).
#[inline]
pub(crate) fn one(msg: &[u8]) -> [u8; 32] {
    Sha256::digest(msg).into()
}

/// The `sha2` crate on each message: the scalar backend, and the remainder
/// of a batch when fewer messages than lanes are left.
pub(crate) fn hash_sha2(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    debug_assert_eq!(Some(src.len()), dst.len().checked_mul(width));
    if width == 0 {
        dst.fill(one(&[]));
        return;
    }
    for (msg, out) in src.chunks_exact(width).zip(dst.iter_mut()) {
        *out = one(msg);
    }
}
