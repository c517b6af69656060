//! The Rust API: the batch functions on the process-wide [`Backend`] or on
//! a given one (`_with`). Each checks its slices and calls one driver
//! (`crate::drivers`).

use crate::backend::Backend;
use crate::drivers::{self, InputError};
use crate::messages::Messages;

/// RIPEMD-160 of each 32-byte message, on the current [`Backend`].
///
/// # Panics
/// If `dst` and `src` differ in length.
pub fn hash32(dst: &mut [[u8; 20]], src: &[[u8; 32]]) {
    hash32_with(Backend::current(), dst, src)
}

/// [`hash32`] on the given backend.
///
/// # Panics
/// If `dst` and `src` differ in length.
pub fn hash32_with(backend: Backend, dst: &mut [[u8; 20]], src: &[[u8; 32]]) {
    check_count("hash32", dst.len(), src.len());
    // SAFETY: the slices give exactly 32n readable and 20n writable bytes,
    // and Rust's borrow rules make them disjoint.
    unsafe { drivers::hash32_raw(backend.kernels(), dst.as_mut_ptr().cast(), src.as_ptr().cast(), src.len()) }
}

/// In place: `buf` holds n 32-byte messages; afterwards its first `20 * n`
/// bytes hold their digests (the rest is unspecified).
///
/// # Panics
/// If `buf.len()` is not a multiple of 32.
pub fn hash32_in_place(buf: &mut [u8]) {
    assert!(
        buf.len().is_multiple_of(32),
        "ripemd160mb::hash32_in_place: buf holds {} bytes, not a multiple of the width 32",
        buf.len()
    );
    let n = buf.len() / 32;
    let p = buf.as_mut_ptr();
    // SAFETY: p is valid for 32n reads and 20n <= 32n writes, dst == src.
    unsafe { drivers::hash32_raw(Backend::current().kernels(), p, p, n) }
}

/// HASH160 = RIPEMD160(SHA256(m)) of each `width`-byte message of `src`,
/// on the current [`Backend`].
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn hash160(dst: &mut [[u8; 20]], src: &[u8], width: usize) {
    hash160_with(Backend::current(), dst, src, width)
}

/// [`hash160`] on the given backend.
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn hash160_with(backend: Backend, dst: &mut [[u8; 20]], src: &[u8], width: usize) {
    check_width("hash160", dst.len(), src.len(), width);
    // SAFETY: src holds width*n readable bytes, dst 20n writable ones, and
    // they are disjoint.
    unsafe { drivers::hash160_raw(backend.kernels(), dst.as_mut_ptr().cast(), src.as_ptr(), dst.len(), width) }
}

/// SHA-256 (NIST FIPS 180-4) of each `width`-byte message of `src`, on the
/// current [`Backend`].
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn sha256(dst: &mut [[u8; 32]], src: &[u8], width: usize) {
    sha256_with(Backend::current(), dst, src, width)
}

/// [`sha256`] on the given backend.
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn sha256_with(backend: Backend, dst: &mut [[u8; 32]], src: &[u8], width: usize) {
    check_width("sha256", dst.len(), src.len(), width);
    // SAFETY: src holds width*n readable bytes, dst 32n writable ones, and
    // they are disjoint.
    unsafe { drivers::sha256_raw(backend.kernels(), dst.as_mut_ptr().cast(), src.as_ptr(), dst.len(), width) }
}

/// Double SHA-256, `SHA256(SHA256(m))` (NIST FIPS 180-4, applied twice, as
/// Bitcoin hashes transactions, block headers and merkle nodes), of each
/// `width`-byte message of `src`, on the current [`Backend`]; the digests
/// are in internal byte order (Bitcoin displays them byte-reversed). Width
/// 64 (merkle nodes) and 80 (block headers) are the common ones; any width
/// works.
///
/// ```
/// // The genesis block's header hash, shown byte-reversed as Bitcoin does.
/// let header = hex(concat!(
///     "0100000000000000000000000000000000000000000000000000000000000000",
///     "000000003ba3edfd7a7b12b27ac72c3e67768f617fc81bc3888a51323a9fb8aa",
///     "4b1e5e4a29ab5f49ffff001d1dac2b7c"
/// ));
/// let mut hash = [[0u8; 32]; 1];
/// ripemd160mb::sha256d(&mut hash, &header, 80);
/// hash[0].reverse();
/// assert_eq!(hash[0][..8], [0, 0, 0, 0, 0, 0x19, 0xd6, 0x68]);
/// # fn hex(s: &str) -> Vec<u8> {
/// #     (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
/// # }
/// ```
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn sha256d(dst: &mut [[u8; 32]], src: &[u8], width: usize) {
    sha256d_with(Backend::current(), dst, src, width)
}

