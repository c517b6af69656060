//! Multi-lane SHA-256 (NIST FIPS 180-4): n messages of one width, one
//! message per lane, written once over [`Word`] like the RIPEMD-160
//! compression function.
//!
//! The constants live here and nowhere else. [`compress`] is unrolled with
//! `seq!` and computes the message schedule on the fly in a rolling 16-word
//! window. The words of a block that are padding, known at compile time for
//! a fixed width, are described by a [`Layout`]; their schedule terms and
//! their `K[t] + W[t]` sums fold into constants, and a word of the schedule
//! whose inputs are all known is itself a constant.
//!
//! Widths 32, 33 (compressed public key) and 65 (uncompressed) have their
//! own paths; every other width goes through [`group_general`] (any number
//! of blocks). A kernel supplies the lane loads and stores ([`Lanes`]) and
//! a `#[target_feature]` entry point that calls [`hash`].

// Until the NEON kernel uses it, only x86_64 instantiates the lanes code.
#![cfg_attr(not(target_arch = "x86_64"), allow(dead_code, unused_macros, unused_imports))]

use seq_macro::seq;
use sha2::{Digest, Sha256};

use crate::compress::Word;

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
#[cfg(all(target_arch = "aarch64", target_endian = "little", target_feature = "neon"))]
pub(crate) mod neon;

/// Initial hash value H(0) (FIPS 180-4, 5.3.3).
pub const H0: [u32; 8] = [
    0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19,
];

/// The round constants K0..K63 (FIPS 180-4, 4.2.2).
pub const K: [u32; 64] = [
    0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
    0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
    0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
    0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
    0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
    0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
    0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
    0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
];

/// Which words of a message block are known at compile time.
pub(crate) trait Layout {
    /// `Some(w)`: word `i` is `w` in every lane (padding); `None`: it varies.
    const KNOWN: [Option<u32>; 16];
    /// The same for the 64 words of the message schedule.
    const SCHEDULE: [Option<u32>; 64] = schedule_known(Self::KNOWN);
}

/// σ0 and σ1 on constants (the schedule of known words).
const fn small_sigma0(x: u32) -> u32 {
    x.rotate_right(7) ^ x.rotate_right(18) ^ (x >> 3)
}
const fn small_sigma1(x: u32) -> u32 {
    x.rotate_right(17) ^ x.rotate_right(19) ^ (x >> 10)
}

/// Word t of the schedule is known when the four words it is made of are.
const fn schedule_known(block: [Option<u32>; 16]) -> [Option<u32>; 64] {
    let mut s = [None; 64];
    let mut t = 0;
    while t < 64 {
        s[t] = if t < 16 {
            block[t]
        } else {
            match (s[t - 2], s[t - 7], s[t - 15], s[t - 16]) {
                (Some(a), Some(b), Some(c), Some(d)) => {
                    Some(small_sigma1(a).wrapping_add(b).wrapping_add(small_sigma0(c)).wrapping_add(d))
                }
                _ => None,
            }
        };
        t += 1;
    }
    s
}

/// A block whose 16 words all vary (full message blocks, general tails).
pub(crate) struct Open;
impl Layout for Open {
    const KNOWN: [Option<u32>; 16] = [None; 16];
}

/// The one block of a 32-byte message: words 0..8 vary, then 0x80 and the
/// length 256.
pub(crate) struct Pad32;
impl Layout for Pad32 {
    const KNOWN: [Option<u32>; 16] = pad(8, 0x8000_0000, 256);
}

/// The one block of a 33-byte message: words 0..8 vary (word 8 is the last
/// byte and 0x80, assembled by the loader), then the length 264.
pub(crate) struct Pad33;
impl Layout for Pad33 {
    const KNOWN: [Option<u32>; 16] = pad(9, 0, 264);
}

/// The second block of a 65-byte message: word 0 is the last byte and 0x80
/// (assembled by the loader), then zeros and the length 520.
pub(crate) struct Pad65Second;
impl Layout for Pad65Second {
    const KNOWN: [Option<u32>; 16] = pad(1, 0, 520);
}

