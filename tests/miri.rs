//! The portable paths with sizes small enough for Miri (`make miri` runs this
//! file under `cargo +nightly miri test` with strict provenance and symbolic
//! alignment checks); `cargo test` runs it natively too.
//!
//! - the scalar kernel (hash32, the fused HASH160, SHA-256), across the
//!   chunk boundary of the batch driver (`internals::BATCH_CHUNK`);
//! - the merkle root's levels (from the leaves, then in place);
//! - the streaming hasher: every split of a message into two `update` calls,
//!   three-way splits around block boundaries, copies taken mid-stream, and
//!   the padding lengths;
//! - every C entry point called from Rust with NULL, zero, overflowing,
//!   wrapping, overlapping, misaligned and in-place arguments;
//! - the backend switching (by name, through the C API, from threads).
//!
//! Under Miri the CPU-feature detection reports nothing, so
//! `Backend::available()` is `[scalar]` and every batch call runs the scalar
//! kernel: the test `which_backends_ran` prints the list and fails if it
//! lists anything but scalar under Miri. Tests that read or set the
//! process-wide backend hold `BACKEND_LOCK`, so their outcome does not
//! depend on which test thread runs first.

use core::ffi::{c_char, c_int, CStr};
use core::ptr::{null, null_mut, without_provenance, without_provenance_mut};
use std::ffi::CString;
use std::sync::{Mutex, MutexGuard};

use ripemd160mb::ffi::*;
#[path = "common/oracle.rs"]
mod oracle;

use oracle::{oracle_hash160, oracle_merkle_root, oracle_ripemd160, oracle_sha256};
use ripemd160mb::internals::BATCH_CHUNK;
use ripemd160mb::{
    eth_address, hash160, hash160_many, hash160_with, hash32, hash32_in_place, hash32_with, keccak256, keccak256_many,
    ripemd160, ripemd160_many, sha256, sha256_many, sha256_with, Backend, BackendError, InputError, Ripemd160,
    BACKEND_NAMES,
};

/// Held by every test that reads or changes the process-wide backend.
static BACKEND_LOCK: Mutex<()> = Mutex::new(());

fn backend_lock() -> MutexGuard<'static, ()> {
    BACKEND_LOCK.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// The merkle root of 37 leaves (odd levels: the last node paired with
/// itself) against the plain level-by-level oracle.
/// Its first level reads the leaves and writes a stack buffer, the levels
/// above go in place through raw pointers (`pair_up` in the library's
/// drivers): under Miri the aliasing model checks both. Larger trees run
/// the same code (the library's unit test checks them natively).
#[test]
fn merkle_root_levels() {
    let n = 37;
    let leaves: Vec<[u8; 32]> = bytes(0x3e, 32 * n).chunks_exact(32).map(|c| c.try_into().expect("32 bytes")).collect();
    let want = oracle_merkle_root(&leaves);
    assert!(!want.1, "distinct leaves: not mutated");
    let scalar = Backend::by_name("scalar").expect("scalar");
    assert_eq!(ripemd160mb::merkle_root_with(scalar, &leaves), want);
}

/// Deterministic bytes (xorshift).
fn bytes(seed: u64, n: usize) -> Vec<u8> {
    let mut s = seed | 1;
    (0..n)
        .map(|_| {
            s ^= s << 13;
            s ^= s >> 7;
            s ^= s << 17;
            (s >> 24) as u8
        })
        .collect()
}

fn hex(d: &[u8]) -> String {
    d.iter().map(|b| format!("{b:02x}")).collect()
}

/// Counts around the batch driver's chunk (fewer under Miri).
fn counts() -> Vec<usize> {
    let c = BATCH_CHUNK;
    if cfg!(miri) {
        vec![0, 1, 2, c + 1]
    } else {
        vec![0, 1, 2, 3, 15, 16, 17, c - 1, c, c + 1, 2 * c + 1]
    }
}

const MAX: usize = usize::MAX;

/// The messages of an `n`-message batch compared with the oracle: all of
/// them natively; under Miri, for large batches, the first two and the ones
/// around the chunk boundary (the oracle costs as much as the kernel).
fn checked(n: usize) -> Vec<usize> {
    if cfg!(miri) && n > 3 {
        let c = BATCH_CHUNK;
        [0, 1, c - 2, c - 1, c].into_iter().filter(|&i| i < n).chain([n - 1]).collect()
    } else {
        (0..n).collect()
    }
}

#[test]
fn which_backends_ran() {
    let names: Vec<&str> = Backend::available().iter().map(|b| b.name()).collect();
    eprintln!("backends available here (the ones this file exercises): {names:?}");
    assert_eq!(names[0], "scalar");
    if cfg!(miri) {
        assert_eq!(names, ["scalar"], "under Miri only the scalar kernel is expected to run");
    }
}

// ---------------------------------------------------------------------------
// The scalar kernel.

#[test]
fn designers_vectors() {
    for (msg, want) in [
        (&b""[..], "9c1185a5c5e9fc54612808977ee8f548b2258d31"),
        (b"a", "0bdc9d2d256b3ee9daae347be6f4dc835a467ffe"),
        (b"abc", "8eb208f7e05d987a9b044a8e98c6b087f15a0bfc"),
        (b"message digest", "5d0689ef49d2fae572b881b123a85ffa21595f36"),
        (b"abcdefghijklmnopqrstuvwxyz", "f71c27109c692c1b56bbdceb5b9d2865b3708dbc"),
        (b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "12a053384a9c0c88e405a06c27dcf49ada62eb2b"),
        (
            b"12345678901234567890123456789012345678901234567890123456789012345678901234567890",
            "9b752e45573d4b39f4dbd3323cab82bf63326bfb",
        ),
    ] {
        assert_eq!(hex(&ripemd160(msg)), want, "{:?}", String::from_utf8_lossy(msg));
    }
}

