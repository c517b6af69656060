//! The AVX2 kernel set (x86_64): 8 messages side by side on `__m256i`'s
//! 32-bit lanes, 4 on its 64-bit lanes for Keccak-256; SHA-256 on the SHA
//! extensions where the CPU has them (several messages interleaved,
//! `crate::sha256::shani`), which beat these lanes on every CPU measured
//! (`docs/PERFORMANCE.md`, "SHA-256 on SHA-NI or on the lanes").

use core::arch::x86_64::__m256i;

use super::{KernelSet, Tuning};
use crate::messages::Messages;

super::lanes32_kernels!(__m256i, "avx2");
super::lanes64_kernels!(keccak256, keccak256_many, __m256i, "avx2");

/// The AVX2 kernel set, if this CPU has AVX2: SHA-256 on the SHA extensions
/// where it has those too, else on the lanes.
pub(crate) fn kernel_set() -> Option<KernelSet> {
    let lanes = kernel_set_lanes()?;
    if !super::sha_ni() {
        return Some(lanes);
    }
    Some(KernelSet {
        sha256_engine: c"sha-ni",
        sha256: crate::sha256::shani::sha256,
        sha256d: crate::sha256::shani::sha256d,
        sha256_tail: crate::sha256::shani::sha256,
        sha256d_tail: crate::sha256::shani::sha256d,
        sha256_many: sha256_many_sha_ni,
        // SHA-256 is off the lanes: nothing to fuse, and the SHA-NI kernels
        // take every tail themselves.
        tuning: Tuning { sha256_min_partial_group: [1, 1], hash160_fused_widths: &[], drain_sha256: 0, ..lanes.tuning },
        ..lanes
    })
}

/// The AVX2 kernel set with SHA-256 on the lanes, if this CPU has AVX2.
pub(crate) fn kernel_set_lanes() -> Option<KernelSet> {
    if super::hidden!("avx2") || !std::arch::is_x86_feature_detected!("avx2") {
        return None;
    }
    // Where the `sha2` crate runs on SHA-NI, a partial group of one-block
    // messages pays from 5 messages, of longer ones only when full.
    let min_partial = if super::sha2_crate_on_sha_ni() { [5, 8] } else { [1, 1] };
    let tuning = Tuning {
        sha256_min_partial_group: min_partial,
        // Width 65 (two blocks of each half) is more code in one loop than
        // the instruction cache holds.
        hash160_fused_widths: &[32, 33],
        drain_ripemd160: 1,
        drain_sha256: min_partial[0] - 1,
        drain_keccak256: 1,
    };
    Some(super::lanes_kernel_set!(c"avx2", __m256i, __m256i, keccak256, keccak256_many, tuning))
}

/// [`crate::sha256::shani::sha256_many`] with the lane kernels' type: the
/// streams need no drain threshold (their group shrinks as they finish).
///
/// # Safety
/// The CPU has the SHA extensions, SSSE3 and SSE4.1.
unsafe fn sha256_many_sha_ni(msgs: Messages<'_>, dst: &mut [[u8; 32]], _drain_at: usize) {
    // SAFETY: the caller's.
    unsafe { crate::sha256::shani::sha256_many(msgs, dst) }
}