/// Words `vary..16` known: word `vary` is `first` (when `vary < 15`), the
/// words up to 14 are zero and word 15 is the bit length (< 2^32).
const fn pad(vary: usize, first: u32, bits: u32) -> [Option<u32>; 16] {
    let mut k = [None; 16];
    let mut i = vary;
    while i < 15 {
        k[i] = Some(if i == vary { first } else { 0 });
        i += 1;
    }
    k[15] = Some(bits);
    k
}

/// `W[t] + K[t]`, computing `W[t]` into the rolling window `w` when it
/// varies (t >= 16). Known terms are summed into one constant; known zero
/// terms cost nothing.
#[inline(always)]
fn schedule<W: Word, L: Layout>(w: &mut [W; 16], t: usize) -> W {
    let sched = const { &L::SCHEDULE };
    if t >= 16 && sched[t].is_none() {
        let mut constant = 0u32;
        let mut sum: Option<W> = None;
        let mut add = |x: W| sum = Some(match sum {
            Some(s) => s.add(x),
            None => x,
        });
        // Cheapest first: the plain words, then σ0, then σ1 of W[t-2]
        // (the most recent, so the last to be ready).
        match sched[t - 16] {
            Some(c) => constant = constant.wrapping_add(c),
            None => add(w[(t - 16) % 16]),
        }
        match sched[t - 7] {
            Some(c) => constant = constant.wrapping_add(c),
            None => add(w[(t - 7) % 16]),
        }
        match sched[t - 15] {
            Some(c) => constant = constant.wrapping_add(small_sigma0(c)),
            None => add(w[(t - 15) % 16].small_sigma0()),
        }
        match sched[t - 2] {
            Some(c) => constant = constant.wrapping_add(small_sigma1(c)),
            None => add(w[(t - 2) % 16].small_sigma1()),
        }
        // At least one term varies, or the word would be known.
        let var = sum.unwrap_or_else(|| W::splat(0));
        w[t % 16] = if constant == 0 { var } else { var.add(W::splat(constant)) };
    }
    match sched[t] {
        Some(c) => W::splat(c.wrapping_add(K[t])),
        None => w[t % 16].add(W::splat(K[t])),
    }
}

/// Round `t` on the working variables `v` = (a, b, c, d, e, f, g, h).
#[inline(always)]
fn round<W: Word, L: Layout>(v: &mut [W; 8], w: &mut [W; 16], t: usize) {
    let [a, b, c, d, e, f, g, h] = *v;
    // Ordered for the shortest dependency chains: h + K[t] + W[t] does
    // not wait for the previous round, Ch (one operation after e) is added
    // before Σ1 (two operations after e), so the new e and a are 4
    // operations after the old ones.
    let t1 = h.add(schedule::<W, L>(w, t)).add(W::ch(e, f, g)).add(e.big_sigma1());
    let t2 = a.big_sigma0().add(W::maj(a, b, c));
    *v = [t1.add(t2), a, b, c, d.add(t1), e, f, g];
}

/// The SHA-256 compression function on one block per lane: big-endian
/// message words `block` (the known ones of `L` are ignored) and chaining
/// value `h` to the next chaining value.
#[inline(always)]
pub(crate) fn compress<W: Word, L: Layout>(h: &[W; 8], block: &[W; 16]) -> [W; 8] {
    let mut v = *h;
    let mut w = *block;
    seq!(T in 0..64 {
        round::<W, L>(&mut v, &mut w, T);
    });
    core::array::from_fn(|i| h[i].add(v[i]))
}

/// The initial hash value in every lane.
#[inline(always)]
fn h0<W: Word>() -> [W; 8] {
    H0.map(W::splat)
}

