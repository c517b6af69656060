//! The portable scalar kernel: one message at a time, `u32` words. Every
//! other kernel is tested bit for bit against this one.

use crate::compress::{compress, hash32_words};
use crate::consts::BLOCK_SIZE;

/// Little-endian word `i` of `bytes`.
#[inline(always)]
fn le_word(bytes: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([bytes[4 * i], bytes[4 * i + 1], bytes[4 * i + 2], bytes[4 * i + 3]])
}

/// Writes the chaining value as the 20-byte digest (little-endian words).
#[inline(always)]
pub(crate) fn digest_bytes(h: &[u32; 5]) -> [u8; 20] {
    let mut out = [0u8; 20];
    for (chunk, word) in out.chunks_exact_mut(4).zip(h) {
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    out
}

/// Applies the compression function to `state` for one 64-byte message block.
#[inline]
pub(crate) fn compress_block(state: &mut [u32; 5], block: &[u8; BLOCK_SIZE]) {
    let x: [u32; 16] = core::array::from_fn(|i| le_word(block, i));
    *state = compress::<u32, false>(state, &x);
}

/// RIPEMD-160 of one 32-byte message through the fixed path (words 8..15
/// are the known padding).
#[inline]
pub(crate) fn hash32_one(msg: &[u8; 32]) -> [u8; 20] {
    let x: [u32; 8] = core::array::from_fn(|i| le_word(msg, i));
    digest_bytes(&hash32_words::<u32>(&x))
}

/// The kernel entry point: `dst[i] = RIPEMD160(src[i])`.
pub(crate) fn hash32(src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
    for (msg, out) in src.iter().zip(dst.iter_mut()) {
        *out = hash32_one(msg);
    }
}
