//! Replays every saved fuzz input through the check of its fuzz target:
//! `tests/regressions/<target>/*` (target = stream, batch or ffi), on every
//! `cargo test` and every architecture the suite runs on. A crash input found
//! by `make fuzz` is copied here (`fuzz/artifacts/<target>/crash-*`) and
//! stays as a regression case; the seed inputs cover the classic failures
//! (padding at 55/56/63/64 bytes, block-boundary splits, in place, NULL
//! with length 0, sizes that overflow). The `corpus-*` files are the
//! fuzzer's minimized corpus (`make fuzz-save-corpus`), so that the paths
//! it reached are replayed on the targets it cannot run on (i686, s390x);
//! `RMD160MB_SKIP_CORPUS=1` leaves them out (used under valgrind).

#[path = "../fuzz/shared/checks.rs"]
mod checks;
#[path = "../fuzz/shared/guarded.rs"]
mod guarded;
#[path = "common/oracle.rs"]
mod oracle;

use std::path::PathBuf;

fn replay(target: &str, check: fn(&[u8])) {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/regressions").join(target);
    let skip_corpus = std::env::var_os("RMD160MB_SKIP_CORPUS").is_some_and(|v| v != "0");
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.expect("directory entry").path())
        .filter(|p| p.is_file())
        .filter(|p| !(skip_corpus && p.file_name().is_some_and(|n| n.to_string_lossy().starts_with("corpus-"))))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{}: no regression inputs", dir.display());
    for file in &files {
        let data = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        eprintln!("replaying {} ({} bytes)", file.display(), data.len());
        check(&data);
    }
    eprintln!("{target}: {} inputs replayed", files.len());
}

#[test]
fn stream_inputs() {
    replay("stream", checks::stream);
}

#[test]
fn batch_inputs() {
    replay("batch", checks::batch);
}

#[test]
fn ffi_inputs() {
    replay("ffi", checks::ffi);
}