/// A [`Word`] that a kernel can load lane by lane from n messages of one
/// width, and store back.
pub(crate) trait Lanes: Word {
    /// Messages side by side.
    const LANES: usize;
    /// Lane `i` holds `min(i, m - 1) * stride` (`m >= 1`): the byte offset
    /// of message `i`, lanes past the last message repeating it. The
    /// products fit in an `i32`.
    fn lane_offsets(stride: usize, m: usize) -> Self;
    /// Lane `i`: the 4 bytes at `p + offsets[i]` read as a big-endian word.
    ///
    /// # Safety
    /// Those bytes are readable for every lane.
    unsafe fn load_be(p: *const u8, offsets: Self) -> Self;
    /// Lane `i`: the 4 bytes at `p + offsets[i]` read as a little-endian word.
    ///
    /// # Safety
    /// Those bytes are readable for every lane.
    unsafe fn load_le(p: *const u8, offsets: Self) -> Self;
    /// `out[i]` = lane `i`, for `i < LANES` (`LANES <= 16`).
    fn store(self, out: &mut [u32; 16]);
}

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

/// Loads `count` big-endian words starting at `p` in each lane.
///
/// # Safety
/// `4 * count` bytes from `p + offsets[i]` are readable for every lane.
#[inline(always)]
#[allow(clippy::erasing_op, clippy::identity_op)] // 4 * J for J = 0, 1
unsafe fn load_words<V: Lanes>(x: &mut [V; 16], p: *const u8, offsets: V, count: usize) {
    seq!(J in 0..16 {
        if J < count {
            // SAFETY: the caller's; J < count.
            x[J] = unsafe { V::load_be(p.add(4 * J), offsets) };
        }
    });
}

/// One group of 32-byte messages at `p + offsets[i]`.
///
/// # Safety
/// 32 bytes are readable at each `p + offsets[i]`.
#[inline(always)]
pub(crate) unsafe fn group32<V: Lanes>(p: *const u8, m: usize) -> [V; 8] {
    let mut x = [V::splat(0); 16];
    // SAFETY: words 0..8 are the message's 32 bytes.
    unsafe { load_words(&mut x, p, V::lane_offsets(32, m), 8) };
    compress::<V, Pad32>(&h0(), &x)
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
        load_words(&mut x, p, offsets, 8);
        x[8] = last_byte_word(p.add(29), offsets);
    }
    compress::<V, Pad33>(&h0(), &x)
}

/// One group of 65-byte messages: a full block, then a block that is all
/// padding but the last byte.
///
/// # Safety
/// 65 bytes are readable at each `p + offsets[i]`.
#[inline(always)]
pub(crate) unsafe fn group65<V: Lanes>(p: *const u8, m: usize) -> [V; 8] {
    let mut x = [V::splat(0); 16];
    let offsets = V::lane_offsets(65, m);
    // SAFETY: words 0..16 are bytes 0..64, the last word is bytes 61..65.
    unsafe { load_words(&mut x, p, offsets, 16) };
    let h = compress::<V, Open>(&h0(), &x);
    // SAFETY: as above.
    x[0] = unsafe { last_byte_word(p.add(61), offsets) };
    compress::<V, Pad65Second>(&h, &x)
}

/// Bytes per lane of the tail buffer of [`group_general`]: the last
/// (partial) block of the message with its padding, one or two blocks.
const TAIL: usize = 128;

/// One group of `m` messages of any width, the message of lane `i` at
/// `p + i * width` (lanes past `m` repeat the last one): the full blocks
/// are loaded from the messages, the padded tail from a buffer on the stack.
///
/// # Safety
/// `m * width` bytes are readable at `p`, `1 <= m <= V::LANES`, and
/// `(V::LANES - 1) * width + 64` fits in an `i32`.
#[inline(always)]
pub(crate) unsafe fn group_general<V: Lanes>(p: *const u8, width: usize, m: usize) -> [V; 8] {
    let offsets = V::lane_offsets(width, m);
    let full = width / 64;
    let mut h = h0::<V>();
    let mut x = [V::splat(0); 16];
    for b in 0..full {
        // SAFETY: block b of every message lies within its width bytes.
        unsafe { load_words(&mut x, p.add(64 * b), offsets, 16) };
        h = compress::<V, Open>(&h, &x);
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
        unsafe { load_words(&mut x, buf.as_ptr().cast::<u8>().add(64 * b), tail_offsets, 16) };
        h = compress::<V, Open>(&h, &x);
    }
    h
}

