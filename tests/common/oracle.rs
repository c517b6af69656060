//! The independent oracles of every test and fuzz target: RustCrypto's
//! `ripemd`, `sha2` and `sha3` crates, and Bitcoin Core's merkle rule over
//! them. Included by `tests/common/mod.rs` and, with `#[path]`, by the fuzz
//! targets, `tests/regressions.rs`, `tests/miri.rs` and the library's unit
//! tests (`src/tests.rs`).
#![allow(dead_code)]

/// RIPEMD-160 by the `ripemd` crate.
pub fn oracle_ripemd160(m: &[u8]) -> [u8; 20] {
    use ripemd::Digest;
    ripemd::Ripemd160::digest(m).into()
}

/// SHA-256 by the `sha2` crate.
pub fn oracle_sha256(m: &[u8]) -> [u8; 32] {
    use sha2::Digest;
    sha2::Sha256::digest(m).into()
}

/// HASH160 = RIPEMD160(SHA256(m)) by the `sha2` and `ripemd` crates.
pub fn oracle_hash160(m: &[u8]) -> [u8; 20] {
    oracle_ripemd160(&oracle_sha256(m))
}

/// Keccak-256 (the original padding 0x01, as Ethereum) by the `sha3` crate.
pub fn oracle_keccak256(m: &[u8]) -> [u8; 32] {
    use sha3::Digest;
    sha3::Keccak256::digest(m).into()
}

/// The Ethereum address of a 64-byte public key X||Y: the last 20 bytes of
/// its Keccak-256.
pub fn oracle_eth_address(xy: &[u8]) -> [u8; 20] {
    oracle_keccak256(xy)[12..].try_into().expect("20 bytes")
}

/// Bitcoin Core's `ComputeMerkleRoot` written plainly, level by level, each
/// merkle node `hash_pair(left || right)`: an odd level pairs its last node
/// with itself, and the tree is mutated when some level holds equal nodes
/// at `2k` and `2k + 1`. No leaves: 32 zero bytes, not mutated.
pub fn oracle_merkle_root_by(leaves: &[[u8; 32]], mut hash_pair: impl FnMut(&[u8]) -> [u8; 32]) -> ([u8; 32], bool) {
    let mut level = leaves.to_vec();
    let mut mutated = false;
    while level.len() > 1 {
        mutated |= level.chunks_exact(2).any(|p| p[0] == p[1]);
        if level.len() % 2 == 1 {
            level.push(level[level.len() - 1]);
        }
        level = level.chunks_exact(2).map(|p| hash_pair(&p.concat())).collect();
    }
    (level.first().copied().unwrap_or([0; 32]), mutated)
}

/// [`oracle_merkle_root_by`] with the `sha2` crate's double SHA-256.
pub fn oracle_merkle_root(leaves: &[[u8; 32]]) -> ([u8; 32], bool) {
    oracle_merkle_root_by(leaves, |pair| oracle_sha256(&oracle_sha256(pair)))
}