#[test]
fn scalar_hash32_across_the_chunk_boundary() {
    for n in counts() {
        let flat = bytes(0x32 + n as u64, 32 * n);
        let msgs: Vec<[u8; 32]> = flat.chunks(32).map(|c| c.try_into().unwrap()).collect();
        let mut got = vec![[0xA5u8; 20]; n];
        hash32_with(Backend::SCALAR, &mut got, &msgs);
        for i in checked(n) {
            assert_eq!(got[i], oracle_ripemd160(&msgs[i]), "n {n}, message {i}");
        }
    }
}

#[test]
fn scalar_hash160_and_sha256_every_path() {
    // 32, 33 and 65 have their own kernels; the others the general one:
    // one block (0..55), two (56..119).
    let widths: &[usize] = if cfg!(miri) {
        &[0, 1, 31, 32, 33, 55, 56, 65, 119]
    } else {
        &[0, 1, 19, 20, 31, 32, 33, 55, 56, 63, 64, 65, 100, 119, 120, 200]
    };
    for &width in widths {
        for n in if cfg!(miri) { vec![0usize, 1, 2] } else { vec![0, 1, 2, 5] } {
            let src = bytes(0x160 + (width * 8 + n) as u64, width * n);
            let mut d20 = vec![[0xA5u8; 20]; n];
            let mut d32 = vec![[0xA5u8; 32]; n];
            hash160_with(Backend::SCALAR, &mut d20, &src, width);
            sha256_with(Backend::SCALAR, &mut d32, &src, width);
            for i in 0..n {
                let m = &src[width * i..width * (i + 1)];
                assert_eq!(d32[i], oracle_sha256(m), "sha256 width {width} n {n} message {i}");
                assert_eq!(d20[i], oracle_hash160(m), "hash160 width {width} n {n} message {i}");
            }
        }
    }
    // Across the chunk boundary with the compressed-key width.
    let n = BATCH_CHUNK + 1;
    let src = bytes(0x65, 33 * n);
    let mut d20 = vec![[0u8; 20]; n];
    hash160_with(Backend::SCALAR, &mut d20, &src, 33);
    for i in checked(n) {
        assert_eq!(d20[i], oracle_hash160(&src[33 * i..33 * i + 33]), "hash160 n {n} message {i}");
    }
}

#[test]
#[should_panic(expected = "ripemd160mb::hash32: dst has room for 2 digests, but there are 3 messages")]
fn hash32_length_mismatch_panics() {
    let mut dst = [[0u8; 20]; 2];
    hash32_with(Backend::SCALAR, &mut dst, &[[0u8; 32]; 3]);
}

#[test]
#[should_panic(
    expected = "ripemd160mb::hash160: dst has room for 2 digests, so src must hold 2 messages of width 33 (66 bytes), but it holds 65 bytes"
)]
fn hash160_length_mismatch_panics() {
    let mut dst = [[0u8; 20]; 2];
    hash160_with(Backend::SCALAR, &mut dst, &[0u8; 65], 33);
}

#[test]
#[should_panic(
    expected = "ripemd160mb::sha256: dst has room for 2 digests, so src must hold 2 messages of width 33 (66 bytes), but it holds 64 bytes"
)]
fn sha256_length_mismatch_panics() {
    let mut dst = [[0u8; 32]; 2];
    sha256_with(Backend::SCALAR, &mut dst, &[0u8; 64], 33);
}

#[test]
#[should_panic(expected = "ripemd160mb::hash32_in_place: buf holds 33 bytes, not a multiple of the width 32")]
fn hash32_in_place_bad_length_panics() {
    hash32_in_place(&mut [0u8; 33]);
}

// ---------------------------------------------------------------------------
// The streaming hasher.

/// Message length for the split tests: three blocks and a partial one.
const STREAM_LEN: usize = 200;

#[test]
fn stream_every_two_way_split() {
    // Under Miri a message across one block boundary (72 bytes), natively
    // three and a partial block; every split point either way.
    let len = if cfg!(miri) { 72 } else { STREAM_LEN };
    let msg = bytes(0x5151, len);
    let want = oracle_ripemd160(&msg);
    assert_eq!(ripemd160(&msg), want);
    for i in 0..=len {
        let mut h = Ripemd160::new();
        h.update(&msg[..i]);
        h.update(&msg[i..]);
        assert_eq!(h.finalize(), want, "split at {i}");
    }
}

#[test]
fn stream_three_way_splits_around_block_boundaries() {
    let len = if cfg!(miri) { 130 } else { STREAM_LEN };
    let msg = bytes(0x5252, len);
    let want = oracle_ripemd160(&msg);
    let r = if cfg!(miri) { 1 } else { 2 };
    let near = |b: usize| b.saturating_sub(r)..=(b + r).min(len);
    let firsts: Vec<usize> = if cfg!(miri) { vec![0, 1, 63, 64, 65] } else { vec![0, 1, 55, 56, 63, 64, 65] };
    let seconds: Vec<usize> = near(64).chain(near(128)).chain(near(192)).filter(|&j| j <= len).collect();
    for &i in &firsts {
        for &j in seconds.iter().filter(|&&j| j >= i) {
            let mut h = Ripemd160::new();
            h.update(&msg[..i]);
            h.update(&msg[i..j]);
            h.update(&msg[j..]);
            assert_eq!(h.finalize(), want, "splits at {i} and {j}");
            // The same through the C context.
            let mut ctx = rmd160mb_ctx { opaque: [0; 12] };
            let mut out = [0u8; 20];
            // SAFETY: ctx is a live local; the slices are readable.
            unsafe {
                assert_eq!(rmd160mb_init(&mut ctx), RMD160MB_OK);
                for part in [&msg[..i], &msg[i..j], &msg[j..]] {
                    assert_eq!(rmd160mb_update(&mut ctx, part.as_ptr(), part.len()), RMD160MB_OK);
                }
                assert_eq!(rmd160mb_final(&mut ctx, out.as_mut_ptr()), RMD160MB_OK);
            }
            assert_eq!(out, want, "C context, splits at {i} and {j}");
        }
    }
}

