//! The backends: one table that says which kernels this build has, how each
//! is detected and what it runs, and the process-wide choice among them.
//!
//! A [`Backend`] value can only be obtained for a table entry whose
//! detection passed on the running CPU, so holding one is the proof that its
//! `#[target_feature]` kernels may be called: [`Backend::hash32`],
//! [`Backend::sha256`] and the methods beside them (the `_many` and Keccak
//! kernels) are the only places that call a kernel through the
//! table. Adding a backend is one [`TABLE`] entry plus its lane type's file
//! in `src/simd/` (and its name in [`BACKEND_NAMES`]).

use std::ffi::CStr;
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

use crate::hash160::Hash160Kernel;
use crate::keccak::FixedKernel;
use crate::many::{ManyKernel, Messages};
use crate::ripemd160::Hash32Kernel;
use crate::simd;

/// A SHA-256 kernel entry point: `dst[i] = SHA256(src[width*i .. width*i +
/// width])`, `src.len() == width * dst.len()`.
///
/// # Safety
/// The CPU has the instruction set of the kernel.
type Sha256Kernel = unsafe fn(&[u8], usize, &mut [[u8; 32]]);

/// One backend of this build.
struct Entry {
    /// The name users pass to `rmd160mb_set_backend` and `RMD160MB_FORCE`.
    name: &'static CStr,
    /// Messages hashed side by side.
    lanes: usize,
    /// True when the running CPU can run every kernel of this entry.
    detect: fn() -> bool,
    /// RIPEMD-160 of 32-byte messages.
    hash32: Hash32Kernel,
    /// SHA-256 of messages of one width.
    sha256: Sha256Kernel,
    /// HASH160 of whole groups of messages of one width, both halves on the
    /// lanes.
    hash160_fused: Hash160Kernel,
    /// RIPEMD-160 of messages of any lengths.
    ripemd160_many: ManyKernel<20>,
    /// SHA-256 of messages of any lengths.
    sha256_many: ManyKernel<32>,
    /// Keccak-256 messages hashed side by side (64-bit lanes).
    keccak_lanes: usize,
    /// Keccak-256 of messages of one width.
    keccak256: FixedKernel,
    /// Keccak-256 of messages of any lengths.
    keccak256_many: ManyKernel<32>,
}

/// Every backend of this build, in increasing order of preference:
/// [`Backend::detect`] picks the last one the CPU supports.
static TABLE: &[Entry] = &[
    Entry {
        name: c"scalar",
        lanes: 1,
        detect: || true,
        hash32: simd::scalar::hash32,
        sha256: simd::scalar::sha256,
        hash160_fused: crate::hash160::none,
        ripemd160_many: crate::many::scalar::ripemd160_many,
        sha256_many: crate::many::scalar::sha256_many,
        keccak_lanes: 1,
        keccak256: crate::keccak::scalar::keccak256,
        keccak256_many: crate::keccak::scalar::keccak256_many,
    },
    #[cfg(target_arch = "x86_64")]
    Entry {
        name: c"avx2",
        lanes: <core::arch::x86_64::__m256i as simd::Lanes>::LANES,
        detect: || std::is_x86_feature_detected!("avx2"),
        hash32: simd::avx2::hash32,
        sha256: simd::avx2::sha256,
        hash160_fused: simd::avx2::hash160_fused,
        ripemd160_many: simd::avx2::ripemd160_many,
        sha256_many: simd::avx2::sha256_many,
        keccak_lanes: <core::arch::x86_64::__m256i as simd::Lanes64>::LANES,
        keccak256: simd::avx2::keccak256,
        keccak256_many: simd::avx2::keccak256_many,
    },
    #[cfg(target_arch = "x86_64")]
    Entry {
        name: c"avx512",
        lanes: <core::arch::x86_64::__m512i as simd::Lanes>::LANES,
        // AVX2 too: the AVX-512 kernel hands small tails to the AVX2 one.
        detect: || {
            std::is_x86_feature_detected!("avx2")
                && std::is_x86_feature_detected!("avx512f")
                && std::is_x86_feature_detected!("avx512vl")
                && std::is_x86_feature_detected!("avx512bw")
        },
        hash32: simd::avx512::hash32,
        sha256: simd::avx512::sha256,
        hash160_fused: simd::avx512::hash160_fused,
        ripemd160_many: simd::avx512::ripemd160_many,
        sha256_many: simd::avx512::sha256_many,
        keccak_lanes: <core::arch::x86_64::__m512i as simd::Lanes64>::LANES,
        keccak256: simd::avx512::keccak256,
        keccak256_many: simd::avx512::keccak256_many,
    },
    #[cfg(rmd160mb_neon)]
    Entry {
        name: c"neon",
        lanes: <core::arch::aarch64::uint32x4_t as simd::Lanes>::LANES,
        detect: || std::arch::is_aarch64_feature_detected!("neon"),
        hash32: simd::neon::hash32,
        sha256: simd::neon::sha256,
        hash160_fused: simd::neon::hash160_fused,
        ripemd160_many: simd::neon::ripemd160_many,
        sha256_many: simd::neon::sha256_many,
        keccak_lanes: <core::arch::aarch64::uint64x2_t as simd::Lanes64>::LANES,
        keccak256: simd::neon::keccak256,
        keccak256_many: simd::neon::keccak256_many,
    },
];

