//! Multi-lane SHA-256 and the fused HASH160: every backend this CPU has
//! against the `sha2` crate, for widths 0..200 (1 to 4 blocks) and counts
//! 0..2*lanes+3 and larger, through the Rust and C entry points, misaligned
//! and in place; and the bundled secp256k1 public-key fixture.

mod common;
use common::*;
use ripemd160mb::ffi::*;
use ripemd160mb::{hash160_with, sha256_with, Backend};

/// `n` random messages of `width` bytes through `sha256_with`, each
/// compared with the `sha2` crate.
fn check_batch(backend: Backend, rng: &mut Rng, width: usize, n: usize) {
    let src = rng.bytes(n * width);
    let mut got = vec![[0u8; 32]; n];
    sha256_with(backend, &mut got, &src, width);
    for i in 0..n {
        let want = oracle_sha256(&src[i * width..(i + 1) * width]);
        assert_eq!(got[i], want, "backend {backend}, width {width}, n {n}, message {i}");
    }
}

#[test]
fn sha256_every_width_and_count_matches_sha2() {
    let mut rng = Rng(0x5eed_0256);
    for backend in backends_or_notice() {
        for width in 0..200 {
            for n in 0..=2 * backend.lanes() + 3 {
                check_batch(backend, &mut rng, width, n);
            }
        }
    }
}

#[test]
fn sha256_large_counts_and_widths() {
    let mut rng = Rng(0x5eed_0257);
    for backend in backends_or_notice() {
        for (width, n) in [(32, 4099), (33, 4099), (65, 1000), (64, 1000), (100, 129), (1000, 37), (4097, 17)] {
            check_batch(backend, &mut rng, width, n);
        }
    }
}

/// Through `rmd160mb_sha256`: misaligned source and destination, guard
/// bytes around dst that must survive, src untouched, then in place.
#[test]
fn c_sha256_misaligned_and_in_place() {
    let _lock = backend_lock();
    let mut rng = Rng(0x5eed_0258);
    for backend in backends_or_notice() {
        backend.make_current();
        assert_eq!(Backend::current(), backend);
        for width in [0usize, 1, 31, 32, 33, 55, 56, 64, 65, 100, 130] {
            for n in [0, 1, 2, backend.lanes() - 1, backend.lanes(), backend.lanes() + 1, 63, 64, 65, 200] {
                for offset in [0usize, 1, 3] {
                    let msgs = rng.bytes(width * n);
                    let want: Vec<[u8; 32]> =
                        (0..n).map(|i| oracle_sha256(&msgs[i * width..(i + 1) * width])).collect();
                    let mut src = vec![0u8; width * n + offset];
                    src[offset..].copy_from_slice(&msgs);
                    let mut dst = vec![0xA5u8; 32 * n + offset + 16];
                    // SAFETY: the buffers hold width*n and 32n bytes past `offset`.
                    let status =
                        unsafe { rmd160mb_sha256(dst.as_mut_ptr().add(offset), src.as_ptr().add(offset), n, width) };
                    assert_eq!(status, RMD160MB_OK);
                    for i in 0..n {
                        assert_eq!(
                            dst[offset + 32 * i..offset + 32 * i + 32],
                            want[i],
                            "backend {backend} width {width} n {n} off {offset}"
                        );
                    }
                    assert!(
                        dst[..offset].iter().chain(&dst[offset + 32 * n..]).all(|&b| b == 0xA5),
                        "write outside dst"
                    );
                    assert_eq!(src[offset..], msgs[..], "src modified");
                    assert_eq!(Backend::current(), backend, "another test switched the backend");
                    if width >= 32 {
                        let p = src[offset..].as_mut_ptr();
                        // SAFETY: p holds width*n >= 32n bytes, in place.
                        assert_eq!(unsafe { rmd160mb_sha256(p, p, n, width) }, RMD160MB_OK);
                        for i in 0..n {
                            assert_eq!(
                                src[offset + 32 * i..offset + 32 * i + 32],
                                want[i],
                                "in place, backend {backend} width {width} n {n}"
                            );
                        }
                    }
                }
            }
        }
    }
    Backend::detect().make_current();
}

#[test]
fn c_sha256_statuses() {
    let src = [0u8; 64];
    let mut dst = [0u8; 64];
    let null = core::ptr::null_mut::<u8>();
    // SAFETY (all calls): every non-NULL pointer addresses the sizes passed,
    // or the call is rejected before touching memory.
    unsafe {
        assert_eq!(rmd160mb_sha256(null, null, 0, 33), RMD160MB_OK);
        assert_eq!(rmd160mb_sha256(null, src.as_ptr(), 1, 32), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_sha256(dst.as_mut_ptr(), null, 1, 32), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_sha256(dst.as_mut_ptr(), null, 1, 0), RMD160MB_OK);
        assert_eq!(dst[..32], oracle_sha256(&[]));
        assert_eq!(rmd160mb_sha256(dst.as_mut_ptr(), src.as_ptr(), usize::MAX / 16, 32), RMD160MB_ERR_OVERFLOW);
        assert_eq!(rmd160mb_sha256(dst.as_mut_ptr(), src.as_ptr(), 2, usize::MAX / 2), RMD160MB_ERR_OVERFLOW);
        // In place needs width >= 32; a shifted overlap is never allowed.
        let mut buf = [7u8; 128];
        let p = buf.as_mut_ptr();
        assert_eq!(rmd160mb_sha256(p, p, 2, 31), RMD160MB_ERR_OVERLAP);
        assert_eq!(rmd160mb_sha256(p.add(1), p, 2, 32), RMD160MB_ERR_OVERLAP);
        assert_eq!(buf, [7u8; 128], "nothing written on an error");
    }
}

/// The secp256k1 public keys whose HASH160 two independent implementations
/// computed, through every backend's fused pipeline; and their SHA-256.
#[test]
fn pubkey_fixture_every_backend() {
    let _lock = backend_lock();
    let rows = vectors("hash160-pubkeys.tsv");
    assert!(rows.len() >= 2000, "fixture truncated");
    for (key_col, hash_col, width) in [(1, 2, 33), (3, 4, 65)] {
        let keys: Vec<u8> = rows.iter().flat_map(|r| unhex(&r[key_col])).collect();
        let want: Vec<[u8; 20]> = rows.iter().map(|r| unhex20(&r[hash_col])).collect();
        assert_eq!(keys.len(), width * rows.len());
        for backend in backends_or_notice() {
            let mut got = vec![[0u8; 20]; rows.len()];
            hash160_with(backend, &mut got, &keys, width);
            for i in 0..rows.len() {
                assert_eq!(got[i], want[i], "backend {backend}, width {width}, key {}", rows[i][key_col]);
            }
            let mut sha = vec![[0u8; 32]; rows.len()];
            sha256_with(backend, &mut sha, &keys, width);
            for i in 0..rows.len() {
                assert_eq!(
                    sha[i],
                    oracle_sha256(&keys[i * width..(i + 1) * width]),
                    "sha256 backend {backend} width {width}"
                );
            }
            // In place through the C API.
            backend.make_current();
            assert_eq!(Backend::current(), backend);
            let mut buf = keys.clone();
            let p = buf.as_mut_ptr();
            // SAFETY: buf holds width*n bytes; in place is allowed (width >= 20).
            assert_eq!(unsafe { rmd160mb_hash160(p, p, rows.len(), width) }, RMD160MB_OK);
            for i in 0..rows.len() {
                assert_eq!(buf[20 * i..20 * i + 20], want[i], "in place, backend {backend}, width {width}");
            }
        }
    }
    Backend::detect().make_current();
}
