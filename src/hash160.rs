//! HASH160 = RIPEMD160(SHA256(m)) of fixed-width messages with both halves
//! on one lane type, fused: a group's SHA-256 chaining value stays in its
//! vectors and, byte-swapped, is the 32-byte message of RIPEMD-160's
//! compression function (the digest is the big-endian chaining words;
//! RIPEMD-160 reads little-endian words). No SHA-256 digest is written out
//! and read back, and no transpose runs between the two halves.
//!
//! Each kernel set with lanes instantiates [`hash160_fused`] through
//! `crate::kernels::lanes32_kernels!`; the drivers' one HASH160 stage
//! (`crate::drivers::hash160_packed`, under both the fixed-width and the
//! any-length driver) hashes what it leaves (fewer than a group's
//! messages) in two stages.

#[cfg(rmd160mb_lanes)]
use crate::ripemd160::compress::hash32_words;
#[cfg(rmd160mb_lanes)]
use crate::sha256::groups::FixedWidth;
#[cfg(rmd160mb_lanes)]
use crate::simd::Lanes;

/// RIPEMD-160's message words from SHA-256 chaining values.
#[cfg(rmd160mb_lanes)]
#[inline(always)]
fn message_words<V: Lanes>(h: &[V; 8]) -> [V; 8] {
    let mut x = *h;
    for w in &mut x {
        *w = w.bswap();
    }
    x
}

/// `dst[i] = RIPEMD160(SHA256(src[G::WIDTH * i ..][..G::WIDTH]))` for the
/// leading whole groups of `V::LANES` messages; returns how many messages
/// it hashed, a multiple of `V::LANES`.
///
/// One group at a time, although RIPEMD-160's 32-byte path runs two groups
/// in flight where `V::PAIRS`: two groups' SHA-256 and a pair's RIPEMD-160
/// are more code than the instruction cache holds (`docs/PERFORMANCE.md`,
/// "HASH160 fused or in two stages").
///
/// # Safety
/// The CPU has `V`'s instruction set.
#[cfg(rmd160mb_lanes)]
#[inline(always)]
pub(crate) unsafe fn hash160_fused<V: Lanes, G: FixedWidth>(src: &[u8], dst: &mut [[u8; 20]]) -> usize {
    assert_eq!(Some(src.len()), dst.len().checked_mul(G::WIDTH), "hash160: src is not dst.len() messages of the width");
    let lanes = V::LANES;
    let n = dst.len();
    let p = src.as_ptr();
    let mut done = 0;
    while n - done >= lanes {
        // SAFETY: messages done..done + lanes lie within `src` (asserted
        // above); the caller's CPU.
        let h = unsafe { G::group::<V>(p.add(done * G::WIDTH), lanes) };
        V::store_digests20(&hash32_words(&message_words(&h)), &mut dst[done..done + lanes]);
        done += lanes;
    }
    done
}
