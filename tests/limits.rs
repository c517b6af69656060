//! Sizes at the limits of `size_t`, through the C entry points, without
//! touching memory: on 64-bit and (the point of it) on 32-bit targets, where
//! `32 * n`, `20 * n` and `width * n` overflow at a few hundred million
//! messages and a buffer near the top of the address space wraps. Every
//! such call must return its error status and write nothing; the pointers
//! used are either real (and small) or never valid for the size asked, so a
//! library that read or wrote anyway would fault or corrupt the guard bytes.
//! Also the 64-bit message length counter: a message past 2^32 bits (512 MiB)
//! streamed through the context and compared with the `ripemd` crate.

mod common;
use common::oracle_ripemd160;
use ripemd160mb::ffi::*;

const MAX: usize = usize::MAX;

/// A small real buffer with a known pattern, to check that nothing is written.
fn pattern() -> Vec<u8> {
    (0..256).map(|i| i as u8 ^ 0x5A).collect()
}

#[test]
fn hash32_counts_whose_sizes_overflow() {
    let mut buf = pattern();
    let p = buf.as_mut_ptr();
    // 20n overflows (and so 32n); 32n overflows but 20n fits; n = SIZE_MAX.
    for n in [MAX / 20 + 1, MAX / 20 + 7, MAX / 32 + 1, MAX / 32 + 2, MAX / 2, MAX - 1, MAX] {
        // SAFETY: the sizes are impossible, so the contract requires
        // RMD160MB_ERR_OVERFLOW before any access.
        let status = unsafe { rmd160mb_hash32(p, p.wrapping_add(128), n) };
        assert_eq!(status, RMD160MB_ERR_OVERFLOW, "hash32 n {n:#x} (usize is {} bits)", usize::BITS);
        // NULL with an impossible size: the header checks sizes before
        // NULL pointers, so RMD160MB_ERR_OVERFLOW and nothing else.
        // SAFETY: as above.
        let status = unsafe { rmd160mb_hash32(core::ptr::null_mut(), p, n) };
        assert_eq!(status, RMD160MB_ERR_OVERFLOW, "hash32 NULL dst n {n:#x}");
        // SAFETY: as above.
        let status = unsafe { rmd160mb_hash32(p, core::ptr::null(), n) };
        assert_eq!(status, RMD160MB_ERR_OVERFLOW, "hash32 NULL src n {n:#x}");
        // SAFETY: as above.
        let status = unsafe { rmd160mb_hash32(core::ptr::null_mut(), core::ptr::null(), n) };
        assert_eq!(status, RMD160MB_ERR_OVERFLOW, "hash32 NULL, NULL n {n:#x}");
    }
    assert_eq!(buf, pattern(), "an overflowing call wrote");
}

#[test]
fn hash160_widths_and_counts_whose_sizes_overflow() {
    let mut buf = pattern();
    let p = buf.as_mut_ptr();
    let cases = [
        (MAX / 20 + 1, 1), // 20n overflows
        (2, MAX / 2 + 1),  // width*n overflows, 20n fits
        (3, MAX / 3 + 1),
        (MAX / 33 + 1, 33), // 33n overflows, 20n fits
        (MAX / 65 + 1, 65),
        (1 << (usize::BITS / 2), 1 << (usize::BITS / 2)), // exactly 2^BITS
        (MAX, MAX),
    ];
    for (n, width) in cases {
        // SAFETY: impossible sizes: an error before any access.
        let status = unsafe { rmd160mb_hash160(p, p.wrapping_add(100), n, width) };
        assert_eq!(status, RMD160MB_ERR_OVERFLOW, "hash160 n {n:#x} width {width:#x}");
        // SAFETY: as above; NULL pointers come after the sizes.
        let status = unsafe { rmd160mb_hash160(core::ptr::null_mut(), core::ptr::null(), n, width) };
        assert_eq!(status, RMD160MB_ERR_OVERFLOW, "hash160 NULL, NULL n {n:#x} width {width:#x}");
        // SAFETY: as above.
        let status = unsafe { rmd160mb_sha256(core::ptr::null_mut(), p, n, width) };
        assert_eq!(status, RMD160MB_ERR_OVERFLOW, "sha256 NULL dst n {n:#x} width {width:#x}");
    }
    assert_eq!(buf, pattern(), "an overflowing call wrote");
}

