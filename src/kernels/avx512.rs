//! The AVX-512 kernel set (x86_64, AVX-512 F, VL and BW): 16 messages side
//! by side on `__m512i`'s 32-bit lanes (RIPEMD-160 two groups in flight), 8
//! on its 64-bit lanes for Keccak-256; short RIPEMD-160 tails on the AVX2
//! kernel. SHA-256 stays on the lanes (`docs/PERFORMANCE.md`, "SHA-256 on
//! SHA-NI or on the lanes"), two groups in flight for 64-byte messages
//! where [`two_groups_pay`].

use core::arch::x86_64::__m512i;

use super::{KernelSet, Tuning};

super::lanes32_kernels!(__m512i, "avx512f,avx512bw,avx512vl");
super::lanes64_kernels!(keccak256, keccak256_many, __m512i, "avx512f");

/// The AVX-512 kernel set, if this CPU has AVX-512 F, VL and BW, and AVX2
/// (for the short tails).
pub(crate) fn kernel_set() -> Option<KernelSet> {
    let ok = !super::hidden!("avx512")
        && std::arch::is_x86_feature_detected!("avx2")
        && std::arch::is_x86_feature_detected!("avx512f")
        && std::arch::is_x86_feature_detected!("avx512vl")
        && std::arch::is_x86_feature_detected!("avx512bw");
    if !ok {
        return None;
    }
    // Where the CPU has the SHA extensions, SHA-256 tails too short for a
    // partial group run on their streams, and a group pays from 8 messages
    // of any width; without them the `sha2` crate runs portable code, which
    // any partial group beats (`docs/PERFORMANCE.md`, "SHA-256: when a
    // partial group beats the tail kernel").
    let sha_ni = super::sha_ni();
    let tuning = Tuning {
        sha256_min_partial_group: if sha_ni { [8, 8] } else { [1, 1] },
        hash160_fused_widths: &[32, 33, 65],
        // Two groups of 16 in flight: a step costs about 4 scalar
        // compressions.
        drain_ripemd160: 4,
        // The lane manager finishes its last lanes on the `sha2` crate's
        // compression function: on SHA-NI that pays up to 6 busy lanes.
        drain_sha256: if super::sha2_crate_on_sha_ni() { 6 } else { 0 },
        drain_keccak256: 1,
    };
    let mut set = KernelSet {
        // Detected above with AVX-512.
        hash32_narrower: Some(super::avx2::hash32),
        ..super::lanes_kernel_set!(c"avx512", __m512i, __m512i, keccak256, keccak256_many, tuning)
    };
    if sha_ni {
        // Detected just above.
        set.sha256_tail = crate::sha256::shani::sha256;
        set.sha256d_tail = crate::sha256::shani::sha256d;
    }
    Some(if two_groups_pay() { KernelSet { sha256: sha256_two_groups, ..set } } else { set })
}

/// `set` (the AVX-512 kernel set) with SHA-256 of 64-byte messages on two
/// groups in flight or on one, whatever the CPU family: for the tests,
/// `make miri-simd` and the benches, which check and time both.
pub(crate) fn with_sha256_groups(set: KernelSet, two: bool) -> KernelSet {
    KernelSet { sha256: if two { sha256_two_groups } else { sha256_lanes }, ..set }
}

/// Both of [`with_sha256_groups`], each with its name, for the tests.
#[cfg(test)]
pub(crate) fn kernel_set_variants() -> Vec<(&'static str, KernelSet)> {
    let Some(set) = kernel_set() else { return Vec::new() };
    [("one group", false), ("64-byte messages on two groups", true)]
        .map(|(name, two)| (name, with_sha256_groups(set, two)))
        .into()
}

