//! Double SHA-256 and Bitcoin merkle roots: every backend this CPU has
//! against the `sha2` crate and the bundled vectors (computed by hashlib:
//! every length 0..300, the genesis block header and coinbase transaction;
//! merkle trees of 0..70 and more leaves, the CVE-2012-2459 shapes, block
//! 100000), through the Rust and C entry points, misaligned and in place.

mod common;
use common::*;
use ripemd160mb::ffi::*;
use ripemd160mb::{merkle_root_with, sha256d_many_with, sha256d_with, Backend};

fn oracle_sha256d(m: &[u8]) -> [u8; 32] {
    oracle_sha256(&oracle_sha256(m))
}

fn unhex32(s: &str) -> [u8; 32] {
    unhex(s).try_into().expect("32-byte digest")
}

/// The rows of sha256d.tsv as (message, digest).
fn sha256d_vectors() -> Vec<(Vec<u8>, [u8; 32])> {
    let rows = vectors("sha256d.tsv");
    assert!(rows.len() > 300, "sha256d.tsv: {} rows", rows.len());
    rows.iter()
        .map(|r| {
            let len: usize = r[0].parse().expect("length");
            let msg =
                if r[1].is_empty() { (0..len).map(|i| ((i * 7 + len) % 256) as u8).collect() } else { unhex(&r[1]) };
            assert_eq!(msg.len(), len, "sha256d.tsv: length column");
            (msg, unhex32(&r[2]))
        })
        .collect()
}

#[test]
fn sha256d_vectors_on_every_backend() {
    let rows = sha256d_vectors();
    for backend in backends_or_notice() {
        for (msg, want) in &rows {
            let len = msg.len();
            // The message alone, and repeated so that whole groups and a
            // partial one run.
            for n in [1, 2 * backend.lanes() + 1] {
                let src = msg.repeat(n);
                let mut got = vec![[0u8; 32]; n];
                sha256d_with(backend, &mut got, &src, len);
                assert!(got.iter().all(|d| d == want), "backend {backend}, length {len}, n {n}");
            }
        }
        let msgs: Vec<&[u8]> = rows.iter().map(|(m, _)| &m[..]).collect();
        let mut got = vec![[0u8; 32]; msgs.len()];
        sha256d_many_with(backend, &mut got, &msgs);
        for (i, (g, (_, want))) in got.iter().zip(&rows).enumerate() {
            assert_eq!(g, want, "sha256d_many, backend {backend}, row {i}");
        }
    }
}

#[test]
fn genesis_block_hash() {
    // Bitcoin displays the hash byte-reversed.
    let rows = vectors("sha256d.tsv");
    let row = rows.iter().find(|r| r[0] == "80" && !r[1].is_empty()).expect("the genesis header");
    let (header, digest) = (unhex(&row[1]), unhex32(&row[2]));
    let mut shown = digest;
    shown.reverse();
    assert_eq!(shown, unhex32("000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f"));
    let mut got = [[0u8; 32]];
    ripemd160mb::sha256d(&mut got, &header, 80);
    assert_eq!(got[0], digest);
}

#[test]
fn sha256d_every_width_and_count_matches_sha2() {
    let mut rng = Rng(0x5eed_d256);
    for backend in backends_or_notice() {
        for width in (0..=300).step_by(1) {
            let counts: &[usize] = if [0, 31, 32, 33, 55, 56, 63, 64, 65, 80, 119, 120].contains(&width) {
                &[0, 1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 34, 35, 97, 1000]
            } else {
                &[backend.lanes() + 1]
            };
            for &n in counts.iter().chain([2 * backend.lanes() + 3].iter()) {
                let src = rng.bytes(n * width);
                let mut got = vec![[0u8; 32]; n];
                sha256d_with(backend, &mut got, &src, width);
                for i in 0..n {
                    let want = oracle_sha256d(&src[i * width..(i + 1) * width]);
                    assert_eq!(got[i], want, "backend {backend}, width {width}, n {n}, message {i}");
                }
            }
        }
    }
}

