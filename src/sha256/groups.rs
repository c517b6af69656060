//! The SHA-256 group loaders and driver, generic over the lane type.

use seq_macro::seq;

use super::compress::{self, h0, Open, Pad32, Pad33, Pad64Second, Pad65Second, Pad80Second};
#[cfg(any(test, target_arch = "x86_64"))]
use crate::simd::Pair;
use crate::simd::{scatter_digests, stored, Lanes};

/// The word `last_byte << 24 | 0x80 << 16` of a message whose last byte is
/// at `p + 3 + offsets[i]` (loaded with the three bytes before it, which
/// belong to the message too).
///
/// # Safety
/// `p + offsets[i] .. p + offsets[i] + 4` is readable for every lane.
#[inline(always)]
unsafe fn last_byte_word<V: Lanes>(p: *const u8, offsets: V) -> V {
    // SAFETY: the caller's.
    let w = unsafe { V::load_le(p, offsets) };
    w.and(V::splat(0xff00_0000)).xor(V::splat(0x0080_0000))
}

/// Loads `count` big-endian words starting at `p` in each lane into
/// `x[first..first + count]`, one gather per word.
///
/// # Safety
/// `4 * count` bytes from `p + offsets[i]` are readable for every lane;
/// `first + count <= 16`.
#[inline(always)]
#[allow(clippy::erasing_op, clippy::identity_op)] // 4 * J for J = 0, 1
unsafe fn load_words<V: Lanes>(x: &mut [V; 16], first: usize, p: *const u8, offsets: V, count: usize) {
    seq!(J in 0..16 {
        if J < count {
            // SAFETY: the caller's; J < count.
            x[first + J] = unsafe { V::load_be(p.add(4 * J), offsets) };
        }
    });
}

/// Loads words `first..first + 8` (big-endian) of the `m` messages at
/// `p + i * stride`: a full group transposes rows in registers
/// ([`Lanes::load_words8`]), a partial one gathers.
///
/// # Safety
/// Bytes `4 * first .. 4 * first + 32` of each of the `m` messages are
/// readable, and `(V::LANES - 1) * stride + 4 * first + 28` fits in an `i32`.
#[inline(always)]
unsafe fn load_words8_be<V: Lanes>(x: &mut [V; 16], first: usize, p: *const u8, stride: usize, m: usize) {
    // SAFETY: the caller's.
    let p = unsafe { p.add(4 * first) };
    if m == V::LANES {
        // SAFETY: the caller's, for all LANES messages.
        let w = unsafe { V::load_words8(p, stride) };
        for j in 0..8 {
            x[first + j] = w[j].bswap();
        }
    } else {
        // SAFETY: the caller's; lanes past m repeat message m - 1.
        unsafe { load_words(x, first, p, V::lane_offsets(stride, m), 8) };
    }
}

/// One group of 32-byte messages at `p + offsets[i]`.
///
/// # Safety
/// 32 bytes are readable at each `p + offsets[i]`.
#[inline(always)]
pub(crate) unsafe fn group32<V: Lanes>(p: *const u8, m: usize) -> [V; 8] {
    let mut x = [V::splat(0); 16];
    // SAFETY: words 0..8 are the message's 32 bytes.
    unsafe { load_words8_be(&mut x, 0, p, 32, m) };
    compress::compress::<V, Pad32>(&h0(), &x)
}

/// One group of 33-byte messages.
///
/// # Safety
/// 33 bytes are readable at each `p + offsets[i]`.
#[inline(always)]
pub(crate) unsafe fn group33<V: Lanes>(p: *const u8, m: usize) -> [V; 8] {
    let mut x = [V::splat(0); 16];
    let offsets = V::lane_offsets(33, m);
    // SAFETY: words 0..8 are bytes 0..32, word 8 is built from bytes 29..33.
    unsafe {
        load_words8_be(&mut x, 0, p, 33, m);
        x[8] = last_byte_word(p.add(29), offsets);
    }
    compress::compress::<V, Pad33>(&h0(), &x)
}

/// One group of 64-byte messages (merkle nodes): a full block, then the
/// padding block, whose schedule is all constants ([`Pad64Second`]).
///
/// # Safety
/// 64 bytes are readable at each `p + offsets[i]`.
#[inline(always)]
pub(crate) unsafe fn group64<V: Lanes>(p: *const u8, m: usize) -> [V; 8] {
    // SAFETY: the caller's.
    let (h, x) = unsafe { first_block::<V>(p, 64, m) };
    compress::compress::<V, Pad64Second>(&h, &x)
}