/// [`sha256d`] on the given backend.
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn sha256d_with(backend: Backend, dst: &mut [[u8; 32]], src: &[u8], width: usize) {
    check_width("sha256d", dst.len(), src.len(), width);
    // SAFETY: src holds width*n readable bytes, dst 32n writable ones, and
    // they are disjoint.
    unsafe { drivers::sha256d_raw(backend.kernels(), dst.as_mut_ptr().cast(), src.as_ptr(), dst.len(), width) }
}

/// Double SHA-256 of each message of `msgs` (any lengths: serialized
/// transactions, whose txids these are, in internal byte order), on the
/// current [`Backend`]. A txid hashes the serialization without witness
/// data; with it, the digest is the wtxid.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn sha256d_many(dst: &mut [[u8; 32]], msgs: &[&[u8]]) {
    sha256d_many_with(Backend::current(), dst, msgs)
}

/// [`sha256d_many`] on the given backend.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn sha256d_many_with(backend: Backend, dst: &mut [[u8; 32]], msgs: &[&[u8]]) {
    check_count("sha256d_many", dst.len(), msgs.len());
    drivers::sha256d_many_msgs(backend.kernels(), Messages::slices(msgs), dst)
}

/// The Bitcoin merkle root of `leaves` (txids, 32 bytes each in internal
/// byte order), and whether the tree is mutated, on the current
/// [`Backend`]. Exactly Bitcoin Core's `ComputeMerkleRoot`: each level
/// pairs nodes `2k` and `2k + 1` into `SHA256(SHA256(left || right))`, an
/// odd level pairing its last node with itself; the tree is mutated when
/// some level holds two equal nodes at `2k` and `2k + 1` (CVE-2012-2459: a
/// block with duplicated transactions has the root of a valid one, so a node
/// must reject it). No leaves: 32 zero bytes, not mutated. No heap
/// allocation.
///
/// ```
/// let leaves = [[1u8; 32], [2u8; 32], [3u8; 32]];
/// let (root, mutated) = ripemd160mb::merkle_root(&leaves);
/// assert!(!mutated);
/// // Three leaves: the third is paired with itself.
/// let mut level = [[0u8; 32]; 2];
/// ripemd160mb::sha256d(&mut level, &[leaves[0], leaves[1], leaves[2], leaves[2]].concat(), 64);
/// let mut top = [[0u8; 32]; 1];
/// ripemd160mb::sha256d(&mut top, &level.concat(), 64);
/// assert_eq!(root, top[0]);
/// // Duplicating the last leaf gives the same root, and is flagged.
/// let dup = [leaves[0], leaves[1], leaves[2], leaves[2]];
/// assert_eq!(ripemd160mb::merkle_root(&dup), (root, true));
/// ```
pub fn merkle_root(leaves: &[[u8; 32]]) -> ([u8; 32], bool) {
    merkle_root_with(Backend::current(), leaves)
}

/// [`merkle_root`] on the given backend.
pub fn merkle_root_with(backend: Backend, leaves: &[[u8; 32]]) -> ([u8; 32], bool) {
    drivers::merkle_root(backend.kernels(), leaves)
}

/// RIPEMD-160 of each message of `msgs` (any lengths), on the current
/// [`Backend`]: `dst[i] = RIPEMD160(msgs[i])`, with every lane of the
/// backend busy whatever the mix of lengths.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn ripemd160_many(dst: &mut [[u8; 20]], msgs: &[&[u8]]) {
    ripemd160_many_with(Backend::current(), dst, msgs)
}

/// [`ripemd160_many`] on the given backend.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn ripemd160_many_with(backend: Backend, dst: &mut [[u8; 20]], msgs: &[&[u8]]) {
    check_count("ripemd160_many", dst.len(), msgs.len());
    drivers::ripemd160_many_msgs(backend.kernels(), Messages::slices(msgs), dst)
}

