//! The C entry points with random lengths, offsets, overlaps, NULLs and impossible sizes inside one guarded buffer, against the contract.
//! The check itself is in ../shared/checks.rs, shared with tests/regressions.rs.
#![no_main]

#[path = "../shared/guarded.rs"]
mod guarded;
#[path = "../shared/checks.rs"]
mod checks;
#[path = "../../tests/common/oracle.rs"]
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::ffi(data));
