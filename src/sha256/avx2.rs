//! SHA-256 on 8 lanes with AVX2: lanes loaded with `vpgatherdd`,
//! byte-swapped with `vpshufb`; rotations are two shifts and an or.

use core::arch::x86_64::*;

use super::Lanes;

/// Reverses the bytes of each 32-bit word (vpshufb control).
#[inline(always)]
fn bswap(x: __m256i) -> __m256i {
    // SAFETY: AVX2, present wherever this kernel runs (see `hash`).
    unsafe {
        let ctl = _mm256_setr_epi8(
            3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12, //
            3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12,
        );
        _mm256_shuffle_epi8(x, ctl)
    }
}

impl Lanes for __m256i {
    const LANES: usize = 8;
    #[inline(always)]
    fn lane_offsets(stride: usize, m: usize) -> Self {
        // SAFETY: AVX2, as above. The caller keeps the products in i32.
        unsafe {
            let lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
            let lane = _mm256_min_epu32(lane, _mm256_set1_epi32(m as i32 - 1));
            _mm256_mullo_epi32(lane, _mm256_set1_epi32(stride as i32))
        }
    }
    #[inline(always)]
    unsafe fn load_be(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's: 4 readable bytes at p + offsets[i].
        bswap(unsafe { Self::load_le(p, offsets) })
    }
    #[inline(always)]
    unsafe fn load_le(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's; scale 1 (byte offsets), unaligned is fine.
        unsafe { _mm256_i32gather_epi32::<1>(p.cast(), offsets) }
    }
    #[inline(always)]
    fn store(self, out: &mut [u32; 16]) {
        // SAFETY: 32 writable bytes (the first 8 words); unaligned store.
        unsafe { _mm256_storeu_si256(out.as_mut_ptr().cast(), self) }
    }
}

super::sha256_entry_points!(__m256i, "avx2");
