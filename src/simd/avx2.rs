//! AVX2: 8 messages side by side, one per 32-bit lane of a `__m256i`, for
//! x86_64 CPUs without AVX-512 (and the 2..8-message tails of the AVX-512
//! kernel set); 4 messages per 64-bit lane for Keccak-256.
//!
//! - RIPEMD-160: AVX2 has no rotate or ternary-logic instruction: rotations
//!   are shift, shift, or; the boolean functions take two or three
//!   instructions. One group in flight (16 ymm registers hold one).
//!
//!   A ninth message in the general registers beside the eight lanes was
//!   tried and is slower (`docs/PERFORMANCE.md`, "RIPEMD-160 on AVX2").
//! - SHA-256: lanes loaded with `vpgatherdd`, byte-swapped with `vpshufb`.
//!
//! Every method here executes AVX2 instructions: see the soundness note in
//! `simd/mod.rs` (they are only inlined into the `#[target_feature(enable =
//! "avx2")]` entry points of `crate::kernels::avx2`, which a kernel set
//! reaches only after detecting AVX2).

use super::{immediate, lanewise, Lanes, Word};
use core::arch::x86_64::*;

impl Word for __m256i {
    lanewise!(add => _mm256_add_epi32, xor => _mm256_xor_si256, and => _mm256_and_si256);

    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY: AVX2 (module note).
        unsafe { _mm256_set1_epi32(x as i32) }
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        // SAFETY: AVX2 (module note).
        unsafe { _mm256_or_si256(self, _mm256_xor_si256(rhs, _mm256_set1_epi32(-1))) }
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        // SAFETY: AVX2 (module note).
        immediate!(n, N => unsafe { _mm256_or_si256(_mm256_slli_epi32::<N>(self), _mm256_srli_epi32::<{ 32 - N }>(self)) })
    }
    /// One `vpsrld` instead of the default rotate and mask.
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        // SAFETY: AVX2 (module note).
        immediate!(n, N => unsafe { _mm256_srli_epi32::<N>(self) })
    }

    /// One `vpshufb`.
    #[inline(always)]
    fn bswap(self) -> Self {
        bswap(self)
    }

    // Under Miri, which runs no inline assembly, the trait's empty default.
    #[cfg(not(miri))]
    #[inline(always)]
    fn step_boundary(left: &mut [Self; 5], right: &mut [Self; 5]) {
        // SAFETY: AVX2 (module note); the function only pins registers.
        unsafe { step_boundary(left, right) }
    }

    #[cfg(not(miri))]
    #[inline(always)]
    fn round_boundary(v: &mut [Self; 8], w: &mut Self) {
        // SAFETY: AVX2 (module note); the function only pins registers.
        unsafe { round_boundary(v, w) }
    }

    /// f4 = (x & z) | (y & !z) is the sum of its two halves, which share no
    /// bit: `self + (y & !z)` does not wait for x (the word the previous
    /// step computed; y and z are older), so x is two instructions from the
    /// sum (`vpand`, `vpaddd`) instead of four with the bit select
    /// y ^ (z & (x ^ y)), in as many instructions.
    #[inline(always)]
    fn add_f<const F: u8>(self, x: Self, y: Self, z: Self) -> Self {
        // SAFETY: AVX2 (module note).
        unsafe {
            match F {
                4 => _mm256_add_epi32(_mm256_add_epi32(self, _mm256_andnot_si256(z, y)), _mm256_and_si256(x, z)),
                _ => _mm256_add_epi32(self, Self::f::<F>(x, y, z)),
            }
        }
    }

    /// One for f3 and f5, added as complements ([`Word::add_f_biased`]).
    const F_BIAS: [u32; 6] = [0, 0, 0, 1, 0, 1];

    /// f3 = (x | !y) ^ z and f5 = x ^ (y | !z) are added as complements:
    /// !f3 = (!x & y) ^ z and !f5 = x ^ (!y & z) are two instructions each
    /// (`vpandn`, `vpxor`), and `self + f = (self - 1) - !f`, one `vpsubd`;
    /// the `- 1` is the bias, folded into the step's round constant. Three
    /// instructions instead of four (`vpxor` with all ones, `vpor`, `vpxor`,
    /// `vpaddd`), and no all-ones register; x is as far from the sum as
    /// before (three and two instructions).
    ///
    /// Fewer instructions, and time gained less than in proportion
    /// (`docs/PERFORMANCE.md`, "RIPEMD-160 on AVX2").
    #[inline(always)]
    fn add_f_biased<const F: u8>(self, x: Self, y: Self, z: Self) -> Self {
        // SAFETY: AVX2 (module note).
        unsafe {
            match F {
                3 => _mm256_sub_epi32(self, _mm256_xor_si256(_mm256_andnot_si256(x, y), z)),
                5 => _mm256_sub_epi32(self, _mm256_xor_si256(x, _mm256_andnot_si256(y, z))),
                _ => self.add_f::<F>(x, y, z),
            }
        }
    }
}