#[test]
fn merkle_root_vectors_on_every_backend() {
    let rows = vectors("merkle-roots.tsv");
    assert!(rows.iter().any(|r| r[0] == "block-100000") && rows.iter().any(|r| r[4] == "1"));
    for backend in backends_or_notice() {
        for r in &rows {
            let n: usize = r[1].parse().expect("leaf count");
            let leaves: Vec<[u8; 32]> = unhex(&r[2]).chunks_exact(32).map(|c| c.try_into().expect("32")).collect();
            assert_eq!(leaves.len(), n, "{}: leaf count", r[0]);
            let want = (unhex32(&r[3]), r[4] == "1");
            assert_eq!(merkle_root_with(backend, &leaves), want, "backend {backend}, {} of {n} leaves", r[0]);
        }
    }
}

#[test]
fn block_100000_root_in_display_order() {
    let rows = vectors("merkle-roots.tsv");
    let r = rows.iter().find(|r| r[0] == "block-100000").expect("block 100000");
    let leaves: Vec<[u8; 32]> = unhex(&r[2]).chunks_exact(32).map(|c| c.try_into().expect("32")).collect();
    let (mut root, mutated) = ripemd160mb::merkle_root(&leaves);
    root.reverse();
    assert!(!mutated);
    assert_eq!(root, unhex32("f3e94742aca4b5ef85488dc37c06c3282295ffec960994b2c0d5ac2a25a95766"));
}

/// Through `rmd160mb_sha256d`: misaligned source and destination, guard
/// bytes around dst, src untouched, then in place.
#[test]
fn c_sha256d_misaligned_and_in_place() {
    let _lock = backend_lock();
    let mut rng = Rng(0x5eed_d258);
    for backend in backends_or_notice() {
        backend.make_current();
        for width in [0usize, 1, 32, 33, 64, 65, 80, 100] {
            for n in [0, 1, backend.lanes() - 1, backend.lanes(), backend.lanes() + 1, 97, 200] {
                for offset in [0usize, 1, 3] {
                    let msgs = rng.bytes(width * n);
                    let want: Vec<[u8; 32]> =
                        (0..n).map(|i| oracle_sha256d(&msgs[i * width..(i + 1) * width])).collect();
                    let mut src = vec![0u8; width * n + offset];
                    src[offset..].copy_from_slice(&msgs);
                    let mut dst = vec![0xA5u8; 32 * n + offset + 16];
                    // SAFETY: the buffers hold width*n and 32n bytes past `offset`.
                    let status =
                        unsafe { rmd160mb_sha256d(dst.as_mut_ptr().add(offset), src.as_ptr().add(offset), n, width) };
                    assert_eq!(status, RMD160MB_OK);
                    for i in 0..n {
                        assert_eq!(dst[offset + 32 * i..][..32], want[i], "backend {backend} width {width} n {n}");
                    }
                    assert!(dst[..offset].iter().chain(&dst[offset + 32 * n..]).all(|&b| b == 0xA5), "outside dst");
                    assert_eq!(src[offset..], msgs[..], "src modified");
                    if width >= 32 {
                        let p = src[offset..].as_mut_ptr();
                        // SAFETY: p holds width*n >= 32n bytes, in place.
                        assert_eq!(unsafe { rmd160mb_sha256d(p, p, n, width) }, RMD160MB_OK);
                        for i in 0..n {
                            assert_eq!(src[offset + 32 * i..][..32], want[i], "in place, {backend} width {width}");
                        }
                    }
                }
            }
        }
    }
    Backend::detect().make_current();
}

