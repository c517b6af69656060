//! The NEON kernel set (arm64): 4 messages side by side on `uint32x4_t`'s
//! 32-bit lanes (RIPEMD-160 two groups in flight), 2 on 64-bit lanes for
//! Keccak-256. Where the CPU has the Armv8 SHA-2 instructions, SHA-256 runs
//! on them through the `sha2` crate (its `asm` feature is on for aarch64);
//! without them (Cortex-A72 as in the Raspberry Pi 4, say) on the four
//! lanes. Keccak-256 uses the Armv8 SHA-3 instructions (`EOR3`, `BCAX`,
//! `RAX1`, `XAR`) where the CPU has them.

use core::arch::aarch64::{uint32x4_t, uint64x2_t};

use super::{KernelSet, Tuning};
use crate::simd::neon::Sha3;

super::lanes32_kernels!(uint32x4_t, "neon");
super::lanes64_kernels!(keccak256_plain, keccak256_many_plain, uint64x2_t, "neon");
super::lanes64_kernels!(keccak256_sha3, keccak256_many_sha3, Sha3, "neon,sha3");

/// The NEON kernel set, if this CPU has NEON, with the Armv8 SHA-2 and
/// SHA-3 instructions where it has them.
pub(crate) fn kernel_set() -> Option<KernelSet> {
    let plain = kernel_set_plain()?;
    let mut set = plain;
    if std::arch::is_aarch64_feature_detected!("sha2") {
        set.sha256 = super::scalar::SET.sha256;
        set.sha256d = super::scalar::SET.sha256d;
        set.sha256_many = super::scalar::SET.sha256_many;
        set.sha256_engine = c"armv8-sha2";
    }
    if std::arch::is_aarch64_feature_detected!("sha3") {
        set.keccak256 = keccak256_sha3;
        set.keccak256_many = keccak256_many_sha3;
    }
    Some(set)
}

/// The NEON kernel set on plain NEON instructions, if this CPU has NEON.
pub(crate) fn kernel_set_plain() -> Option<KernelSet> {
    if !std::arch::is_aarch64_feature_detected!("neon") {
        return None;
    }
    // HASH160 fused was not measured here: two stages.
    let tuning = Tuning { drain_ripemd160: 1, drain_keccak256: 1, ..Tuning::NONE };
    Some(super::lanes_kernel_set!(c"neon", uint32x4_t, uint64x2_t, keccak256_plain, keccak256_many_plain, tuning))
}

#[cfg(test)]
mod tests {
    use crate::messages::Messages;
    use sha2::Digest;

    /// The SHA-256 engine the set names is what it runs: its own name when
    /// SHA-256 runs on the lanes, another where the Armv8 instructions do
    /// (qemu has them, so both arms are reached across the hosts).
    #[test]
    fn sha256_engine_names_what_runs() {
        let (Some(plain), Some(set)) = (super::kernel_set_plain(), super::kernel_set()) else {
            eprintln!("NOTICE: no NEON on this CPU");
            return;
        };
        assert_eq!(plain.sha256_engine, plain.name);
        let on_lanes = set.sha256 as usize == plain.sha256 as usize;
        assert_eq!(on_lanes, set.sha256_engine == set.name, "engine {:?}", set.sha256_engine);
        if !on_lanes {
            assert_eq!(set.sha256 as usize, crate::kernels::scalar::SET.sha256 as usize);
        }
    }

    /// Both Keccak-256 kernels, whatever the CPU reports (qemu has the SHA-3
    /// instructions, so the kernel set would not reach the plain one):
    /// widths around the rate, every count 0..7, against the `sha3` crate.
    #[test]
    fn neon_keccak_kernels_match_sha3() {
        use sha3::Digest as _;
        let sha3 = std::arch::is_aarch64_feature_detected!("sha3");
        if !sha3 {
            eprintln!("NOTICE: neon keccak256 with the SHA-3 instructions skipped: not supported by this CPU");
        }
        for width in [0usize, 1, 7, 8, 31, 32, 64, 65, 135, 136, 137, 271, 272, 273] {
            for n in 0..8usize {
                let src = crate::tests::bytes((width * 16 + n) as u64, n * width);
                let want: Vec<[u8; 32]> =
                    (0..n).map(|i| sha3::Keccak256::digest(&src[i * width..(i + 1) * width]).into()).collect();
                let mut got = vec![[0u8; 32]; n];
                // SAFETY: NEON is enabled in this build (the module's cfg).
                unsafe { super::keccak256_plain(&src, width, &mut got) };
                assert!(got == want, "plain NEON: width {width}, n {n}");
                if sha3 {
                    got.fill([0; 32]);
                    // SAFETY: detected above.
                    unsafe { super::keccak256_sha3(&src, width, &mut got) };
                    assert!(got == want, "NEON SHA-3: width {width}, n {n}");
                }
                let msgs: Vec<&[u8]> = (0..n).map(|i| &src[i * width..(i + 1) * width]).collect();
                got.fill([0; 32]);
                // SAFETY: as above.
                unsafe { super::keccak256_many_plain(Messages::slices(&msgs), &mut got, 1) };
                assert!(got == want, "plain NEON many: width {width}, n {n}");
                if sha3 {
                    got.fill([0; 32]);
                    // SAFETY: detected above.
                    unsafe { super::keccak256_many_sha3(Messages::slices(&msgs), &mut got, 1) };
                    assert!(got == want, "NEON SHA-3 many: width {width}, n {n}");
                }
            }
        }
    }

    /// The 4-lane SHA-256 kernel itself (qemu and most arm64 CPUs have the
    /// SHA-2 instructions, so the kernel set would not reach it): every
    /// width 0..200 and every count 0..11 against the `sha2` crate.
    #[test]
    fn neon_lanes_match_sha2() {
        for width in 0..200usize {
            for n in 0..12usize {
                let src = crate::tests::bytes((width * 16 + n) as u64, n * width);
                let mut got = vec![[0u8; 32]; n];
                // SAFETY: NEON is enabled in this build (the module's cfg).
                unsafe { super::sha256_lanes(&src, width, &mut got) };
                for (i, g) in got.iter().enumerate() {
                    let want: [u8; 32] = sha2::Sha256::digest(&src[i * width..(i + 1) * width]).into();
                    assert_eq!(*g, want, "width {width}, n {n}, message {i}");
                }
            }
        }
    }
}