#[test]
fn stream_one_byte_at_a_time_and_padding_lengths() {
    let msg = bytes(0x5353, 130);
    let mut h = Ripemd160::default();
    for (k, b) in msg.iter().enumerate() {
        h.update(core::slice::from_ref(b));
        if [54, 55, 56, 63, 64, 65, 119, 120, 127, 128].contains(&(k + 1)) {
            assert_eq!(h.finalize(), oracle_ripemd160(&msg[..=k]), "prefix of {} bytes", k + 1);
        }
    }
    assert_eq!(h.finalize(), oracle_ripemd160(&msg));
}

#[test]
fn stream_copies_mid_stream_are_independent() {
    let msg = bytes(0x5454, 150);
    let cuts: &[usize] = if cfg!(miri) { &[0, 1, 63, 64, 65, 150] } else { &[0, 1, 55, 63, 64, 65, 100, 128, 150] };
    for &cut in cuts {
        let mut a = Ripemd160::new();
        a.update(&msg[..cut]);
        let mut b = a; // a copy by value
        b.update(b"tail of b");
        a.update(&msg[cut..]);
        assert_eq!(a.finalize(), oracle_ripemd160(&msg), "original after a copy at {cut}");
        let mut want_b = msg[..cut].to_vec();
        want_b.extend_from_slice(b"tail of b");
        assert_eq!(b.finalize(), oracle_ripemd160(&want_b), "copy taken at {cut}");

        // The C context, copied by value mid-stream to another place.
        let mut ctx = rmd160mb_ctx { opaque: [0; 12] };
        let (mut out_a, mut out_b) = ([0u8; 20], [0u8; 20]);
        // SAFETY: live locals; readable slices.
        unsafe {
            assert_eq!(rmd160mb_init(&mut ctx), RMD160MB_OK);
            assert_eq!(rmd160mb_update(&mut ctx, msg.as_ptr(), cut), RMD160MB_OK);
            let mut copy = rmd160mb_ctx { opaque: ctx.opaque };
            assert_eq!(rmd160mb_update(&mut copy, b"tail of b".as_ptr(), 9), RMD160MB_OK);
            assert_eq!(rmd160mb_update(&mut ctx, msg[cut..].as_ptr(), msg.len() - cut), RMD160MB_OK);
            assert_eq!(rmd160mb_final(&mut ctx, out_a.as_mut_ptr()), RMD160MB_OK);
            assert_eq!(rmd160mb_final(&mut copy, out_b.as_mut_ptr()), RMD160MB_OK);
            // final leaves the context unchanged: a second final agrees.
            let mut again = [0u8; 20];
            assert_eq!(rmd160mb_final(&mut ctx, again.as_mut_ptr()), RMD160MB_OK);
            assert_eq!(again, out_a, "second final at {cut}");
        }
        assert_eq!(out_a, oracle_ripemd160(&msg), "C original after a copy at {cut}");
        assert_eq!(out_b, oracle_ripemd160(&want_b), "C copy taken at {cut}");
    }
}

// ---------------------------------------------------------------------------
// The C entry points with every kind of argument.

/// A context whose internal state is out of range.
fn corrupt_ctx() -> rmd160mb_ctx {
    let mut ctx = rmd160mb_ctx { opaque: [0; 12] };
    // SAFETY: a live local.
    assert_eq!(unsafe { rmd160mb_init(&mut ctx) }, RMD160MB_OK);
    // Fill everything with 0xFF: the buffered-bytes count is then >= 64.
    ctx.opaque = [u64::MAX; 12];
    ctx
}

#[test]
fn c_streaming_statuses() {
    let msg = *b"abc";
    let mut out = [0xEEu8; 20];
    let mut ctx = rmd160mb_ctx { opaque: [7; 12] }; // garbage before init is fine
                                                    // SAFETY (all calls): every non-NULL pointer addresses the sizes passed,
                                                    // or the contract makes the call fail before touching memory.
    unsafe {
        assert_eq!(rmd160mb_init(null_mut()), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_init(&mut ctx), RMD160MB_OK);
        // len 0 succeeds whatever the pointers.
        assert_eq!(rmd160mb_update(null_mut(), null(), 0), RMD160MB_OK);
        assert_eq!(rmd160mb_update(&mut ctx, without_provenance(MAX), 0), RMD160MB_OK);
        assert_eq!(rmd160mb_update(null_mut(), msg.as_ptr(), 3), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_update(&mut ctx, null(), 3), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_update(&mut ctx, msg.as_ptr(), MAX), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_update(&mut ctx, without_provenance(MAX - 10), 100), RMD160MB_ERR_OVERFLOW);
        // Data overlapping the context itself.
        let cp = (&raw mut ctx).cast::<u8>();
        assert_eq!(rmd160mb_update(&mut ctx, cp.add(8), 16), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_update(&mut ctx, msg.as_ptr(), 3), RMD160MB_OK);
        assert_eq!(rmd160mb_final(null_mut(), out.as_mut_ptr()), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_final(&mut ctx, null_mut()), RMD160MB_ERR_NULL);
        assert_eq!(out, [0xEE; 20], "nothing written on an error");
        let cp = (&raw mut ctx).cast::<u8>();
        assert_eq!(rmd160mb_final(&mut ctx, cp.add(40)), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_final(&mut ctx, out.as_mut_ptr()), RMD160MB_OK);
        assert_eq!(out, oracle_ripemd160(b"abc"));
        // A context that was overwritten is refused, and left as it is.
        let mut bad = corrupt_ctx();
        assert_eq!(rmd160mb_update(&mut bad, msg.as_ptr(), 3), RMD160MB_ERR_CONTEXT);
        assert_eq!(rmd160mb_final(&mut bad, out.as_mut_ptr()), RMD160MB_ERR_CONTEXT);
        assert_eq!(bad.opaque, [u64::MAX; 12]);
        assert_eq!(out, oracle_ripemd160(b"abc"), "nothing written on a context error");
        // Re-initialising repairs it.
        assert_eq!(rmd160mb_init(&mut bad), RMD160MB_OK);
        assert_eq!(rmd160mb_final(&mut bad, out.as_mut_ptr()), RMD160MB_OK);
        assert_eq!(out, oracle_ripemd160(b""));
    }
}