/// Buffers whose end would wrap past the top of the address space: the
/// pointers are fabricated near SIZE_MAX and never valid.
#[test]
fn regions_that_wrap_the_address_space() {
    let mut buf = pattern();
    let p = buf.as_mut_ptr();
    let top = |k: usize| (MAX - k) as *mut u8;
    let mut out = [0xEEu8; 20];
    // SAFETY: every call names a region that wraps, which the contract
    // makes RMD160MB_ERR_OVERFLOW before any access.
    unsafe {
        assert_eq!(rmd160mb_hash32(p, top(10), 1), RMD160MB_ERR_OVERFLOW, "src wraps");
        assert_eq!(rmd160mb_hash32(top(5), p, 1), RMD160MB_ERR_OVERFLOW, "dst wraps");
        assert_eq!(rmd160mb_hash160(p, top(40), 2, 33), RMD160MB_ERR_OVERFLOW, "hash160 src wraps");
        assert_eq!(rmd160mb_sum(out.as_mut_ptr(), top(0), 1), RMD160MB_ERR_OVERFLOW, "sum msg wraps");
        assert_eq!(rmd160mb_sum(out.as_mut_ptr(), p, MAX - 3), RMD160MB_ERR_OVERFLOW, "sum len ~SIZE_MAX");
        let mut ctx = rmd160mb_ctx { opaque: [0; 12] };
        assert_eq!(rmd160mb_init(&mut ctx), RMD160MB_OK);
        let before = ctx.opaque;
        assert_eq!(rmd160mb_update(&mut ctx, top(100), 1000), RMD160MB_ERR_OVERFLOW, "update data wraps");
        assert_eq!(rmd160mb_update(&mut ctx, p, MAX), RMD160MB_ERR_OVERFLOW, "update len SIZE_MAX");
        assert_eq!(ctx.opaque, before, "a failed update changed the context");
        // Zero sizes at those addresses are fine: nothing is read.
        assert_eq!(rmd160mb_hash32(top(0), top(0), 0), RMD160MB_OK);
        assert_eq!(rmd160mb_update(&mut ctx, top(0), 0), RMD160MB_OK);
        assert_eq!(rmd160mb_sum(out.as_mut_ptr(), top(0), 0), RMD160MB_OK);
    }
    assert_eq!(out, oracle_ripemd160(b""), "sum of the empty message");
    assert_eq!(buf, pattern(), "a failed call wrote");
}

/// The length counter: 2^29 + 77 bytes = more than 2^32 bits, fed through
/// the C context in 1 MiB pieces (plus odd pieces crossing block
/// boundaries). A 32-bit bit counter would wrap here. About 1 GiB of
/// hashing with the oracle: `make test-length-counter` runs it alone (`cargo
/// test --test limits -- --ignored`), in the debug build of `make
/// test-cargo`, where the library (opt-level 1) and the `ripemd` crate
/// (opt-level 3, Cargo.toml) are optimised and overflow checks are on.
#[test]
#[ignore = "hashes 2 x 512 MiB: make test-length-counter runs it"]
fn length_counter_past_2_pow_32_bits() {
    use ripemd::Digest;
    let piece: Vec<u8> = (0..(1usize << 20)).map(|i| (i * 31 + (i >> 9)) as u8).collect();
    let mut ctx = rmd160mb_ctx { opaque: [0; 12] };
    let mut oracle = ripemd::Ripemd160::new();
    // SAFETY: ctx is a live local; every piece is readable.
    unsafe {
        assert_eq!(rmd160mb_init(&mut ctx), RMD160MB_OK);
        assert_eq!(rmd160mb_update(&mut ctx, piece.as_ptr(), 13), RMD160MB_OK);
        oracle.update(&piece[..13]);
        for _ in 0..512 {
            assert_eq!(rmd160mb_update(&mut ctx, piece.as_ptr(), piece.len()), RMD160MB_OK);
            oracle.update(&piece);
        }
        assert_eq!(rmd160mb_update(&mut ctx, piece.as_ptr(), 64), RMD160MB_OK);
        oracle.update(&piece[..64]);
        let mut out = [0u8; 20];
        assert_eq!(rmd160mb_final(&mut ctx, out.as_mut_ptr()), RMD160MB_OK);
        assert_eq!(out, <[u8; 20]>::from(oracle.finalize()), "digest of a {}-byte message", (512 << 20) + 77);
    }
}
