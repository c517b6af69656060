//! The backends: one table of every backend the library knows, on any
//! architecture, and the process-wide choice among them.
//!
//! A backend's entry points are its kernel set (`crate::kernels`), built
//! once, the first time the backend is detected. A [`Backend`] value can
//! only be obtained for an entry whose kernel set was built on the running
//! CPU, so holding one is the proof that its `#[target_feature]` kernels may
//! be called; [`Backend::kernels`] hands them to the drivers. The same table
//! is the list the library exports ([`backends`], `rmd160mb_backend_describe`).
//! Adding a backend is one [`TABLE`] entry, its name in [`BACKEND_NAMES`],
//! its kernel set's file in `src/kernels/` and its lane type's in
//! `src/simd/`.

use std::ffi::CStr;
use std::fmt;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::OnceLock;

use crate::kernels::{self, KernelSet};

/// One backend the library knows.
struct Entry {
    /// The name users pass to `rmd160mb_set_backend` and `RMD160MB_FORCE`.
    name: &'static CStr,
    /// Messages hashed side by side on 32-bit lanes (RIPEMD-160, SHA-256).
    lanes: usize,
    /// Keccak-256 messages hashed side by side (64-bit lanes).
    keccak_lanes: usize,
    /// Detects the CPU's support and builds the kernel set; `None` where
    /// this build has no kernels of this backend (another architecture).
    build: Option<fn() -> Option<KernelSet>>,
    /// The kernel set, built at the first detection.
    set: OnceLock<Option<KernelSet>>,
}

impl Entry {
    /// The kernel set, built on first use; `None` where this build or CPU
    /// lacks the backend.
    fn kernel_set(&self) -> Option<&KernelSet> {
        self.set.get_or_init(|| self.build.and_then(|build| build())).as_ref()
    }
}

/// Every backend, in increasing order of preference: [`Backend::detect`]
/// picks the last one the CPU supports.
static TABLE: [Entry; 4] = [
    Entry {
        name: c"scalar",
        lanes: 1,
        keccak_lanes: 1,
        build: Some(|| Some(kernels::scalar::SET)),
        set: OnceLock::new(),
    },
    Entry {
        name: c"avx2",
        lanes: 8,
        keccak_lanes: 4,
        #[cfg(target_arch = "x86_64")]
        build: Some(kernels::avx2::kernel_set),
        #[cfg(not(target_arch = "x86_64"))]
        build: None,
        set: OnceLock::new(),
    },
    Entry {
        name: c"avx512",
        lanes: 16,
        keccak_lanes: 8,
        #[cfg(target_arch = "x86_64")]
        build: Some(kernels::avx512::kernel_set),
        #[cfg(not(target_arch = "x86_64"))]
        build: None,
        set: OnceLock::new(),
    },
    Entry {
        name: c"neon",
        lanes: 4,
        keccak_lanes: 2,
        #[cfg(rmd160mb_neon)]
        build: Some(kernels::neon::kernel_set),
        #[cfg(not(rmd160mb_neon))]
        build: None,
        set: OnceLock::new(),
    },
];

/// One backend of the library, as [`backends`] lists them: on any
/// architecture, whether or not this build or this CPU has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct BackendInfo {
    /// The name, as [`Backend::by_name`], `rmd160mb_set_backend` and
    /// `RMD160MB_FORCE` take it.
    pub name: &'static str,
    /// RIPEMD-160 and SHA-256 messages hashed side by side (32-bit lanes).
    pub lanes: usize,
    /// Keccak-256 messages hashed side by side (64-bit lanes).
    pub keccak_lanes: usize,
    /// This build has the backend's kernels (its architecture).
    pub compiled: bool,
    /// This CPU runs it: [`Backend::by_name`] gives it.
    pub supported: bool,
    /// What runs SHA-256 (and so HASH160's first half) on it where this CPU
    /// runs it ([`Backend::sha256_kernel`]), else `None`.
    pub sha256_kernel: Option<&'static str>,
}

/// Every backend the library knows, in the order of [`BACKEND_NAMES`]'s
/// table (increasing preference: the last supported one is the detected
/// one), with what this build and this CPU have of each.
pub fn backends() -> Vec<BackendInfo> {
    TABLE.iter().map(info).collect()
}

/// The [`BackendInfo`] of an entry.
fn info(e: &'static Entry) -> BackendInfo {
    let set = e.kernel_set();
    BackendInfo {
        name: name_of(e.name),
        lanes: e.lanes,
        keccak_lanes: e.keccak_lanes,
        compiled: e.build.is_some(),
        supported: set.is_some(),
        sha256_kernel: set.map(|k| name_of(k.sha256_engine)),
    }
}

