//! RIPEMD-160 (H. Dobbertin, A. Bosselaers, B. Preneel, "RIPEMD-160: A
//! Strengthened Version of RIPEMD", FSE 1996).
//!
//! - `consts.rs`: the constants, the one table every kernel reads (public
//!   as `ripemd160mb::consts`).
//! - `compress.rs`: the compression function, written once over
//!   [`crate::simd::Word`].
//! - `stream.rs`: one message of any length, in one call or streamed.
//! - here: one message block on `u32` words (the streaming hasher's and the
//!   lane manager's scalar step), the scalar kernel of the fixed 32-byte
//!   path, the group driver of that path on any lane type, and the lane
//!   manager's view of the algorithm ([`Ripemd160`]).

pub(crate) mod compress;
pub mod consts;
pub(crate) mod stream;

use crate::simd::scalar::le_word;
use crate::simd::{Lanes, Pair, Word};
use compress::hash32_words;

/// The chaining value as the 20-byte digest (little-endian words).
#[inline(always)]
pub(crate) fn digest_bytes(h: &[u32; 5]) -> [u8; 20] {
    let mut out = [0u8; 20];
    out.as_chunks_mut::<4>().0.iter_mut().zip(h).for_each(|(bytes, w)| *bytes = w.to_le_bytes());
    out
}

/// Applies the RIPEMD-160 compression function to `state` for one 64-byte
/// message block.
#[inline]
pub(crate) fn compress_block(state: &mut [u32; 5], block: &[u8; 64]) {
    let x: [u32; 16] = core::array::from_fn(|i| le_word(block, i));
    *state = compress::compress::<u32, false>(state, &x);
}

/// RIPEMD-160 of one 32-byte message through the fixed path (words 8..15
/// are the known padding).
#[inline]
pub(crate) fn hash32_one(msg: &[u8; 32]) -> [u8; 20] {
    let x: [u32; 8] = core::array::from_fn(|i| le_word(msg, i));
    digest_bytes(&hash32_words::<u32>(&x))
}

/// `dst[i] = RIPEMD160(src[i])` for 32-byte messages, one at a time
/// (`src.len() == dst.len()`): the scalar kernel, and the lone message
/// that the tail rule (`crate::tuning::hash32_tail`) takes off the lanes.
///
/// Written as a plain loop: LLVM vectorizes it with the baseline SSE2 of
/// every x86_64 CPU (four messages per `xmm` register, `docs/PERFORMANCE.md`,
/// "The scalar kernel"); through the generic group driver it does not.
pub(crate) fn hash32_scalar(src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
    for (msg, out) in src.iter().zip(dst.iter_mut()) {
        *out = hash32_one(msg);
    }
}

/// One group of `V::LANES` messages at `msgs` (within `src`) to
/// `out` (`V::LANES` digests).
///
/// # Safety
/// `msgs` is valid for reads of `V::LANES` messages; the CPU has `V`'s
/// instruction set.
#[inline(always)]
unsafe fn group<V: Lanes>(msgs: *const [u8; 32], out: &mut [[u8; 20]]) {
    // SAFETY: the caller's.
    let x = unsafe { V::load_msgs32(msgs) };
    V::store_digests20(&hash32_words(&x), out);
}

/// RIPEMD-160 of each 32-byte message on `V`'s lanes: pairs of groups in
/// flight where `V::PAIRS`, then single groups, then what is left (fewer
/// than `V::LANES`) as one group padded from a zeroed copy on the stack, so
/// nothing outside `src` and `dst` is read or written. Which kernel takes a
/// short tail is the caller's choice (`crate::drivers::hash32`).
///
/// # Safety
/// The CPU has `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn hash32_lanes<V: Lanes>(src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
    assert_eq!(src.len(), dst.len(), "hash32: src and dst hold different numbers of messages");
    let lanes = V::LANES;
    let n = src.len();
    let p = src.as_ptr();
    let mut done = 0;
    if V::PAIRS {
        while n - done >= 2 * lanes {
            // SAFETY: messages done..done + 2 * lanes lie within `src`; the
            // CPU has V's instruction set (the caller's).
            let (x0, x1) = unsafe { (V::load_msgs32(p.add(done)), V::load_msgs32(p.add(done + lanes))) };
            let x: [Pair<V>; 8] = core::array::from_fn(|j| Pair(x0[j], x1[j]));
            let h = hash32_words(&x);
            let (o0, o1) = dst[done..done + 2 * lanes].split_at_mut(lanes);
            V::store_digests20(&h.map(|w| w.0), o0);
            V::store_digests20(&h.map(|w| w.1), o1);
            done += 2 * lanes;
        }
    }
    while n - done >= lanes {
        // SAFETY: messages done..done + lanes lie within `src`; as above.
        unsafe { group::<V>(p.add(done), &mut dst[done..done + lanes]) };
        done += lanes;
    }
    let (src, dst) = (&src[done..], &mut dst[done..]);
    if !src.is_empty() {
        let mut msgs = [[0u8; 32]; 16];
        msgs[..src.len()].copy_from_slice(src);
        // SAFETY: `msgs` holds 16 >= V::LANES messages; as above.
        unsafe { group::<V>(msgs.as_ptr(), dst) };
    }
}

/// RIPEMD-160 for the lane manager (`crate::manager`).
#[cfg(any(test, rmd160mb_lanes))]
pub(crate) struct Ripemd160;

#[cfg(any(test, rmd160mb_lanes))]
impl crate::manager::Algo for Ripemd160 {
    const WORDS: usize = 5;
    const BIG_ENDIAN: bool = false;
    const PAIRS: bool = true;
    const IV: [u32; 8] = {
        let h = consts::H0;
        [h[0], h[1], h[2], h[3], h[4], 0, 0, 0]
    };
    #[inline(always)]
    fn compress<W: Word>(h: &[W; 8], x: &[W; 16]) -> [W; 8] {
        let h5 = [h[0], h[1], h[2], h[3], h[4]];
        let r = compress::compress::<W, false>(&h5, x);
        [r[0], r[1], r[2], r[3], r[4], h[5], h[6], h[7]]
    }
    #[inline(always)]
    fn compress_one(h: &mut [u32; 8], block: &[u8; 64]) {
        let mut h5 = [h[0], h[1], h[2], h[3], h[4]];
        compress_block(&mut h5, block);
        h[..5].copy_from_slice(&h5);
    }
}

/// `dst[i] = RIPEMD160(msgs[i])` with the streaming hasher, one message at
/// a time: the scalar backend's any-length kernel.
pub(crate) fn many_scalar(msgs: crate::messages::Messages<'_>, dst: &mut [[u8; 20]]) {
    assert_eq!(msgs.len(), dst.len(), "many: msgs and dst hold different numbers of messages");
    for (i, out) in dst.iter_mut().enumerate() {
        *out = stream::ripemd160(msgs.get(i));
    }
}
