//! The batch functions allocate nothing on the heap: a counting global
//! allocator (`allocation-counter`, which installs itself as this test
//! binary's global allocator) sees no allocation during a call, on every
//! backend, the any-length `_many` functions included (their own window).
//!
//! The counters are per thread. A process-wide counter made this test fail
//! now and then: the test harness runs the test on a thread of its own while
//! its main thread still allocates for its bookkeeping, and on a slow target
//! (i686, qemu) that overlapped the first counted window.

use allocation_counter::{measure, AllocationInfo};
use ripemd160mb::{hash160_with, hash32_with, sha256_with, Backend, BACKEND_NAMES};

/// Allocations and bytes allocated (reallocations count as allocations).
fn used(info: AllocationInfo) -> (u64, u64) {
    (info.count_total, info.bytes_total)
}

#[test]
fn batch_calls_do_not_allocate() {
    let backends: Vec<Backend> = BACKEND_NAMES.iter().filter_map(|name| Backend::by_name(name).ok()).collect();
    let n = 1000;
    let src: Vec<u8> = (0..n * 65).map(|i| (i * 7 + 3) as u8).collect();
    let msgs32: Vec<[u8; 32]> = src.chunks(32).take(n).map(|c| c.try_into().unwrap()).collect();
    let mut d20 = vec![[0u8; 20]; n];
    let mut d32 = vec![[0u8; 32]; n];
    let mut buf = src.clone();
    // Warm up: the process-wide backend reads the environment once.
    ripemd160mb::hash32(&mut d20[..1], &msgs32[..1]);
    for &backend in &backends {
        for width in [0usize, 32, 33, 65, 64] {
            // Any lengths: messages of this width, then mixed lengths.
            let msgs: Vec<&[u8]> = (0..n).map(|i| &src[i..i + width]).collect();
            let mixed: Vec<&[u8]> = (0..n).map(|i| &src[..(i * 37 + width) % 300]).collect();
            let lens: Vec<usize> = mixed.iter().map(|m| m.len()).collect();
            let ptrs: Vec<*const u8> = mixed.iter().map(|m| m.as_ptr()).collect();
            let batch_calls = measure(|| {
                hash160_with(backend, &mut d20, &src[..n * width], width);
                sha256_with(backend, &mut d32, &src[..n * width], width);
                ripemd160mb::keccak256_with(backend, &mut d32, &src[..n * width], width);
                hash32_with(backend, &mut d20, &msgs32);
                ripemd160mb::hash32_in_place(&mut buf[..32 * n]);
                let p = buf.as_mut_ptr();
                // SAFETY: buf holds 65n bytes; in place with widths >= 32.
                unsafe {
                    assert_eq!(ripemd160mb::ffi::rmd160mb_hash160(p, p, n, 65), 0);
                    assert_eq!(ripemd160mb::ffi::rmd160mb_sha256(p, p, n, 33), 0);
                    assert_eq!(ripemd160mb::ffi::rmd160mb_keccak256(p, p, n, 33), 0);
                }
            });
            assert_eq!(used(batch_calls), (0, 0), "backend {backend}, width {width}: heap used");
            if width == 64 || width == 65 {
                let mut keys = src[..n * width].to_vec();
                keys.iter_mut().step_by(width).for_each(|b| *b = 0x04);
                // The vector is made before its counting window starts.
                let eth = measure(|| {
                    ripemd160mb::eth_address_with(backend, &mut d20, &keys, width).expect("valid keys");
                    let p = keys.as_mut_ptr();
                    // SAFETY: keys holds width * n bytes; in place.
                    assert_eq!(unsafe { ripemd160mb::ffi::rmd160mb_eth_address(p, p, n, width) }, 0);
                });
                assert_eq!(used(eth), (0, 0), "backend {backend}, width {width}: eth_address used the heap");
            }
            let many = measure(|| {
                for batch in [&msgs, &mixed] {
                    ripemd160mb::ripemd160_many_with(backend, &mut d20, batch);
                    ripemd160mb::hash160_many_with(backend, &mut d20, batch);
                    ripemd160mb::sha256_many_with(backend, &mut d32, batch);
                    ripemd160mb::keccak256_many_with(backend, &mut d32, batch);
                }
                // SAFETY: n pointers and lengths of live messages; 20n and 32n
                // bytes of dst.
                unsafe {
                    assert_eq!(
                        ripemd160mb::ffi::rmd160mb_sum_many(d20.as_mut_ptr().cast(), ptrs.as_ptr(), lens.as_ptr(), n),
                        0
                    );
                    assert_eq!(
                        ripemd160mb::ffi::rmd160mb_hash160_many(
                            d20.as_mut_ptr().cast(),
                            ptrs.as_ptr(),
                            lens.as_ptr(),
                            n
                        ),
                        0
                    );
                    assert_eq!(
                        ripemd160mb::ffi::rmd160mb_sha256_many(
                            d32.as_mut_ptr().cast(),
                            ptrs.as_ptr(),
                            lens.as_ptr(),
                            n
                        ),
                        0
                    );
                    assert_eq!(
                        ripemd160mb::ffi::rmd160mb_keccak256_many(
                            d32.as_mut_ptr().cast(),
                            ptrs.as_ptr(),
                            lens.as_ptr(),
                            n
                        ),
                        0
                    );
                }
            });
            assert_eq!(used(many), (0, 0), "backend {backend}, width {width}: heap used by the _many functions");
        }
        // The counter works: an allocation here is seen.
        let seen = measure(|| drop(std::hint::black_box(vec![1u8; 10])));
        assert_eq!(used(seen), (1, 10), "the counting allocator counts");
    }
}
