//! One lane: `u32` (RIPEMD-160, SHA-256) and `u64` (Keccak-256) as lane
//! types. The scalar kernels (`crate::kernels::scalar`) run the algorithms
//! on them, and the generic drivers are tested on them on every
//! architecture.

use super::{Lanes, Lanes64, Word, Word64};

impl Word for u32 {
    #[inline(always)]
    fn splat(x: u32) -> Self {
        x
    }
    #[inline(always)]
    fn add(self, rhs: Self) -> Self {
        self.wrapping_add(rhs)
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        self ^ rhs
    }
    #[inline(always)]
    fn and(self, rhs: Self) -> Self {
        self & rhs
    }
    #[inline(always)]
    fn or_not(self, rhs: Self) -> Self {
        self | !rhs
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        self.rotate_left(n)
    }
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn ror(self, n: u32) -> Self {
        self.rotate_right(n)
    }
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn shr(self, n: u32) -> Self {
        self >> n
    }
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn bswap(self) -> Self {
        self.swap_bytes()
    }
}

/// Little-endian word `i` of `bytes`.
#[inline(always)]
pub(crate) fn le_word(bytes: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]])
}

/// One lane: the generic drivers run on it too, so the compression
/// functions and the SHA-256 block layouts are tested on every architecture.
impl Lanes for u32 {
    const LANES: usize = 1;
    const PAIRS: bool = false;

    /// # Safety
    /// As [`Lanes::load_msgs32`].
    #[inline(always)]
    unsafe fn load_msgs32(msgs: *const [u8; 32]) -> [Self; 8] {
        // SAFETY: the caller's: one readable message; [u8; 32] has alignment 1.
        let msg = unsafe { &*msgs };
        core::array::from_fn(|i| le_word(msg, i))
    }
    #[inline(always)]
    fn store_digests20(h: &[Self; 5], out: &mut [[u8; 20]]) {
        if let Some(first) = out.first_mut() {
            for (chunk, word) in first.chunks_exact_mut(4).zip(h) {
                chunk.copy_from_slice(&word.to_le_bytes());
            }
        }
    }
    #[inline(always)]
    fn lane_offsets(_stride: usize, _m: usize) -> Self {
        0
    }
    /// # Safety
    /// As [`Lanes::load_be`].
    #[inline(always)]
    unsafe fn load_be(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's: 4 readable bytes at p + offsets.
        u32::from_be_bytes(unsafe { p.add(offsets as usize).cast::<[u8; 4]>().read() })
    }
    /// # Safety
    /// As [`Lanes::load_le`].
    #[inline(always)]
    unsafe fn load_le(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's: 4 readable bytes at p + offsets.
        u32::from_le_bytes(unsafe { p.add(offsets as usize).cast::<[u8; 4]>().read() })
    }
    #[inline(always)]
    fn store(self, out: &mut [u32; 16]) {
        out[0] = self;
    }
    #[inline(always)]
    fn load(words: &[u32; 16]) -> Self {
        words[0]
    }
}

/// One 64-bit lane: the Keccak-256 reference kernel, and the generic
/// Keccak code tested on every architecture.
impl Word64 for u64 {
    #[inline(always)]
    fn splat(x: u64) -> Self {
        x
    }
    #[inline(always)]
    fn xor(self, rhs: Self) -> Self {
        self ^ rhs
    }
    #[inline(always)]
    fn andnot(self, rhs: Self) -> Self {
        !self & rhs
    }
    #[inline(always)]
    fn rol(self, n: u32) -> Self {
        self.rotate_left(n)
    }
}

impl Lanes64 for u64 {
    const LANES: usize = 1;

    /// # Safety
    /// As [`Lanes64::gather`].
    #[inline(always)]
    unsafe fn gather(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's: 8 readable bytes at p + offsets.
        u64::from_le_bytes(unsafe { p.add(offsets as usize).cast::<[u8; 8]>().read() })
    }
    #[inline(always)]
    fn store(self, out: &mut [u64; 8]) {
        out[0] = self;
    }
    #[inline(always)]
    fn load(words: &[u64; 8]) -> Self {
        words[0]
    }
}
