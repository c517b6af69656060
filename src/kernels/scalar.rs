//! The portable scalar kernel set: one message at a time, on every CPU. It
//! is the reference every other kernel set is checked against. Its SHA-256
//! is the `sha2` crate (which uses SHA-NI or the Armv8 SHA-2 instructions
//! where the CPU has them).

use super::{KernelSet, Tuning};
use crate::messages::Messages;
use crate::{keccak, ripemd160, sha256 as sha256_alg};

/// The scalar kernel set.
pub(crate) const SET: KernelSet = KernelSet {
    name: c"scalar",
    sha256_engine: c"scalar",
    lanes: 1,
    keccak_lanes: 1,
    hash32,
    hash32_narrower: None,
    sha256,
    sha256d,
    sha256_tail: sha256,
    sha256d_tail: sha256d,
    hash160_fused,
    ripemd160_many,
    sha256_many,
    keccak256,
    keccak256_many,
    tuning: Tuning::NONE,
};

// The entry points below need no CPU feature; they are `unsafe` only to
// share the vector kernels' types.

/// # Safety
/// None.
unsafe fn hash32(src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
    ripemd160::hash32_scalar(src, dst)
}

/// # Safety
/// None.
unsafe fn sha256(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    sha256_alg::hash_sha2(src, width, dst)
}

/// # Safety
/// None.
unsafe fn sha256d(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    sha256_alg::hash_sha2_double(src, width, dst)
}

/// Nothing fused: SHA-256 runs in the `sha2` crate.
///
/// # Safety
/// None.
unsafe fn hash160_fused(_: &[u8], _: usize, _: &mut [[u8; 20]]) -> usize {
    0
}

/// # Safety
/// None.
unsafe fn ripemd160_many(msgs: Messages<'_>, dst: &mut [[u8; 20]], _drain_at: usize) {
    ripemd160::many_scalar(msgs, dst)
}

/// # Safety
/// None.
unsafe fn sha256_many(msgs: Messages<'_>, dst: &mut [[u8; 32]], _drain_at: usize) {
    sha256_alg::many_sha2(msgs, dst)
}

/// # Safety
/// None.
unsafe fn keccak256(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    keccak::fixed_scalar(src, width, dst)
}

/// # Safety
/// None.
unsafe fn keccak256_many(msgs: Messages<'_>, dst: &mut [[u8; 32]], _drain_at: usize) {
    keccak::many_scalar(msgs, dst)
}
