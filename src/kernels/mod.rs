//! Kernel sets: one value per backend with every entry point it runs,
//! built once when the backend is detected (`crate::backend`).
//!
//! Each file here is one backend. Its `kernel_set()` detects what the CPU
//! has and builds the [`KernelSet`]: which kernel runs SHA-256 (the lanes,
//! the SHA extensions, the Armv8 instructions through the `sha2` crate),
//! which runs Keccak-256 (plain NEON or the Armv8 SHA-3 instructions),
//! which narrower kernel takes a short tail, and the thresholds of the
//! tail rules ([`Tuning`]). Nothing of this is asked again per call.
//!
//! The `#[target_feature]` entry points are made here, by [`lanes32_kernels!`]
//! and [`lanes64_kernels!`] in each backend's file, from the algorithms'
//! generic code (`crate::ripemd160`, `crate::sha256`, `crate::hash160`,
//! `crate::keccak`, `crate::manager`) and the backend's lane types
//! (`crate::simd`). A kernel set exists only after its detection passed,
//! so holding one is the proof that its entry points may be called.
//!
//! # Instruction-set code
//!
//! Code runs only where detection found its instruction set when it is
//! - in the instruction set's modules: `kernels::<isa>` (one file here per
//!   backend, `scalar.rs` aside) and `simd::<isa>`, or `sha256::shani` for
//!   the SHA extensions (which the x86 kernel sets call only where
//!   [`sha_ni`] found them); or
//! - a generic function instantiated over one of the lane types that the
//!   backend's file names in its [`lanes32_kernels!`] and
//!   [`lanes64_kernels!`] invocations (`__m512i` for `avx512`).
//!
//! Everything else is portable: every CPU runs it, and the tests run it on
//! every CPU (generic code on the portable lane types `u32` and `u64` too,
//! where a backend would be the only caller). `make coverage`
//! (`mk/coverage-floor.py`) reads this rule from the compiled functions'
//! names: its floor holds for the portable lines, the same set on every CPU;
//! an instruction set's code counts where this CPU runs it and is left to
//! `make miri-simd` (x86) or `make test-aarch64` (NEON) where it does not.

#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2;
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx512;
#[cfg(rmd160mb_neon)]
pub(crate) mod neon;
pub(crate) mod scalar;

use std::ffi::CStr;

use crate::messages::Messages;
pub(crate) use crate::tuning::Tuning;

/// `dst[i] = RIPEMD160(src[i])` for 32-byte messages, `src.len() ==
/// dst.len()`.
///
/// # Safety
/// The CPU has the instruction set of the kernel.
pub(crate) type Hash32Kernel = unsafe fn(&[[u8; 32]], &mut [[u8; 20]]);

/// `dst[i] = H(src[width*i .. width*i + width])` (SHA-256, Keccak-256),
/// `src.len() == width * dst.len()`.
///
/// # Safety
/// The CPU has the instruction set of the kernel.
pub(crate) type FixedKernel = unsafe fn(&[u8], usize, &mut [[u8; 32]]);

/// Fused HASH160 of the leading whole groups of `width`-byte messages
/// (`src.len() == width * dst.len()`); returns how many it hashed (0 for a
/// width without a fixed-width SHA-256 path).
///
/// # Safety
/// The CPU has the instruction set of the kernel.
pub(crate) type Hash160Kernel = unsafe fn(&[u8], usize, &mut [[u8; 20]]) -> usize;