#[test]
fn c_sha256d_and_many_statuses() {
    let src = [0u8; 64];
    let mut dst = [0x5Au8; 64];
    let null = core::ptr::null_mut::<u8>();
    // SAFETY (all calls): every non-NULL pointer addresses the sizes passed,
    // or the call is rejected before touching memory.
    unsafe {
        assert_eq!(rmd160mb_sha256d(null, null, 0, 80), RMD160MB_OK);
        assert_eq!(rmd160mb_sha256d(null, src.as_ptr(), 1, 32), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_sha256d(dst.as_mut_ptr(), null, 1, 32), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_sha256d(dst.as_mut_ptr(), src.as_ptr(), usize::MAX / 16, 64), RMD160MB_ERR_OVERFLOW);
        // Overlap other than in place.
        let p = dst.as_mut_ptr();
        assert_eq!(rmd160mb_sha256d(p.add(1), p, 1, 32), RMD160MB_ERR_OVERLAP);
        assert!(dst.iter().all(|&b| b == 0x5A), "written on an error");
        // The any-length form: NULL arrays, then a NULL message with bytes.
        let msgs = [src.as_ptr(), core::ptr::null()];
        let lens = [64usize, 5];
        assert_eq!(rmd160mb_sha256d_many(null, core::ptr::null(), core::ptr::null(), 0), RMD160MB_OK);
        assert_eq!(rmd160mb_sha256d_many(dst.as_mut_ptr(), core::ptr::null(), lens.as_ptr(), 1), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_sha256d_many(dst.as_mut_ptr(), msgs.as_ptr(), lens.as_ptr(), 2), RMD160MB_ERR_NULL);
        assert!(dst.iter().all(|&b| b == 0x5A), "written on an error");
        assert_eq!(rmd160mb_sha256d_many(dst.as_mut_ptr(), msgs.as_ptr(), lens.as_ptr(), 1), RMD160MB_OK);
        assert_eq!(dst[..32], oracle_sha256d(&src));
    }
}

#[test]
fn c_merkle_root_contract() {
    let leaves: Vec<[u8; 32]> = (0..5u8).map(|i| oracle_sha256(&[i])).collect();
    let (root, _) = ripemd160mb::merkle_root_with(Backend::by_name("scalar").expect("scalar"), &leaves);
    let flat = leaves.concat();
    let mut dst = [0x5Au8; 33];
    let mut mutated: i32 = 7;
    let null = core::ptr::null_mut::<u8>();
    // SAFETY (all calls): every non-NULL pointer addresses the sizes passed,
    // or the call is rejected before touching memory.
    unsafe {
        // Errors first: nothing written.
        assert_eq!(rmd160mb_merkle_root(null, flat.as_ptr(), 5, &mut mutated), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_merkle_root(null, null, 0, &mut mutated), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_merkle_root(dst.as_mut_ptr(), null, 5, &mut mutated), RMD160MB_ERR_NULL);
        assert_eq!(rmd160mb_merkle_root(dst.as_mut_ptr(), flat.as_ptr(), usize::MAX / 16, null.cast()), -2);
        assert!(dst.iter().all(|&b| b == 0x5A) && mutated == 7, "written on an error");
        // No leaves: zeros, not mutated, whatever the leaves pointer.
        assert_eq!(rmd160mb_merkle_root(dst.as_mut_ptr(), null, 0, &mut mutated), RMD160MB_OK);
        assert!(dst[..32].iter().all(|&b| b == 0) && dst[32] == 0x5A && mutated == 0);
        // Misaligned dst, mutated NULL.
        assert_eq!(rmd160mb_merkle_root(dst.as_mut_ptr().add(1), flat.as_ptr(), 5, core::ptr::null_mut()), RMD160MB_OK);
        assert_eq!(dst[1..33], root);
        // dst over the first leaf, leaves otherwise untouched.
        let mut buf = flat.clone();
        let p = buf.as_mut_ptr();
        assert_eq!(rmd160mb_merkle_root(p, p, 5, &mut mutated), RMD160MB_OK);
        assert_eq!(buf[..32], root);
        assert_eq!(buf[32..], flat[32..]);
        assert_eq!(mutated, 0);
        // A mutated tree: leaf 3 equal to leaf 2.
        let mut dup = leaves.clone();
        dup[3] = dup[2];
        assert_eq!(rmd160mb_merkle_root(dst.as_mut_ptr(), dup.concat().as_ptr(), 5, &mut mutated), RMD160MB_OK);
        assert_eq!(mutated, 1);
    }
}
