//! One harness for every backend: each is compared with the scalar kernel
//! and with the `ripemd`/`sha2` crates, for every count 0..2*lanes+3 and
//! larger ones, and through the C entry points with misaligned and in-place
//! buffers. A backend this CPU lacks is skipped with a printed notice.

mod common;
use common::*;
use ripemd160mb::ffi::*;
use ripemd160mb::internals::BATCH_CHUNK;
use ripemd160mb::{backends, hash160_with, hash32_with, Backend, BACKEND_NAMES};

fn counts(lanes: usize) -> Vec<usize> {
    let mut c: Vec<usize> = (0..=2 * lanes + 3).collect();
    // Around the batch drivers' chunk, and larger batches.
    let k = BATCH_CHUNK;
    c.extend([63, 64, 65, k - 1, k, k + 1, 127, 128, 129, 1000, 4099]);
    c
}

/// `backends()` and the C API's `rmd160mb_backend_describe` list the same
/// backends, in `BACKEND_NAMES`'s order, and agree with what `Backend`
/// gives for each: the one list the tests and the tools read.
#[test]
fn backend_list_agrees_with_backend_and_the_c_api() {
    let list = backends();
    let names: Vec<&str> = list.iter().map(|b| b.name).collect();
    assert_eq!(names, BACKEND_NAMES);
    assert_eq!(list.len(), rmd160mb_backend_count());
    for (i, b) in list.iter().enumerate() {
        match Backend::by_name(b.name) {
            Ok(backend) => {
                assert!(b.supported && b.compiled, "{b:?}");
                assert_eq!(backend.lanes(), b.lanes, "{b:?}");
                assert_eq!(backend.keccak_lanes(), b.keccak_lanes, "{b:?}");
                assert_eq!(Some(backend.sha256_kernel()), b.sha256_kernel, "{b:?}");
            }
            Err(_) => assert!(!b.supported && b.sha256_kernel.is_none(), "{b:?}"),
        }
        let mut desc = std::mem::MaybeUninit::<rmd160mb_backend_desc>::uninit();
        // SAFETY: room for one struct.
        assert_eq!(unsafe { rmd160mb_backend_describe(i, desc.as_mut_ptr()) }, RMD160MB_OK);
        // SAFETY: filled on success.
        let d = unsafe { desc.assume_init() };
        // SAFETY: the name is a static NUL-terminated string.
        let name = unsafe { std::ffi::CStr::from_ptr(d.name) }.to_str();
        assert_eq!(name, Ok(b.name));
        assert_eq!((d.lanes, d.keccak_lanes), (b.lanes, b.keccak_lanes), "{b:?}");
        assert_eq!((d.compiled != 0, d.supported != 0), (b.compiled, b.supported), "{b:?}");
        let kernel = (!d.sha256_kernel.is_null())
            // SAFETY: non-NULL, a static NUL-terminated string.
            .then(|| unsafe { std::ffi::CStr::from_ptr(d.sha256_kernel) }.to_str().expect("ASCII"));
        assert_eq!(kernel, b.sha256_kernel, "{b:?}");
    }
    let last_supported = list.iter().rev().find(|b| b.supported).expect("scalar at least");
    assert_eq!(last_supported.name, Backend::detect().name(), "detection picks the last supported backend");
    // SAFETY: index out of range, NULL output: refused before any write.
    assert_eq!(unsafe { rmd160mb_backend_describe(list.len(), std::ptr::null_mut()) }, RMD160MB_ERR_BACKEND);
}

#[test]
fn hash32_matches_scalar_and_oracle() {
    let mut rng = Rng(0x5eed_0001);
    for backend in backends_or_notice() {
        for n in counts(backend.lanes()) {
            let msgs: Vec<[u8; 32]> = (0..n).map(|_| rng.bytes(32).try_into().unwrap()).collect();
            let mut got = vec![[0u8; 20]; n];
            let mut scalar = vec![[0u8; 20]; n];
            hash32_with(backend, &mut got, &msgs);
            hash32_with(Backend::SCALAR, &mut scalar, &msgs);
            for i in 0..n {
                assert_eq!(got[i], scalar[i], "backend {backend}, n {n}, message {i} vs scalar");
                assert_eq!(got[i], oracle_ripemd160(&msgs[i]), "backend {backend}, n {n}, message {i} vs ripemd crate");
            }
        }
    }
}

#[test]
fn hash160_matches_oracle() {
    let mut rng = Rng(0x5eed_0002);
    for backend in backends_or_notice() {
        for width in [0, 1, 20, 32, 33, 55, 56, 64, 65, 119, 130] {
            for n in counts(backend.lanes()).into_iter().filter(|&n| n < 200) {
                let src = rng.bytes(n * width);
                let mut got = vec![[0u8; 20]; n];
                hash160_with(backend, &mut got, &src, width);
                for i in 0..n {
                    let want = oracle_hash160(&src[i * width..(i + 1) * width]);
                    assert_eq!(got[i], want, "backend {backend}, width {width}, n {n}, message {i}");
                }
            }
        }
    }
}

