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
    assert_eq!(dst.len(), src.len(), "hash32: dst and src hold different numbers of messages");
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
    assert_eq!(buf.len() % 32, 0, "hash32_in_place: length is not a multiple of 32");
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
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "hash160: src is not dst.len() messages of width bytes");
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
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "sha256: src is not dst.len() messages of width bytes");
    // SAFETY: src holds width*n readable bytes, dst 32n writable ones, and
    // they are disjoint.
    unsafe { drivers::sha256_raw(backend.kernels(), dst.as_mut_ptr().cast(), src.as_ptr(), dst.len(), width) }
}

/// Double SHA-256, `SHA256(SHA256(m))` (NIST FIPS 180-4, applied twice, as
/// Bitcoin hashes transactions, block headers and merkle nodes), of each
/// `width`-byte message of `src`, on the current [`Backend`]. Width 64
/// (merkle nodes) and 80 (block headers) are the common ones; any width
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
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "sha256d: src is not dst.len() messages of width bytes");
    // SAFETY: src holds width*n readable bytes, dst 32n writable ones, and
    // they are disjoint.
    unsafe { drivers::sha256d_raw(backend.kernels(), dst.as_mut_ptr().cast(), src.as_ptr(), dst.len(), width) }
}

/// Double SHA-256 of each message of `msgs` (any lengths: serialized
/// transactions, whose txids these are, in internal byte order), on the
/// current [`Backend`].
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
    assert_eq!(
        Some(src.len()),
        dst.len().checked_mul(width),
        "keccak256: src is not dst.len() messages of width bytes"
    );
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
    assert_eq!(Some(src.len()), dst.len().checked_mul(width), "eth_address: src is not dst.len() keys of width bytes");
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
    drivers::keccak256_many_msgs(backend.kernels(), Messages::slices(msgs), dst)
}
