//! Batches of messages of any lengths: the multi-buffer manager, written once
//! over [`Lanes`] for RIPEMD-160 and SHA-256 (the isa-l_crypto model).
//!
//! Every lane carries its own message, the part of it not yet hashed and
//! whether its padding has started. Each step, every busy lane supplies one
//! 64-byte block: straight from its message while a whole block remains,
//! else its padded tail (the last bytes, 0x80, zeros, and the bit length in
//! the algorithm's byte order), built in the staging rows on the stack. The
//! rows are transposed into 16 message words with the lane type's 32-byte
//! transposes (`Lanes::load_msgs32`, twice), one compression runs on all
//! lanes, and a lane whose message ended stores its digest and takes the
//! next message, its chaining value reset to the initial value. So one long
//! message holds no other lane back. When no message is left to start and
//! only a few lanes are still busy ([`crate::policy::many_drain`]), those
//! finish one by one on scalar code. The chaining values live in memory as
//! `[word][lane]` arrays, loaded and stored around each compression
//! (`Lanes::load`, `Lanes::store`). No heap allocation.
//!
//! The compression functions, constants and word orders are the ones of
//! `crate::ripemd160::compress` (Dobbertin, Bosselaers, Preneel 1996) and
//! `crate::sha256::compress` (FIPS 180-4).

use core::marker::PhantomData;
use core::ops::Range;

/// The messages of one batch: Rust slices, or the C caller's pointer and
/// length arrays.
#[derive(Clone, Copy)]
pub(crate) struct Messages<'a>(Source<'a>);

#[derive(Clone, Copy)]
enum Source<'a> {
    Slices(&'a [&'a [u8]]),
    /// Invariant ([`Messages::raw`]): `ptrs` and `lens` are readable for
    /// `n` elements (any alignment), and `ptrs[i]` is readable for
    /// `lens[i]` bytes (non-NULL when `lens[i] > 0`), for the lifetime `'a`.
    Raw { ptrs: *const *const u8, lens: *const usize, n: usize, _life: PhantomData<&'a [u8]> },
}

impl<'a> Messages<'a> {
    /// The messages of a Rust slice.
    pub(crate) fn slices(msgs: &'a [&'a [u8]]) -> Self {
        Messages(Source::Slices(msgs))
    }

    /// The `n` messages of a C caller: message `i` is `lens[i]` bytes at
    /// `ptrs[i]`.
    ///
    /// # Safety
    /// `ptrs` and `lens` are readable for `n` elements (any alignment); each
    /// `ptrs[i]` is non-NULL and readable for `lens[i]` bytes when `lens[i] >
    /// 0`; nothing writes any of these bytes during `'a`.
    pub(crate) unsafe fn raw(ptrs: *const *const u8, lens: *const usize, n: usize) -> Self {
        Messages(Source::Raw { ptrs, lens, n, _life: PhantomData })
    }

    /// Number of messages.
    #[inline]
    pub(crate) fn len(&self) -> usize {
        match self.0 {
            Source::Slices(s) => s.len(),
            Source::Raw { n, .. } => n,
        }
    }

    /// Message `i`.
    #[inline]
    pub(crate) fn get(&self, i: usize) -> &'a [u8] {
        match self.0 {
            Source::Slices(s) => s[i],
            Source::Raw { ptrs, n, .. } => {
                assert!(i < n, "message index out of range");
                match self.len_of(i) {
                    0 => &[],
                    // SAFETY: the invariant of `raw`, i < n.
                    len => unsafe { core::slice::from_raw_parts(ptrs.add(i).read_unaligned(), len) },
                }
            }
        }
    }

    /// Length of message `i`.
    #[inline]
    pub(crate) fn len_of(&self, i: usize) -> usize {
        match self.0 {
            Source::Slices(s) => s[i].len(),
            Source::Raw { lens, n, .. } => {
                assert!(i < n, "message index out of range");
                // SAFETY: the invariant of `raw`, i < n.
                unsafe { lens.add(i).read_unaligned() }
            }
        }
    }

    /// The messages in `r`.
    #[inline]
    pub(crate) fn range(&self, r: Range<usize>) -> Messages<'a> {
        Messages(match self.0 {
            Source::Slices(s) => Source::Slices(&s[r]),
            Source::Raw { ptrs, lens, n, _life } => {
                assert!(r.start <= r.end && r.end <= n, "message range out of range");
                // The invariant holds for the sub-range.
                Source::Raw { ptrs: ptrs.wrapping_add(r.start), lens: lens.wrapping_add(r.start), n: r.end - r.start, _life }
            }
        })
    }
}