#[test]
fn c_sum_statuses() {
    let msg = bytes(0x5u64, 100);
    let mut out = [0xEEu8; 20];
    // SAFETY (all calls): as in c_streaming_statuses.
    unsafe {
        assert_eq!(rmd160mb_sum(out.as_mut_ptr(), null(), 0), RMD160MB_OK);
        assert_eq!(out, oracle_ripemd160(b""));
        assert_eq!(rmd160mb_sum(out.as_mut_ptr(), without_provenance(MAX), 0), RMD160MB_OK);
        assert_eq!(rmd160mb_sum(null_mut(), msg.as_ptr(), 10), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_sum(out.as_mut_ptr(), null(), 10), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_sum(out.as_mut_ptr(), msg.as_ptr(), MAX), RMD160MB_ERR_OVERFLOW);
        // Sizes first: a NULL message with an impossible length.
        assert_eq!(rmd160mb_sum(out.as_mut_ptr(), null(), MAX), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_sum(null_mut(), msg.as_ptr(), isize::MAX as usize + 1), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_sum(out.as_mut_ptr(), without_provenance(MAX - 5), 6), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_sum(without_provenance_mut(MAX - 5), msg.as_ptr(), 6), RMD160MB_ERR_OVERFLOW);
        let mut buf = msg.clone();
        let p = buf.as_mut_ptr();
        assert_eq!(rmd160mb_sum(p.add(10), p, 20), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_sum(p, p, 20), RMD160MB_ERR_OVERLAP);
        assert_eq!(buf, msg, "nothing written on an error");
        // Adjacent is not overlapping; misaligned output.
        assert_eq!(rmd160mb_sum(p.add(21), p, 20), RMD160MB_OK);
        assert_eq!(buf[21..41], oracle_ripemd160(&msg[..20]));
    }
}

/// The batch functions' statuses: NULL, zero, overflowing, wrapping and
/// overlapping arguments, in the documented order (sizes, then NULL, then
/// overlap), nothing written on an error.
#[test]
fn c_batch_statuses() {
    let src = bytes(0xBA7C, 256);
    let mut dst = [0xEEu8; 256];
    let d = dst.as_mut_ptr();
    let s = src.as_ptr();
    let top = |k: usize| without_provenance::<u8>(MAX - k);
    let top_mut = |k: usize| without_provenance_mut::<u8>(MAX - k);
    // SAFETY (all calls): as in c_streaming_statuses.
    unsafe {
        for n in [0usize, 1] {
            let want = if n == 0 { RMD160MB_OK } else { RMD160MB_ERR_NULL };
            assert_eq!(rmd160mb_hash32(null_mut(), s, n), want, "hash32 NULL dst n {n}");
            assert_eq!(rmd160mb_hash32(d, null(), n), want, "hash32 NULL src n {n}");
            assert_eq!(rmd160mb_hash160(null_mut(), s, n, 33), want, "hash160 NULL dst n {n}");
            assert_eq!(rmd160mb_hash160(d, null(), n, 33), want, "hash160 NULL src n {n}");
            assert_eq!(rmd160mb_sha256(null_mut(), s, n, 33), want, "sha256 NULL dst n {n}");
            assert_eq!(rmd160mb_sha256(d, null(), n, 33), want, "sha256 NULL src n {n}");
        }
        // n == 0 with wild pointers.
        assert_eq!(rmd160mb_hash32(top_mut(0), top(0), 0), RMD160MB_OK);
        assert_eq!(rmd160mb_hash160(top_mut(0), top(0), 0, MAX), RMD160MB_OK);
        assert_eq!(rmd160mb_sha256(top_mut(0), top(0), 0, MAX), RMD160MB_OK);
        // Width 0: src is not read, so NULL is fine.
        assert_eq!(rmd160mb_hash160(d, null(), 2, 0), RMD160MB_OK);
        assert_eq!(dst[..20], oracle_hash160(b""));
        assert_eq!(dst[20..40], oracle_hash160(b""));
        assert_eq!(rmd160mb_sha256(d, null(), 1, 0), RMD160MB_OK);
        assert_eq!(dst[..32], oracle_sha256(b""));
        let snapshot = dst;
        // Sizes that overflow: before NULL pointers.
        for n in [MAX / 32 + 1, MAX / 20 + 1, MAX] {
            assert_eq!(rmd160mb_hash32(d, s, n), RMD160MB_ERR_OVERFLOW, "hash32 n {n:#x}");
            assert_eq!(rmd160mb_hash32(null_mut(), null(), n), RMD160MB_ERR_OVERFLOW, "hash32 NULL n {n:#x}");
        }
        for (n, width) in [(2, MAX / 2 + 1), (MAX / 20 + 1, 1), (MAX / 65 + 1, 65), (MAX, MAX), (MAX / 16, 0)] {
            assert_eq!(rmd160mb_hash160(d, s, n, width), RMD160MB_ERR_OVERFLOW, "hash160 n {n:#x} w {width:#x}");
            assert_eq!(rmd160mb_hash160(null_mut(), null(), n, width), RMD160MB_ERR_OVERFLOW, "hash160 NULL n {n:#x}");
            assert_eq!(rmd160mb_sha256(d, s, n, width), RMD160MB_ERR_OVERFLOW, "sha256 n {n:#x} w {width:#x}");
            assert_eq!(rmd160mb_sha256(null_mut(), null(), n, width), RMD160MB_ERR_OVERFLOW, "sha256 NULL n {n:#x}");
        }
        // Regions that wrap the address space.
        assert_eq!(rmd160mb_hash32(d, top(10), 1), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_hash32(top_mut(5), s, 1), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_hash160(d, top(40), 2, 33), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_sha256(top_mut(40), s, 2, 33), RMD160MB_ERR_OVERFLOW);
        // Overlaps: a shifted one never; in place only where allowed.
        assert_eq!(rmd160mb_hash32(d.add(1), d, 2), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_hash32(d, d.add(19), 2), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_hash160(d, d, 2, 19), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_hash160(d.add(3), d, 2, 33), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_sha256(d, d, 2, 31), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_sha256(d.add(32), d, 2, 32), RMD160MB_ERR_OVERLAP);
        assert_eq!(dst, snapshot, "nothing written on an error");
    }
}

