//! A dependent `cdylib`: its one C function hashes through ripemd160mb's
//! Rust API. Its exports must be `dependent_hash160` and no `rmd160mb_*`.

/// HASH160 of `n` messages of `width` bytes at `src` into `dst` (20n bytes).
///
/// # Safety
/// `dst` writable for `20 * n` bytes, `src` readable for `width * n` bytes.
#[no_mangle]
pub unsafe extern "C" fn dependent_hash160(dst: *mut u8, src: *const u8, n: usize, width: usize) {
    // SAFETY: the caller's contract.
    let (d, s) = unsafe { (core::slice::from_raw_parts_mut(dst.cast::<[u8; 20]>(), n), core::slice::from_raw_parts(src, n * width)) };
    ripemd160mb::hash160(d, s, width);
}