/// A kernel entry point of the any-length path: `dst[i] = H(msgs[i])`,
/// `msgs.len() == dst.len()`.
///
/// # Safety
/// The CPU has the instruction set of the kernel.
pub(crate) type ManyKernel<const D: usize> = unsafe fn(Messages<'_>, &mut [[u8; D]]);

/// The generic manager: compiled where a vector lane type exists, and for
/// the tests (which run it on one `u32` lane everywhere).
#[cfg(any(test, rmd160mb_lanes))]
mod engine {
    use super::*;
    use crate::simd::{Lanes, Pair, Word};

    /// What the manager needs to know of a hash function.
    pub(crate) trait Algo {
        /// Chaining words (5 or 8; the arrays below have 8).
        const WORDS: usize;
        /// Big-endian message words and length (SHA-256), else little-endian.
        const BIG_ENDIAN: bool;
        /// True when two groups of lanes in flight pay ([`Lanes::PAIRS`] too).
        const PAIRS: bool;
        /// The initial chaining value (first `WORDS` words).
        const IV: [u32; 8];
        /// One compression on every lane: message words `x` (in the
        /// algorithm's byte order), chaining words `h[..WORDS]`.
        fn compress<W: Word>(h: &[W; 8], x: &[W; 16]) -> [W; 8];
        /// One compression of one lane on scalar code.
        fn compress_one(h: &mut [u32; 8], block: &[u8; 64]);
    }

    /// RIPEMD-160: the compression function of `crate::ripemd160::compress`.
    pub(crate) struct Ripemd160;

    impl Algo for Ripemd160 {
        const WORDS: usize = 5;
        const BIG_ENDIAN: bool = false;
        const PAIRS: bool = true;
        const IV: [u32; 8] = {
            let h = crate::ripemd160::consts::H0;
            [h[0], h[1], h[2], h[3], h[4], 0, 0, 0]
        };
        #[inline(always)]
        fn compress<W: Word>(h: &[W; 8], x: &[W; 16]) -> [W; 8] {
            let h5 = [h[0], h[1], h[2], h[3], h[4]];
            let r = crate::ripemd160::compress::compress::<W, false>(&h5, x);
            [r[0], r[1], r[2], r[3], r[4], h[5], h[6], h[7]]
        }
        #[inline(always)]
        fn compress_one(h: &mut [u32; 8], block: &[u8; 64]) {
            let mut h5 = [h[0], h[1], h[2], h[3], h[4]];
            crate::simd::scalar::compress_block(&mut h5, block);
            h[..5].copy_from_slice(&h5);
        }
    }

    /// SHA-256: the compression function of `crate::sha256::compress`; one lane
    /// alone runs the `sha2` crate's (SHA-NI where the CPU has it).
    pub(crate) struct Sha256;

    impl Algo for Sha256 {
        const WORDS: usize = 8;
        const BIG_ENDIAN: bool = true;
        // Eight chaining words and a 16-word schedule window per group: two
        // groups would not fit in the register file.
        const PAIRS: bool = false;
        const IV: [u32; 8] = crate::sha256::compress::H0;
        #[inline(always)]
        fn compress<W: Word>(h: &[W; 8], x: &[W; 16]) -> [W; 8] {
            crate::sha256::compress::compress::<W, crate::sha256::compress::Open>(h, x)
        }
        #[inline(always)]
        fn compress_one(h: &mut [u32; 8], block: &[u8; 64]) {
            sha2::compress256(h, &[(*block).into()]);
        }
    }

    /// Lanes at most: two groups of 16.
    const MAX_LANES: usize = 32;

    /// One lane's message.
    #[derive(Clone, Copy)]
    struct Lane<'a> {
        /// The bytes not yet hashed (empty once the padding has started).
        rest: &'a [u8],
        /// The message length in bits (modulo 2^64).
        bits: u64,
        /// True once the 0x80 byte is out (the next block is the length block).
        padded: bool,
        /// The index of the message in the batch; `IDLE` when the lane is free.
        out: usize,
    }

    const IDLE: usize = usize::MAX;

    impl Lane<'_> {
        const FREE: Lane<'static> = Lane { rest: &[], bits: 0, padded: false, out: IDLE };
    }

    /// Writes the lane's next block as `lo` (bytes 0..32) and `hi` (32..64) and
    /// returns true when it is the message's last.
    #[inline(always)]
    fn next_block<A: Algo>(lane: &mut Lane<'_>, lo: &mut [u8; 32], hi: &mut [u8; 32]) -> bool {
        if let Some((block, rest)) = lane.rest.split_first_chunk::<64>() {
            lo.copy_from_slice(&block[..32]);
            hi.copy_from_slice(&block[32..]);
            lane.rest = rest;
            return false;
        }
        let mut block = [0u8; 64];
        let last = if lane.padded {
            true
        } else {
            let r = lane.rest.len();
            block[..r].copy_from_slice(lane.rest);
            block[r] = 0x80;
            lane.rest = &[];
            lane.padded = true;
            r < 56
        };
        if last {
            let length = if A::BIG_ENDIAN { lane.bits.to_be_bytes() } else { lane.bits.to_le_bytes() };
            block[56..].copy_from_slice(&length);
        }
        lo.copy_from_slice(&block[..32]);
        hi.copy_from_slice(&block[32..]);
        last
    }

    /// The digest of chaining words `h` (`D / 4` of them) in the algorithm's
    /// byte order.
    #[inline(always)]
    fn digest<A: Algo, const D: usize>(h: &[u32; 8]) -> [u8; D] {
        let mut out = [0u8; D];
        for (chunk, w) in out.chunks_exact_mut(4).zip(h) {
            chunk.copy_from_slice(&if A::BIG_ENDIAN { w.to_be_bytes() } else { w.to_le_bytes() });
        }
        out
    }

    /// Finishes `lane` (chaining value `h`) on scalar code and returns its digest.
    #[inline(always)]
    fn finish_one<A: Algo, const D: usize>(lane: &mut Lane<'_>, mut h: [u32; 8]) -> [u8; D] {
        let mut block = [0u8; 64];
        loop {
            let (lo, hi) = block.split_at_mut(32);
            let last = next_block::<A>(lane, lo.try_into().expect("32 bytes"), hi.try_into().expect("32 bytes"));
            A::compress_one(&mut h, &block);
            if last {
                return digest::<A, D>(&h);
            }
        }
    }

    /// `dst[i] = H(msgs.get(i))` for hash `A` on `V`'s lanes (two groups of them
    /// where both `V::PAIRS` and `A::PAIRS`); lanes still busy when no message is
    /// left to start finish on scalar code once at most `drain_at` remain.
    ///
    /// # Safety
    /// The CPU has `V`'s instruction set.
    #[inline(always)]
    pub(crate) unsafe fn hash_many<V: Lanes, A: Algo, const D: usize>(msgs: Messages<'_>, dst: &mut [[u8; D]], drain_at: usize) {
        assert_eq!(msgs.len(), dst.len(), "many: msgs and dst hold different numbers of messages");
        const { assert!(D <= 32 && D % 4 == 0) };
        let groups = if V::PAIRS && A::PAIRS { 2 } else { 1 };
        let lanes = V::LANES * groups;
        debug_assert!(lanes <= MAX_LANES);
        let n = msgs.len();
        // h[g][i][l]: word i of lane l of group g.
        let mut h = [[[0u32; 16]; 8]; 2];
        let mut lo = [[0u8; 32]; MAX_LANES];
        let mut hi = [[0u8; 32]; MAX_LANES];
        let mut lane = [Lane::FREE; MAX_LANES];
        let mut last = [false; MAX_LANES];
        let mut next = 0;
        let mut busy = 0;
        loop {
            // Free lanes take the next messages.
            if next < n {
                for (l, ln) in lane.iter_mut().enumerate().take(lanes) {
                    if ln.out == IDLE && next < n {
                        let m = msgs.get(next);
                        *ln = Lane { rest: m, bits: (m.len() as u64).wrapping_mul(8), padded: false, out: next };
                        for (i, word) in h[l / V::LANES].iter_mut().enumerate() {
                            word[l % V::LANES] = A::IV[i];
                        }
                        next += 1;
                        busy += 1;
                    }
                }
            }
            if busy == 0 {
                return;
            }
            if next == n && busy <= drain_at {
                for (l, ln) in lane.iter_mut().enumerate().take(lanes) {
                    if ln.out != IDLE {
                        let state: [u32; 8] = core::array::from_fn(|i| h[l / V::LANES][i][l % V::LANES]);
                        dst[ln.out] = finish_one::<A, D>(ln, state);
                    }
                }
                return;
            }
            for l in 0..lanes {
                if lane[l].out != IDLE {
                    last[l] = next_block::<A>(&mut lane[l], &mut lo[l], &mut hi[l]);
                }
            }
            let words = |g: usize| -> [V; 16] {
                // SAFETY: rows g * LANES .. (g + 1) * LANES of the staging
                // arrays (MAX_LANES rows each); the caller's CPU features.
                let (a, b) = unsafe { (V::load_msgs32(lo.as_ptr().add(g * V::LANES)), V::load_msgs32(hi.as_ptr().add(g * V::LANES))) };
                core::array::from_fn(|j| {
                    let w = if j < 8 { a[j] } else { b[j - 8] };
                    if A::BIG_ENDIAN {
                        w.bswap()
                    } else {
                        w
                    }
                })
            };
            let state = |g: usize, i: usize| if i < A::WORDS { V::load(&h[g][i]) } else { V::splat(0) };
            if groups == 2 {
                let (x0, x1) = (words(0), words(1));
                let x: [Pair<V>; 16] = core::array::from_fn(|j| Pair(x0[j], x1[j]));
                let s: [Pair<V>; 8] = core::array::from_fn(|i| Pair(state(0, i), state(1, i)));
                let r = A::compress(&s, &x);
                for i in 0..A::WORDS {
                    r[i].0.store(&mut h[0][i]);
                    r[i].1.store(&mut h[1][i]);
                }
            } else {
                let x = words(0);
                let s: [V; 8] = core::array::from_fn(|i| state(0, i));
                let r = A::compress(&s, &x);
                for i in 0..A::WORDS {
                    r[i].store(&mut h[0][i]);
                }
            }
            for l in 0..lanes {
                if lane[l].out != IDLE && last[l] {
                    let state: [u32; 8] = core::array::from_fn(|i| h[l / V::LANES][i][l % V::LANES]);
                    dst[lane[l].out] = digest::<A, D>(&state);
                    lane[l].out = IDLE;
                    busy -= 1;
                }
            }
        }
    }
}
#[cfg(any(test, rmd160mb_lanes))]
pub(crate) use engine::{hash_many, Ripemd160, Sha256};