fn oracle_keccak256(m: &[u8]) -> [u8; 32] {
    use sha3::Digest;
    sha3::Keccak256::digest(m).into()
}

/// Keccak-256 and Ethereum addresses through the C API: every status in the
/// documented order (sizes, NULL, overlap, then the input checks of
/// `rmd160mb_eth_address`), in place, nothing written on an error.
#[test]
fn c_keccak_statuses() {
    let src = bytes(0xECC, 4 * 65);
    let mut keys = src.clone();
    for k in keys.chunks_mut(65) {
        k[0] = 0x04;
    }
    let mut dst = [0xEEu8; 4 * 65];
    let d = dst.as_mut_ptr();
    let (s, k) = (src.as_ptr(), keys.as_ptr());
    let top = |k: usize| without_provenance::<u8>(MAX - k);
    let top_mut = |k: usize| without_provenance_mut::<u8>(MAX - k);
    // SAFETY (all calls): as in c_streaming_statuses.
    unsafe {
        for n in [0usize, 1] {
            let want = if n == 0 { RMD160MB_OK } else { RMD160MB_ERR_NULL };
            assert_eq!(rmd160mb_keccak256(null_mut(), s, n, 64), want, "keccak256 NULL dst n {n}");
            assert_eq!(rmd160mb_keccak256(d, null(), n, 64), want, "keccak256 NULL src n {n}");
            assert_eq!(rmd160mb_eth_address(null_mut(), k, n, 65), want, "eth_address NULL dst n {n}");
            assert_eq!(rmd160mb_eth_address(d, null(), n, 64), want, "eth_address NULL src n {n}");
            assert_eq!(rmd160mb_keccak256_many(null_mut(), null(), null(), n), want, "keccak256_many NULL n {n}");
        }
        // n == 0 with wild pointers; a bad width is still an input error.
        assert_eq!(rmd160mb_keccak256(top_mut(0), top(0), 0, MAX), RMD160MB_OK);
        assert_eq!(rmd160mb_eth_address(top_mut(0), top(0), 0, 65), RMD160MB_OK);
        assert_eq!(rmd160mb_eth_address(top_mut(0), top(0), 0, 33), RMD160MB_ERR_INPUT);
        assert_eq!(rmd160mb_keccak256_many(top_mut(0), top(0).cast(), top(0).cast(), 0), RMD160MB_OK);
        // Width 0: the empty message, src not read.
        assert_eq!(rmd160mb_keccak256(d, null(), 2, 0), RMD160MB_OK);
        assert_eq!(dst[32..64], oracle_keccak256(b""));
        let snapshot = dst;
        // Sizes first, then NULL, then overlap, then the input checks.
        for (n, width) in [(MAX / 32 + 1, 1), (2, MAX / 2 + 1), (MAX / 65 + 1, 65)] {
            assert_eq!(
                rmd160mb_keccak256(null_mut(), null(), n, width),
                RMD160MB_ERR_OVERFLOW,
                "keccak256 n {n:#x} w {width:#x}"
            );
        }
        assert_eq!(rmd160mb_eth_address(null_mut(), null(), MAX / 65 + 1, 65), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_eth_address(null_mut(), null(), MAX / 20 + 1, 7), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_keccak256(d, top(40), 1, 64), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_eth_address(top_mut(10), k, 1, 65), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_eth_address(null_mut(), k, 1, 33), RMD160MB_ERR_NULL, "NULL before the width");
        assert_eq!(rmd160mb_keccak256(d.add(1), d, 2, 64), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_keccak256(d, d, 2, 31), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_eth_address(d.add(1), d, 2, 65), RMD160MB_ERR_OVERLAP, "overlap before the prefix check");
        for width in [0usize, 1, 33, 63, 66, 128] {
            assert_eq!(rmd160mb_eth_address(d, s, 2, width), RMD160MB_ERR_INPUT, "eth_address width {width}");
        }
        let mut bad = keys.clone();
        bad[3 * 65] = 0x02;
        assert_eq!(rmd160mb_eth_address(d, bad.as_ptr(), 4, 65), RMD160MB_ERR_INPUT, "last key not 0x04");
        assert_eq!(rmd160mb_eth_address(d, bad.as_ptr(), 3, 65), RMD160MB_OK, "the first three keys are fine");
        assert_eq!(dst[..20], oracle_keccak256(&keys[1..65])[12..]);
        dst = snapshot;
        // Keccak-256 in place (width >= 32) and eth_address in place.
        let mut buf = src.clone();
        let p = buf.as_mut_ptr();
        assert_eq!(rmd160mb_keccak256(p, p, 4, 65), RMD160MB_OK);
        for i in 0..4 {
            assert_eq!(buf[32 * i..32 * i + 32], oracle_keccak256(&src[65 * i..65 * i + 65]), "keccak256 in place {i}");
        }
        let mut buf = keys.clone();
        let p = buf.as_mut_ptr();
        assert_eq!(rmd160mb_eth_address(p, p, 4, 65), RMD160MB_OK);
        for i in 0..4 {
            assert_eq!(
                buf[20 * i..20 * i + 20],
                oracle_keccak256(&keys[65 * i + 1..65 * i + 65])[12..],
                "eth_address in place {i}"
            );
        }
        // The any-length form: every length around the rate, dst checked.
        let lens: Vec<usize> = vec![0, 1, 64, 135, 136, 137];
        let msgs: Vec<Vec<u8>> = lens.iter().map(|&l| bytes(l as u64, l)).collect();
        let ptrs: Vec<*const u8> = msgs.iter().map(|m| m.as_ptr()).collect();
        let mut out = vec![[0u8; 32]; lens.len()];
        assert_eq!(
            rmd160mb_keccak256_many(out.as_mut_ptr().cast(), ptrs.as_ptr(), lens.as_ptr(), lens.len()),
            RMD160MB_OK
        );
        for (i, m) in msgs.iter().enumerate() {
            assert_eq!(out[i], oracle_keccak256(m), "keccak256_many message {i}");
        }
        // dst (32 * 4 bytes) on message 3 (135 bytes), one of the four.
        let mut m3 = msgs[3].clone();
        let p3 = m3.as_mut_ptr();
        let mut ptrs3 = ptrs.clone();
        ptrs3[3] = p3.cast_const();
        assert_eq!(rmd160mb_keccak256_many(p3, ptrs3.as_ptr(), lens.as_ptr(), 4), RMD160MB_ERR_OVERLAP);
        assert_eq!(m3, msgs[3], "nothing written on an overlap");
        assert_eq!(rmd160mb_keccak256_many(d, null(), lens.as_ptr(), 1), RMD160MB_ERR_NULL);
        assert_eq!(dst, snapshot, "nothing written on an error");
    }
}