/// One group of 80-byte messages (block headers): a full block, then the
/// message's last 16 bytes and the padding ([`Pad80Second`]), loaded and
/// padded in registers, not through a tail buffer as the general path
/// does ([`group_general`]).
///
/// # Safety
/// 80 bytes are readable at each `p + offsets[i]`.
#[inline(always)]
pub(crate) unsafe fn group80<V: Lanes>(p: *const u8, m: usize) -> [V; 8] {
    // SAFETY: the caller's.
    let (h, _) = unsafe { first_block::<V>(p, 80, m) };
    // Bytes 48..80 as eight words (whole rows for the transposing loader;
    // the first four were the first block's last), of which words 4..8 are
    // the second block's words 0..4.
    let mut y = [V::splat(0); 16];
    // SAFETY: bytes 48..80 of each message are readable.
    unsafe { load_words8_be(&mut y, 0, p.add(48), 80, m) };
    let mut x = [V::splat(0); 16];
    x[..4].copy_from_slice(&y[4..8]);
    compress::compress::<V, Pad80Second>(&h, &x)
}

/// Two groups of 64-byte messages in flight ([`Pair`]): the `2 * V::LANES`
/// messages at `p`, each group as [`group64`] hashes it, every operation
/// issued for both (`docs/PERFORMANCE.md`, "Two SHA-256 groups in flight";
/// the AVX-512 kernel set's, so x86_64 only).
///
/// # Safety
/// `128 * V::LANES` bytes are readable at `p`.
#[cfg(any(test, target_arch = "x86_64"))]
#[inline(always)]
pub(crate) unsafe fn pair64<V: Lanes>(p: *const u8) -> [Pair<V>; 8] {
    let l = V::LANES;
    let mut x0 = [V::splat(0); 16];
    let mut x1 = [V::splat(0); 16];
    // SAFETY: the caller's: two groups of `l` whole 64-byte messages.
    unsafe {
        load_words8_be(&mut x0, 0, p, 64, l);
        load_words8_be(&mut x0, 8, p, 64, l);
        load_words8_be(&mut x1, 0, p.add(64 * l), 64, l);
        load_words8_be(&mut x1, 8, p.add(64 * l), 64, l);
    }
    let mut x = [Pair(V::splat(0), V::splat(0)); 16];
    for (x, (w0, w1)) in x.iter_mut().zip(x0.into_iter().zip(x1)) {
        *x = Pair(w0, w1);
    }
    let h = compress::compress::<Pair<V>, Open>(&h0(), &x);
    // The padding block's words are all known: `x` is not read.
    compress::compress::<Pair<V>, Pad64Second>(&h, &x)
}

/// The first block of `width`-byte messages (`width >= 64`) compressed from
/// the initial value, and its words (for the next block's loader to reuse).
///
/// # Safety
/// 64 bytes are readable at each message, as [`load_words8_be`] needs.
#[inline(always)]
unsafe fn first_block<V: Lanes>(p: *const u8, width: usize, m: usize) -> ([V; 8], [V; 16]) {
    let mut x = [V::splat(0); 16];
    // SAFETY: words 0..16 are bytes 0..64.
    unsafe {
        load_words8_be(&mut x, 0, p, width, m);
        load_words8_be(&mut x, 8, p, width, m);
    }
    (compress::compress::<V, Open>(&h0(), &x), x)
}

/// SHA-256 of the 32-byte digests `h` (one per lane, as chaining words):
/// the second hash of double SHA-256. The digest's big-endian bytes read
/// back as big-endian words are `h` itself, so it goes from register to
/// register, no store and no transpose.
#[inline(always)]
pub(crate) fn second<V: Lanes>(h: &[V; 8]) -> [V; 8] {
    let mut x = [V::splat(0); 16];
    x[..8].copy_from_slice(h);
    compress::compress::<V, Pad32>(&h0(), &x)
}

/// One group of 65-byte messages: a full block, then a block that is all
/// padding but the last byte.
///
/// # Safety
/// 65 bytes are readable at each `p + offsets[i]`.
#[inline(always)]
pub(crate) unsafe fn group65<V: Lanes>(p: *const u8, m: usize) -> [V; 8] {
    let offsets = V::lane_offsets(65, m);
    // SAFETY: words 0..16 are bytes 0..64.
    let (h, mut x) = unsafe { first_block::<V>(p, 65, m) };
    // SAFETY: the last word is bytes 61..65.
    x[0] = unsafe { last_byte_word(p.add(61), offsets) };
    compress::compress::<V, Pad65Second>(&h, &x)
}

/// Bytes per lane of the tail buffer of [`group_general`]: the last
/// (partial) block of the message with its padding, one or two blocks.
const TAIL: usize = 128;