/// A table name as `&str` (the names are ASCII literals).
fn name_of(name: &'static CStr) -> &'static str {
    name.to_str().unwrap_or("scalar")
}

/// The number of backends in the table, for the C API.
pub(crate) fn backend_count() -> usize {
    TABLE.len()
}

/// The table entry `index`'s info and NUL-terminated name, for the C API.
pub(crate) fn backend_info_at(index: usize) -> Option<(BackendInfo, &'static CStr)> {
    let e = TABLE.get(index)?;
    Some((info(e), e.name))
}

/// What runs SHA-256 on table entry `index`, NUL-terminated, where this CPU
/// runs it.
pub(crate) fn sha256_kernel_at(index: usize) -> Option<&'static CStr> {
    TABLE.get(index)?.kernel_set().map(|k| k.sha256_engine)
}

/// A backend that the running CPU supports: its kernel set was built.
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

    /// The table entry named `name` if this CPU runs it.
    fn detected(name: &str) -> Option<Backend> {
        let index = TABLE.iter().position(|e| e.name.to_bytes() == name.as_bytes())?;
        TABLE[index].kernel_set().map(|_| Backend(index as u8))
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
        (0..TABLE.len()).rev().find(|&i| TABLE[i].kernel_set().is_some()).map_or(Self::SCALAR, |i| Backend(i as u8))
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
        (0..TABLE.len()).filter(|&i| TABLE[i].kernel_set().is_some()).map(|i| Backend(i as u8)).collect()
    }

    /// This backend's table entry.
    fn entry(self) -> &'static Entry {
        &TABLE[usize::from(self.0)]
    }

    /// This backend's kernel set: every entry point, as detection chose
    /// them.
    #[inline]
    pub(crate) fn kernels(self) -> &'static KernelSet {
        // A Backend exists only for an entry whose kernel set was built, so
        // the fallback is never taken.
        self.entry().kernel_set().unwrap_or(&SCALAR_SET)
    }

    /// The backend's name: "scalar", "avx2", "avx512" or "neon".
    pub fn name(self) -> &'static str {
        name_of(self.c_name())
    }

    /// The name as a NUL-terminated string for the C API.
    pub(crate) fn c_name(self) -> &'static CStr {
        self.kernels().name
    }

    /// Messages hashed side by side: 1, 4, 8 or 16.
    pub fn lanes(self) -> usize {
        self.entry().lanes
    }

    /// Keccak-256 messages hashed side by side: 1, 2 (neon), 4 (avx2) or 8
    /// (avx512).
    pub fn keccak_lanes(self) -> usize {
        self.entry().keccak_lanes
    }

    /// What runs SHA-256 (and so the first half of HASH160) on this
    /// backend: `"sha-ni"` where its kernel set puts it on the CPU's SHA
    /// extensions (x86_64 AVX2 with SHA-NI: several messages interleaved),
    /// `"armv8-sha2"` where it puts it on the Armv8 SHA-256 instructions
    /// (neon on CPUs that have them: the `sha2` crate, one message at a
    /// time), else the backend's own name (its lanes; `"scalar"`: the
    /// `sha2` crate, one message at a time).
    pub fn sha256_kernel(self) -> &'static str {
        name_of(self.kernels().sha256_engine)
    }

    /// The process-wide backend: chosen at first use (the detected one, or
    /// the one `RMD160MB_FORCE` names if this CPU supports it), then changed
    /// only by [`Backend::make_current`].
    pub fn current() -> Backend {
        match CURRENT.load(Ordering::Relaxed) {
            0 => {
                let chosen = Self::forced().unwrap_or_else(Self::detect);
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

    /// Reads `RMD160MB_FORCE`: the backend it names if this CPU runs it
    /// ("auto": the detected one). Records why it is ignored otherwise, for
    /// [`Backend::force_ignored`]. Unset and empty are alike.
    fn forced() -> Option<Backend> {
        let (verdict, backend) = match std::env::var_os("RMD160MB_FORCE") {
            None => (FORCE_HONOURED, None),
            Some(value) if value.is_empty() => (FORCE_HONOURED, None),
            Some(value) => {
                let name = value.to_str().unwrap_or("");
                match Self::by_name(name) {
                    Ok(b) => (FORCE_HONOURED, Some(b)),
                    Err(BackendError::Unavailable) => {
                        let compiled = TABLE.iter().any(|e| e.name.to_bytes() == name.as_bytes() && e.build.is_some());
                        (if compiled { FORCE_UNSUPPORTED } else { FORCE_NOT_BUILT }, None)
                    }
                    Err(BackendError::Unknown) => (FORCE_UNKNOWN, None),
                }
            }
        };
        FORCE.store(verdict, Ordering::Relaxed);
        backend
    }

    /// Why the environment variable `RMD160MB_FORCE` is ignored: `None`
    /// when it is unset or empty, or names a backend this CPU runs
    /// (`"auto"` too); else `"unknown backend name"` (not one of
    /// [`BACKEND_NAMES`] or `"auto"`, compared exactly: `"AVX2"` is
    /// unknown), `"not in this build of the library"` (a backend of
    /// another architecture) or `"not supported by this CPU"`; the
    /// [`current`](Backend::current) backend is then the detected one.
    ///
    /// The variable is read once per process, when the backend is first
    /// chosen (this call chooses it if nothing did yet); a later
    /// [`make_current`](Backend::make_current) does not change the answer.
    pub fn force_ignored() -> Option<&'static str> {
        Self::force_ignored_c().map(name_of)
    }

    /// [`Backend::force_ignored`] as a NUL-terminated string for the C API.
    pub(crate) fn force_ignored_c() -> Option<&'static CStr> {
        Self::current();
        if FORCE.load(Ordering::Relaxed) == 0 {
            // make_current came before the first choice: the variable was
            // never read.
            Self::forced();
        }
        match FORCE.load(Ordering::Relaxed) {
            FORCE_UNKNOWN => Some(c"unknown backend name"),
            FORCE_NOT_BUILT => Some(c"not in this build of the library"),
            FORCE_UNSUPPORTED => Some(c"not supported by this CPU"),
            _ => None,
        }
    }
}

