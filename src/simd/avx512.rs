//! AVX-512: 16 messages side by side, one per 32-bit lane of a `__m512i`.
//!
//! - RIPEMD-160: each boolean function is one `vpternlogd`, each rotation
//!   one `vprold`; two groups of 16 are in flight for full batches.
//! - SHA-256: lanes loaded with `vpgatherdd` (one 32-bit word of 16 messages
//!   per instruction) and byte-swapped with `vpshufb`; Ch, Maj and the
//!   three-way xors of Σ/σ are one `vpternlogd` each, rotations one `vprord`.
//!
//! Every method here executes AVX-512 F/BW/VL instructions: see the
//! soundness note in `simd/mod.rs` (they are only inlined into the
//! `#[target_feature]` entry points of `crate::kernels::avx512`, which a
//! kernel set reaches only after detecting AVX-512 F, VL, BW and AVX2).

use core::arch::x86_64::*;
// Under Miri, emulations of the intrinsics its interpreter lacks (their
// module doc lists them); the explicit import shadows the glob above.
#[cfg(miri)]
use super::emulated::{_mm512_i32gather_epi32, _mm512_i64gather_epi64, _mm512_ternarylogic_epi64};
use super::{immediate, lanewise, Lanes, Word};

impl Word for __m512i {
    lanewise!(add => _mm512_add_epi32, xor => _mm512_xor_si512, and => _mm512_and_si512);

    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY: AVX-512F (module note).
        unsafe { _mm512_set1_epi32(x as i32) }
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        // a | !b: truth table over (a, b, b) with a = 0xF0, b = 0xCC.
        // SAFETY: AVX-512F (module note).
        unsafe { _mm512_ternarylogic_epi32::<0xF3>(self, rhs, rhs) }
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        // SAFETY: AVX-512F (module note).
        immediate!(n, N => unsafe { _mm512_rol_epi32::<N>(self) })
    }
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        // SAFETY: AVX-512F (module note).
        immediate!(n, N => unsafe { _mm512_srli_epi32::<N>(self) })
    }

    // Under Miri, which runs no inline assembly, the trait's empty defaults.
    #[cfg(not(miri))]
    #[inline(always)]
    fn step_boundary(left: &mut [Self; 5], right: &mut [Self; 5]) {
        // SAFETY: AVX-512F (module note); the function only pins registers.
        unsafe { step_boundary(left, right) }
    }
    #[cfg(not(miri))]
    #[inline(always)]
    fn step_boundary_pair(l0: &mut [Self; 5], r0: &mut [Self; 5], l1: &mut [Self; 5], r1: &mut [Self; 5]) {
        // SAFETY: AVX-512F (module note); the function only pins registers.
        unsafe { step_boundary_pair(l0, r0, l1, r1) }
    }

    /// Eight rounds ahead: far enough that a word is ready before its
    /// round, near enough that the window's words stay in registers; the
    /// leads tried and their timings are in `docs/PERFORMANCE.md`
    /// ("SHA-256 rounds in order").
    const SCHEDULE_LEAD: usize = 8;

    #[cfg(not(miri))]
    #[inline(always)]
    fn round_boundary(v: &mut [Self; 8], w: &mut Self) {
        // SAFETY: AVX-512F (module note); the function only pins registers.
        unsafe { round_boundary(v, w) }
    }
    #[cfg(not(miri))]
    #[inline(always)]
    fn round_boundary_pair(v0: &mut [Self; 8], w0: &mut Self, v1: &mut [Self; 8], w1: &mut Self) {
        // SAFETY: AVX-512F (module note); the function only pins registers.
        unsafe { round_boundary_pair(v0, w0, v1, w1) }
    }

    /// One `vpternlogd` each; the truth tables are f evaluated on
    /// x = 0xF0, y = 0xCC, z = 0xAA.
    #[inline(always)]
    fn f<const F: u8>(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: AVX-512F (module note).
        unsafe {
            match F {
                1 => _mm512_ternarylogic_epi32::<0x96>(x, y, z), // x ^ y ^ z
                2 => _mm512_ternarylogic_epi32::<0xCA>(x, y, z), // (x & y) | (!x & z)
                3 => _mm512_ternarylogic_epi32::<0x59>(x, y, z), // (x | !y) ^ z
                4 => _mm512_ternarylogic_epi32::<0xE4>(x, y, z), // (x & z) | (y & !z)
                _ => _mm512_ternarylogic_epi32::<0x2D>(x, y, z), // x ^ (y | !z)
            }
        }
    }
    /// One `vpshufb`.
    #[inline(always)]
    fn bswap(self) -> Self {
        bswap(self)
    }
    #[inline(always)]
    fn maj(x: Self, y: Self, z: Self) -> Self {
        // SAFETY: AVX-512F (module note). Majority of x, y, z.
        unsafe { _mm512_ternarylogic_epi32::<0xE8>(x, y, z) }
    }
}