/// `dst[i] = H(msgs[i])` for messages of any lengths, `msgs.len() ==
/// dst.len()`; the last argument is the lane manager's drain threshold
/// ([`Tuning`]).
///
/// # Safety
/// The CPU has the instruction set of the kernel.
pub(crate) type ManyKernel<const D: usize> = unsafe fn(Messages<'_>, &mut [[u8; D]], usize);

/// Every entry point of one backend, as detection chose them.
#[derive(Clone, Copy, Debug)]
pub(crate) struct KernelSet {
    /// The backend's name, as users pass it to `rmd160mb_set_backend`.
    pub(crate) name: &'static CStr,
    /// What runs SHA-256: the backend's name (its lanes, or the `sha2`
    /// crate for scalar), `"sha-ni"` or `"armv8-sha2"` (the `sha2` crate on
    /// the Armv8 instructions).
    pub(crate) sha256_engine: &'static CStr,
    /// Messages on the 32-bit lanes side by side (RIPEMD-160, SHA-256).
    pub(crate) lanes: usize,
    /// Keccak-256 messages side by side (64-bit lanes).
    pub(crate) keccak_lanes: usize,
    /// RIPEMD-160 of 32-byte messages; a partial group is padded.
    pub(crate) hash32: Hash32Kernel,
    /// A narrower vector kernel for short RIPEMD-160 tails.
    pub(crate) hash32_narrower: Option<Hash32Kernel>,
    /// SHA-256 of messages of one width.
    pub(crate) sha256: FixedKernel,
    /// Double SHA-256, `SHA256(SHA256(m))`, of messages of one width.
    pub(crate) sha256d: FixedKernel,
    /// SHA-256 of a batch's last messages when they are too few for a
    /// partial group to pay (`Tuning::sha256_min_partial_group`): the
    /// `sha2` crate one message at a time, or the SHA extensions' streams
    /// where a lane kernel set's CPU has them.
    pub(crate) sha256_tail: FixedKernel,
    /// As `sha256_tail`, for double SHA-256.
    pub(crate) sha256d_tail: FixedKernel,
    /// HASH160 with both halves on the lanes, for the widths the tuning
    /// names.
    pub(crate) hash160_fused: Hash160Kernel,
    /// RIPEMD-160 of messages of any lengths.
    pub(crate) ripemd160_many: ManyKernel<20>,
    /// SHA-256 of messages of any lengths.
    pub(crate) sha256_many: ManyKernel<32>,
    /// Keccak-256 of messages of one width; a partial group repeats its
    /// last message.
    pub(crate) keccak256: FixedKernel,
    /// Keccak-256 of messages of any lengths.
    pub(crate) keccak256_many: ManyKernel<32>,
    /// The thresholds of the tail rules.
    pub(crate) tuning: Tuning,
}

/// True when this build hides the instruction set `$isa` (`"avx512"`,
/// `"avx2"`, `"sha-ni"`) from detection, as if the CPU lacked it: set by
/// `--cfg rmd160mb_hide="avx512"` (several may be given). Only the tests use
/// it: `make coverage COVERAGE_HIDE=avx512` measures the coverage floor as a
/// CPU without AVX-512 would (`docs/TESTING.md`, "Coverage"). A backend
/// hidden so is not supported: its kernel set is never built, though its
/// kernels are compiled as in any build (`black_box`: the compiler does not
/// drop them as unreachable), as on a CPU that lacks the instruction set.
#[cfg(target_arch = "x86_64")]
macro_rules! hidden {
    ($isa:literal) => {
        core::hint::black_box(cfg!(rmd160mb_hide = $isa))
    };
}
#[cfg(target_arch = "x86_64")]
pub(crate) use hidden;

/// True when the `sha2` crate runs on the x86 SHA extensions (its runtime
/// detection asks for these), which moves the point where a partial SHA-256
/// group on the lanes beats it.
#[cfg(target_arch = "x86_64")]
pub(crate) fn sha2_crate_on_sha_ni() -> bool {
    std::arch::is_x86_feature_detected!("sha") && std::arch::is_x86_feature_detected!("sse4.1")
}

/// True when the CPU runs the SHA extensions' kernels
/// (`crate::sha256::shani`: SHA, SSSE3 and SSE4.1).
#[cfg(target_arch = "x86_64")]
pub(crate) fn sha_ni() -> bool {
    !hidden!("sha-ni")
        && std::arch::is_x86_feature_detected!("sha")
        && std::arch::is_x86_feature_detected!("ssse3")
        && std::arch::is_x86_feature_detected!("sse4.1")
}

/// Every kernel set this CPU can run, for the tests: each backend's chosen
/// set, and the variants its detection passed over (the AVX2 lanes where
/// SHA-NI runs SHA-256, plain NEON where the Armv8 extensions run, AVX-512
/// with one SHA-256 group or two in flight). Each with what tells it from
/// another set of the same backend and SHA-256 engine ("" where nothing
/// needs to), for the tests' messages.
#[cfg(test)]
pub(crate) fn every_kernel_set() -> Vec<(&'static str, KernelSet)> {
    #[cfg_attr(not(rmd160mb_lanes), allow(unused_mut))]
    let mut sets = vec![scalar::SET];
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_mut))]
    let mut variants = Vec::new();
    #[cfg(target_arch = "x86_64")]
    {
        sets.extend(avx2::kernel_set_lanes());
        sets.extend(avx2::kernel_set());
        variants.extend(avx512::kernel_set_variants());
    }
    #[cfg(rmd160mb_neon)]
    {
        sets.extend(neon::kernel_set_plain());
        sets.extend(neon::kernel_set());
    }
    sets.into_iter().map(|set| ("", set)).chain(variants).collect()
}

