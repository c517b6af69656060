//! SHA-256 (NIST FIPS 180-4) over batches: n messages of one width, one
//! message per lane, or messages of any lengths.
//!
//! - `compress.rs`: the constants and the compression function, written once
//!   over `crate::simd::Word`, with the block layouts whose padding words
//!   fold into constants.
//! - `groups.rs`: the group loaders (`FIXED_WIDTHS` have their own paths:
//!   32, 33 — a compressed public key —, 64 — a merkle node —, 65 — an
//!   uncompressed key — and 80 — a block header; every other width goes
//!   through the general one, any number of blocks) and the group driver.
//!   Compiled where a vector lane type exists (`cfg(rmd160mb_lanes)`, see
//!   `build.rs`) and for the tests, which run it on one `u32` lane
//!   everywhere.
//! - `shani.rs` (x86_64): the SHA extensions, several messages interleaved.
//! - here: the `sha2` crate (the scalar backend's SHA-256, and the short
//!   tails the lane kernel sets give it where they have no SHA-NI), and
//!   the lane manager's view of the algorithm ([`Sha256`]).

use sha2::Digest;

#[cfg(any(test, rmd160mb_lanes))]
pub(crate) mod compress;
#[cfg(any(test, rmd160mb_lanes))]
pub(crate) mod groups;
#[cfg(target_arch = "x86_64")]
pub(crate) mod shani;

use crate::messages::Messages;

/// SHA-256 of one message with the `sha2` crate (SHA-NI where the CPU has it).
#[inline]
pub(crate) fn one(msg: &[u8]) -> [u8; 32] {
    sha2::Sha256::digest(msg).into()
}

/// The `sha2` crate on each message: the scalar backend, and the tail
/// kernel of the lane kernel sets without SHA-NI (`KernelSet::sha256_tail`).
pub(crate) fn hash_sha2(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    each(src, width, dst, one)
}

/// `dst[i] = hash(src[width*i .. width*i + width])`, one message at a time.
#[inline(always)]
fn each(src: &[u8], width: usize, dst: &mut [[u8; 32]], hash: fn(&[u8]) -> [u8; 32]) {
    debug_assert_eq!(Some(src.len()), dst.len().checked_mul(width));
    if width == 0 {
        dst.fill(hash(&[]));
        return;
    }
    for (msg, out) in src.chunks_exact(width).zip(dst.iter_mut()) {
        *out = hash(msg);
    }
}

/// Double SHA-256, `SHA256(SHA256(m))`, of one message with the `sha2`
/// crate.
#[inline]
pub(crate) fn one_double(msg: &[u8]) -> [u8; 32] {
    one(&one(msg))
}

/// [`hash_sha2`] for double SHA-256.
pub(crate) fn hash_sha2_double(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    each(src, width, dst, one_double)
}

/// `dst[i] = SHA256(msgs[i])` with the `sha2` crate, one message at a time.
pub(crate) fn many_sha2(msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
    assert_eq!(msgs.len(), dst.len(), "many: msgs and dst hold different numbers of messages");
    for (i, out) in dst.iter_mut().enumerate() {
        *out = one(msgs.get(i));
    }
}

/// SHA-256 for the lane manager (`crate::manager`); one lane alone runs the
/// `sha2` crate's compression function (SHA-NI where the CPU has it).
#[cfg(any(test, rmd160mb_lanes))]
pub(crate) struct Sha256;

#[cfg(any(test, rmd160mb_lanes))]
impl crate::manager::Algo for Sha256 {
    const WORDS: usize = 8;
    const BIG_ENDIAN: bool = true;
    // Eight chaining words and a 16-word schedule window per group: two
    // groups would not fit in the register file.
    const PAIRS: bool = false;
    const IV: [u32; 8] = compress::H0;
    #[inline(always)]
    fn compress<W: crate::simd::Word>(h: &[W; 8], x: &[W; 16]) -> [W; 8] {
        compress::compress::<W, compress::Open>(h, x)
    }
    #[inline(always)]
    fn compress_one(h: &mut [u32; 8], block: &[u8; 64]) {
        sha2::compress256(h, &[(*block).into()]);
    }
}
