//! The Keccak-256 sponge (rate 136 bytes, capacity 512 bits, the original
//! Keccak padding `0x01 ... 0x80`) over one message per lane: one message
//! on `u64` ([`keccak256`]), and groups of messages of one width on any
//! [`Lanes64`] ([`hash_fixed`]).

use super::consts::{PAD_FIRST, PAD_LAST, RATE, RATE_LANES};
use super::permute::keccak_f;
use crate::simd::{scatter_digests, Lanes64};

/// The little-endian 64-bit word at `bytes[8i..8i+8]`.
#[inline(always)]
fn le64(bytes: &[u8], i: usize) -> u64 {
    u64::from_le_bytes(*bytes[8 * i..].first_chunk::<8>().expect("8 bytes at 8i"))
}

/// The digest of a state: its first four lanes, little-endian.
#[inline(always)]
pub(crate) fn digest(a: &[u64; 25]) -> [u8; 32] {
    let mut out = [0u8; 32];
    out.as_chunks_mut::<8>().0.iter_mut().zip(a).for_each(|(bytes, w)| *bytes = w.to_le_bytes());
    out
}

/// Xors one 136-byte block into the state and permutes.
#[inline(always)]
pub(crate) fn absorb_block(a: &mut [u64; 25], block: &[u8; RATE]) {
    for (i, lane) in a.iter_mut().take(RATE_LANES).enumerate() {
        *lane ^= le64(block, i);
    }
    keccak_f::<u64>(a);
}

/// The last block of a message whose last `tail.len() < RATE` bytes are
/// `tail`, padded: the bytes, `0x01`, zeros, `0x80` in byte 135.
#[inline(always)]
pub(crate) fn padded_block(tail: &[u8]) -> [u8; RATE] {
    debug_assert!(tail.len() < RATE);
    let mut block = [0u8; RATE];
    block[..tail.len()].copy_from_slice(tail);
    block[tail.len()] ^= PAD_FIRST;
    block[RATE - 1] ^= PAD_LAST;
    block
}

/// Keccak-256 of one message (the scalar kernel, the reference of the
/// others).
pub(crate) fn keccak256(msg: &[u8]) -> [u8; 32] {
    let mut a = [0u64; 25];
    let (blocks, tail) = msg.as_chunks::<RATE>();
    for block in blocks {
        absorb_block(&mut a, block);
    }
    absorb_block(&mut a, &padded_block(tail));
    digest(&a)
}

/// One group: the Keccak-256 state of each of `V::LANES` messages of
/// `width` bytes, message `i` at `p + min(i, m - 1) * width`. Whole blocks and the
/// whole words of the last block are loaded from the messages; the last
/// word's bytes and the padding are assembled per lane.
///
/// # Safety
/// `width` bytes are readable at `p + i * width` for every `i < m`, `1 <= m
/// <= V::LANES`, and the CPU has `V`'s instruction set.
#[inline(always)]
unsafe fn group<V: Lanes64>(p: *const u8, width: usize, m: usize) -> [V; 25] {
    let offsets = V::lane_offsets(width, m);
    let mut a = [V::splat(0); 25];
    let full = width / RATE;
    for b in 0..full {
        for (j, lane) in a.iter_mut().take(RATE_LANES).enumerate() {
            // SAFETY: block b of every message lies within its width bytes.
            *lane = lane.xor(unsafe { V::gather(p.add(RATE * b + 8 * j), offsets) });
        }
        keccak_f(&mut a);
    }
    let rem = width - RATE * full;
    let (words, bytes) = (rem / 8, rem % 8);
    let last = p.wrapping_add(RATE * full);
    for (j, lane) in a.iter_mut().take(words).enumerate() {
        // SAFETY: word j < rem / 8 of the last block lies within the message.
        *lane = lane.xor(unsafe { V::gather(last.add(8 * j), offsets) });
    }
    // The partial word: its message bytes, then 0x01 (only 0x01 when the
    // message ends on a word boundary, as 32- and 64-byte messages do).
    if bytes == 0 {
        a[words] = a[words].xor(V::splat(u64::from(PAD_FIRST)));
    } else {
        let mut partial = [0u64; 8];
        for (i, w) in partial.iter_mut().enumerate().take(V::LANES) {
            let start = i.min(m - 1) * width + RATE * full + 8 * words;
            let mut word = [0u8; 8];
            // SAFETY: bytes rem - bytes .. rem of the last block of message
            // min(i, m - 1), within its width bytes.
            word[..bytes].copy_from_slice(unsafe { core::slice::from_raw_parts(p.add(start), bytes) });
            word[bytes] = PAD_FIRST;
            *w = u64::from_le_bytes(word);
        }
        a[words] = a[words].xor(V::load(&partial));
    }
    a[RATE_LANES - 1] = a[RATE_LANES - 1].xor(V::splat(u64::from(PAD_LAST) << 56));
    keccak_f(&mut a);
    a
}

/// Writes the digests of lanes `0..dst.len()` of the states `a`: their
/// first four 64-bit words, little-endian.
#[inline(always)]
fn store_digests<V: Lanes64>(a: &[V; 25], dst: &mut [[u8; 32]]) {
    let digest_words: [V; 4] = [a[0], a[1], a[2], a[3]];
    let words = digest_words.map(|r| {
        let mut lanes = [0u64; 8];
        r.store(&mut lanes);
        lanes
    });
    scatter_digests(&words, dst, u64::to_le_bytes);
}

/// `dst[i] = Keccak256(src[width*i .. width*i + width])` on `V`'s
/// lanes, one group of `V::LANES` messages at a time, the last one with its
/// last message repeated (a group costs the same whatever its fill). Which
/// kernel takes a short tail is the caller's choice
/// (`crate::drivers::keccak256`).
///
/// # Safety
/// The CPU has `V`'s instruction set.
#[inline(always)]
pub(crate) unsafe fn hash_fixed<V: Lanes64>(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    assert_eq!(
        Some(src.len()),
        dst.len().checked_mul(width),
        "keccak256: src is not dst.len() messages of width bytes"
    );
    let p = src.as_ptr();
    for (g, out) in dst.chunks_mut(V::LANES).enumerate() {
        // SAFETY: the group's messages lie within `src` (asserted above);
        // the caller's CPU features.
        let a = unsafe { group::<V>(p.wrapping_add(g * V::LANES * width), width, out.len()) };
        store_digests(&a, out);
    }
}
