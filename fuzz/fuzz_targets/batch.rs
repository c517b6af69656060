//! hash32 / hash160 of random counts, widths and misalignments on every available backend vs the scalar kernel vs the oracle.
//! The check itself is in ../shared/checks.rs, shared with tests/regressions.rs.
#![no_main]

#[path = "../shared/guarded.rs"]
mod guarded;
#[path = "../shared/checks.rs"]
mod checks;
#[path = "../../tests/common/oracle.rs"]
mod oracle;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::batch(data));
