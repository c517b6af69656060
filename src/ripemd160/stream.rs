//! RIPEMD-160 of one message of any length, in one call or streamed.

use super::consts::{BLOCK_SIZE, H0};
use crate::simd::scalar::{compress_block, digest_bytes};

/// Streaming RIPEMD-160 of one message: `update` any number of times, then
/// `finalize`. A plain value with no heap data: copying it mid-stream gives
/// an independent hasher. Its layout is also the C `rmd160mb_ctx`.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Ripemd160 {
    /// Chaining value.
    state: [u32; 5],
    /// Bytes held in `block`, always below 64 in a valid hasher.
    buffered: u32,
    /// Message length so far in bytes, modulo 2^64.
    length: u64,
    /// The partial message block.
    block: [u8; BLOCK_SIZE],
}

impl Default for Ripemd160 {
    fn default() -> Self {
        Self::new()
    }
}

impl Ripemd160 {
    /// A hasher for the empty message.
    pub const fn new() -> Self {
        Ripemd160 { state: H0, buffered: 0, length: 0, block: [0; BLOCK_SIZE] }
    }

    /// False when `buffered` is out of range, which only a C caller can cause
    /// (an uninitialised or overwritten `rmd160mb_ctx`).
    pub(crate) fn is_valid(&self) -> bool {
        (self.buffered as usize) < BLOCK_SIZE
    }

    /// Appends `data` to the message.
    pub fn update(&mut self, mut data: &[u8]) {
        // A valid hasher always has buffered < 64; repair rather than panic.
        let mut buffered = (self.buffered as usize) % BLOCK_SIZE;
        self.length = self.length.wrapping_add(data.len() as u64);
        if buffered > 0 {
            let take = (BLOCK_SIZE - buffered).min(data.len());
            self.block[buffered..buffered + take].copy_from_slice(&data[..take]);
            buffered += take;
            data = &data[take..];
            if buffered < BLOCK_SIZE {
                self.buffered = buffered as u32;
                return;
            }
            compress_block(&mut self.state, &self.block);
        }
        let mut blocks = data.chunks_exact(BLOCK_SIZE);
        for block in &mut blocks {
            compress_block(&mut self.state, block.try_into().expect("64-byte chunk"));
        }
        let rest = blocks.remainder();
        self.block[..rest.len()].copy_from_slice(rest);
        self.buffered = rest.len() as u32;
    }

    /// Pads the message (0x80, zeros, the bit length as 64-bit little-endian)
    /// and returns its digest.
    pub fn finalize(mut self) -> [u8; 20] {
        let bit_length = self.length.wrapping_mul(8);
        let buffered = (self.buffered as usize) % BLOCK_SIZE;
        self.block[buffered] = 0x80;
        self.block[buffered + 1..].fill(0);
        if buffered >= BLOCK_SIZE - 8 {
            compress_block(&mut self.state, &self.block);
            self.block = [0; BLOCK_SIZE];
        }
        self.block[BLOCK_SIZE - 8..].copy_from_slice(&bit_length.to_le_bytes());
        compress_block(&mut self.state, &self.block);
        digest_bytes(&self.state)
    }
}

/// RIPEMD-160 of `message`.
///
/// ```
/// let d = ripemd160mb::ripemd160(b"abc");
/// assert_eq!(d[..4], [0x8e, 0xb2, 0x08, 0xf7]);
/// ```
pub fn ripemd160(message: &[u8]) -> [u8; 20] {
    let mut h = Ripemd160::new();
    h.update(message);
    h.finalize()
}