/// See `Word::step_boundary`: an empty `asm!` that all ten registers pass
/// through, so that step j of both lines is issued before step j + 1.
///
/// # Safety
/// The CPU has AVX-512F (zmm registers).
#[cfg(not(miri))]
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn step_boundary(l: &mut [__m512i; 5], r: &mut [__m512i; 5]) {
    crate::simd::pin_registers!(zmm_reg; l[0], l[1], l[2], l[3], l[4], r[0], r[1], r[2], r[3], r[4]);
}

/// See `Word::round_boundary`: an empty `asm!` that SHA-256's working
/// variables and the new schedule word pass through.
///
/// # Safety
/// The CPU has AVX-512F (zmm registers).
#[cfg(not(miri))]
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn round_boundary(v: &mut [__m512i; 8], w: &mut __m512i) {
    crate::simd::pin_registers!(zmm_reg; v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], *w);
}

/// `round_boundary` for two groups: eighteen registers.
///
/// # Safety
/// The CPU has AVX-512F (zmm registers).
#[cfg(not(miri))]
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn round_boundary_pair(v0: &mut [__m512i; 8], w0: &mut __m512i, v1: &mut [__m512i; 8], w1: &mut __m512i) {
    crate::simd::pin_registers!(zmm_reg;
        v0[0], v0[1], v0[2], v0[3], v0[4], v0[5], v0[6], v0[7], *w0,
        v1[0], v1[1], v1[2], v1[3], v1[4], v1[5], v1[6], v1[7], *w1);
}

/// `step_boundary` for two groups: twenty registers.
///
/// # Safety
/// The CPU has AVX-512F (zmm registers).
#[cfg(not(miri))]
#[target_feature(enable = "avx512f")]
#[inline]
unsafe fn step_boundary_pair(
    l0: &mut [__m512i; 5],
    r0: &mut [__m512i; 5],
    l1: &mut [__m512i; 5],
    r1: &mut [__m512i; 5],
) {
    crate::simd::pin_registers!(zmm_reg;
        l0[0], l0[1], l0[2], l0[3], l0[4], r0[0], r0[1], r0[2], r0[3], r0[4],
        l1[0], l1[1], l1[2], l1[3], l1[4], r1[0], r1[1], r1[2], r1[3], r1[4]);
}