/// Makes the `#[target_feature]` entry points of a 32-bit lane type `$v`
/// with target features `$features`: `hash32`, `sha256_lanes` (one
/// out-of-line function per fixed width, each with its own registers and
/// countable in the disassembly, and one for every other width),
/// `hash160_fused` and `many_lanes` (RIPEMD-160 and SHA-256 of any lengths).
#[cfg(rmd160mb_lanes)]
macro_rules! lanes32_kernels {
    ($v:ty, $features:literal) => {
        /// Kernel entry point: `dst[i] = RIPEMD160(src[i])`, 32-byte messages.
        ///
        /// # Safety
        /// The CPU has the target features (a kernel set of this kind exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn hash32(src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
            // SAFETY: the features are enabled here.
            unsafe { $crate::ripemd160::hash32_lanes::<$v>(src, dst) }
        }

        /// Kernel entry point: fused HASH160 of the leading whole groups of
        /// `width`-byte messages, for the widths with a fixed-width path.
        ///
        /// # Safety
        /// The CPU has the target features (a kernel set of this kind exists).
        pub(crate) unsafe fn hash160_fused(src: &[u8], width: usize, dst: &mut [[u8; 20]]) -> usize {
            /// # Safety
            /// The CPU has the target features.
            #[target_feature(enable = $features)]
            #[inline(never)]
            unsafe fn fused<G: $crate::sha256::groups::FixedWidth>(src: &[u8], dst: &mut [[u8; 20]]) -> usize {
                // SAFETY: the features are enabled.
                unsafe { $crate::hash160::hash160_fused::<$v, G>(src, dst) }
            }
            use $crate::sha256::groups::{W32, W33, W65};
            match width {
                // SAFETY (these arms): the caller's: the CPU has the features.
                32 => unsafe { fused::<W32>(src, dst) },
                33 => unsafe { fused::<W33>(src, dst) },
                65 => unsafe { fused::<W65>(src, dst) },
                _ => 0,
            }
        }

        /// Kernel entry point: `dst[i] = SHA256(src[width*i .. width*i + width])`
        /// on the lanes.
        ///
        /// # Safety
        /// The CPU has the target features (a kernel set of this kind exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn sha256_lanes(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
            // SAFETY: the features are enabled here.
            unsafe { sha256_groups::<false>(src, width, dst) }
        }

        /// Kernel entry point: `dst[i] = SHA256(SHA256(src[width*i ..
        /// width*i + width]))` on the lanes, the first digest handed to the
        /// second hash in registers (`crate::sha256::groups::second`).
        ///
        /// # Safety
        /// The CPU has the target features (a kernel set of this kind exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn sha256d_lanes(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
            // SAFETY: the features are enabled here.
            unsafe { sha256_groups::<true>(src, width, dst) }
        }

        /// [`sha256_lanes`], or with `DOUBLE` [`sha256d_lanes`]: one
        /// out-of-line function per fixed width, each with its own registers
        /// and countable in the disassembly, and one for every other width.
        ///
        /// # Safety
        /// The CPU has the target features.
        #[target_feature(enable = $features)]
        unsafe fn sha256_groups<const DOUBLE: bool>(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
            use $crate::sha256::groups::{group_general, hash_groups, second, FixedWidth, MAX_LANE_WIDTH};
            use $crate::sha256::groups::{W32, W33, W64, W65, W80};
            /// A group's digests, or with `DOUBLE` the SHA-256 of them.
            #[inline(always)]
            fn finish<const DOUBLE: bool>(h: [$v; 8]) -> [$v; 8] {
                if DOUBLE {
                    second(&h)
                } else {
                    h
                }
            }
            /// # Safety
            /// The CPU has the target features.
            #[target_feature(enable = $features)]
            #[inline(never)]
            unsafe fn fixed<G: FixedWidth, const DOUBLE: bool>(src: &[u8], dst: &mut [[u8; 32]]) {
                // SAFETY: the features are enabled; hash_groups passes m >= 1
                // messages of G::WIDTH bytes within src.
                unsafe { hash_groups::<$v>(src, G::WIDTH, dst, |p, m| finish::<DOUBLE>(G::group::<$v>(p, m))) }
            }
            /// # Safety
            /// The CPU has the target features.
            #[target_feature(enable = $features)]
            #[inline(never)]
            unsafe fn general<const DOUBLE: bool>(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
                // SAFETY: as above; width <= MAX_LANE_WIDTH keeps the lane
                // offsets within an i32.
                unsafe { hash_groups::<$v>(src, width, dst, |p, m| finish::<DOUBLE>(group_general(p, width, m))) }
            }
            match width {
                // SAFETY (these arms): the features are enabled here.
                32 => unsafe { fixed::<W32, DOUBLE>(src, dst) },
                33 => unsafe { fixed::<W33, DOUBLE>(src, dst) },
                64 => unsafe { fixed::<W64, DOUBLE>(src, dst) },
                65 => unsafe { fixed::<W65, DOUBLE>(src, dst) },
                80 => unsafe { fixed::<W80, DOUBLE>(src, dst) },
                w if w > MAX_LANE_WIDTH && DOUBLE => $crate::sha256::hash_sha2_double(src, width, dst),
                w if w > MAX_LANE_WIDTH => $crate::sha256::hash_sha2(src, width, dst),
                // SAFETY: as above.
                _ => unsafe { general::<DOUBLE>(src, width, dst) },
            }
        }

        /// Kernel entry point: `dst[i] = A(msgs[i])`, any lengths, on the
        /// lanes (the lane manager): RIPEMD-160 and SHA-256.
        ///
        /// # Safety
        /// The CPU has the target features (a kernel set of this kind exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn many_lanes<A: $crate::manager::Algo, const D: usize>(
            msgs: $crate::messages::Messages<'_>,
            dst: &mut [[u8; D]],
            drain_at: usize,
        ) {
            // SAFETY: the features are enabled here.
            unsafe { $crate::manager::hash_many::<$v, A, D>(msgs, dst, drain_at) }
        }
    };
}
#[cfg(rmd160mb_lanes)]
pub(crate) use lanes32_kernels;

