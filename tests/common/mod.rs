//! Helpers shared by the integration tests: the bundled vectors and a
//! seeded generator (no dependency on system randomness, so failures
//! reproduce).
#![allow(dead_code)]

use std::path::PathBuf;
use std::sync::{Mutex, MutexGuard};

/// Held by a test binary's tests that set the process-wide backend and then
/// call the C functions on it: tests run on parallel threads, and without it
/// one could switch the backend under another (the digests would still be
/// right, but on another backend than the one the test names).
static BACKEND_LOCK: Mutex<()> = Mutex::new(());

pub fn backend_lock() -> MutexGuard<'static, ()> {
    BACKEND_LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Rows of a bundled `tests/vectors/*.tsv` file, comment lines skipped.
pub fn vectors(name: &str) -> Vec<Vec<String>> {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/vectors").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    text.lines().filter(|l| !l.starts_with('#')).map(|l| l.split('\t').map(str::to_owned).collect()).collect()
}

pub fn unhex(s: &str) -> Vec<u8> {
    assert_eq!(s.len() % 2, 0, "odd hex length: {s}");
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).expect("hex")).collect()
}

pub fn unhex20(s: &str) -> [u8; 20] {
    unhex(s).try_into().expect("20-byte digest")
}

/// xorshift64*: deterministic test data.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn bytes(&mut self, n: usize) -> Vec<u8> {
        (0..n).map(|_| self.next() as u8).collect()
    }
}

mod oracle;
#[allow(unused_imports)] // not every test binary uses every helper
pub use oracle::*;

/// Where a backend this CPU lacks is checked instead, for the notices.
pub const CHECKED_ELSEWHERE: &str =
    "the x86 kernels are checked under Miri on any x86-64 host (make miri-simd), NEON under qemu (make test-aarch64)";

/// Every backend name; the ones this CPU lacks are reported, not hidden.
pub fn backends_or_notice() -> Vec<ripemd160mb::Backend> {
    let mut out = Vec::new();
    for name in ripemd160mb::BACKEND_NAMES {
        match ripemd160mb::Backend::by_name(name) {
            Ok(b) => out.push(b),
            Err(e) => eprintln!("NOTICE: backend {name} skipped: {e}; {CHECKED_ELSEWHERE}"),
        }
    }
    out
}