/// A RIPEMD-160 (and SHA-256) kernel set that the running CPU supports.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Backend(u8);

/// Every backend name this library knows, on any architecture.
pub const BACKEND_NAMES: [&str; 4] = ["scalar", "avx2", "avx512", "neon"];

/// The error of [`Backend::by_name`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendError {
    /// No backend has this name.
    Unknown,
    /// The backend exists but this build or this CPU cannot run it.
    Unavailable,
}

impl fmt::Display for BackendError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            BackendError::Unknown => "unknown backend name",
            BackendError::Unavailable => "backend not supported by this build or CPU",
        })
    }
}

impl std::error::Error for BackendError {}

impl fmt::Debug for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Backend({})", self.name())
    }
}

impl fmt::Display for Backend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl Backend {
    /// The portable scalar kernel, available everywhere.
    pub const SCALAR: Backend = Backend(0);

    /// The table entry named `name` if this CPU passes its detection.
    fn detected(name: &str) -> Option<Backend> {
        let index = TABLE.iter().position(|e| e.name.to_bytes() == name.as_bytes())?;
        (TABLE[index].detect)().then_some(Backend(index as u8))
    }

    /// The AVX2 kernel (8 lanes), if this CPU has AVX2.
    pub fn avx2() -> Option<Backend> {
        Self::detected("avx2")
    }

    /// The AVX-512 kernel (16 lanes), if this CPU has AVX-512 F, VL and BW
    /// (and AVX2, which its small tails use).
    pub fn avx512() -> Option<Backend> {
        Self::detected("avx512")
    }

    /// The NEON kernel (4 lanes), if this is an aarch64 CPU with NEON.
    pub fn neon() -> Option<Backend> {
        Self::detected("neon")
    }

    /// The fastest backend this CPU supports.
    pub fn detect() -> Backend {
        (0..TABLE.len()).rev().find(|&i| (TABLE[i].detect)()).map_or(Self::SCALAR, |i| Backend(i as u8))
    }

    /// The backend called `name` (one of [`BACKEND_NAMES`]), or the detected
    /// one for `"auto"`.
    pub fn by_name(name: &str) -> Result<Backend, BackendError> {
        if name == "auto" {
            return Ok(Self::detect());
        }
        if !BACKEND_NAMES.contains(&name) {
            return Err(BackendError::Unknown);
        }
        Self::detected(name).ok_or(BackendError::Unavailable)
    }

    /// Every backend this CPU supports, scalar first.
    pub fn available() -> Vec<Backend> {
        (0..TABLE.len()).filter(|&i| (TABLE[i].detect)()).map(|i| Backend(i as u8)).collect()
    }