/// One group of `m` messages of any width, the message of lane `i` at
/// `p + i * width` (lanes past `m` repeat the last one): the full blocks
/// are loaded from the messages (rows transposed in a whole group, as the
/// fixed widths' first blocks are), the padded tail from a buffer on the
/// stack.
///
/// # Safety
/// `m * width` bytes are readable at `p`, `1 <= m <= V::LANES`, and
/// `(V::LANES - 1) * width + 64` fits in an `i32`.
#[inline(always)]
pub(crate) unsafe fn group_general<V: Lanes>(p: *const u8, width: usize, m: usize) -> [V; 8] {
    let full = width / 64;
    let mut h = h0::<V>();
    let mut x = [V::splat(0); 16];
    for b in 0..full {
        // SAFETY: block b of every message lies within its width bytes, and
        // `(V::LANES - 1) * width + 60` fits in an i32 (the caller's).
        unsafe {
            load_words8_be(&mut x, 0, p.add(64 * b), width, m);
            load_words8_be(&mut x, 8, p.add(64 * b), width, m);
        }
        h = compress::compress::<V, Open>(&h, &x);
    }
    let rem = width - 64 * full;
    let tail_len = if rem + 9 <= 64 { 64 } else { 128 };
    let mut buf = [[0u8; TAIL]; 16];
    for (i, lane) in buf.iter_mut().enumerate().take(m) {
        let tail: &[u8] = if rem == 0 {
            &[]
        } else {
            // SAFETY: the last `rem` bytes of message i, within m * width.
            unsafe { core::slice::from_raw_parts(p.add(i * width + 64 * full), rem) }
        };
        lane[..rem].copy_from_slice(tail);
        lane[rem] = 0x80;
        // `buf` starts zeroed, so only the length remains.
        lane[tail_len - 8..tail_len].copy_from_slice(&((width as u64) << 3).to_be_bytes());
    }
    let tail_offsets = V::lane_offsets(TAIL, m);
    for b in 0..tail_len / 64 {
        // SAFETY: lanes 0..m of `buf` hold TAIL bytes each.
        unsafe { load_words(&mut x, 0, buf.as_ptr().cast::<u8>().add(64 * b), tail_offsets, 16) };
        h = compress::compress::<V, Open>(&h, &x);
    }
    h
}

/// Writes the big-endian digests of lanes `0..dst.len()`.
#[inline(always)]
fn store_digests<V: Lanes>(h: &[V; 8], dst: &mut [[u8; 32]]) {
    scatter_digests(&stored(h), dst, u32::to_be_bytes);
}

/// SHA-256 messages of more bytes than this (over 2^27, far past where
/// lanes pay off) go to the `sha2` crate: lane offsets are 32-bit.
pub(crate) const MAX_LANE_WIDTH: usize = 1 << 27;

/// `dst[i] = SHA256(src[width*i .. width*i + width])` with `V`'s lanes,
/// one group of `V::LANES` messages at a time through `group(p, m)` (the
/// `m` messages at `p`), the last one partial. Whether a short tail is
/// worth a group is the caller's choice (`crate::drivers`, its SHA-256 tail rule).
///
/// # Safety
/// The CPU supports every instruction `V`'s methods use; `group` is one of
/// this module's `group*` functions for `width`.
#[inline(always)]
pub(crate) unsafe fn hash_groups<V: Lanes>(
    src: &[u8],
    width: usize,
    dst: &mut [[u8; 32]],
    group: impl Fn(*const u8, usize) -> [V; 8],
) {
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "sha256: src is not dst.len() messages of width bytes");
    let p = src.as_ptr();
    let n = dst.len();
    let mut done = 0;
    while done < n {
        let m = V::LANES.min(n - done);
        // Messages done..done+m lie within `src` (asserted above).
        let h = group(p.wrapping_add(done * width), m);
        store_digests(&h, &mut dst[done..done + m]);
        done += m;
    }
}

/// [`hash_groups`] with two groups in flight: whole pairs of groups through
/// `pair(p)` (the `2 * V::LANES` messages at `p`), what is left through
/// `group`.
///
/// # Safety
/// As [`hash_groups`]; `pair` is one of this module's `pair*` functions for
/// `width`.
#[cfg(any(test, target_arch = "x86_64"))]
#[inline(always)]
pub(crate) unsafe fn hash_pairs<V: Lanes>(
    src: &[u8],
    width: usize,
    dst: &mut [[u8; 32]],
    pair: impl Fn(*const u8) -> [Pair<V>; 8],
    group: impl Fn(*const u8, usize) -> [V; 8],
) {
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "sha256: src is not dst.len() messages of width bytes");
    let l = V::LANES;
    let mut done = 0;
    while dst.len() - done >= 2 * l {
        // Messages done .. done + 2l lie within `src` (asserted above).
        let h = pair(src[done * width..].as_ptr());
        let (mut h0, mut h1) = ([V::splat(0); 8], [V::splat(0); 8]);
        for (i, w) in h.iter().enumerate() {
            (h0[i], h1[i]) = (w.0, w.1);
        }
        store_digests(&h0, &mut dst[done..done + l]);
        store_digests(&h1, &mut dst[done + l..done + 2 * l]);
        done += 2 * l;
    }
    // SAFETY: the caller's, for the messages left.
    unsafe { hash_groups(&src[done * width..], width, &mut dst[done..], group) }
}