/// The kernel set of the entry points that [`lanes32_kernels!`] made for
/// the 32-bit lane type `$v` in the calling file, with Keccak-256 on `$v64`
/// through the entry points `$keccak` and `$keccak_many`
/// ([`lanes64_kernels!`]): SHA-256 on the lanes, no narrower kernel, the
/// thresholds `$tuning`. A backend's file changes what its detection
/// decides otherwise.
#[cfg(rmd160mb_lanes)]
macro_rules! lanes_kernel_set {
    ($name:literal, $v:ty, $v64:ty, $keccak:ident, $keccak_many:ident, $tuning:expr) => {
        $crate::kernels::KernelSet {
            name: $name,
            sha256_engine: $name,
            lanes: <$v as $crate::simd::Lanes>::LANES,
            keccak_lanes: <$v64 as $crate::simd::Lanes64>::LANES,
            hash32,
            hash32_narrower: None,
            sha256: sha256_lanes,
            sha256d: sha256d_lanes,
            sha256_tail: $crate::sha256::hash_sha2,
            sha256d_tail: $crate::sha256::hash_sha2_double,
            hash160_fused,
            ripemd160_many: many_lanes::<$crate::ripemd160::Ripemd160, 20>,
            sha256_many: many_lanes::<$crate::sha256::Sha256, 32>,
            keccak256: $keccak,
            keccak256_many: $keccak_many,
            tuning: $tuning,
        }
    };
}
#[cfg(rmd160mb_lanes)]
pub(crate) use lanes_kernel_set;

/// Makes the two Keccak-256 `#[target_feature]` entry points of a 64-bit
/// lane type `$v` with target features `$features`: `$fixed` (one width)
/// and `$many` (any lengths).
#[cfg(rmd160mb_lanes)]
macro_rules! lanes64_kernels {
    ($fixed:ident, $many:ident, $v:ty, $features:literal) => {
        /// Kernel entry point: `dst[i] = Keccak256(src[width*i .. width*i +
        /// width])`.
        ///
        /// # Safety
        /// The CPU has the target features (a kernel set of this kind exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn $fixed(src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
            // SAFETY: the features are enabled here.
            unsafe { $crate::keccak::sponge::hash_fixed::<$v>(src, width, dst) }
        }
        /// Kernel entry point: `dst[i] = Keccak256(msgs[i])`, any lengths.
        ///
        /// # Safety
        /// The CPU has the target features (a kernel set of this kind exists).
        #[target_feature(enable = $features)]
        pub(crate) unsafe fn $many(msgs: $crate::messages::Messages<'_>, dst: &mut [[u8; 32]], drain_at: usize) {
            // SAFETY: the features are enabled here.
            unsafe { $crate::keccak::many::hash_many::<$v>(msgs, dst, drain_at) }
        }
    };
}
#[cfg(rmd160mb_lanes)]
pub(crate) use lanes64_kernels;
