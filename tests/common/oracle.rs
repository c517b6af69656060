//! The independent oracles of every test and fuzz target: RustCrypto's
//! `ripemd`, `sha2` and `sha3` crates. Included by `tests/common/mod.rs` and, with
//! `#[path]`, by the fuzz targets and `tests/regressions.rs`.
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