/// Misaligned, adjacent and in-place batches through the C functions on the
/// process-wide backend (scalar under Miri), with guard bytes that must
/// survive.
#[test]
fn c_batch_misaligned_and_in_place() {
    let _lock = backend_lock();
    // Under Miri: past the batch driver's chunk at one misalignment, the
    // small counts at three.
    let cases: Vec<(usize, usize)> = if cfg!(miri) {
        [0, 1, 2].iter().flat_map(|&n| [(n, 0), (n, 1), (n, 3)]).chain([(BATCH_CHUNK + 1, 3)]).collect()
    } else {
        counts().into_iter().flat_map(|n| [(n, 0), (n, 1), (n, 3)]).collect()
    };
    for (n, offset) in cases {
        {
            let msgs = bytes(0x1234 + n as u64, 65 * n);
            // hash32, separate buffers.
            let mut src = vec![0u8; offset + 32 * n];
            src[offset..].copy_from_slice(&msgs[..32 * n]);
            let mut dst = vec![0xA5u8; offset + 20 * n + 8];
            // SAFETY: 32n readable bytes and 20n writable ones past offset.
            let st = unsafe { rmd160mb_hash32(dst.as_mut_ptr().add(offset), src.as_ptr().add(offset), n) };
            assert_eq!(st, RMD160MB_OK);
            for i in checked(n) {
                let want = oracle_ripemd160(&msgs[32 * i..32 * i + 32]);
                assert_eq!(dst[offset + 20 * i..offset + 20 * i + 20], want, "hash32 n {n} off {offset} msg {i}");
            }
            assert!(
                dst[..offset].iter().chain(&dst[offset + 20 * n..]).all(|&b| b == 0xA5),
                "hash32 wrote outside dst"
            );
            // hash32 in place.
            let p = src[offset..].as_mut_ptr();
            // SAFETY: 32n bytes at p, in place.
            assert_eq!(unsafe { rmd160mb_hash32(p, p, n) }, RMD160MB_OK);
            assert_eq!(src[offset..offset + 20 * n], dst[offset..offset + 20 * n], "hash32 in place n {n}");
            // HASH160 and SHA-256 in place, width 33 and 65.
            let widths: &[usize] = if cfg!(miri) && n > 2 { &[33] } else { &[33, 65] };
            for &width in widths {
                let mut buf = vec![0u8; offset + width * n];
                buf[offset..].copy_from_slice(&msgs[..width * n]);
                let p = buf[offset..].as_mut_ptr();
                // SAFETY: width*n bytes at p, in place (width >= 20).
                assert_eq!(unsafe { rmd160mb_hash160(p, p, n, width) }, RMD160MB_OK);
                for i in checked(n) {
                    let want = oracle_hash160(&msgs[width * i..width * (i + 1)]);
                    assert_eq!(
                        buf[offset + 20 * i..offset + 20 * i + 20],
                        want,
                        "hash160 in place w {width} n {n} msg {i}"
                    );
                }
                buf[offset..].copy_from_slice(&msgs[..width * n]);
                let p = buf[offset..].as_mut_ptr();
                // SAFETY: width*n bytes at p, in place (width >= 32).
                assert_eq!(unsafe { rmd160mb_sha256(p, p, n, width) }, RMD160MB_OK);
                for i in checked(n) {
                    let want = oracle_sha256(&msgs[width * i..width * (i + 1)]);
                    assert_eq!(
                        buf[offset + 32 * i..offset + 32 * i + 32],
                        want,
                        "sha256 in place w {width} n {n} msg {i}"
                    );
                }
            }
            // Adjacent buffers (dst right after src) are not an overlap.
            if cfg!(miri) && n > 2 {
                continue;
            }
            let mut both = vec![0u8; 32 * n + 20 * n];
            both[..32 * n].copy_from_slice(&msgs[..32 * n]);
            let p = both.as_mut_ptr();
            // SAFETY: 32n readable bytes at p, 20n writable ones right after.
            assert_eq!(unsafe { rmd160mb_hash32(p.add(32 * n), p, n) }, RMD160MB_OK);
            assert_eq!(both[32 * n..], dst[offset..offset + 20 * n], "adjacent hash32 n {n}");
        }
    }
}

