//! Multi-buffer RIPEMD-160 and Bitcoin HASH160 (RIPEMD160(SHA256(x))) over
//! large batches of independent messages, with a C ABI; also SHA-256,
//! Keccak-256, Ethereum addresses, and Bitcoin's double SHA-256 and merkle
//! roots.
//!
//! RIPEMD-160: H. Dobbertin, A. Bosselaers, B. Preneel, "RIPEMD-160: A
//! Strengthened Version of RIPEMD", FSE 1996. SHA-256: NIST FIPS 180-4.
//! Keccak-256: G. Bertoni, J. Daemen, M. Peeters, G. Van Assche, "The
//! Keccak reference" 3.0, 2011, with the original Keccak padding that
//! Ethereum uses ([`keccak256`], [`keccak256_many`], [`eth_address`]), not
//! FIPS 202 SHA3-256.
//!
//! The batch functions ([`hash32`], [`hash160`], [`sha256`], [`sha256d`],
//! [`merkle_root`], [`keccak256`], [`eth_address`] and the `_many` ones)
//! run on the process-wide [`Backend`], detected once (AVX-512, AVX2, NEON
//! or scalar);
//! the `_with` variants take one explicitly. [`ripemd160`] and [`Ripemd160`] hash one
//! message of any length, as [`hash160_one`], [`sha256_one`] and
//! [`keccak256_one`] do.
//!
//! ```
//! let msgs = [[7u8; 32]; 100];
//! let mut digests = [[0u8; 20]; 100];
//! ripemd160mb::hash32(&mut digests, &msgs);
//! assert_eq!(digests[99], ripemd160mb::ripemd160(&[7u8; 32]));
//! ```
//!
//! [`backends`] lists every backend the library knows, with what this build
//! and this CPU have of each.
//!
//! The C API's header is `include/ripemd160mb.h`.
//!
//! Layout, from the top (the README's Architecture section has the map):
//! `batch` (this API) and `ffi` (the C API) check their arguments and call
//! one driver in `drivers`; a driver calls the entry points of the current
//! backend's kernel set (`kernels`, chosen once in `backend`'s table); an
//! entry point runs an algorithm of `ripemd160/`, `sha256/`, `keccak/` (or
//! the lane manager, `manager`) on a lane type of `simd/`. No module
//! imports one above it.

#![cfg_attr(coverage_nightly, feature(coverage_attribute))]
#![deny(unsafe_op_in_unsafe_fn)]
#![warn(missing_docs)]
// Where no vector lane type exists (i686, s390x, ...: no `rmd160mb_lanes`),
// the generic group drivers, the policy's thresholds and the lane macros
// are compiled for the portable kernels' tests or not at all, so the
// compiler would call them unused.
#![cfg_attr(not(rmd160mb_lanes), allow(dead_code, unused_imports, unused_macros))]

mod backend;
mod batch;
mod drivers;
// The C API: still public (and so exported from the shared library) but
// not part of the Rust API's documentation; its reference is the header.
#[doc(hidden)]
pub mod ffi;
#[cfg(rmd160mb_lanes)]
mod hash160;
mod keccak;
mod kernels;
#[cfg(any(test, rmd160mb_lanes))]
mod manager;
mod messages;
mod ripemd160;
mod sha256;
mod simd;
#[cfg(test)]
mod tests;
mod tuning;

pub use backend::{backends, Backend, BackendError, BackendInfo, BACKEND_NAMES};
pub use batch::{eth_address, eth_address_with, keccak256, keccak256_many, keccak256_many_with, keccak256_with};
pub use batch::{hash160, hash160_with, hash32, hash32_in_place, hash32_with, sha256, sha256_with};
pub use batch::{hash160_many, hash160_many_with, ripemd160_many, ripemd160_many_with, sha256_many, sha256_many_with};
pub use batch::{hash160_one, keccak256_one, sha256_one};
pub use batch::{merkle_root, merkle_root_with, sha256d, sha256d_many, sha256d_many_with, sha256d_with};
pub use drivers::InputError;
// RIPEMD-160's constants: public for existing users, not documented as API.
#[doc(hidden)]
pub use ripemd160::consts;
pub use ripemd160::stream::{ripemd160, Ripemd160};