/// True on AMD family 1Ah (Zen 5), whose 512-bit pipes outnumber what one
/// SHA-256 group's dependent rounds can keep busy, so a second group in
/// flight fills them; where the pipes themselves are the limit, two groups
/// cost nothing over one, so the whole family is taken, mobile parts
/// included. The measurements and the model behind the choice:
/// `docs/PERFORMANCE.md`, "Two SHA-256 groups in flight".
fn two_groups_pay() -> bool {
    if cfg!(miri) {
        // Miri runs no `cpuid`; the tests reach both variants.
        return false;
    }
    use core::arch::x86_64::__cpuid;
    // SAFETY: `cpuid` exists on every x86_64 CPU, leaves 0 and 1 on all of
    // them (a safe function since Rust 1.87; `unsafe` for older ones).
    #[allow(unused_unsafe)]
    let (vendor, leaf1) = unsafe { (__cpuid(0), __cpuid(1)) };
    amd_family_1ah([vendor.ebx, vendor.edx, vendor.ecx], leaf1.eax)
}

/// Whether cpuid leaf 0's vendor words (ebx, edx, ecx) and leaf 1's eax
/// name an AMD CPU of family 1Ah: the base family field (bits 8..12) is
/// 0Fh and the extended family (bits 20..28) adds to it.
fn amd_family_1ah(vendor: [u32; 3], eax: u32) -> bool {
    let mut name = [0u8; 12];
    for (bytes, word) in name.chunks_exact_mut(4).zip(vendor) {
        bytes.copy_from_slice(&word.to_le_bytes());
    }
    let base = (eax >> 8) & 0xf;
    let family = if base == 0xf { base + ((eax >> 20) & 0xff) } else { base };
    &name == b"AuthenticAMD" && family == 0x1a
}

/// Kernel entry point: SHA-256 as `sha256_lanes`, 64-byte messages two
/// groups of 16 at a time ([`two_groups_pay`]; double SHA-256, merkle
/// nodes included, keeps one group).
///
/// # Safety
/// The CPU has AVX-512 F, VL and BW (a kernel set of this kind exists).
#[target_feature(enable = "avx512f,avx512bw,avx512vl")]
pub(crate) unsafe fn sha256_two_groups(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
    /// # Safety
    /// As above.
    #[target_feature(enable = "avx512f,avx512bw,avx512vl")]
    #[inline(never)]
    unsafe fn pairs64(src: &[u8], dst: &mut [[u8; 32]]) {
        use crate::sha256::groups::{hash_pairs, pair64, FixedWidth, W64};
        // SAFETY: the features are enabled; hash_pairs passes whole pairs
        // of groups, then groups of m >= 1 messages, within src.
        unsafe { hash_pairs::<__m512i>(src, 64, dst, |p| pair64::<__m512i>(p), |p, m| W64::group::<__m512i>(p, m)) }
    }
    match width {
        // SAFETY: the features are enabled here.
        64 => unsafe { pairs64(src, dst) },
        // SAFETY: as above.
        _ => unsafe { sha256_lanes(src, width, dst) },
    }
}

#[cfg(test)]
mod tests {
    /// cpuid leaf 0's vendor words (ebx, edx, ecx) of a vendor name.
    fn vendor(name: &[u8; 12]) -> [u32; 3] {
        core::array::from_fn(|i| u32::from_le_bytes(name[4 * i..4 * i + 4].try_into().unwrap()))
    }

    #[test]
    fn amd_family_1ah_from_cpuid_words() {
        let amd = vendor(b"AuthenticAMD");
        // Leaf 1 eax of a Zen 5 (family 0Fh + 0Bh), a Zen 4 (0Fh + 0Ah) and
        // a Zen 3 (0Fh + 0Ah, another model).
        assert!(super::amd_family_1ah(amd, 0x00B4_0F40));
        assert!(!super::amd_family_1ah(amd, 0x00A1_0F11));
        assert!(!super::amd_family_1ah(amd, 0x00A0_0F11));
        // An Intel family 6 signature, and family 1Ah's bits under another
        // vendor's name.
        assert!(!super::amd_family_1ah(vendor(b"GenuineIntel"), 0x0008_06F8));
        assert!(!super::amd_family_1ah(vendor(b"GenuineIntel"), 0x00B4_0F40));
    }
}