    /// This backend's table entry.
    fn entry(self) -> &'static Entry {
        &TABLE[usize::from(self.0)]
    }

    /// The backend's name: "scalar", "avx2", "avx512" or "neon".
    pub fn name(self) -> &'static str {
        // The names are ASCII literals.
        self.c_name().to_str().unwrap_or("scalar")
    }

    /// The name as a NUL-terminated string for the C API.
    pub(crate) fn c_name(self) -> &'static CStr {
        self.entry().name
    }

    /// Messages hashed side by side: 1, 4, 8 or 16.
    pub fn lanes(self) -> usize {
        self.entry().lanes
    }

    /// What runs SHA-256 (and so the first half of HASH160) on this
    /// backend: `"sha-ni"` where the tail policy puts it on the CPU's SHA
    /// extensions (x86_64 AVX2 with SHA-NI: several messages interleaved),
    /// else the backend's own name (its lanes; `"scalar"`: the `sha2`
    /// crate, one message at a time).
    pub fn sha256_kernel(self) -> &'static str {
        #[cfg(target_arch = "x86_64")]
        if crate::policy::sha256_on_sha_ni(self.lanes()).is_some() {
            return "sha-ni";
        }
        self.name()
    }

    /// The process-wide backend: chosen at first use (the detected one, or
    /// the one `RMD160MB_FORCE` names if this CPU supports it), then changed
    /// only by [`Backend::make_current`].
    pub fn current() -> Backend {
        match CURRENT.load(Ordering::Relaxed) {
            0 => {
                let chosen = std::env::var("RMD160MB_FORCE")
                    .ok()
                    .and_then(|name| Self::by_name(&name).ok())
                    .unwrap_or_else(Self::detect);
                // Another thread may have chosen first (or called
                // make_current): keep whatever is stored then.
                match CURRENT.compare_exchange(0, chosen.0 + 1, Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => chosen,
                    Err(code) => Backend(code - 1),
                }
            }
            // Only `make_current` and the exchange above store codes, each
            // from an obtained Backend.
            code => Backend(code - 1),
        }
    }

    /// Makes this the process-wide backend.
    pub fn make_current(self) {
        CURRENT.store(self.0 + 1, Ordering::Relaxed);
    }

    /// `dst[i] = RIPEMD160(src[i])` for 32-byte messages, with this
    /// backend's kernel. `src` and `dst` have the same length.
    #[inline]
    pub(crate) fn hash32(self, src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
        // SAFETY: a Backend exists only for an entry whose detection passed
        // on this CPU, so it has the kernel's instruction set.
        unsafe { (self.entry().hash32)(src, dst) }
    }

    /// `dst[i] = SHA256(src[width*i .. width*i + width])` with this
    /// backend's SHA-256 kernel. `src.len() == width * dst.len()`.
    /// Where the tail policy says so (`policy::sha256_on_sha_ni`), the
    /// CPU's SHA extensions run it instead of the lanes.
    #[inline]
    pub(crate) fn sha256(self, src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
        #[cfg(target_arch = "x86_64")]
        if let Some(sha_ni) = crate::policy::sha256_on_sha_ni(self.lanes()) {
            return sha_ni.sha256(src, width, dst);
        }
        self.sha256_lanes(src, width, dst)
    }

    /// HASH160 of the leading whole groups of `width`-byte messages of
    /// `src` into `dst` with both halves on this backend's lanes (fused, no
    /// SHA-256 digest written out); returns how many messages it hashed,
    /// which is 0 where its SHA-256 does not run on its lanes (the tail
    /// policy's SHA-NI, scalar's `sha2`), where the policy keeps two stages
    /// (`policy::hash160_fused`) or the width has no fixed-width path.
    /// `src.len() == width * dst.len()`.
    #[inline]
    pub(crate) fn hash160_fused(self, src: &[u8], width: usize, dst: &mut [[u8; 20]]) -> usize {
        #[cfg(target_arch = "x86_64")]
        if crate::policy::sha256_on_sha_ni(self.lanes()).is_some() {
            return 0;
        }
        if !crate::policy::hash160_fused(self.lanes(), width) {
            return 0;
        }
        // SAFETY: as in `hash32`.
        unsafe { (self.entry().hash160_fused)(src, width, dst) }
    }

    /// The table's fused HASH160 kernel, whatever the policy says (tests).
    #[cfg(test)]
    pub(crate) fn hash160_fused_kernel(self, src: &[u8], width: usize, dst: &mut [[u8; 20]]) -> usize {
        // SAFETY: as in `hash32`.
        unsafe { (self.entry().hash160_fused)(src, width, dst) }
    }

    /// [`Backend::sha256`] on this backend's own kernel (its lanes, or the
    /// `sha2` crate for scalar), whatever the policy says.
    #[inline]
    pub(crate) fn sha256_lanes(self, src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
        debug_assert_eq!(Some(src.len()), dst.len().checked_mul(width));
        // SAFETY: as in `hash32`.
        unsafe { (self.entry().sha256)(src, width, dst) }
    }
}

