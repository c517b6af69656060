//! SHA-256 on 4 lanes with NEON, for arm64 CPUs without the Armv8 SHA-2
//! instructions (those use the `sha2` crate, see `Backend::sha256`). NEON
//! has no gather: each lane's word is one 32-bit load, then `REV32` swaps
//! the bytes. Ch and Maj are one `BSL` each.

use core::arch::aarch64::*;

use super::Lanes;

impl Lanes for uint32x4_t {
    const LANES: usize = 4;
    #[inline(always)]
    fn lane_offsets(stride: usize, m: usize) -> Self {
        let lane = [0u32, 1, 2, 3].map(|i| i.min(m as u32 - 1) * stride as u32);
        // SAFETY: reads the 16 bytes of `lane`; NEON is enabled (`mod neon`
        // is compiled only with target_feature = "neon").
        unsafe { vld1q_u32(lane.as_ptr()) }
    }
    #[inline(always)]
    unsafe fn load_be(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's: 4 readable bytes at p + offsets[i].
        let le = unsafe { Self::load_le(p, offsets) };
        // SAFETY: register-only; NEON is enabled.
        unsafe { vreinterpretq_u32_u8(vrev32q_u8(vreinterpretq_u8_u32(le))) }
    }
    #[inline(always)]
    unsafe fn load_le(p: *const u8, offsets: Self) -> Self {
        let mut offs = [0u32; 4];
        // SAFETY: writes the 16 bytes of `offs`; NEON is enabled.
        unsafe { vst1q_u32(offs.as_mut_ptr(), offsets) };
        // SAFETY: the caller's: 4 readable bytes at p + offs[i], any alignment.
        let words = offs.map(|o| u32::from_le(unsafe { p.add(o as usize).cast::<u32>().read_unaligned() }));
        // SAFETY: reads the 16 bytes of `words`; NEON is enabled.
        unsafe { vld1q_u32(words.as_ptr()) }
    }
    #[inline(always)]
    fn store(self, out: &mut [u32; 16]) {
        // SAFETY: 16 writable bytes (the first 4 words); NEON is enabled.
        unsafe { vst1q_u32(out.as_mut_ptr(), self) }
    }
}

super::sha256_entry_points!(uint32x4_t, "neon");

#[cfg(test)]
mod tests {
    use sha2::Digest;

    /// The 4-lane kernel itself (qemu and most arm64 CPUs have the SHA-2
    /// instructions, so `Backend::sha256` would not reach it): every width
    /// 0..200 and every count 0..11 against the `sha2` crate.
    #[test]
    fn neon_lanes_match_sha2() {
        let mut x = 0x9e37_79b9u32;
        for width in 0..200usize {
            for n in 0..12usize {
                let src: Vec<u8> = (0..n * width)
                    .map(|_| {
                        x ^= x << 13;
                        x ^= x >> 17;
                        x ^= x << 5;
                        x as u8
                    })
                    .collect();
                let mut got = vec![[0u8; 32]; n];
                // SAFETY: NEON is enabled in this build (the module's cfg).
                unsafe { super::hash(&src, width, &mut got) };
                for (i, g) in got.iter().enumerate() {
                    let want: [u8; 32] = sha2::Sha256::digest(&src[i * width..(i + 1) * width]).into();
                    assert_eq!(*g, want, "width {width}, n {n}, message {i}");
                }
            }
        }
    }
}