/// See `Word::step_boundary`: an empty `asm!` that all ten registers pass
/// through, so that step j of both lines is issued before step j + 1.
///
/// # Safety
/// The CPU has AVX2 (ymm registers).
#[cfg(not(miri))]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn step_boundary(l: &mut [__m256i; 5], r: &mut [__m256i; 5]) {
    crate::simd::pin_registers!(ymm_reg; l[0], l[1], l[2], l[3], l[4], r[0], r[1], r[2], r[3], r[4]);
}

/// See `Word::round_boundary`: an empty `asm!` that SHA-256's working
/// variables and the new schedule word pass through.
///
/// # Safety
/// The CPU has AVX2 (ymm registers).
#[cfg(not(miri))]
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn round_boundary(v: &mut [__m256i; 8], w: &mut __m256i) {
    crate::simd::pin_registers!(ymm_reg; v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], *w);
}

/// Reverses the bytes of each 32-bit word (vpshufb control).
#[inline(always)]
fn bswap(x: __m256i) -> __m256i {
    // SAFETY: AVX2 (module note).
    unsafe {
        let ctl = _mm256_setr_epi8(
            3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, //
            3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
        );
        _mm256_shuffle_epi8(x, ctl)
    }
}

/// Words 0..8 (little-endian) of the 8 rows at `row(0)`, ..., `row(7)`,
/// transposed: element `j` holds word `j` of row `k` in lane `k`.
///
/// # Safety
/// 32 bytes are readable at each `row(k)`, `k < 8`; the CPU has AVX2.
#[inline(always)]
unsafe fn transpose8(row: impl Fn(usize) -> *const u8) -> [__m256i; 8] {
    // A loop, not `core::array::from_fn`: see `avx512::transpose16`.
    // SAFETY: the caller's: 32 readable bytes at each row, unaligned; AVX2.
    let r = unsafe {
        let mut r = [_mm256_setzero_si256(); 8];
        for (k, x) in r.iter_mut().enumerate() {
            *x = _mm256_loadu_si256(row(k).cast());
        }
        r
    };
    // SAFETY: register-only shuffles; AVX2 (module note).
    unsafe {
        let t0 = _mm256_unpacklo_epi32(r[0], r[1]);
        let t1 = _mm256_unpackhi_epi32(r[0], r[1]);
        let t2 = _mm256_unpacklo_epi32(r[2], r[3]);
        let t3 = _mm256_unpackhi_epi32(r[2], r[3]);
        let t4 = _mm256_unpacklo_epi32(r[4], r[5]);
        let t5 = _mm256_unpackhi_epi32(r[4], r[5]);
        let t6 = _mm256_unpacklo_epi32(r[6], r[7]);
        let t7 = _mm256_unpackhi_epi32(r[6], r[7]);
        // u[a]: word a of messages 0-3 (low 128 bits), word a+4 (high).
        let u = [
            _mm256_unpacklo_epi64(t0, t2),
            _mm256_unpackhi_epi64(t0, t2),
            _mm256_unpacklo_epi64(t1, t3),
            _mm256_unpackhi_epi64(t1, t3),
        ];
        // v[a]: the same for messages 4-7.
        let v = [
            _mm256_unpacklo_epi64(t4, t6),
            _mm256_unpackhi_epi64(t4, t6),
            _mm256_unpacklo_epi64(t5, t7),
            _mm256_unpackhi_epi64(t5, t7),
        ];
        let mut out = [_mm256_setzero_si256(); 8];
        for a in 0..4 {
            out[a] = _mm256_permute2x128_si256::<0x20>(u[a], v[a]);
            out[a + 4] = _mm256_permute2x128_si256::<0x31>(u[a], v[a]);
        }
        out
    }
}

