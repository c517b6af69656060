//! RIPEMD-160 of one message of any length, in one call or streamed.

use super::consts::{BLOCK_SIZE, H0};
use super::{compress_block, digest_bytes};

/// Streaming RIPEMD-160 of one message: `update` any number of times, then
/// `finalize`. A plain value with no heap data: copying it mid-stream gives
/// an independent hasher. Its layout is also the C `rmd160mb_ctx`.
#[derive(Clone, Copy, Debug)]
#[repr(C)]
pub struct Ripemd160 {
    /// Chaining value.
    state: [u32; 5],
    /// `MAGIC << 8 | n`, where n (below 64) is the number of bytes held in
    /// `block`: the magic tells a C context set up by `rmd160mb_init` from
    /// an all-zero or garbage one.
    buffered: u32,
    /// Message length so far in bytes, modulo 2^64.
    length: u64,
    /// The partial message block.
    block: [u8; BLOCK_SIZE],
}

/// The high 24 bits of `Ripemd160::buffered` in every hasher `new` made.
const MAGIC: u32 = 0x00A1_60B5;
/// The byte count's bits of `Ripemd160::buffered`.
const COUNT_MASK: u32 = 0xFF;

impl Default for Ripemd160 {
    fn default() -> Self {
        Self::new()
    }
}

impl Ripemd160 {
    /// A hasher for the empty message.
    pub const fn new() -> Self {
        Ripemd160 { state: H0, buffered: MAGIC << 8, length: 0, block: [0; BLOCK_SIZE] }
    }

    /// False when `buffered` lacks the magic or its count is out of range,
    /// which only a C caller can cause (an `rmd160mb_ctx` that
    /// `rmd160mb_init` did not set up: all-zero, static, uninitialised or
    /// overwritten).
    pub(crate) fn is_valid(&self) -> bool {
        self.buffered >> 8 == MAGIC && ((self.buffered & COUNT_MASK) as usize) < BLOCK_SIZE
    }

    /// Bytes held in `block` (always below 64; reduced so an invalid hasher
    /// cannot index out of bounds).
    fn count(&self) -> usize {
        ((self.buffered & COUNT_MASK) as usize) % BLOCK_SIZE
    }

    fn set_count(&mut self, n: usize) {
        self.buffered = MAGIC << 8 | n as u32;
    }

    /// Appends `data` to the message.
    pub fn update(&mut self, mut data: &[u8]) {
        // A valid hasher always has buffered < 64; repair rather than panic.
        let mut buffered = self.count();
        self.length = self.length.wrapping_add(data.len() as u64);
        if buffered > 0 {
            let take = (BLOCK_SIZE - buffered).min(data.len());
            self.block[buffered..buffered + take].copy_from_slice(&data[..take]);
            buffered += take;
            data = &data[take..];
            if buffered < BLOCK_SIZE {
                self.set_count(buffered);
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
        self.set_count(rest.len());
    }

    /// Pads the message (0x80, zeros, the bit length as 64-bit little-endian)
    /// and returns its digest.
    pub fn finalize(mut self) -> [u8; 20] {
        let bit_length = self.length.wrapping_mul(8);
        let buffered = self.count();
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