/// Writes the big-endian digests of lanes `0..dst.len()`.
#[inline(always)]
fn store_digests<V: Lanes>(h: &[V; 8], dst: &mut [[u8; 32]]) {
    let mut words = [[0u32; 16]; 8];
    for (w, out) in h.iter().zip(words.iter_mut()) {
        w.store(out);
    }
    for (i, d) in dst.iter_mut().enumerate() {
        for (j, w) in words.iter().enumerate() {
            d[4 * j..4 * j + 4].copy_from_slice(&w[i].to_be_bytes());
        }
    }
}

/// SHA-256 of one message with the `sha2` crate (SHA-NI where the CPU has it).
#[inline]
pub(crate) fn one(msg: &[u8]) -> [u8; 32] {
    Sha256::digest(msg).into()
}

/// The `sha2` crate on each message: the scalar backend, and the remainder
/// of a batch when fewer messages than lanes are left.
pub(crate) fn hash_sha2(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    debug_assert_eq!(Some(src.len()), dst.len().checked_mul(width));
    if width == 0 {
        dst.fill(one(&[]));
        return;
    }
    for (msg, out) in src.chunks_exact(width).zip(dst.iter_mut()) {
        *out = one(msg);
    }
}

/// Messages of more bytes than this (over 2^27, far past where lanes pay
/// off) go to the `sha2` crate: lane offsets are 32-bit.
pub(crate) const MAX_LANE_WIDTH: usize = 1 << 27;

/// Fewest messages for which a partial group of `lanes` lanes beats the
/// `sha2` crate message by message. Without SHA-NI, `sha2` runs portable
/// code and a group of any size is faster. With it, measured with
/// `cargo bench --bench sha256 -- remainder` and the minimum-time table on
/// AMD Zen 5 (a group costs the same for any count, about 380 ns for 16
/// one-block messages and 680 ns for two blocks; `sha2` about 59 and 85 ns
/// per message): AVX-512 breaks even at about 6.5 messages of one block
/// and 8 of two; AVX2 (8 lanes, about 300 and 610 ns a group) at about 5
/// and only for full groups of two blocks.
fn min_partial_group(lanes: usize, width: usize) -> usize {
    if lanes == 1 || !sha_ni() {
        return 1;
    }
    let blocks = (width + 9).div_ceil(64);
    match (lanes, blocks) {
        (16, 1) => 7,
        (16, _) => 8,
        (_, 1) => 5,
        _ => lanes,
    }
}

/// True when the `sha2` crate runs on the SHA extensions (SHA-NI).
#[inline]
fn sha_ni() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("sha") && std::arch::is_x86_feature_detected!("sse4.1")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// `dst[i] = SHA256(src[width*i .. width*i + width])` with `V`'s lanes,
/// one group of `V::LANES` messages at a time through `group(p, m)` (the
/// `m` messages at `p`), the tail to `sha2` when that is faster.
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
    let min_group = min_partial_group(V::LANES, width);
    let mut done = 0;
    while done < n {
        let m = V::LANES.min(n - done);
        if m < min_group {
            hash_sha2(&src[done * width..], width, &mut dst[done..]);
            return;
        }
        // Messages done..done+m lie within `src` (asserted above).
        let h = group(p.wrapping_add(done * width), m);
        store_digests(&h, &mut dst[done..done + m]);
        done += m;
    }
}