/// The scalar backend's kernels and the reference: one message at a time.
pub(crate) mod scalar {
    use super::Messages;

    /// `dst[i] = RIPEMD160(msgs[i])` with the streaming hasher.
    ///
    /// # Safety
    /// None; `unsafe` to share the vector kernels' type.
    pub(crate) unsafe fn ripemd160_many(msgs: Messages<'_>, dst: &mut [[u8; 20]]) {
        assert_eq!(msgs.len(), dst.len(), "many: msgs and dst hold different numbers of messages");
        for (i, out) in dst.iter_mut().enumerate() {
            *out = crate::ripemd160::stream::ripemd160(msgs.get(i));
        }
    }

    /// `dst[i] = SHA256(msgs[i])` with the `sha2` crate.
    ///
    /// # Safety
    /// None; `unsafe` to share the vector kernels' type.
    pub(crate) unsafe fn sha256_many(msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
        assert_eq!(msgs.len(), dst.len(), "many: msgs and dst hold different numbers of messages");
        for (i, out) in dst.iter_mut().enumerate() {
            *out = crate::sha256::one(msgs.get(i));
        }
    }
}

/// Defines a lane type's two any-length entry points, `ripemd160_many` and
/// `$sha` (the SHA-256 one), for lane type `$v` and target features
/// `$features`, in the lane type's file of `crate::simd`.
#[cfg(rmd160mb_lanes)]
macro_rules! many_entry_points {
    ($sha:ident, $v:ty, $features:literal) => {
        /// Kernel entry point: `dst[i] = RIPEMD160(msgs[i])`, any lengths.
        ///
        /// # Safety
        /// The CPU has the target features (a `Backend` of this kind exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn ripemd160_many(msgs: $crate::many::Messages<'_>, dst: &mut [[u8; 20]]) {
            let lanes = <$v as $crate::simd::Lanes>::LANES * if <$v as $crate::simd::Lanes>::PAIRS { 2 } else { 1 };
            // SAFETY: the features are enabled here.
            unsafe { $crate::many::hash_many::<$v, $crate::many::Ripemd160, 20>(msgs, dst, $crate::policy::many_drain_ripemd160(lanes)) }
        }
        /// Kernel entry point: `dst[i] = SHA256(msgs[i])`, any lengths.
        ///
        /// # Safety
        /// The CPU has the target features (a `Backend` of this kind exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn $sha(msgs: $crate::many::Messages<'_>, dst: &mut [[u8; 32]]) {
            let lanes = <$v as $crate::simd::Lanes>::LANES;
            // SAFETY: the features are enabled here.
            unsafe { $crate::many::hash_many::<$v, $crate::many::Sha256, 32>(msgs, dst, $crate::policy::many_drain_sha256(lanes)) }
        }
    };
}
#[cfg(rmd160mb_lanes)]
pub(crate) use many_entry_points;