/// Sizes the drivers and kernels are built around, for the tests, which read
/// them here instead of typing them again. Not part of the API: they may
/// change in any release.
#[doc(hidden)]
pub mod internals {
    use crate::Backend;

    /// Messages per chunk of the fixed-width batch drivers.
    pub const BATCH_CHUNK: usize = crate::drivers::CHUNK;
    /// Messages per chunk of the any-length batch drivers.
    pub const MANY_CHUNK: usize = crate::drivers::MANY_CHUNK;
    /// Leaves per subtree the merkle root reduces on the stack.
    pub const MERKLE_SUBTREE: usize = crate::drivers::MERKLE_SUBTREE;
    /// Leaves whose subtrees' tops fill the merkle root's upper buffer.
    pub const MERKLE_UPPER: usize = crate::drivers::MERKLE_UPPER;
    /// The widths the any-length SHA-256 driver packs messages for (public
    /// keys), on the fixed-width kernel.
    pub const SHA256_WIDTHS: &[usize] = crate::drivers::SHA256_WIDTHS;
    /// The widths with a SHA-256 group loader of their own on the lane
    /// kernel sets (padding folded into constants), for SHA-256, double
    /// SHA-256 and HASH160's first stage; none on a target without lanes.
    #[cfg(rmd160mb_lanes)]
    pub const SHA256_FIXED_WIDTHS: &[usize] = crate::sha256::groups::FIXED_WIDTHS;
    /// As above: this target has no lane kernel set.
    #[cfg(not(rmd160mb_lanes))]
    pub const SHA256_FIXED_WIDTHS: &[usize] = &[];
    /// The widths the any-length double SHA-256 driver packs messages for,
    /// on the fixed-width double SHA-256 kernel.
    pub const SHA256D_WIDTHS: &[usize] = crate::drivers::SHA256D_WIDTHS;
    /// Messages the SHA-NI kernel interleaves (x86_64).
    #[cfg(target_arch = "x86_64")]
    pub const SHA_NI_STREAMS: usize = crate::sha256::shani::STREAMS;

    /// `dst[i]` = SHA-256 of message `i` of `width` bytes on the AVX-512
    /// kernel set with two groups in flight for 64-byte messages, as AMD
    /// Zen 5 runs it, whatever this CPU's family: for the tests, `make
    /// miri-simd` and the benches. False, nothing written, where this CPU
    /// or target lacks AVX-512.
    pub fn sha256_avx512_two_groups(dst: &mut [[u8; 32]], src: &[u8], width: usize) -> bool {
        sha256_avx512(dst, src, width, true)
    }

    /// As [`sha256_avx512_two_groups`], one group at a time, as every CPU
    /// but AMD Zen 5 runs it: for the benches, which set both side by side.
    pub fn sha256_avx512_one_group(dst: &mut [[u8; 32]], src: &[u8], width: usize) -> bool {
        sha256_avx512(dst, src, width, false)
    }

    /// SHA-256 of every message, partial groups included, on the AVX-512
    /// kernel set's SHA-256 kernel with one or two groups in flight.
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    fn sha256_avx512(dst: &mut [[u8; 32]], src: &[u8], width: usize, two_groups: bool) -> bool {
        crate::batch::check_width("sha256", dst.len(), src.len(), width);
        #[cfg(target_arch = "x86_64")]
        if let Ok(backend) = Backend::by_name("avx512") {
            // The kernel set detection built once, not a new detection (its
            // `cpuid`) a call, which would be timed with the kernel
            // (`docs/PERFORMANCE.md`, "Two SHA-256 groups in flight").
            let set = crate::kernels::avx512::with_sha256_groups(*backend.kernels(), two_groups);
            // SAFETY: the backend exists, so the CPU has AVX-512.
            unsafe { (set.sha256)(src, width, dst) };
            return true;
        }
        false
    }

    /// Keccak-256 messages the backend hashes side by side (64-bit lanes).
    pub fn keccak_lanes(backend: Backend) -> usize {
        backend.keccak_lanes()
    }
}

/// Bytes in a RIPEMD-160 digest.
pub const DIGEST_SIZE: usize = consts::DIGEST_SIZE;
/// Bytes in a RIPEMD-160 message block.
pub const BLOCK_SIZE: usize = consts::BLOCK_SIZE;