/// A width with its own group loader (padding folded into constants).
pub(crate) trait FixedWidth {
    /// Bytes per message.
    const WIDTH: usize;
    /// One group of messages of this width.
    ///
    /// # Safety
    /// As [`group32`], for `WIDTH`-byte messages.
    unsafe fn group<V: Lanes>(p: *const u8, m: usize) -> [V; 8];
}

/// Defines the [`FixedWidth`] type `$name` for `$width`-byte messages and
/// its group loader, and [`FIXED_WIDTHS`].
macro_rules! fixed_width {
    ($($name:ident = $width:literal => $group:ident;)*) => {
        /// The widths with a group loader of their own (padding folded into
        /// constants); a lane kernel set runs every other width through
        /// [`group_general`].
        pub(crate) const FIXED_WIDTHS: &[usize] = &[$($width),*];
        $(
            #[doc = concat!(stringify!($width), "-byte messages: [`", stringify!($group), "`].")]
            pub(crate) struct $name;
            impl FixedWidth for $name {
                const WIDTH: usize = $width;
                /// # Safety
                /// As [`FixedWidth::group`].
                #[inline(always)]
                unsafe fn group<V: Lanes>(p: *const u8, m: usize) -> [V; 8] {
                    // SAFETY: the caller's.
                    unsafe { $group(p, m) }
                }
            }
        )*
    };
}
fixed_width! {
    W32 = 32 => group32;
    W33 = 33 => group33;
    W64 = 64 => group64;
    W65 = 65 => group65;
    W80 = 80 => group80;
}

/// `dst[i] = SHA256(src[width*i .. width*i + width])` on lanes of `V`
/// (the generic path, used with `u32` by the tests).
///
/// # Safety
/// The CPU supports every instruction `V`'s methods use.
#[cfg(test)]
unsafe fn hash<V: Lanes>(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    // SAFETY: the caller's; each group function gets m >= 1 messages of
    // `width` bytes within src, and the tests' widths are small.
    unsafe {
        match width {
            32 => hash_groups::<V>(src, width, dst, |p, m| W32::group(p, m)),
            33 => hash_groups::<V>(src, width, dst, |p, m| W33::group(p, m)),
            64 => hash_groups::<V>(src, width, dst, |p, m| W64::group(p, m)),
            65 => hash_groups::<V>(src, width, dst, |p, m| W65::group(p, m)),
            80 => hash_groups::<V>(src, width, dst, |p, m| W80::group(p, m)),
            _ => hash_groups::<V>(src, width, dst, |p, m| group_general(p, width, m)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest, Sha256};

    /// The generic kernel on one `u32` lane against the `sha2` crate, for
    /// every width path (fixed and general, one to three blocks).
    #[test]
    fn generic_u32_matches_sha2() {
        for width in (0..200).chain([255, 256, 1000]) {
            let n = 5;
            let src = crate::tests::bytes(width as u64, n * width);
            let mut got = vec![[0u8; 32]; n];
            // SAFETY: u32 needs no CPU feature.
            unsafe { hash::<u32>(&src, width, &mut got) };
            for i in 0..n {
                let want: [u8; 32] = Sha256::digest(&src[i * width..(i + 1) * width]).into();
                assert_eq!(got[i], want, "width {width} message {i}");
            }
        }
    }

    /// [`second`] on one `u32` lane: SHA-256 of the digest, against the
    /// `sha2` crate hashing twice.
    #[test]
    fn second_u32_is_sha256_of_the_digest() {
        for width in [0, 32, 64, 80, 200] {
            let src = crate::tests::bytes(width as u64 + 7, width);
            // SAFETY: u32 needs no CPU feature; one message of `width`
            // bytes.
            let h: [u32; 8] = unsafe { group_general::<u32>(src.as_ptr(), width, 1) };
            let mut got = [[0u8; 32]];
            store_digests(&second(&h), &mut got);
            assert_eq!(got[0], <[u8; 32]>::from(Sha256::digest(Sha256::digest(&src))), "width {width}");
        }
    }
}