/// HASH160 = RIPEMD160(SHA256(m)) of each message of `msgs` (any lengths),
/// on the current [`Backend`].
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn hash160_many(dst: &mut [[u8; 20]], msgs: &[&[u8]]) {
    hash160_many_with(Backend::current(), dst, msgs)
}

/// [`hash160_many`] on the given backend.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn hash160_many_with(backend: Backend, dst: &mut [[u8; 20]], msgs: &[&[u8]]) {
    check_count("hash160_many", dst.len(), msgs.len());
    drivers::hash160_many_msgs(backend.kernels(), Messages::slices(msgs), dst)
}

/// SHA-256 (NIST FIPS 180-4) of each message of `msgs` (any lengths), on
/// the current [`Backend`].
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn sha256_many(dst: &mut [[u8; 32]], msgs: &[&[u8]]) {
    sha256_many_with(Backend::current(), dst, msgs)
}

/// [`sha256_many`] on the given backend.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn sha256_many_with(backend: Backend, dst: &mut [[u8; 32]], msgs: &[&[u8]]) {
    check_count("sha256_many", dst.len(), msgs.len());
    drivers::sha256_many_msgs(backend.kernels(), Messages::slices(msgs), dst)
}

/// Keccak-256 of each `width`-byte message of `src`, on the current
/// [`Backend`]: the original Keccak padding that Ethereum uses (Bertoni,
/// Daemen, Peeters, Van Assche, "The Keccak reference" 3.0, 2011), not
/// FIPS 202 SHA3-256.
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn keccak256(dst: &mut [[u8; 32]], src: &[u8], width: usize) {
    keccak256_with(Backend::current(), dst, src, width)
}

/// [`keccak256`] on the given backend.
///
/// # Panics
/// If `src.len() != dst.len() * width`.
pub fn keccak256_with(backend: Backend, dst: &mut [[u8; 32]], src: &[u8], width: usize) {
    check_width("keccak256", dst.len(), src.len(), width);
    // SAFETY: src holds width*n readable bytes, dst 32n writable ones, and
    // they are disjoint.
    unsafe { drivers::keccak256_raw(backend.kernels(), dst.as_mut_ptr().cast(), src.as_ptr(), dst.len(), width) }
}

/// Ethereum addresses of secp256k1 public keys, on the current
/// [`Backend`]: `dst[i]` = the last 20 bytes of Keccak-256 of the 64 bytes
/// `X || Y` of key `i`. The keys are `width` bytes each: 64 (`X || Y`) or 65
/// (`0x04 || X || Y`, every key's first byte checked).
///
/// # Errors
/// [`InputError::Width`] for a width other than 64 or 65 (whatever the
/// number of keys), [`InputError::Prefix`] for a 65-byte key that does not
/// start with `0x04`; `dst` is then unchanged.
///
/// # Panics
/// If `src.len() != dst.len() * width` (for an accepted width).
pub fn eth_address(dst: &mut [[u8; 20]], src: &[u8], width: usize) -> Result<(), InputError> {
    eth_address_with(Backend::current(), dst, src, width)
}

/// [`eth_address`] on the given backend.
///
/// # Errors
/// As [`eth_address`].
///
/// # Panics
/// As [`eth_address`].
pub fn eth_address_with(backend: Backend, dst: &mut [[u8; 20]], src: &[u8], width: usize) -> Result<(), InputError> {
    drivers::check_eth_keys(&[], width)?;
    check_width("eth_address", dst.len(), src.len(), width);
    // SAFETY: src holds width*n readable bytes, dst 20n writable ones, and
    // they are disjoint.
    unsafe { drivers::eth_address_raw(backend.kernels(), dst.as_mut_ptr().cast(), src.as_ptr(), dst.len(), width) }
}

/// Keccak-256 (the original Keccak padding, as [`keccak256`]) of each
/// message of `msgs` (any lengths), on the current [`Backend`].
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn keccak256_many(dst: &mut [[u8; 32]], msgs: &[&[u8]]) {
    keccak256_many_with(Backend::current(), dst, msgs)
}

/// [`keccak256_many`] on the given backend.
///
/// # Panics
/// If `dst` and `msgs` differ in length.
pub fn keccak256_many_with(backend: Backend, dst: &mut [[u8; 32]], msgs: &[&[u8]]) {
    check_count("keccak256_many", dst.len(), msgs.len());
    drivers::keccak256_many_msgs(backend.kernels(), Messages::slices(msgs), dst)
}