impl Backend {
    /// `dst[i] = RIPEMD160(msgs[i])`, any lengths, with this backend's
    /// multi-buffer kernel. `msgs` and `dst` have the same length.
    #[inline]
    pub(crate) fn ripemd160_many(self, msgs: Messages<'_>, dst: &mut [[u8; 20]]) {
        // SAFETY: as in `hash32`.
        unsafe { (self.entry().ripemd160_many)(msgs, dst) }
    }

    /// `dst[i] = SHA256(msgs[i])`, any lengths, with this backend's
    /// multi-buffer kernel. `msgs` and `dst` have the same length.
    /// As [`Backend::sha256`], on the SHA extensions where the policy says so.
    #[inline]
    pub(crate) fn sha256_many(self, msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
        #[cfg(target_arch = "x86_64")]
        if let Some(sha_ni) = crate::policy::sha256_on_sha_ni(self.lanes()) {
            return sha_ni.sha256_many(msgs, dst);
        }
        self.sha256_many_lanes(msgs, dst)
    }

    /// [`Backend::sha256_many`] on this backend's own kernel, whatever the
    /// policy says.
    #[inline]
    pub(crate) fn sha256_many_lanes(self, msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
        // SAFETY: as in `hash32`.
        unsafe { (self.entry().sha256_many)(msgs, dst) }
    }
}

impl Backend {
    /// Keccak-256 messages hashed side by side: 1, 2 (neon), 4 (avx2) or 8
    /// (avx512).
    pub(crate) fn keccak_lanes(self) -> usize {
        self.entry().keccak_lanes
    }

    /// `dst[i] = Keccak256(src[width*i .. width*i + width])` with this
    /// backend's fixed-width kernel. `src.len() == width * dst.len()`.
    #[inline]
    pub(crate) fn keccak256(self, src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
        debug_assert_eq!(Some(src.len()), dst.len().checked_mul(width));
        // SAFETY: as in `hash32`.
        unsafe { (self.entry().keccak256)(src, width, dst) }
    }

    /// `dst[i] = Keccak256(msgs[i])`, any lengths, with this backend's
    /// multi-buffer kernel. `msgs` and `dst` have the same length.
    #[inline]
    pub(crate) fn keccak256_many(self, msgs: Messages<'_>, dst: &mut [[u8; 32]]) {
        // SAFETY: as in `hash32`.
        unsafe { (self.entry().keccak256_many)(msgs, dst) }
    }
}

/// The current backend's table index plus one; 0 until first use.
static CURRENT: AtomicU8 = AtomicU8::new(0);

#[cfg(test)]
mod tests {
    use super::*;

    /// Every entry has a known name, a power-of-two lane count, and a
    /// constructor that finds it exactly when its detection passes.
    #[test]
    fn table_is_consistent() {
        assert_eq!(TABLE[0].name, c"scalar");
        for (i, e) in TABLE.iter().enumerate() {
            let name = e.name.to_str().expect("ASCII name");
            assert!(BACKEND_NAMES.contains(&name), "{name} missing from BACKEND_NAMES");
            assert!(e.lanes.is_power_of_two() && e.lanes <= 16, "{name}: {} lanes", e.lanes);
            assert!(e.keccak_lanes.is_power_of_two() && e.keccak_lanes <= 8, "{name}: {} Keccak lanes", e.keccak_lanes);
            let found = Backend::by_name(name);
            if (e.detect)() {
                assert_eq!(found, Ok(Backend(i as u8)));
                assert_eq!(found.map(Backend::name), Ok(name));
            } else {
                assert_eq!(found, Err(BackendError::Unavailable));
            }
        }
        assert_eq!(Backend::by_name("sse2"), Err(BackendError::Unknown));
        assert_eq!(Backend::available()[0], Backend::SCALAR);
        assert_eq!(Backend::available().last(), Some(&Backend::detect()));
    }
}
