//! The AVX2 kernel: 8 messages side by side, one per 32-bit lane of a
//! `__m256i`, for x86_64 CPUs without AVX-512. AVX2 has no rotate or
//! ternary-logic instruction: rotations are shift, shift, or; the boolean
//! functions take two or three instructions.

use core::arch::x86_64::*;
use seq_macro::seq;

use crate::compress::{hash32_words, padded_group, scatter_digests, Word};

/// Messages per group.
pub(crate) const LANES: usize = 8;

impl Word for __m256i {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        // SAFETY (all methods of this impl): they are only inlined into
        // functions compiled with `avx2`, which are only called through a
        // `Backend` proving the CPU has it.
        unsafe { _mm256_set1_epi32(x as i32) }
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        unsafe { _mm256_add_epi32(self, rhs) }
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        unsafe { _mm256_xor_si256(self, rhs) }
    }
    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        unsafe { _mm256_and_si256(self, rhs) }
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        unsafe { _mm256_or_si256(self, _mm256_xor_si256(rhs, _mm256_set1_epi32(-1))) }
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        seq!(N in 1..32 {
            match n {
                #(N => unsafe {
                    _mm256_or_si256(_mm256_slli_epi32::<N>(self), _mm256_srli_epi32::<{ 32 - N }>(self))
                },)*
                _ => self,
            }
        })
    }

    #[inline(always)]
    fn step_boundary(left: &mut [Self; 5], right: &mut [Self; 5]) {
        // SAFETY: only reached from avx2 code (see splat).
        unsafe { step_boundary(left, right) }
    }

    // SHA-256 (src/sha256): one vpsrld instead of the default rotate + mask.
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        seq!(N in 1..32 {
            match n {
                #(N => unsafe { _mm256_srli_epi32::<N>(self) },)*
                _ => self,
            }
        })
    }

    /// (x | !y) ^ z = !(!x & y) ^ z = (andnot(x, y) ^ z) ^ !0.
    #[inline(always)]
    fn f3(x: Self, y: Self, z: Self) -> Self {
        unsafe { _mm256_xor_si256(_mm256_xor_si256(_mm256_andnot_si256(x, y), z), _mm256_set1_epi32(-1)) }
    }
    /// x ^ (y | !z) = x ^ !(!y & z) = (x ^ andnot(y, z)) ^ !0.
    #[inline(always)]
    fn f5(x: Self, y: Self, z: Self) -> Self {
        unsafe { _mm256_xor_si256(_mm256_xor_si256(x, _mm256_andnot_si256(y, z)), _mm256_set1_epi32(-1)) }
    }
}

/// See `Word::step_boundary`: an empty `asm!` that all ten registers pass
/// through, so that step j of both lines is issued before step j + 1.
#[target_feature(enable = "avx2")]
#[inline]
unsafe fn step_boundary(l: &mut [__m256i; 5], r: &mut [__m256i; 5]) {
    // SAFETY: the assembly is empty; it only pins the registers.
    unsafe {
        core::arch::asm!(
            "/* {} {} {} {} {} {} {} {} {} {} */",
            inout(ymm_reg) l[0], inout(ymm_reg) l[1], inout(ymm_reg) l[2], inout(ymm_reg) l[3], inout(ymm_reg) l[4],
            inout(ymm_reg) r[0], inout(ymm_reg) r[1], inout(ymm_reg) r[2], inout(ymm_reg) r[3], inout(ymm_reg) r[4],
            options(pure, nomem, nostack, preserves_flags)
        );
    }
}

/// Transposes 8 messages of 8 words: vector j holds word j of message l in
/// lane l.
#[inline(always)]
unsafe fn transpose_in(msgs: &[[u8; 32]; LANES]) -> [__m256i; 8] {
    // SAFETY: each load reads one whole 32-byte message.
    let r: [__m256i; 8] = core::array::from_fn(|k| unsafe { _mm256_loadu_si256(msgs[k].as_ptr().cast()) });
    // SAFETY: register-only shuffles, avx2 enabled by the caller.
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

/// Writes lane l's five chaining words as digest l.
#[inline(always)]
unsafe fn store_digests(h: &[__m256i; 5], out: &mut [[u8; 20]; LANES]) {
    let mut words = [[0u32; LANES]; 5];
    for (w, v) in words.iter_mut().zip(h) {
        // SAFETY: `w` is 32 writable bytes.
        unsafe { _mm256_storeu_si256(w.as_mut_ptr().cast(), *v) };
    }
    scatter_digests(&words, out);
}

/// One group of 8 messages.
#[inline(always)]
unsafe fn hash32_group(msgs: &[[u8; 32]; LANES], out: &mut [[u8; 20]; LANES]) {
    // SAFETY: avx2 is enabled in the caller.
    let x = unsafe { transpose_in(msgs) };
    let h = hash32_words(&x);
    // SAFETY: as above.
    unsafe { store_digests(&h, out) };
}

/// RIPEMD-160 of each 32-byte message: full groups of 8, then the tail as
/// one group padded from a zeroed stack copy, or a single message through
/// the scalar kernel (faster for one).
///
/// # Safety
/// The CPU supports AVX2 (reached only through `Backend::avx2()`).
#[target_feature(enable = "avx2")]
pub(crate) unsafe fn hash32(src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
    let mut groups = src.chunks_exact(LANES);
    let mut outs = dst.chunks_exact_mut(LANES);
    for (msgs, out) in (&mut groups).zip(&mut outs) {
        // SAFETY: avx2 is enabled; the chunks are exactly 8 long.
        unsafe { hash32_group(msgs.try_into().unwrap_unchecked(), out.try_into().unwrap_unchecked()) };
    }
    let (src, dst) = (groups.remainder(), outs.into_remainder());
    match src.len() {
        0 => {}
        1 => crate::scalar::hash32(src, dst),
        // SAFETY (closure): avx2 is enabled in this function.
        _ => padded_group(src, dst, |msgs, out| unsafe { hash32_group(msgs, out) }),
    }
}