/// Defines a kernel's SHA-256 entry point `hash` for lane type `$v` and
/// target features `$features`: one function per specialised width (each
/// with its own registers, and countable in the disassembly) and one for
/// every other width.
macro_rules! sha256_entry_points {
    ($v:ty, $features:literal) => {
        /// `dst[i] = SHA256(src[width*i .. width*i + width])`.
        ///
        /// # Safety
        /// The CPU has the target features (a `Backend` of this kind exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn hash(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
            // SAFETY (all arms): the features are enabled here.
            match width {
                32 => unsafe { hash_w32(src, dst) },
                33 => unsafe { hash_w33(src, dst) },
                65 => unsafe { hash_w65(src, dst) },
                w if w > $crate::sha256::MAX_LANE_WIDTH => $crate::sha256::hash_sha2(src, width, dst),
                _ => unsafe { hash_general(src, width, dst) },
            }
        }

        #[target_feature(enable = $features)]
        #[inline(never)]
        unsafe fn hash_w32(src: &[u8], dst: &mut [[u8; 32]]) {
            // SAFETY: the features are enabled; hash_groups passes m >= 1
            // messages of 32 bytes within src.
            unsafe { $crate::sha256::hash_groups::<$v>(src, 32, dst, |p, m| $crate::sha256::group32(p, m)) }
        }

        #[target_feature(enable = $features)]
        #[inline(never)]
        unsafe fn hash_w33(src: &[u8], dst: &mut [[u8; 32]]) {
            // SAFETY: as above, 33-byte messages.
            unsafe { $crate::sha256::hash_groups::<$v>(src, 33, dst, |p, m| $crate::sha256::group33(p, m)) }
        }

        #[target_feature(enable = $features)]
        #[inline(never)]
        unsafe fn hash_w65(src: &[u8], dst: &mut [[u8; 32]]) {
            // SAFETY: as above, 65-byte messages.
            unsafe { $crate::sha256::hash_groups::<$v>(src, 65, dst, |p, m| $crate::sha256::group65(p, m)) }
        }

        #[target_feature(enable = $features)]
        #[inline(never)]
        unsafe fn hash_general(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
            // SAFETY: as above; width <= MAX_LANE_WIDTH keeps the lane
            // offsets within an i32.
            unsafe { $crate::sha256::hash_groups::<$v>(src, width, dst, |p, m| $crate::sha256::group_general(p, width, m)) }
        }
    };
}
pub(crate) use sha256_entry_points;

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
            32 => hash_groups::<V>(src, width, dst, |p, m| group32(p, m)),
            33 => hash_groups::<V>(src, width, dst, |p, m| group33(p, m)),
            65 => hash_groups::<V>(src, width, dst, |p, m| group65(p, m)),
            _ => hash_groups::<V>(src, width, dst, |p, m| group_general(p, width, m)),
        }
    }
}

/// The generic path on `u32` (one lane), so the compression function and
/// the layouts are tested on every architecture.
impl Lanes for u32 {
    const LANES: usize = 1;
    #[inline(always)]
    fn lane_offsets(_stride: usize, _m: usize) -> Self {
        0
    }
    #[inline(always)]
    unsafe fn load_be(p: *const u8, offsets: Self) -> Self {
        // SAFETY: the caller's: 4 readable bytes at p + offsets.
        u32::from_be_bytes(unsafe { p.add(offsets as usize).cast::<[u8; 4]>().read() })
    }
    #[inline(always)]
    unsafe fn load_le(p: *const u8, offsets: Self) -> Self {
        // SAFETY: as above.
        u32::from_le_bytes(unsafe { p.add(offsets as usize).cast::<[u8; 4]>().read() })
    }
    #[inline(always)]
    fn store(self, out: &mut [u32; 16]) {
        out[0] = self;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The generic kernel on one `u32` lane against the `sha2` crate, for
    /// every width path (fixed and general, one to three blocks).
    #[test]
    fn generic_u32_matches_sha2() {
        let mut seed = 0x1234_5678_9abc_def0u64;
        for width in (0..200).chain([255, 256, 1000]) {
            let n = 5;
            let src: Vec<u8> = (0..n * width)
                .map(|_| {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    seed as u8
                })
                .collect();
            let mut got = vec![[0u8; 32]; n];
            // SAFETY: u32 needs no CPU feature.
            unsafe { hash::<u32>(&src, width, &mut got) };
            for i in 0..n {
                let want: [u8; 32] = Sha256::digest(&src[i * width..(i + 1) * width]).into();
                assert_eq!(got[i], want, "width {width} message {i}");
            }
        }
    }

    #[test]
    fn known_schedule_of_65_byte_second_block() {
        // W16 = W0 varies; W17 = σ1(520) is known; W18 = σ1(W16) varies.
        let s = Pad65Second::SCHEDULE;
        assert!(s[16].is_none() && s[18].is_none());
        assert_eq!(s[17], Some(small_sigma1(520)));
        assert!(s[19].is_some() && s[21].is_some() && s[23].is_none());
    }
}