/// Through the C entry points: misaligned source and destination, a guard
/// byte pattern after dst that must survive, and in place.
#[test]
fn c_entry_points_misaligned_and_in_place() {
    let mut rng = Rng(0x5eed_0003);
    for backend in backends_or_notice() {
        backend.make_current();
        for n in counts(backend.lanes()) {
            // The only test of this binary that sets the process-wide
            // backend; the others take it as an argument (`_with`).
            assert_eq!(Backend::current(), backend, "another test switched the backend");
            for offset in [0usize, 1, 3, 7] {
                let msgs = rng.bytes(32 * n);
                let want: Vec<[u8; 20]> = msgs.chunks(32).map(oracle_ripemd160).collect();
                // Misaligned, with 16 guard bytes after dst.
                let mut src = vec![0u8; 32 * n + offset];
                src[offset..].copy_from_slice(&msgs);
                let mut dst = vec![0xA5u8; 20 * n + offset + 16];
                // SAFETY: the buffers hold 32n and 20n bytes past `offset`.
                let status = unsafe { rmd160mb_hash32(dst.as_mut_ptr().add(offset), src.as_ptr().add(offset), n) };
                assert_eq!(status, RMD160MB_OK);
                for i in 0..n {
                    assert_eq!(
                        dst[offset + 20 * i..offset + 20 * i + 20],
                        want[i],
                        "backend {backend} n {n} off {offset}"
                    );
                }
                assert!(dst[..offset].iter().chain(&dst[offset + 20 * n..]).all(|&b| b == 0xA5), "write outside dst");
                assert_eq!(src[offset..], msgs[..], "src modified");
                // In place.
                let p = src[offset..].as_mut_ptr();
                // SAFETY: p holds 32n bytes, read and written in place.
                assert_eq!(unsafe { rmd160mb_hash32(p, p, n) }, RMD160MB_OK);
                for i in 0..n {
                    assert_eq!(
                        src[offset + 20 * i..offset + 20 * i + 20],
                        want[i],
                        "in place, backend {backend} n {n}"
                    );
                }
            }
            // HASH160 in place, compressed keys.
            let keys = rng.bytes(33 * n);
            let want: Vec<[u8; 20]> = keys.chunks(33).map(oracle_hash160).collect();
            let mut buf = keys.clone();
            let p = buf.as_mut_ptr();
            // SAFETY: buf holds 33n bytes; in place is allowed for width 33.
            assert_eq!(unsafe { rmd160mb_hash160(p, p, n, 33) }, RMD160MB_OK);
            for i in 0..n {
                assert_eq!(buf[20 * i..20 * i + 20], want[i], "hash160 in place, backend {backend} n {n}");
            }
        }
    }
    Backend::detect().make_current();
}

/// The `_many` C functions with their pointer and length arrays at odd
/// addresses (read unaligned), against the oracles, on the process-wide
/// backend (which only `c_entry_points_misaligned_and_in_place` switches).
#[test]
fn many_c_entry_points_unaligned_arrays() {
    let mut rng = Rng(0x5eed_0005);
    let word = core::mem::size_of::<usize>();
    {
        let backend = Backend::current();
        for n in [1usize, 5, 33, 200, 700] {
            let msgs: Vec<Vec<u8>> = (0..n).map(|i| rng.bytes(if i % 4 == 0 { 33 } else { (i * 13) % 140 })).collect();
            let mut ptr_bytes = vec![0u8; n * word + 3];
            let mut len_bytes = vec![0u8; n * word + 5];
            for (i, m) in msgs.iter().enumerate() {
                ptr_bytes[3 + i * word..3 + (i + 1) * word].copy_from_slice(&(m.as_ptr() as usize).to_ne_bytes());
                len_bytes[5 + i * word..5 + (i + 1) * word].copy_from_slice(&m.len().to_ne_bytes());
            }
            let (p, l) = (ptr_bytes[3..].as_ptr().cast::<*const u8>(), len_bytes[5..].as_ptr().cast::<usize>());
            let mut d20 = vec![[0u8; 20]; n];
            let mut h20 = vec![[0u8; 20]; n];
            let mut d32 = vec![[0u8; 32]; n];
            // SAFETY: n (unaligned) pointers and lengths of live messages;
            // 20n and 32n bytes of dst.
            unsafe {
                assert_eq!(rmd160mb_sum_many(d20.as_mut_ptr().cast(), p, l, n), RMD160MB_OK);
                assert_eq!(rmd160mb_hash160_many(h20.as_mut_ptr().cast(), p, l, n), RMD160MB_OK);
                assert_eq!(rmd160mb_sha256_many(d32.as_mut_ptr().cast(), p, l, n), RMD160MB_OK);
            }
            for (i, m) in msgs.iter().enumerate() {
                assert_eq!(d20[i], oracle_ripemd160(m), "{backend} n {n} message {i}");
                assert_eq!(h20[i], oracle_hash160(m), "{backend} n {n} message {i}");
                assert_eq!(d32[i], oracle_sha256(m), "{backend} n {n} message {i}");
            }
        }
    }
}
