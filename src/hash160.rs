//! HASH160 = RIPEMD160(SHA256(m)) of fixed-width messages with both halves
//! on one lane type, fused: a group's SHA-256 chaining value stays in its
//! vectors and, byte-swapped, is the 32-byte message of RIPEMD-160's
//! compression function (the digest is the big-endian chaining words;
//! RIPEMD-160 reads little-endian words). No SHA-256 digest is written out
//! and read back, and no transpose runs between the two halves.
//!
//! Each lane type's file instantiates [`hash160_fused`] through
//! `crate::sha256::groups::kernel_entry_points!`; the batch drivers' one
//! HASH160 stage (`batch::hash160_packed`, under both `hash160_raw` and
//! `hash160_many_msgs`) hashes what it leaves (fewer than a group's
//! messages) in two stages.

#[cfg(rmd160mb_lanes)]
use crate::ripemd160::compress::hash32_words;
#[cfg(rmd160mb_lanes)]
use crate::sha256::groups::FixedWidth;
#[cfg(rmd160mb_lanes)]
use crate::simd::Lanes;

/// A fused HASH160 entry point: hashes the leading messages of
/// `src` (`width`-byte messages, `src.len() == width * dst.len()`) whole
/// groups at a time, `dst[i] = RIPEMD160(SHA256(message i))`, and returns
/// how many it did (0 for a width without a fixed-width SHA-256 path, or
/// where the backend's SHA-256 does not run on its lanes).
///
/// # Safety
/// The CPU has the instruction set of the kernel.
pub(crate) type Hash160Kernel = unsafe fn(&[u8], usize, &mut [[u8; 20]]) -> usize;

/// A kernel that fuses nothing (the scalar backend's: its SHA-256 is the
/// `sha2` crate).
pub(crate) unsafe fn none(_: &[u8], _: usize, _: &mut [[u8; 20]]) -> usize {
    0
}

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
/// are more code than the instruction cache holds. On the Intel Xeon
/// (family 6 model 207, avx512), HASH160 of 33-byte keys took 33.3 ns a key
/// in two stages, 36.4 fused with pairs, 31.9 with one SHA-256 copy looped
/// twice before the pair, and 31.9 one group at a time; of 65-byte keys
/// 51.8, 56.5, 53.1 and 50.8 (best of 300 calls of n = 2048 in an ad-hoc
/// timing loop, not in the tree).
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
