//! Backend selection: the one place that knows which kernels exist, detects
//! the CPU, and dispatches to a kernel.
//!
//! A [`Backend`] value can only be obtained for a kernel the running CPU
//! supports, so holding one is the proof that its `#[target_feature]`
//! functions may be called.

use std::ffi::CStr;
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};

#[cfg(all(target_arch = "aarch64", target_endian = "little", target_feature = "neon"))]
use crate::neon;
use crate::scalar;
use crate::sha256;

/// The kernels, in order of preference within an architecture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Kind {
    Scalar,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    #[cfg(target_arch = "x86_64")]
    Avx512,
    #[cfg(all(target_arch = "aarch64", target_endian = "little", target_feature = "neon"))]
    Neon,
}

/// A RIPEMD-160 (and SHA-256) kernel that the running CPU supports.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Backend(Kind);

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
    pub const SCALAR: Backend = Backend(Kind::Scalar);

    /// The AVX2 kernel (8 lanes), if this CPU has AVX2.
    pub fn avx2() -> Option<Backend> {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2") {
            return Some(Backend(Kind::Avx2));
        }
        None
    }

    /// The AVX-512 kernel (16 lanes), if this CPU has AVX-512 F, VL and BW
    /// (and AVX2, which its small tails use).
    pub fn avx512() -> Option<Backend> {
        #[cfg(target_arch = "x86_64")]
        if std::is_x86_feature_detected!("avx2")
            && std::is_x86_feature_detected!("avx512f")
            && std::is_x86_feature_detected!("avx512vl")
            && std::is_x86_feature_detected!("avx512bw")
        {
            return Some(Backend(Kind::Avx512));
        }
        None
    }

    /// The NEON kernel (4 lanes), if this is an aarch64 CPU with NEON.
    pub fn neon() -> Option<Backend> {
        #[cfg(all(target_arch = "aarch64", target_endian = "little", target_feature = "neon"))]
        if std::arch::is_aarch64_feature_detected!("neon") {
            return Some(Backend(Kind::Neon));
        }
        None
    }

    /// The fastest backend this CPU supports.
    pub fn detect() -> Backend {
        Self::avx512().or_else(Self::avx2).or_else(Self::neon).unwrap_or(Self::SCALAR)
    }

    /// The backend called `name` (one of [`BACKEND_NAMES`]), or the detected
    /// one for `"auto"`.
    pub fn by_name(name: &str) -> Result<Backend, BackendError> {
        let found = match name {
            "auto" => Some(Self::detect()),
            "scalar" => Some(Self::SCALAR),
            "avx2" => Self::avx2(),
            "avx512" => Self::avx512(),
            "neon" => Self::neon(),
            _ => return Err(BackendError::Unknown),
        };
        found.ok_or(BackendError::Unavailable)
    }

    /// Every backend this CPU supports, scalar first.
    pub fn available() -> Vec<Backend> {
        BACKEND_NAMES.iter().filter_map(|name| Self::by_name(name).ok()).collect()
    }

    /// The backend's name: "scalar", "avx2", "avx512" or "neon".
    pub fn name(self) -> &'static str {
        let name = self.c_name().to_str();
        // SAFETY-free: the names are ASCII literals.
        name.unwrap_or("scalar")
    }

    /// The name as a NUL-terminated string for the C API.
    pub(crate) fn c_name(self) -> &'static CStr {
        match self.0 {
            Kind::Scalar => c"scalar",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => c"avx2",
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => c"avx512",
            #[cfg(all(target_arch = "aarch64", target_endian = "little", target_feature = "neon"))]
            Kind::Neon => c"neon",
        }
    }

    /// Messages hashed side by side: 1, 4, 8 or 16.
    pub fn lanes(self) -> usize {
        match self.0 {
            Kind::Scalar => 1,
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => crate::avx2::LANES,
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => crate::avx512::LANES,
            #[cfg(all(target_arch = "aarch64", target_endian = "little", target_feature = "neon"))]
            Kind::Neon => neon::LANES,
        }
    }

    /// The process-wide backend: chosen at first use (the detected one, or
    /// the one `RMD160MB_FORCE` names if this CPU supports it), then changed
    /// only by [`Backend::make_current`].
    pub fn current() -> Backend {
        match Self::from_code(CURRENT.load(Ordering::Relaxed)) {
            Some(backend) => backend,
            None => {
                let chosen = std::env::var("RMD160MB_FORCE")
                    .ok()
                    .and_then(|name| Self::by_name(&name).ok())
                    .unwrap_or_else(Self::detect);
                // Another thread may have chosen first (or called
                // make_current): keep whatever is stored then.
                match CURRENT.compare_exchange(0, chosen.code(), Ordering::Relaxed, Ordering::Relaxed) {
                    Ok(_) => chosen,
                    Err(code) => Self::from_code(code).unwrap_or(chosen),
                }
            }
        }
    }

    /// Makes this the process-wide backend.
    pub fn make_current(self) {
        CURRENT.store(self.code(), Ordering::Relaxed);
    }

    fn code(self) -> u8 {
        match self.0 {
            Kind::Scalar => 1,
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => 2,
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => 3,
            #[cfg(all(target_arch = "aarch64", target_endian = "little", target_feature = "neon"))]
            Kind::Neon => 4,
        }
    }

    /// Only codes stored by `code` of an obtained `Backend` reach here, so
    /// the CPU supports the kernel.
    fn from_code(code: u8) -> Option<Backend> {
        match code {
            1 => Some(Self::SCALAR),
            #[cfg(target_arch = "x86_64")]
            2 => Some(Backend(Kind::Avx2)),
            #[cfg(target_arch = "x86_64")]
            3 => Some(Backend(Kind::Avx512)),
            4 => Self::neon(),
            _ => None,
        }
    }

    /// `dst[i] = RIPEMD160(src[i])` for 32-byte messages, with this kernel.
    /// `src` and `dst` have the same length.
    #[inline]
    pub(crate) fn hash32(self, src: &[[u8; 32]], dst: &mut [[u8; 20]]) {
        debug_assert_eq!(src.len(), dst.len());
        match self.0 {
            Kind::Scalar => scalar::hash32(src, dst),
            // SAFETY: a Kind::Avx2 Backend exists only if the CPU has AVX2.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { crate::avx2::hash32(src, dst) },
            // SAFETY: a Kind::Avx512 Backend exists only if the CPU has
            // AVX-512 F, VL and BW.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe { crate::avx512::hash32(src, dst) },
            // SAFETY: a Neon backend is only constructed by `neon()` after
            // detecting NEON.
            #[cfg(all(target_arch = "aarch64", target_endian = "little", target_feature = "neon"))]
            Kind::Neon => unsafe { neon::hash32(src, dst) },
        }
    }

    /// `dst[i] = SHA256(src[width*i .. width*i + width])` with this
    /// backend's SHA-256 kernel (the `sha2` crate for scalar).
    /// `src.len() == width * dst.len()`.
    #[inline]
    pub(crate) fn sha256(self, src: &[u8], width: usize, dst: &mut [[u8; 32]]) {
        debug_assert_eq!(Some(src.len()), dst.len().checked_mul(width));
        match self.0 {
            Kind::Scalar => sha256::hash_sha2(src, width, dst),
            // SAFETY: a Backend of this kind exists only if the CPU has AVX2.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx2 => unsafe { sha256::avx2::hash(src, width, dst) },
            // SAFETY: a Backend of this kind exists only if the CPU has
            // AVX-512 F, VL and BW.
            #[cfg(target_arch = "x86_64")]
            Kind::Avx512 => unsafe { sha256::avx512::hash(src, width, dst) },
            // With the Armv8 SHA-2 instructions, the sha2 crate (its `asm`
            // feature is on for aarch64) runs them; without (Cortex-A72 as
            // in the Raspberry Pi 4, say), four NEON lanes.
            #[cfg(all(target_arch = "aarch64", target_endian = "little", target_feature = "neon"))]
            Kind::Neon => {
                if std::arch::is_aarch64_feature_detected!("sha2") {
                    sha256::hash_sha2(src, width, dst)
                } else {
                    // SAFETY: a Neon backend exists only if the CPU has NEON.
                    unsafe { sha256::neon::hash(src, width, dst) }
                }
            }
        }
    }
}

/// The current backend's code; 0 until first use.
static CURRENT: AtomicU8 = AtomicU8::new(0);