/// The safe batch functions on the process-wide backend.
#[test]
fn process_wide_batch_functions() {
    let _lock = backend_lock();
    let n = if cfg!(miri) { 5 } else { 70 };
    let flat = bytes(0xF00D, 65 * n);
    let msgs: Vec<[u8; 32]> = flat[..32 * n].chunks(32).map(|c| c.try_into().unwrap()).collect();
    let mut d20 = vec![[0u8; 20]; n];
    hash32(&mut d20, &msgs);
    for i in 0..n {
        assert_eq!(d20[i], oracle_ripemd160(&msgs[i]), "hash32 on {}", Backend::current());
    }
    let mut buf = flat[..32 * n].to_vec();
    hash32_in_place(&mut buf);
    for i in 0..n {
        assert_eq!(buf[20 * i..20 * i + 20], d20[i], "hash32_in_place message {i}");
    }
    hash160(&mut d20, &flat, 65);
    let mut d32 = vec![[0u8; 32]; n];
    sha256(&mut d32, &flat, 65);
    for i in 0..n {
        assert_eq!(d20[i], oracle_hash160(&flat[65 * i..65 * i + 65]), "hash160 message {i}");
        assert_eq!(d32[i], oracle_sha256(&flat[65 * i..65 * i + 65]), "sha256 message {i}");
    }
    keccak256(&mut d32, &flat, 65);
    let mut keys = flat.clone();
    keys.iter_mut().step_by(65).for_each(|b| *b = 0x04);
    eth_address(&mut d20, &keys, 65).expect("uncompressed keys");
    for i in 0..n {
        assert_eq!(d32[i], oracle_keccak256(&flat[65 * i..65 * i + 65]), "keccak256 message {i}");
        assert_eq!(d20[i][..], oracle_keccak256(&keys[65 * i + 1..65 * i + 65])[12..], "eth_address key {i}");
    }
    keys[65 * (n - 1)] = 0x02;
    let prefix = eth_address(&mut d20, &keys, 65).expect_err("a compressed key's prefix");
    assert_eq!(prefix, InputError::Prefix { index: n - 1 });
    assert!(prefix.to_string().contains("0x04"), "{prefix}");
    let width = eth_address(&mut d20, &keys[..33 * n], 33).expect_err("width 33");
    assert_eq!(width, InputError::Width(33));
    assert!(width.to_string().contains("33 bytes"), "{width}");
    // The any-length functions.
    let msgs: Vec<&[u8]> = (0..n).map(|i| &flat[i..i + (i * 37) % 150]).collect();
    ripemd160_many(&mut d20, &msgs);
    for (i, m) in msgs.iter().enumerate() {
        assert_eq!(d20[i], oracle_ripemd160(m), "ripemd160_many message {i}");
    }
    hash160_many(&mut d20, &msgs);
    for (i, m) in msgs.iter().enumerate() {
        assert_eq!(d20[i], oracle_hash160(m), "hash160_many message {i}");
    }
    sha256_many(&mut d32, &msgs);
    for (i, m) in msgs.iter().enumerate() {
        assert_eq!(d32[i], oracle_sha256(m), "sha256_many message {i}");
    }
    keccak256_many(&mut d32, &msgs);
    for (i, m) in msgs.iter().enumerate() {
        assert_eq!(d32[i], oracle_keccak256(m), "keccak256_many message {i}");
    }
}

// ---------------------------------------------------------------------------
// The backends: names, switching, the C view of them.

fn c_str(p: *const c_char) -> &'static str {
    // SAFETY: the library returns static NUL-terminated strings.
    unsafe { CStr::from_ptr(p) }.to_str().expect("ASCII")
}