/// What reading `RMD160MB_FORCE` found ([`Backend::forced`]): 0 before
/// it is read, then one of the `FORCE_*` values.
static FORCE: AtomicU8 = AtomicU8::new(0);
/// Unset, empty, or a backend this CPU runs.
const FORCE_HONOURED: u8 = 1;
/// Not a backend name.
const FORCE_UNKNOWN: u8 = 2;
/// A backend of another architecture.
const FORCE_NOT_BUILT: u8 = 3;
/// A backend this build has but this CPU cannot run.
const FORCE_UNSUPPORTED: u8 = 4;

/// The scalar kernel set, the fallback of [`Backend::kernels`].
static SCALAR_SET: KernelSet = kernels::scalar::SET;

/// The current backend's table index plus one; 0 until first use.
static CURRENT: AtomicU8 = AtomicU8::new(0);

#[cfg(test)]
mod tests {
    use super::*;

    /// The table and the exported lists agree: every name in
    /// BACKEND_NAMES's order, scalar first, power-of-two lane counts that
    /// match each kernel set's lane types, and a constructor that finds a
    /// backend exactly when its kernel set was built.
    #[test]
    fn table_is_consistent() {
        let names: Vec<&str> = TABLE.iter().map(|e| name_of(e.name)).collect();
        assert_eq!(names, BACKEND_NAMES);
        for (i, e) in TABLE.iter().enumerate() {
            let name = name_of(e.name);
            assert!(e.lanes.is_power_of_two() && e.lanes <= 16, "{name}: {} lanes", e.lanes);
            assert!(e.keccak_lanes.is_power_of_two() && e.keccak_lanes <= 8, "{name}: {} Keccak lanes", e.keccak_lanes);
            let found = Backend::by_name(name);
            match e.kernel_set() {
                Some(k) => {
                    assert_eq!(found, Ok(Backend(i as u8)));
                    assert_eq!(found.map(Backend::name), Ok(name));
                    assert_eq!(
                        (k.name, k.lanes, k.keccak_lanes),
                        (e.name, e.lanes, e.keccak_lanes),
                        "{name}: kernel set"
                    );
                }
                None => assert_eq!(found, Err(BackendError::Unavailable)),
            }
            let info = backends()[i];
            assert_eq!((info.name, info.lanes, info.supported), (name, e.lanes, e.kernel_set().is_some()));
            assert!(info.compiled || !info.supported);
        }
        assert_eq!(Backend::by_name("sse2"), Err(BackendError::Unknown));
        assert_eq!(Backend::available()[0], Backend::SCALAR);
        assert_eq!(Backend::available().last(), Some(&Backend::detect()));
    }
}