impl Lanes for __m256i {
    const LANES: usize = 8;
    const PAIRS: bool = false;

    /// Transposes 8 rows of 8 words.
    /// # Safety
    /// As [`Lanes::load_words8`].
    #[inline(always)]
    unsafe fn load_words8(p: *const u8, stride: usize) -> [Self; 8] {
        // SAFETY: the caller's: 32 readable bytes at each p + k * stride.
        unsafe { transpose8(|k| p.add(k * stride)) }
    }
    /// Transposes the 8 rows where they are.
    /// # Safety
    /// As [`Lanes::load_rows32`].
    #[inline(always)]
    unsafe fn load_rows32(rows: &[*const u8; 16], offset: usize) -> [Self; 8] {
        // SAFETY: the caller's: rows[k] .. rows[k] + offset + 32 readable.
        unsafe { transpose8(|k| rows[k].add(offset)) }
    }
    #[inline(always)]
    fn lane_offsets(stride: usize, m: usize) -> Self {
        // SAFETY: AVX2 (module note). The caller keeps the products in an
        // i32.
        unsafe {
            let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
            let lane = _mm256_min_epu32(lane, _mm256_set1_epi32(m as i32 - 1));
            _mm256_mullo_epi32(lane, _mm256_set1_epi32(stride as i32))
        }
    }
    /// # Safety
    /// As [`Lanes::load_le`].
    #[inline(always)]
    unsafe fn load_le(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's; scale 1 (byte offsets), unaligned is fine.
        unsafe { _mm256_i32gather_epi32::<1>(p.cast(), offsets) }
    }
    super::store_load!(u32, 16, _mm256_storeu_si256, _mm256_loadu_si256);
}

/// Keccak-256: 4 messages side by side, one per 64-bit lane of a
/// `__m256i`. A rotation is shift, shift, or, except the rotations by a
/// whole number of bytes (8 and 56 among rho's offsets): one `vpshufb`.
/// The 25 state registers do not fit in the 16 ymm registers, so the
/// compiler keeps part of the state on the stack. (Implemented with
/// intrinsics only: `Word64` is not imported here, see the `simd` module
/// note.)
impl super::Word64 for __m256i {
    #[inline(always)]
    fn splat(x: u64) -> Self {
        // SAFETY: AVX2 (module note).
        unsafe { _mm256_set1_epi64x(x as i64) }
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        // SAFETY: AVX2 (module note).
        unsafe { _mm256_xor_si256(self, rhs) }
    }
    #[inline(always)]
    fn andnot(self, rhs: Self) -> Self {
        // SAFETY: AVX2 (module note).
        unsafe { _mm256_andnot_si256(self, rhs) }
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        // SAFETY: AVX2 (module note).
        unsafe {
            match n {
                8 => _mm256_shuffle_epi8(
                    self,
                    _mm256_setr_epi8(
                        7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14, //
                        7, 0, 1, 2, 3, 4, 5, 6, 15, 8, 9, 10, 11, 12, 13, 14,
                    ),
                ),
                56 => _mm256_shuffle_epi8(
                    self,
                    _mm256_setr_epi8(
                        1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8, //
                        1, 2, 3, 4, 5, 6, 7, 0, 9, 10, 11, 12, 13, 14, 15, 8,
                    ),
                ),
                _ => {
                    super::immediate64!(n, N => _mm256_or_si256(_mm256_slli_epi64::<N>(self), _mm256_srli_epi64::<{ 64 - N }>(self)))
                }
            }
        }
    }
}

impl super::Lanes64 for __m256i {
    const LANES: usize = 4;

    /// # Safety
    /// As [`super::Lanes64::gather`].
    #[inline(always)]
    unsafe fn gather(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's; scale 1 (byte offsets), unaligned is fine.
        unsafe { _mm256_i64gather_epi64::<1>(p.cast(), offsets) }
    }
    super::store_load!(u64, 8, _mm256_storeu_si256, _mm256_loadu_si256);
}