/// Panics unless `src` holds `n` messages of `width` bytes, with a
/// sentence naming the function, the width and both lengths.
#[track_caller]
pub(crate) fn check_width(function: &str, n: usize, src: usize, width: usize) {
    if n.checked_mul(width) != Some(src) {
        let s = if n == 1 { "" } else { "s" };
        panic!(
            "ripemd160mb::{function}: dst has room for {n} digest{s}, so src must hold {n} message{s} of width {width} \
             ({} bytes), but it holds {src} bytes",
            n.checked_mul(width).map_or_else(|| "more than usize::MAX".to_string(), |b| b.to_string())
        );
    }
}

/// Panics unless `dst` has room for exactly `msgs` digests, naming the
/// function and both lengths.
#[track_caller]
fn check_count(function: &str, dst: usize, msgs: usize) {
    if dst != msgs {
        let (s, are, m) =
            (if dst == 1 { "" } else { "s" }, if msgs == 1 { "is" } else { "are" }, if msgs == 1 { "" } else { "s" });
        panic!("ripemd160mb::{function}: dst has room for {dst} digest{s}, but there {are} {msgs} message{m}");
    }
}

/// HASH160 = RIPEMD160(SHA256(m)) of one message of any length, on the
/// current [`Backend`] (the batch functions are faster for many).
///
/// ```
/// let key = [
///     0x02, 0x79, 0xbe, 0x66, 0x7e, 0xf9, 0xdc, 0xbb, 0xac, 0x55, 0xa0, 0x62, 0x95, 0xce, 0x87, 0x0b, 0x07,
///     0x02, 0x9b, 0xfc, 0xdb, 0x2d, 0xce, 0x28, 0xd9, 0x59, 0xf2, 0x81, 0x5b, 0x16, 0xf8, 0x17, 0x98,
/// ];
/// // The compressed public key of the secp256k1 private key 1.
/// let want = [
///     0x75, 0x1e, 0x76, 0xe8, 0x19, 0x91, 0x96, 0xd4, 0x54, 0x94, 0x1c, 0x45, 0xd1, 0xb3, 0xa3, 0x23, 0xf1,
///     0x43, 0x3b, 0xd6,
/// ];
/// assert_eq!(ripemd160mb::hash160_one(&key), want);
/// ```
pub fn hash160_one(msg: &[u8]) -> [u8; 20] {
    let mut d = [[0u8; 20]];
    hash160_many(&mut d, &[msg]);
    d[0]
}

/// SHA-256 (NIST FIPS 180-4) of one message of any length, on the current
/// [`Backend`].
///
/// ```
/// // FIPS 180-4's example "abc".
/// let want = [
///     0xba, 0x78, 0x16, 0xbf, 0x8f, 0x01, 0xcf, 0xea, 0x41, 0x41, 0x40, 0xde, 0x5d, 0xae, 0x22, 0x23, 0xb0,
///     0x03, 0x61, 0xa3, 0x96, 0x17, 0x7a, 0x9c, 0xb4, 0x10, 0xff, 0x61, 0xf2, 0x00, 0x15, 0xad,
/// ];
/// assert_eq!(ripemd160mb::sha256_one(b"abc"), want);
/// ```
pub fn sha256_one(msg: &[u8]) -> [u8; 32] {
    let mut d = [[0u8; 32]];
    sha256_many(&mut d, &[msg]);
    d[0]
}

/// Keccak-256 (the original Keccak padding that Ethereum uses, as
/// [`keccak256`]) of one message of any length, on the current [`Backend`].
///
/// ```
/// // Keccak-256 of the empty message (Ethereum's empty-code hash).
/// let want = [
///     0xc5, 0xd2, 0x46, 0x01, 0x86, 0xf7, 0x23, 0x3c, 0x92, 0x7e, 0x7d, 0xb2, 0xdc, 0xc7, 0x03, 0xc0, 0xe5,
///     0x00, 0xb6, 0x53, 0xca, 0x82, 0x27, 0x3b, 0x7b, 0xfa, 0xd8, 0x04, 0x5d, 0x85, 0xa4, 0x70,
/// ];
/// assert_eq!(ripemd160mb::keccak256_one(b""), want);
/// ```
pub fn keccak256_one(msg: &[u8]) -> [u8; 32] {
    let mut d = [[0u8; 32]];
    keccak256_many(&mut d, &[msg]);
    d[0]
}
