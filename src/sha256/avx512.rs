//! SHA-256 on 16 lanes with AVX-512 (F, BW): lanes loaded with
//! `vpgatherdd` (one 32-bit word of 16 messages per instruction) and
//! byte-swapped with `vpshufb`; Ch, Maj and the three-way xors of Σ/σ are
//! one `vpternlogd` each, rotations one `vprord`.

use core::arch::x86_64::*;

use super::Lanes;

/// Reverses the bytes of each 32-bit word (vpshufb control).
#[inline(always)]
fn bswap(x: __m512i) -> __m512i {
    // SAFETY: AVX-512BW, present wherever this kernel runs (see `hash`).
    unsafe {
        let ctl = _mm512_broadcast_i32x4(_mm_setr_epi8(3, 2, 1, 0, 7, 6, 5, 4, 11, 10, 9, 8, 15, 14, 13, 12));
        _mm512_shuffle_epi8(x, ctl)
    }
}

impl Lanes for __m512i {
    const LANES: usize = 16;
    #[inline(always)]
    fn lane_offsets(stride: usize, m: usize) -> Self {
        // SAFETY: AVX-512F, as above. The caller keeps the products in i32.
        unsafe {
            let lane = _mm512_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
            let lane = _mm512_min_epu32(lane, _mm512_set1_epi32(m as i32 - 1));
            _mm512_mullo_epi32(lane, _mm512_set1_epi32(stride as i32))
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
        unsafe { _mm512_i32gather_epi32::<1>(offsets, p.cast()) }
    }
    #[inline(always)]
    fn store(self, out: &mut [u32; 16]) {
        // SAFETY: 64 writable bytes; unaligned store.
        unsafe { _mm512_storeu_si512(out.as_mut_ptr().cast(), self) }
    }
}

super::sha256_entry_points!(__m512i, "avx512f,avx512bw,avx512vl");