/// Reverses the bytes of each 32-bit word (vpshufb control).
#[inline(always)]
fn bswap(x: __m512i) -> __m512i {
    // SAFETY: AVX-512F/BW (module note).
    unsafe {
        let ctl = _mm512_broadcast_i32x4(_mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
        _mm512_shuffle_epi8(x, ctl)
    }
}

/// Words 0..8 (little-endian) of the 16 rows at `row(0)`, ..., `row(15)`,
/// transposed: element `j` holds word `j` of row `k` in lane `k`.
///
/// # Safety
/// 32 bytes are readable at each `row(k)`, `k < 16`; the CPU has AVX-512F.
#[inline(always)]
unsafe fn transpose16(row: impl Fn(usize) -> *const u8) -> [__m512i; 8] {
    // Register k holds row k in its low half and row k + 8 in its high
    // half.
    // A loop, not `core::array::from_fn`: a closure is compiled without
    // AVX-512, so these intrinsics became out-of-line calls in it (`make
    // check-inlined`).
    // SAFETY: the caller's: each load reads 32 bytes at one row,
    // unaligned; AVX-512F.
    let rows = unsafe {
        let mut rows = [_mm512_setzero_si512(); 8];
        for (k, r) in rows.iter_mut().enumerate() {
            let lo = _mm256_loadu_si256(row(k).cast());
            let hi = _mm256_loadu_si256(row(k + 8).cast());
            *r = _mm512_inserti64x4::<1>(_mm512_castsi256_si512(lo), hi);
        }
        rows
    };
    // SAFETY: register-only shuffles; AVX-512F (module note).
    unsafe {
        // 128-bit lane q of t holds words 4q'..4q'+3 interleaved by pairs.
        let t0 = _mm512_unpacklo_epi32(rows[0], rows[1]);
        let t1 = _mm512_unpackhi_epi32(rows[0], rows[1]);
        let t2 = _mm512_unpacklo_epi32(rows[2], rows[3]);
        let t3 = _mm512_unpackhi_epi32(rows[2], rows[3]);
        let t4 = _mm512_unpacklo_epi32(rows[4], rows[5]);
        let t5 = _mm512_unpackhi_epi32(rows[4], rows[5]);
        let t6 = _mm512_unpacklo_epi32(rows[6], rows[7]);
        let t7 = _mm512_unpackhi_epi32(rows[6], rows[7]);
        // u[a] (a = word mod 4): 128-bit lanes hold word a of messages
        // 0-3, word a+4 of 0-3, word a of 8-11, word a+4 of 8-11; v[a] the
        // same for messages 4-7 and 12-15.
        let u = [
            _mm512_unpacklo_epi64(t0, t2),
            _mm512_unpackhi_epi64(t0, t2),
            _mm512_unpacklo_epi64(t1, t3),
            _mm512_unpackhi_epi64(t1, t3),
        ];
        let v = [
            _mm512_unpacklo_epi64(t4, t6),
            _mm512_unpackhi_epi64(t4, t6),
            _mm512_unpacklo_epi64(t5, t7),
            _mm512_unpackhi_epi64(t5, t7),
        ];
        // Gather the 128-bit lanes in message order: u.0, v.0, u.2, v.2
        // for word a; u.1, v.1, u.3, v.3 for word a + 4 (64-bit indices;
        // 8+ is v).
        let low = _mm512_setr_epi64(0, 1, 8, 9, 4, 5, 12, 13);
        let high = _mm512_setr_epi64(2, 3, 10, 11, 6, 7, 14, 15);
        let mut out = [_mm512_setzero_si512(); 8];
        for a in 0..4 {
            out[a] = _mm512_permutex2var_epi64(u[a], low, v[a]);
            out[a + 4] = _mm512_permutex2var_epi64(u[a], high, v[a]);
        }
        out
    }
}

impl Lanes for __m512i {
    const LANES: usize = 16;
    const PAIRS: bool = true;

    /// Transposes 16 rows of 8 words.
    /// # Safety
    /// As [`Lanes::load_words8`].
    #[inline(always)]
    unsafe fn load_words8(p: *const u8, stride: usize) -> [Self; 8] {
        // SAFETY: the caller's: 32 readable bytes at each p + k * stride.
        unsafe { transpose16(|k| p.add(k * stride)) }
    }
    /// Transposes the 16 rows where they are.
    /// # Safety
    /// As [`Lanes::load_rows32`].
    #[inline(always)]
    unsafe fn load_rows32(rows: &[*const u8; 16], offset: usize) -> [Self; 8] {
        // SAFETY: the caller's: rows[k] .. rows[k] + offset + 32 readable.
        unsafe { transpose16(|k| rows[k].add(offset)) }
    }
    #[inline(always)]
    fn lane_offsets(stride: usize, m: usize) -> Self {
        // SAFETY: AVX-512F (module note). The caller keeps the products in
        // an i32.
        unsafe {
            let lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
            let lane = _mm512_min_epu32(lane, _mm512_set1_epi32(m as i32 - 1));
            _mm512_mullo_epi32(lane, _mm512_set1_epi32(stride as i32))
        }
    }
    /// # Safety
    /// As [`Lanes::load_le`].
    #[inline(always)]
    unsafe fn load_le(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's; scale 1 (byte offsets), unaligned is fine.
        unsafe { _mm512_i32gather_epi32::<1>(offsets, p.cast()) }
    }
    super::store_load!(u32, 16, _mm512_storeu_si512, _mm512_loadu_si512);
}

/// Keccak-256: 8 messages side by side, one per 64-bit lane of a
/// `__m512i`. Theta's column parities and its per-lane fold are one
/// `vpternlogq` per three-way xor, chi one `vpternlogq` per lane, every
/// rotation one `vprolq`: about 90 operations a round for 8 states; the
/// round loop is 122 instructions with the register copies and 10 spill
/// loads and stores (25 state registers and the temporaries do not quite
/// fit in the 32 zmm registers; `docs/PERFORMANCE.md`, "Keccak-256").
/// (Implemented with intrinsics only: `Word64` is not imported here, see
/// the `simd` module note.)
impl super::Word64 for __m512i {
    const THETA_XOR3: bool = true;

    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY: AVX-512F (module note).
        unsafe { _mm512_set1_epi64(x as i64) }
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        // SAFETY: AVX-512F (module note).
        unsafe { _mm512_xor_si512(self, rhs) }
    }
    #[inline(always)]
    fn andnot(self, rhs: Self) -> Self {
        // SAFETY: AVX-512F (module note).
        unsafe { _mm512_andnot_si512(self, rhs) }
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        // SAFETY: AVX-512F (module note).
        super::immediate64!(n, N => unsafe { _mm512_rol_epi64::<N>(self) })
    }
    /// a ^ b ^ c: truth table 0x96 on (0xF0, 0xCC, 0xAA).
    #[inline(always)]
    fn xor3(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: AVX-512F (module note).
        unsafe { _mm512_ternarylogic_epi64::<0x96>(a, b, c) }
    }
    /// a ^ (!b & c): 0xF0 ^ (0x33 & 0xAA) = 0xD2.
    #[inline(always)]
    fn chi(a: Self, b: Self, c: Self) -> Self {
        // SAFETY: AVX-512F (module note).
        unsafe { _mm512_ternarylogic_epi64::<0xD2>(a, b, c) }
    }
}

impl super::Lanes64 for __m512i {
    const LANES: usize = 8;

    /// # Safety
    /// As [`super::Lanes64::gather`].
    #[inline(always)]
    unsafe fn gather(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's; scale 1 (byte offsets), unaligned is fine.
        unsafe { _mm512_i64gather_epi64::<1>(offsets, p.cast()) }
    }
    super::store_load!(u64, 8, _mm512_storeu_si512, _mm512_loadu_si512);
}
