//! The portable scalar kernel: one message at a time on `u32` words. Every
//! other kernel is tested bit for bit against this one. Its SHA-256 is the
//! `sha2` crate (which uses SHA-NI or the Armv8 SHA-2 instructions where the
//! CPU has them).

use super::{Lanes, Lanes64, Word, Word64};
use crate::ripemd160;

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
fn le_word(bytes: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]])
}

/// The chaining value as the 20-byte digest (little-endian words).
#[inline(always)]
pub(crate) fn digest_bytes(h: &[u32; 5]) -> [u8; 20] {
    let mut out = [0u8; 20];
    for (chunk, word) in out.chunks_exact_mut(4).zip(h) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out
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
            *first = digest_bytes(h);
        }
    }
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn lane_offsets(_stride: usize, _m: usize) -> Self {
        0
    }
    /// # Safety
    /// As [`Lanes::load_be`].
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    unsafe fn load_be(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's: 4 readable bytes at p + offsets.
        u32::from_be_bytes(unsafe { p.add(offsets as usize).cast::<[u8; 4]>().read() })
    }
    /// # Safety
    /// As [`Lanes::load_le`].
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    unsafe fn load_le(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's: 4 readable bytes at p + offsets.
        u32::from_le_bytes(unsafe { p.add(offsets as usize).cast::<[u8; 4]>().read() })
    }
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn store(self, out: &mut [u32; 16]) {
        out[0] = self;
    }
    #[cfg(any(test, rmd160mb_lanes))]
    #[inline(always)]
    fn load(words: &[u32; 16]) -> Self {
        words[0]
    }
}

/// Applies the RIPEMD-160 compression function to `state` for one 64-byte
/// message block (the streaming hasher's step).
#[inline]
pub(crate) fn compress_block(state: &mut [u32; 5], block: &[u8; 64]) {
    let x: [u32; 16] = core::array::from_fn(|i| le_word(block, i));
    *state = ripemd160::compress::compress::<u32, false>(state, &x);
}

/// RIPEMD-160 of one 32-byte message through the fixed path (words 8..15
/// are the known padding).
#[inline]
pub(crate) fn hash32_one(msg: &[u8; 32]) -> [u8; 20] {
    let x: [u32; 8] = core::array::from_fn(|i| le_word(msg, i));
    digest_bytes(&ripemd160::compress::hash32_words::<u32>(&x))
}

/// Kernel entry point: `dst[i] = RIPEMD160(src[i])` for 32-byte messages
/// (`src.len() == dst.len()`).
///
/// One message per call of the compression function, written as a plain
/// loop: LLVM vectorizes it with the baseline SSE2 of every x86_64 CPU,
/// four messages per `xmm` register (about 3x the one-at-a-time speed at
/// n >= 4, `make bench`); through the generic group driver it does not.
///
/// # Safety
/// None beyond the signature (the scalar kernel needs no CPU feature); it is
/// `unsafe` only to share the type of the vector kernels' entry points.
pub(crate) unsafe fn hash32(src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
    for (msg, out) in src.iter().zip(dst.iter_mut()) {
        *out = hash32_one(msg);
    }
}

/// Kernel entry point: `dst[i] = SHA256(src[width*i .. width*i + width])`
/// with the `sha2` crate.
///
/// # Safety
/// None beyond the signature; `unsafe` to share the vector kernels' type.
pub(crate) unsafe fn sha256(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    crate::sha256::hash_sha2(src, width, dst)
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

    #[inline(always)]
    fn lane_offsets(_stride: usize, _m: usize) -> Self {
        0
    }
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
