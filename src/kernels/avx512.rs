//! The AVX-512 kernel set (x86_64, AVX-512 F, VL and BW): 16 messages side
//! by side on `__m512i`'s 32-bit lanes (RIPEMD-160 two groups in flight), 8
//! on its 64-bit lanes for Keccak-256; short RIPEMD-160 tails on the AVX2
//! kernel. SHA-256 stays on the lanes (`docs/PERFORMANCE.md`, "SHA-256 on
//! SHA-NI or on the lanes").

use core::arch::x86_64::__m512i;

use super::{KernelSet, Tuning};

super::lanes32_kernels!(__m512i, "avx512f,avx512bw,avx512vl");
super::lanes64_kernels!(keccak256, keccak256_many, __m512i, "avx512f");

/// The AVX-512 kernel set, if this CPU has AVX-512 F, VL and BW, and AVX2
/// (for the short tails).
pub(crate) fn kernel_set() -> Option<KernelSet> {
    let ok = std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("avx512bw");
    if !ok {
        return None;
    }
    // Where the `sha2` crate runs on SHA-NI, a partial group pays from 7
    // one-block messages or 8 longer ones.
    let min_partial = if super::sha2_crate_on_sha_ni() { [7, 8] } else { [1, 1] };
    let tuning = Tuning {
        sha256_min_partial_group: min_partial,
        hash160_fused_widths: &[32, 33, 65],
        // Two groups of 16 in flight: a step costs about 4 scalar
        // compressions.
        drain_ripemd160: 4,
        drain_sha256: min_partial[0] - 1,
        drain_keccak256: 1,
    };
    Some(KernelSet {
        // Detected above with AVX-512.
        hash32_narrower: Some(super::avx2::hash32),
        ..super::lanes_kernel_set!(c"avx512", __m512i, __m512i, keccak256, keccak256_many, tuning)
    })
}