#[test]
fn backend_names_and_errors() {
    for name in BACKEND_NAMES {
        match Backend::by_name(name) {
            Ok(b) => {
                assert_eq!(b.name(), name);
                assert_eq!(b.to_string(), name);
                assert_eq!(format!("{b:?}"), format!("Backend({name})"));
                assert!([1, 4, 8, 16].contains(&b.lanes()));
            }
            Err(e) => {
                assert_eq!(e, BackendError::Unavailable, "{name}");
                assert!(!e.to_string().is_empty());
            }
        }
    }
    assert_eq!(Backend::by_name("auto"), Ok(Backend::detect()));
    assert_eq!(Backend::by_name("sse9"), Err(BackendError::Unknown));
    assert_eq!(Backend::by_name("SCALAR"), Err(BackendError::Unknown));
    assert_eq!(BackendError::Unknown.to_string(), "unknown backend name");
    let _: &dyn std::error::Error = &BackendError::Unavailable;
    assert_eq!(Backend::SCALAR.lanes(), 1);
    assert!(Backend::available().contains(&Backend::detect()));
    // Version and status texts.
    assert_eq!(c_str(rmd160mb_version()), env!("CARGO_PKG_VERSION"));
    let statuses: [c_int; 8] = [
        RMD160MB_OK,
        RMD160MB_ERR_NULL,
        RMD160MB_ERR_OVERFLOW,
        RMD160MB_ERR_OVERLAP,
        RMD160MB_ERR_BACKEND,
        RMD160MB_ERR_CONTEXT,
        RMD160MB_ERR_INTERNAL,
        RMD160MB_ERR_INPUT,
    ];
    let texts: Vec<&str> = statuses.iter().map(|&s| c_str(rmd160mb_strerror(s))).collect();
    for (i, t) in texts.iter().enumerate() {
        assert_ne!(*t, "unknown status", "status {}", statuses[i]);
        assert!(!texts[..i].contains(t), "two statuses share the text {t:?}");
    }
    assert_eq!(c_str(rmd160mb_strerror(1)), "unknown status");
    assert_eq!(c_str(rmd160mb_strerror(c_int::MIN)), "unknown status");
}

#[test]
fn set_backend_through_the_c_api() {
    let _lock = backend_lock();
    for name in BACKEND_NAMES {
        let cname = std::ffi::CString::new(name).unwrap();
        let before = c_str(rmd160mb_backend());
        // SAFETY: NUL-terminated.
        let st = unsafe { rmd160mb_set_backend(cname.as_ptr()) };
        match Backend::by_name(name) {
            Ok(b) => {
                assert_eq!(st, RMD160MB_OK, "{name}");
                assert_eq!(c_str(rmd160mb_backend()), name);
                assert_eq!(rmd160mb_lanes(), b.lanes());
                assert_eq!(Backend::current(), b);
                let mut out = [[0u8; 20]; 2];
                hash32(&mut out, &[[1u8; 32], [2u8; 32]]);
                assert_eq!(out[1], oracle_ripemd160(&[2u8; 32]), "hash32 after switching to {name}");
            }
            Err(_) => {
                assert_eq!(st, RMD160MB_ERR_BACKEND, "{name}");
                assert_eq!(c_str(rmd160mb_backend()), before, "a refused name changed the backend");
            }
        }
    }
    // SAFETY: NULL is reported; the others are NUL-terminated.
    unsafe {
        assert_eq!(rmd160mb_set_backend(null()), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_set_backend(c"".as_ptr()), RMD160MB_ERR_BACKEND);
        assert_eq!(rmd160mb_set_backend(c"AVX2".as_ptr()), RMD160MB_ERR_BACKEND);
        assert_eq!(rmd160mb_set_backend(c"scalar ".as_ptr()), RMD160MB_ERR_BACKEND);
        // Not UTF-8.
        assert_eq!(rmd160mb_set_backend(c"\xff\xfe".as_ptr()), RMD160MB_ERR_BACKEND);
        assert_eq!(rmd160mb_set_backend(c"auto".as_ptr()), RMD160MB_OK);
    }
    assert_eq!(Backend::current(), Backend::detect());
    Backend::SCALAR.make_current();
    assert_eq!(c_str(rmd160mb_backend()), "scalar");
    assert_eq!(rmd160mb_lanes(), 1);
    Backend::detect().make_current();
}

/// Threads hash through the C functions while another switches the backend
/// (under Miri: its data-race detector watches the atomics and the buffers).
#[test]
fn hashing_while_switching_from_threads() {
    let _lock = backend_lock();
    let rounds = if cfg!(miri) { 4 } else { 200 };
    // The library's backend names, "auto" and an unknown name.
    let names: Vec<CString> = ripemd160mb::BACKEND_NAMES
        .iter()
        .copied()
        .chain(["auto", "nope"])
        .map(|n| CString::new(n).expect("no NUL in a name"))
        .collect();
    std::thread::scope(|scope| {
        scope.spawn(|| {
            for k in 0..rounds * 2 {
                let name = &names[k % names.len()];
                // SAFETY: NUL-terminated.
                let st = unsafe { rmd160mb_set_backend(name.as_ptr()) };
                let known = Backend::by_name(name.to_str().unwrap()).is_ok();
                assert_eq!(st, if known { RMD160MB_OK } else { RMD160MB_ERR_BACKEND }, "{name:?}");
            }
        });
        for t in 0..2u64 {
            scope.spawn(move || {
                for r in 0..rounds {
                    let n = 1 + (r + t as usize) % 3;
                    let src = bytes(0x7000 + t * 100 + r as u64, 33 * n);
                    let mut dst = vec![0u8; 20 * n];
                    // SAFETY: 33n readable bytes, 20n writable.
                    assert_eq!(unsafe { rmd160mb_hash160(dst.as_mut_ptr(), src.as_ptr(), n, 33) }, RMD160MB_OK);
                    for i in 0..n {
                        assert_eq!(
                            dst[20 * i..20 * i + 20],
                            oracle_hash160(&src[33 * i..33 * i + 33]),
                            "thread {t} round {r}"
                        );
                    }
                }
            });
        }
    });
    Backend::detect().make_current();
}
